import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../prometheus.js';
import { stopChild } from './wait-for-port.js';

/** Debian's package (`apt-get install prometheus-alertmanager`); ALERTMANAGER_BIN points elsewhere. */
const ALERTMANAGER_BIN = process.env.ALERTMANAGER_BIN ?? '/usr/bin/prometheus-alertmanager';

export interface AlertmanagerServer {
  url: string;
  /** GET /api/v2/alerts */
  alerts(): Promise<any[]>;
  logs(): string;
  stop(): Promise<void>;
}

/** A real Alertmanager on a free loopback port, no clustering, throwaway storage, a null receiver. */
export async function startAlertmanager(): Promise<AlertmanagerServer> {
  if (!existsSync(ALERTMANAGER_BIN))
    throw new Error(`${ALERTMANAGER_BIN} is missing: apt-get install prometheus-alertmanager`);
  const dir = await mkdtemp(join(tmpdir(), 'svc-alertmanager-'));
  const port = await freePort();
  await writeFile(
    join(dir, 'alertmanager.yml'),
    ['route:', '  receiver: "null"', 'receivers:', '  - name: "null"', ''].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(
    ALERTMANAGER_BIN,
    [
      `--config.file=${join(dir, 'alertmanager.yml')}`,
      `--storage.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/-/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`alertmanager did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async alerts() {
      const res = await fetch(`${url}/api/v2/alerts`);
      return (await res.json()) as any[];
    },
    logs: () => output,
    stop,
  };
}
