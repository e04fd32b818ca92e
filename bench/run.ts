// `npm run bench`: starts the built svc as a child process on a fresh database (SQLite, or
// PostgreSQL with BENCH_DB=postgres) and a plain node:http baseline, drives both with autocannon
// from this process, and prints req/s, p50, p99 and the ratio to the baseline measured just
// before each row. Studies (the scale benchmark of issue #26) start servers of their own and
// print figures. Everything also goes to bench/results/<time>.json. Nothing is asserted.
//
// BENCH_ONLY=a,b        only the scenarios and studies whose name contains one of these texts
// BENCH_DURATION=5      seconds per measurement;  BENCH_CONNECTIONS=10  autocannon connections
// BENCH_ROUNDS=3        measurements of each row, each right after a baseline: the median ratio is kept
// BENCH_DB=postgres     every server on a new PostgreSQL database (127.0.0.1:5432, user postgres)
// BENCH_SCALE_DASHBOARDS=100000  the large size of the scale study and the search organizations
// BENCH_SCALE_GRANTS=10-15       team grants per dashboard in the scale study
// BENCH_ALERT_RULES=10000        rules of the alert-rules study (BENCH_ALERT_WARMUP, _MEASURE: seconds)
// BENCH_DISPATCH_ALERTS=10000    firing alerts POSTed in the alert-dispatch study, in
//   BENCH_DISPATCH_GROUPS=1000 groups over BENCH_DISPATCH_ROUTES=50 team routes (one webhook each);
//   BENCH_DISPATCH_TIMEOUT=180 seconds the burst may take to arrive
// The external sign-in rows (issue #22) start servers of their own: LDAP Basic against a slapd
//   the bench starts (skipped, saying why, without /usr/sbin/slapd) and JWT with a local JWKS.
// BENCH_KEEP_DATABASE=1  servers leave their database (and SQLite data directory) behind, named on
//   stderr, to study the seeded data afterwards (e.g. EXPLAIN on the scale study's 100k)
// BENCH_HA_SECONDS=10, BENCH_HA_TRIALS=60, BENCH_HA_REDIS=addr=127.0.0.1:6379  the ha study (always PostgreSQL)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { CONNECTIONS, DURATION_S, measure, warmUp, type Measurement } from './measure.js';
import { alertingFanoutStudy } from './scenarios/alerting-fanout.js';
import { alertingScenarios } from './scenarios/alerting.js';
import { dashboardScenarios } from './scenarios/dashboards.js';
import { datasourceScenarios } from './scenarios/datasources.js';
import { identityScenarios } from './scenarios/identity.js';
import { rbacScenarios } from './scenarios/rbac.js';
import { opsScenarios } from './scenarios/ops.js';
import { alertDispatchStudy } from './scenarios/alert-dispatch.js';
import { alertRulesStudy } from './scenarios/alert-rules.js';
import { jwtStudy, ldapBasicStudy } from './scenarios/external-auth.js';
import { haStudy } from './scenarios/ha.js';
import { saveBaselineStudy } from './scenarios/save-baseline.js';
import { scaleStudy } from './scenarios/scale.js';
import type { BenchContext, Figure, Scenario, Study } from './scenarios/types.js';
import { startServer, type BenchServer, type ServerOptions } from './server.js';
import { printResults } from './results-table.js';
import { benchTemplateRender } from './template-render.js';

const root = fileURLToPath(new URL('../', import.meta.url));
/** Longer than the permission cache's settle window after a write. */
const PERMISSION_SETTLE_MS = 1_100;
/**
 * Each row is measured this many times, each time right after a baseline, and the round with the
 * median ratio is kept: this machine shares its host, and one slow stretch moved a single
 * measurement's ratio by half (the same row read 0.25 and 0.38 in two runs minutes apart).
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** Seconds of load before a row is timed, so optimised code is compared with optimised code. */
const JIT_WARM_UP_S = 1;

/** BENCH_ONLY=a,b: only the scenarios whose name contains one of these texts. */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const selected = (name: string) => !ONLY || ONLY.some((text) => name.includes(text));

const scenarios: Scenario[] = [
  ...opsScenarios,
  ...identityScenarios,
  ...rbacScenarios,
  ...dashboardScenarios,
  ...datasourceScenarios,
  ...alertingScenarios,
].filter((s) => selected(s.name));
// The save study first: its figures need a quiet machine, which the others leave busy.
const studies: Study[] = [
  saveBaselineStudy,
  ldapBasicStudy,
  jwtStudy,
  scaleStudy,
  alertRulesStudy,
  alertDispatchStudy,
  alertingFanoutStudy,
  haStudy,
].filter((s) => selected(s.name));

interface Row extends Measurement {
  scenario: string;
  /** the node:http baseline measured just before this row (req/s) */
  baselinePerSec: number;
  ratioToBaseline: number;
  /** every round's ratio, in the order measured; the row is the round with the median */
  roundRatios?: number[];
}

/** The round whose ratio is the median (the lower of the two middle ones for an even count). */
function medianRound(rounds: Row[]): Row {
  const sorted = [...rounds].sort((a, b) => a.ratioToBaseline - b.ratioToBaseline);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, roundRatios: rounds.map((r) => r.ratioToBaseline) };
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

async function main(): Promise<void> {
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it exits.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const servers: BenchServer[] = [];
  const start = async (label: string, args: string[] = [], options?: ServerOptions) => {
    const server = await startServer(label, args, options);
    servers.push(server);
    return server;
  };
  let baseline: ChildProcess | undefined;
  // Ctrl-C or a kill still stops every child (and drops PostgreSQL databases).
  const interrupted = () => void stopAll().then(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  async function stopAll(): Promise<void> {
    baseline?.kill('SIGTERM');
    await Promise.allSettled(servers.map((server) => server.stop()));
  }

  try {
    const svc = await start('main', profile);
    const started = await startChild(
      process.execPath,
      ['bench/baseline-server.mjs'],
      {},
      (line) => (line as { port?: number }).port,
    );
    baseline = started.child;
    const ctx: BenchContext = {
      url: svc.url,
      adminAuth: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
      dataDir: svc.dataDir,
    };
    // Each row's ratio is to the baseline measured just before it: this machine's speed drifts
    // within a run (it shares its host). In one full run the baselines measured next to the rows
    // read from 16 000 to 68 000 req/s.
    const measureBaseline = () => measure(`http://127.0.0.1:${started.value}`, { path: '/' });
    const first = await measureBaseline();
    const rows: Row[] = [
      { scenario: 'baseline node:http', ...first, baselinePerSec: first.requestsPerSec, ratioToBaseline: 1 },
    ];
    const toRow = (scenario: string, figures: Measurement, base: Measurement): Row => ({
      scenario,
      ...figures,
      baselinePerSec: base.requestsPerSec,
      ratioToBaseline: round(figures.requestsPerSec / base.requestsPerSec),
    });
    for (const scenario of scenarios) {
      const request = await scenario.prepare(ctx);
      // What prepare wrote (a service account, a team grant) keeps the permission cache from
      // keeping loads for its settle window (1 s, features/rbac/permission-cache.ts): every request
      // in that second queries the permissions. The rows measure the steady state after it.
      await sleep(PERMISSION_SETTLE_MS);
      await warmUp(ctx.url, request);
      await measure(ctx.url, request, { durationS: JIT_WARM_UP_S });
      const rounds: Row[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const base = await measureBaseline();
        rounds.push(toRow(scenario.name, await measure(ctx.url, request), base));
      }
      rows.push(medianRound(rounds));
    }
    const studyResults: Record<string, { figures: Figure[] }> = {};
    for (const study of studies) {
      const result = await study.run({ startServer: (label, options) => start(label, profile, options) });
      // a study's rows are measured inside it: the baseline is measured right after
      const base = result.rows.length > 0 ? await measureBaseline() : first;
      rows.push(...result.rows.map((r) => toRow(r.scenario, r, base)));
      studyResults[study.name] = { figures: result.figures };
    }
    // In-process figures that bound other paths (no HTTP).
    const micro = ONLY ? [] : [await benchTemplateRender()];
    const results = {
      database: process.env.BENCH_DB ?? 'sqlite',
      durationSeconds: DURATION_S,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      rows,
      studies: studyResults,
      micro,
    };
    console.log('');
    printResults(results);
    for (const m of micro) console.log(`\n${m.scenario}: ${m.opsPerSec} ops/s, ${m.meanMs} ms each`);
    const resultsDir = join(root, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(results, null, 2));
    console.log(`\nwritten to ${file}`);
  } finally {
    await stopAll();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
