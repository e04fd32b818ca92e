import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** Debian's package (`apt-get install prometheus`); PROMETHEUS_BIN points elsewhere. */
const PROMETHEUS_BIN = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';

export interface PrometheusServer {
  url: string;
  port: number;
  /** what Prometheus logged, for failure messages */
  logs(): string;
  stop(): Promise<void>;
}

interface PrometheusOptions {
  /** extra `host:port` targets scraped as job "static" (e.g. a metrics server of the test) */
  staticTargets?: string[];
  /** samples of its own `up` to wait for before returning (default 3) */
  minSamples?: number;
  /** alerting rules (the groups of a Prometheus rule file, YAML) and the Alertmanager they go to */
  alerting?: {
    rules: string;
    /** `host:port` of an Alertmanager API v2 */
    target: string;
    /** e.g. `/api/alertmanager/svc` (Prometheus appends `/api/v2/alerts`) */
    pathPrefix?: string;
    basicAuth?: { username: string; password: string };
  };
  /**
   * Samples from before the start (OpenMetrics text with timestamps), written into the TSDB with
   * `promtool tsdb create-blocks-from openmetrics` before Prometheus opens it
   */
  backfill?: string;
}

/** A port nothing listens on right now (bound, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A real Prometheus on a free loopback port with a throwaway TSDB, scraping itself (job
 * "prometheus") and `staticTargets` (job "static") every second. Resolves once its own `up`
 * has `minSamples` samples and every static target has been scraped successfully.
 */
export async function startPrometheus(options: PrometheusOptions = {}): Promise<PrometheusServer> {
  if (!existsSync(PROMETHEUS_BIN)) {
    throw new Error(
      `${PROMETHEUS_BIN} is missing: install Debian's prometheus package (apt-get install prometheus)`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'svc-prometheus-'));
  const port = await freePort();
  const staticTargets = options.staticTargets ?? [];
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  evaluation_interval: 1s',
    'scrape_configs:',
    '  - job_name: prometheus',
    '    static_configs:',
    `      - targets: ['127.0.0.1:${port}']`,
    ...(staticTargets.length > 0
      ? [
          '  - job_name: static',
          '    static_configs:',
          `      - targets: [${staticTargets.map((t) => `'${t}'`).join(', ')}]`,
        ]
      : []),
    ...alertingConfig(options.alerting),
    '',
  ].join('\n');
  await writeFile(join(dir, 'prometheus.yml'), config);
  if (options.alerting) await writeFile(join(dir, 'rules.yml'), options.alerting.rules);
  if (options.backfill !== undefined) {
    await writeFile(join(dir, 'backfill.om'), options.backfill);
    // Debian's prometheus package ships promtool next to prometheus
    await promisify(execFile)(join(dirname(PROMETHEUS_BIN), 'promtool'), [
      'tsdb',
      'create-blocks-from',
      'openmetrics',
      join(dir, 'backfill.om'),
      join(dir, 'data'),
    ]).catch(async (error: unknown) => {
      await rm(dir, { recursive: true, force: true });
      throw error;
    });
  }

  let output = '';
  const child: ChildProcess = spawn(
    PROMETHEUS_BIN,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
      // firing alerts are re-sent every second, not every minute: the first send may come
      // before the Alertmanager is discovered and be dropped
      ...(options.alerting ? ['--rules.alert.resend-delay=1s'] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const server: PrometheusServer = {
    url,
    port,
    logs: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };

  const minSamples = options.minSamples ?? 3;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) {
      await server.stop();
      throw new Error(`prometheus exited with ${child.exitCode}:\n${output}`);
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`prometheus did not get ready with data in time:\n${output}`);
    }
    if (await hasData(url, minSamples, staticTargets.length)) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function hasData(url: string, minSamples: number, staticCount: number): Promise<boolean> {
  try {
    const own = await instant(url, 'count_over_time(up{job="prometheus"}[5m])');
    if (own < minSamples) return false;
    if (staticCount === 0) return true;
    return (await instant(url, 'sum(up{job="static"})')) === staticCount;
  } catch {
    return false;
  }
}

async function instant(url: string, query: string): Promise<number> {
  const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(query)}`);
  const body = (await response.json()) as { data?: { result?: { value: [number, string] }[] } };
  const first = body.data?.result?.[0];
  return first ? Number(first.value[1]) : 0;
}

function alertingConfig(alerting: PrometheusOptions['alerting']): string[] {
  if (!alerting) return [];
  return [
    'rule_files: [rules.yml]',
    'alerting:',
    '  alertmanagers:',
    '    - api_version: v2',
    `      path_prefix: '${alerting.pathPrefix ?? '/'}'`,
    ...(alerting.basicAuth
      ? [
          '      basic_auth:',
          `        username: '${alerting.basicAuth.username}'`,
          `        password: '${alerting.basicAuth.password}'`,
        ]
      : []),
    '      static_configs:',
    `        - targets: ['${alerting.target}']`,
  ];
}
