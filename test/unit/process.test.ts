import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/lib/build-info.js';

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Runs `svc` (src/main.ts) as its own process, on a throwaway SQLite database. */
function runSvc(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/main.ts')], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      SVC_PATHS_DATA: mkdtempSync(join(tmpdir(), 'svc-proc-')),
      SVC_SERVER_HTTP_ADDR: '127.0.0.1',
      SVC_SERVER_HTTP_PORT: '0',
      ...env,
    },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    async ready(): Promise<string> {
      for (let i = 0; i < 200; i++) {
        const line = stdout.split('\n').find((l) => l.includes('"svc is ready"'));
        if (line) return (JSON.parse(line) as { url: string }).url;
        await sleep(50);
      }
      throw new Error(`svc did not become ready:\n${stdout}\n${stderr}`);
    },
  };
}

describe('the svc process', () => {
  it('stops on an invalid setting with one line naming the key and the value', async () => {
    const svc = runSvc({ SVC_SERVER_HTTP_PORT: 'abc' });
    expect(await svc.exited).toBe(1);
    expect(svc.output().stderr).toBe(
      'svc: invalid value for [server] http_port: "abc" (expected an integer >= 0)\n',
    );
  });

  it('starts, serves, and on SIGTERM lets the request in flight finish, then exits 0', async () => {
    const svc = runSvc();
    const url = new URL(await svc.ready());
    expect(await fetch(new URL('/readyz', url)).then((r) => r.text())).toBe('OK');

    // A request whose body is still arriving when the signal comes.
    const socket = connect(Number(url.port), url.hostname);
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = '{"name":"in flight"}';
    socket.write(
      `POST /api/unknown HTTP/1.1\r\nHost: svc\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await sleep(100);

    svc.child.kill('SIGTERM');
    await sleep(300);
    expect(svc.child.exitCode).toBeNull();
    expect(response).toBe('');

    socket.write(body.slice(5));
    expect(await svc.exited).toBe(0);
    expect(response).toMatch(/^HTTP\/1\.1 404 /);
    expect(response).toContain('{"message":"Not found"}');
    expect(svc.output().stdout).toContain('shutdown complete');
  });
});
