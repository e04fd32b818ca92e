// The svc under test as a child process of the bench, on a fresh database: SQLite in a temporary
// data directory (default) or, with BENCH_DB=postgres, a new PostgreSQL database on
// 127.0.0.1:5432 (user postgres, trust auth) that stop() drops again.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';

const root = fileURLToPath(new URL('../', import.meta.url));

/** node's flags in `npm start` (the young generation's size): the bench runs the server as users do. */
const START_FLAGS: string[] = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' };

export type BenchDatabase = { type: 'sqlite3'; path: string } | { type: 'postgres'; name: string };

export interface BenchServer {
  url: string;
  /** the node process serving `url` (its /proc/<pid>/status holds the RSS) */
  pid: number;
  dataDir: string;
  database: BenchDatabase;
  stop(): Promise<void>;
}

const dialect = process.env.BENCH_DB ?? 'sqlite';
if (dialect !== 'sqlite' && dialect !== 'postgres')
  throw new Error(`BENCH_DB=${dialect}: sqlite or postgres`);

function psql(sql: string, database = 'postgres'): void {
  execFileSync(
    'psql',
    [
      '-h',
      PG.host,
      '-p',
      String(PG.port),
      '-U',
      PG.user,
      '-d',
      database,
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      sql,
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** A new PostgreSQL database for several servers (the HA study); `drop` removes it. */
export function createPostgresDatabase(label: string): {
  database: BenchDatabase & { type: 'postgres' };
  drop(): void;
} {
  const name = `svc_bench_${Date.now()}_${label.replace(/\W/g, '_')}`;
  psql(`CREATE DATABASE ${name}`);
  return {
    database: { type: 'postgres', name },
    drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface ServerOptions {
  /** a database of the caller's (createPostgresDatabase) shared with other servers: not dropped by stop() */
  shared?: BenchDatabase & { type: 'postgres' };
  /** more SVC_* settings */
  env?: Record<string, string>;
}

/**
 * Starts the built server (dist/bundle/main.js, what `npm start` runs) on a fresh database, or on `options.shared`, and waits
 * until it is ready.
 */
export async function startServer(
  label: string,
  extraArgs: string[] = [],
  options: ServerOptions = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const port = await freePort();
  let database: BenchDatabase;
  const env: NodeJS.ProcessEnv = {
    SVC_PATHS_DATA: dataDir,
    SVC_SERVER_HTTP_ADDR: '127.0.0.1',
    SVC_SERVER_HTTP_PORT: String(port),
    SVC_LOG_LEVEL: 'warn',
    // studies read figures from /metrics
    SVC_METRICS_ENABLED: 'true',
    ...options.env,
  };
  if (options.shared) {
    database = options.shared;
    Object.assign(env, {
      SVC_DATABASE_TYPE: 'postgres',
      SVC_DATABASE_HOST: `${PG.host}:${PG.port}`,
      SVC_DATABASE_NAME: options.shared.name,
      SVC_DATABASE_USER: PG.user,
    });
  } else if (dialect === 'postgres') {
    const name = `svc_bench_${Date.now()}_${label.replace(/\W/g, '_')}`;
    psql(`CREATE DATABASE ${name}`);
    database = { type: 'postgres', name };
    Object.assign(env, {
      SVC_DATABASE_TYPE: 'postgres',
      SVC_DATABASE_HOST: `${PG.host}:${PG.port}`,
      SVC_DATABASE_NAME: name,
      SVC_DATABASE_USER: PG.user,
      // one instance on its own database: its caches serve (the HA study measures several)
      SVC_DATABASE_HIGH_AVAILABILITY: 'false',
      ...options.env,
    });
  } else {
    database = { type: 'sqlite3', path: join(dataDir, 'svc.db') };
    Object.assign(env, { SVC_DATABASE_TYPE: 'sqlite3' });
  }
  const child = spawn(process.execPath, [...START_FLAGS, ...extraArgs, 'dist/bundle/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  let stopping: Promise<void> | undefined;
  // Once: every caller (the study's finally, the run's cleanup, a signal) waits for the same end.
  const stop = () =>
    (stopping ??= (async () => {
      await killChild(child);
      if (process.env.BENCH_KEEP_DATABASE) {
        const kept = database.type === 'postgres' ? `PostgreSQL database ${database.name}` : database.path;
        console.error(`${label}: kept ${kept} (BENCH_KEEP_DATABASE)`);
        return;
      }
      if (database.type === 'postgres' && !options.shared)
        psql(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    })());
  try {
    await waitUntilReady(url, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid!, dataDir, database, stop };
}

/** SIGTERM, then SIGKILL if the process is still there after 10 s. */
async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  // a server writing its CPU profile (BENCH_PROFILE) needs longer to exit
  const timer = setTimeout(() => child.kill('SIGKILL'), process.env.BENCH_PROFILE ? 60_000 : 10_000);
  await exited;
  clearTimeout(timer);
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

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 6000; i++) {
    if (child.exitCode !== null) throw new Error(`svc exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    // short: the start-up figure is read through this loop
    await sleep(10);
  }
  throw new Error(`svc at ${url} did not become ready`);
}

/**
 * Does what PostgreSQL's autovacuum does after a table has grown by a fifth: VACUUM (hint bits and
 * the visibility map of the inserted rows) and ANALYZE (planner statistics). This machine's
 * PostgreSQL runs without autovacuum (its CI configuration), so a table seeded from empty would
 * keep no statistics at all, and plans chosen blind: the search's grant question read every grant
 * of each team (85 ms at 100 000 dashboards) instead of probing the index (5 ms). Nothing to do on
 * SQLite, whose planner needs no statistics to use an index.
 *
 * Then a CHECKPOINT: the seeding and the VACUUM leave hundreds of MB of WAL, and the checkpoint
 * PostgreSQL starts for them on its own is spread over minutes. Saves at 100 000 dashboards once
 * ran inside one (its log says so) and paid for its writes and the full-page images it forces:
 * p99 995 ms, 0.66 of the rate at 1 000.
 */
export function analyzeStatistics(database: BenchDatabase): void {
  if (database.type === 'postgres') {
    psql('VACUUM ANALYZE', database.name);
    psql('CHECKPOINT', database.name);
  }
}

/** Rows of `table` in the server's database, read on a read-only connection of the bench's own. */
export async function countRows(database: BenchDatabase, table: string): Promise<number> {
  if (database.type === 'sqlite3') {
    const db = new Database(database.path, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ ...PG, database: database.name });
  await client.connect();
  try {
    await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
    const result = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`);
    return Number(result.rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** The resident set size of a process in MB (VmRSS of /proc/<pid>/status), or null off Linux. */
export function rssMb(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(/\s(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(field)) ?? '')?.[1]);
    return { rss: Math.round(kb('VmRSS:') / 1024), peak: Math.round(kb('VmHWM:') / 1024) };
  } catch {
    return null;
  }
}

const CLOCK_TICKS_PER_S = 100;

/** user + system CPU seconds of a process so far (/proc/<pid>/stat fields 14 and 15). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
}
