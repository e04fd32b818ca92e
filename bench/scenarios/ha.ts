// The high-availability benchmark of issue #18: three svc processes on one new PostgreSQL database
// with a Redis cache bus (BENCH_HA_REDIS, default addr=127.0.0.1:6379, under a prefix of its own).
//
// - Throughput: the same mixed load — of every 10 requests 5 GET /api/dashboards/uid/…, 4 GET
//   /api/search?query=…, 1 dashboard save (overwrite), as a service account (Bearer token) — sent
//   for BENCH_HA_SECONDS (default 5) by BENCH_CONNECTIONS × 3 concurrent workers of a round-robin
//   client (request n goes to instance n mod k), to instance A alone, then to A, B and C, in
//   BENCH_HA_ROUNDS (default 3) alternating rounds; the figure is the median of the rounds' ratios
//   (alternating rounds keep a change of the machine's other load from favouring one side). The
//   database, data and client are the same; only the number of instances answering differs.
// - Revocation: BENCH_HA_TRIALS (default 60) times, a user signs in on A, B answers its session
//   (so B's identity cache holds it), the session is logged out on A, and B is polled until it
//   answers 401: p50/p99 of the time from sending the logout to that 401, with no other load.
//
// Everything shares the bench machine's cores (the client too): the ratio says what more instances
// buy on this machine, not on one machine each.
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { apiClient, pool, sessionCookie } from '../api-seed.js';
import { CONNECTIONS } from '../measure.js';
import { createPostgresDatabase, type BenchServer } from '../server.js';
import type { Figure, Study } from './types.js';

const SECONDS = Number(process.env.BENCH_HA_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_HA_ROUNDS ?? 3);
const TRIALS = Number(process.env.BENCH_HA_TRIALS ?? 60);
const REDIS = process.env.BENCH_HA_REDIS ?? 'addr=127.0.0.1:6379';
/** BENCH_HA_WRITES=0: GETs only (the 10th request is a GET of a dashboard), to see what the saves cost */
const WRITES = process.env.BENCH_HA_WRITES !== '0';
const DASHBOARDS = 200;
const WORD = 'habench';

interface Target {
  host: string;
  port: number;
  agent: Agent;
}

/** One request on a keep-alive connection; resolves with the status once the body was read. */
function send(target: Target, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      { host: target.host, port: target.port, method, path, headers, agent: target.agent },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The mixed load for `seconds` over `servers`, request n to server n mod k. */
async function mixedLoad(servers: BenchServer[], token: string, seconds: number) {
  const connections = CONNECTIONS * 3;
  const targets = servers.map((s) => {
    const url = new URL(s.url);
    return {
      host: url.hostname,
      port: Number(url.port),
      agent: new Agent({ keepAlive: true, maxSockets: connections }),
    };
  });
  const auth = { authorization: `Bearer ${token}` };
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const i = n++;
        const target = targets[i % targets.length]!;
        const k = (i * 7919) % DASHBOARDS;
        const started = performance.now();
        let status: number;
        try {
          if (WRITES && i % 10 === 9) {
            const body = JSON.stringify({
              dashboard: { uid: `ha-${k}`, title: `${WORD} ${k}`, panels: [{ id: 1, title: `save ${i}` }] },
              overwrite: true,
            });
            status = await send(
              target,
              'POST',
              '/api/dashboards/db',
              { ...auth, 'content-type': 'application/json' },
              body,
            );
          } else if (i % 10 < 5) {
            status = await send(target, 'GET', `/api/dashboards/uid/ha-${k}`, auth);
          } else {
            status = await send(target, 'GET', `/api/search?query=${WORD}%20${k % 20}&limit=50`, auth);
          }
        } catch {
          status = 0;
        }
        latencies.push(performance.now() - started);
        if (status !== 200) failures++;
      }
    }),
  );
  targets.forEach((t) => t.agent.destroy());
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSec: Math.round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    errors: failures,
    non2xx: 0,
  };
}

/**
 * Sign in on A, seen on B, log out on A, poll B until 401: ms from the logout sent to that 401,
 * and how many polls of B it took.
 */
async function revocationTrial(
  a: BenchServer,
  b: BenchServer,
  login: string,
): Promise<{ ms: number; polls: number }> {
  const cookie = await sessionCookie(a.url, login, `${login}-pass`);
  const user = (on: BenchServer) =>
    fetch(`${on.url}/api/user`, { headers: { cookie } }).then((r) => r.status);
  if ((await user(b)) !== 200) throw new Error('the new session is not accepted on B');
  const started = performance.now();
  const logout = await fetch(`${a.url}/api/logout`, { headers: { cookie }, redirect: 'manual' });
  await logout.arrayBuffer();
  for (let polls = 1; polls <= 10_000; polls++) {
    if ((await user(b)) === 401) return { ms: performance.now() - started, polls };
  }
  throw new Error('B kept accepting a logged-out session');
}

async function coherent(server: BenchServer): Promise<boolean> {
  const text = await fetch(`${server.url}/metrics`).then((r) => r.text());
  return /^svc_cache_bus_coherent 1$/m.test(text);
}

export const haStudy: Study = {
  name: 'ha',
  async run({ startServer }) {
    const created = createPostgresDatabase('ha');
    const { database } = created;
    const env = {
      SVC_DATABASE_HIGH_AVAILABILITY: 'true',
      SVC_REMOTE_CACHE_TYPE: 'redis',
      SVC_REMOTE_CACHE_CONNSTR: REDIS,
      SVC_REMOTE_CACHE_PREFIX: `${database.name}:`,
    };
    const servers: BenchServer[] = [];
    try {
      const shared = database;
      // The first migrates; the others start on the migrated database.
      servers.push(await startServer('ha-a', { shared, env }));
      servers.push(...(await Promise.all(['ha-b', 'ha-c'].map((l) => startServer(l, { shared, env })))));
      const [a, b, c] = servers as [BenchServer, BenchServer, BenchServer];
      for (const server of servers) {
        for (let i = 0; !(await coherent(server)); i++) {
          if (i > 100)
            throw new Error(`${server.url}: the cache bus is not coherent (is Redis at ${REDIS}?)`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }

      const admin = apiClient(a.url, `Basic ${Buffer.from('admin:admin').toString('base64')}`);
      await pool(0, DASHBOARDS, (k) =>
        admin('POST', '/api/dashboards/db', { dashboard: { uid: `ha-${k}`, title: `${WORD} ${k}` } }),
      );
      const account = await admin<{ id: number }>('POST', '/api/serviceaccounts', {
        name: 'ha-bench',
        role: 'Admin',
      });
      const { key } = await admin<{ key: string }>('POST', `/api/serviceaccounts/${account.id}/tokens`, {
        name: 'ha-bench',
      });
      const login = 'ha-bench-user';
      await admin('POST', '/api/admin/users', {
        login,
        email: `${login}@example.com`,
        password: `${login}-pass`,
      });

      const loadBefore = loadavg()[0]!;
      // Warm-up: each instance alone (its JIT, its pool's connections, its caches), then together.
      for (const server of servers) await mixedLoad([server], key, 2);
      await mixedLoad(servers, key, 2);
      const ones: Awaited<ReturnType<typeof mixedLoad>>[] = [];
      const threes: typeof ones = [];
      for (let r = 0; r < ROUNDS; r++) {
        // alternating order: 1 then 3, 3 then 1, …
        if (r % 2) threes.push(await mixedLoad([a, b, c], key, SECONDS));
        ones.push(await mixedLoad([a], key, SECONDS));
        if (!(r % 2)) threes.push(await mixedLoad([a, b, c], key, SECONDS));
      }
      const median = <T>(items: T[], by: (item: T) => number) =>
        [...items].sort((x, y) => by(x) - by(y))[Math.floor(items.length / 2)]!;
      const one = median(ones, (m) => m.requestsPerSec);
      const three = median(threes, (m) => m.requestsPerSec);
      const ratios = ones.map((o, i) => round(threes[i]!.requestsPerSec / o.requestsPerSec));
      const loadAfter = loadavg()[0]!;

      const trials: number[] = [];
      let firstPoll = 0;
      for (let i = 0; i < TRIALS; i++) {
        const [from, to] = i % 2 ? [b, c] : [a, b];
        const trial = await revocationTrial(from, to, login);
        trials.push(trial.ms);
        if (trial.polls === 1) firstPoll++;
      }
      trials.sort((x, y) => x - y);

      const figures: Figure[] = [
        { name: `mixed load, 1 instance (median of ${ROUNDS})`, value: one.requestsPerSec, unit: 'req/s' },
        {
          name: `mixed load, 3 instances round robin (median of ${ROUNDS})`,
          value: three.requestsPerSec,
          unit: 'req/s',
        },
        {
          name: `throughput ratio 3 / 1 instances, median of the rounds' (${ratios.join(', ')})`,
          value: median(ratios, (x) => x),
          unit: '×',
        },
        {
          name: `${availableParallelism()} cores shared by all; 1-min load average before / after`,
          value: round(loadBefore, 1),
          unit: `/ ${round(loadAfter, 1)}`,
        },
        {
          name: `logout on one instance -> 401 on another, p50 (${TRIALS} trials)`,
          value: round(percentile(trials, 50)),
          unit: 'ms',
        },
        {
          name: `logout on one instance -> 401 on another, p99 (${TRIALS} trials)`,
          value: round(percentile(trials, 99)),
          unit: 'ms',
        },
        {
          name: 'trials where the first poll after the logout was already 401',
          value: firstPoll,
          unit: `of ${TRIALS}`,
        },
        {
          name: 'failed requests under load (every round)',
          value: [...ones, ...threes].reduce((sum, m) => sum + m.errors, 0),
          unit: '',
        },
      ];
      return {
        rows: [
          { scenario: 'ha: mixed 90% read, 1 instance (median round)', ...one },
          { scenario: 'ha: mixed 90% read, 3 instances (median round)', ...three },
        ],
        figures,
      };
    } finally {
      await Promise.allSettled(servers.map((s) => s.stop()));
      created.drop();
    }
  },
};
