// `npm run bench`: starts the built svc as a child process on a seeded SQLite database and a plain
// node:http baseline, drives both with autocannon from this process, and prints req/s, p50, p99 and
// the ratio to the baseline. Figures also go to bench/results/<time>.json. Nothing is asserted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { alertingFanoutScenarios } from './scenarios/alerting-fanout.js';
import { alertingScenarios } from './scenarios/alerting.js';
import { dashboardScenarios } from './scenarios/dashboards.js';
import { datasourceScenarios } from './scenarios/datasources.js';
import { identityScenarios } from './scenarios/identity.js';
import { rbacScenarios } from './scenarios/rbac.js';
import { opsScenarios } from './scenarios/ops.js';
import type { BenchContext, BenchRequest, Scenario } from './scenarios/types.js';
import { benchTemplateRender } from './template-render.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** BENCH_ONLY=a,b: only the scenarios whose name contains one of these texts. */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);

const scenarios: Scenario[] = [
  ...opsScenarios,
  ...identityScenarios,
  ...rbacScenarios,
  ...dashboardScenarios,
  ...datasourceScenarios,
  ...alertingScenarios,
  ...alertingFanoutScenarios,
].filter((s) => !ONLY || ONLY.some((text) => s.name.includes(text)));

interface Row {
  scenario: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  ratioToBaseline: number;
}

/** Starts a child process and resolves with the first JSON line it prints that satisfies `pick`. */
function startChild<T>(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pick: (line: unknown) => T | undefined,
) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<{ child: ChildProcess; value: T }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return;
      }
      const value = pick(parsed);
      if (value !== undefined) resolve({ child, value });
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)));
  });
}

async function measure(
  url: string,
  request: BenchRequest,
): Promise<Omit<Row, 'scenario' | 'ratioToBaseline'>> {
  const result = await autocannon({
    url: url + request.path,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const port = await freePort();
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it exits.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const svcProcess = spawn(process.execPath, [...profile, 'dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      SVC_PATHS_DATA: dataDir,
      SVC_SERVER_HTTP_ADDR: '127.0.0.1',
      SVC_SERVER_HTTP_PORT: String(port),
      SVC_LOG_LEVEL: 'warn',
    },
  });
  const svcUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(svcUrl);
  const baseline = await startChild(
    process.execPath,
    ['bench/baseline-server.mjs'],
    {},
    (line) => (line as { port?: number }).port,
  );
  const ctx: BenchContext = {
    url: svcUrl,
    adminAuth: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
    dataDir,
  };

  try {
    const base = await measure(`http://127.0.0.1:${baseline.value}`, { path: '/' });
    const rows: Row[] = [{ scenario: 'baseline node:http', ...base, ratioToBaseline: 1 }];
    for (const scenario of scenarios) {
      const request = await scenario.prepare(ctx);
      await warmUp(ctx.url, request);
      const figures = await measure(ctx.url, request);
      rows.push({
        scenario: scenario.name,
        ...figures,
        ratioToBaseline: round(figures.requestsPerSec / base.requestsPerSec),
      });
    }
    print(rows);
    // In-process figures that bound other paths (no HTTP).
    const micro = ONLY ? [] : [await benchTemplateRender()];
    for (const m of micro) console.log(`\n${m.scenario}: ${m.opsPerSec} ops/s, ${m.meanMs} ms each`);
    const resultsDir = join(root, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify({ durationSeconds: DURATION_S, connections: CONNECTIONS, rows, micro }, null, 2),
    );
    console.log(`\nwritten to ${file}`);
  } finally {
    svcProcess.kill('SIGTERM');
    baseline.child.kill('SIGTERM');
  }
}

/** A few requests first, so lazily built caches (title index, folder tree, identities) are not timed. */
async function warmUp(url: string, request: BenchRequest): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const response = await fetch(url + request.path, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
    });
    await response.arrayBuffer();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await sleep(100);
  }
  throw new Error(`svc at ${url} did not become ready`);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function print(rows: Row[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'ratio'];
  const table = rows.map((r) =>
    [r.scenario, r.requestsPerSec, r.p50Ms, r.p99Ms, r.errors, r.non2xx, r.ratioToBaseline].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${DURATION_S}s per scenario, ${CONNECTIONS} connections\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
