import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../../src/lib/build-info.js';
import { ADMIN, type Caller } from '../helpers/client.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';

/** One real svc process of a cluster. */
export interface Instance {
  name: string;
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** everything it logged so far */
  log(): string;
  /** its log lines with this message */
  logged(message: string): string[];
}

export interface Cluster {
  instances: Instance[];
  database: TestDatabase;
  stop(): Promise<void>;
}

function spawnSvc(name: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-ha-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/main.ts')], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      SVC_PATHS_DATA: dataDir,
      SVC_SERVER_HTTP_ADDR: '127.0.0.1',
      SVC_SERVER_HTTP_PORT: '0',
      SVC_DATABASE_HIGH_AVAILABILITY: 'true',
      SVC_LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const logged = (message: string) => output.split('\n').filter((l) => l.includes(`"msg":"${message}"`));
  return {
    child,
    async ready(): Promise<Instance> {
      for (let i = 0; i < 1200; i++) {
        const line = logged('svc is ready')[0];
        if (line) {
          const url = (JSON.parse(line) as { url: string }).url;
          return { name, url, child, log: () => output, logged };
        }
        if (child.exitCode !== null) break;
        await sleep(50);
      }
      throw new Error(`${name} did not become ready:\n${output}`);
    },
  };
}

/** How long the background jobs lease lasts in the tier (the default is 15 s). */
export const JOBS_LEASE_MS = 2_000;

/**
 * The provisioning files every instance reads: one dashboard provider re-polled every second
 * (a periodic job that runs on the holder of the background jobs lease only).
 */
function provisioningDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-ha-prov-'));
  mkdirSync(join(root, 'dashboards'));
  mkdirSync(join(root, 'json'));
  writeFileSync(
    join(root, 'dashboards', 'provider.yaml'),
    `apiVersion: 1\nproviders:\n  - name: ha\n    orgId: 1\n    type: file\n    updateIntervalSeconds: 1\n    options:\n      path: ${join(root, 'json')}\n`,
  );
  writeFileSync(
    join(root, 'json', 'ha.json'),
    JSON.stringify({ uid: 'ha-provisioned', title: 'HA provisioned' }),
  );
  return root;
}

/**
 * Three svc processes on one fresh database (the first migrates, the others start once it is
 * ready), each on its own port, optionally with a Redis cache bus, all reading the same
 * provisioning files, with a short background jobs lease and /metrics on.
 */
export async function startCluster(options: {
  dialect: 'postgres' | 'mysql';
  redis?: string;
}): Promise<Cluster> {
  const database = await createTestDatabase(options.dialect);
  const db = database.overrides.database as { type: string; host: string; name: string; user: string };
  const provisioning = provisioningDir();
  const env: Record<string, string> = {
    SVC_PATHS_PROVISIONING: provisioning,
    SVC_DATABASE_BACKGROUND_JOBS_LEASE: `${JOBS_LEASE_MS}ms`,
    SVC_METRICS_ENABLED: 'true',
    SVC_DATABASE_TYPE: db.type,
    SVC_DATABASE_HOST: db.host,
    SVC_DATABASE_NAME: db.name,
    SVC_DATABASE_USER: db.user,
    ...(options.redis
      ? {
          SVC_REMOTE_CACHE_TYPE: 'redis',
          SVC_REMOTE_CACHE_CONNSTR: options.redis,
          SVC_REMOTE_CACHE_PREFIX: `${db.name}:`,
        }
      : {}),
  };
  const starting = [spawnSvc('a', env)];
  const instances: Instance[] = [];
  const stop = async () => {
    const exits = starting
      .filter((s) => s.child.exitCode === null && s.child.signalCode === null)
      .map((s) => new Promise((resolve) => s.child.once('exit', resolve)));
    for (const s of starting) s.child.kill('SIGKILL');
    await Promise.all(exits);
    rmSync(provisioning, { recursive: true, force: true });
    await database.drop();
  };
  try {
    instances.push(await starting[0]!.ready());
    const others = [spawnSvc('b', env), spawnSvc('c', env)];
    starting.push(...others);
    instances.push(...(await Promise.all(others.map((s) => s.ready()))));
  } catch (err) {
    await stop();
    throw err;
  }
  return { instances, database, stop };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  cookies: string[];
}

/** One request to an instance, as a caller (the server admin by default); JSON in and out. */
export async function api<T = any>(
  instance: Instance,
  method: string,
  path: string,
  options: { as?: Caller; body?: unknown } = {},
): Promise<Reply<T>> {
  const as = options.as ?? ADMIN;
  const headers: Record<string, string> = {};
  if (as.authorization) headers.authorization = as.authorization;
  if (as.cookie) headers.cookie = as.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(instance.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T, cookies: response.headers.getSetCookie() };
}

/**
 * The 5xx answers an instance logged (http/errors.ts logs each as "request failed"), and the
 * replies it tried to send twice (Fastify logs those, whatever the client received).
 */
export const serverErrors = (instance: Instance) => [
  ...instance.logged('request failed'),
  ...instance
    .log()
    .split('\n')
    .filter((line) => line.includes('FST_ERR_REP_ALREADY_SENT') || line.includes('ERR_HTTP_HEADERS_SENT')),
];
