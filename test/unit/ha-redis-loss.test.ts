import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, basic, call, type Caller } from '../helpers/client.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { createUser } from '../helpers/factories.js';
import { startPrivateRedis } from '../helpers/redis.js';

// Two instances on one PostgreSQL database with a Redis cache bus; the test's own redis-server is
// killed or paused while the instances serve. What one instance changes is never served stale by
// the other, writes do not fail, and the caches come back when Redis does.

let shared: TestDatabase | undefined;
let redis: Awaited<ReturnType<typeof startPrivateRedis>> | undefined;
afterEach(async () => {
  await redis?.stop();
  await shared?.drop();
  shared = redis = undefined;
});

async function until(what: string, condition: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (condition()) return;
  throw new Error(`timed out waiting for ${what}`);
}

async function twoInstances() {
  redis = await startPrivateRedis();
  shared = await createTestDatabase('postgres');
  const overrides = {
    remote_cache: { type: 'redis', connstr: redis.connstr, prefix: 'svc-loss:' },
    metrics: { enabled: 'true' },
  };
  const a = await startTestServer({ database: shared, overrides });
  const b = await startTestServer({ database: shared, overrides });
  await until('a coherent bus', () => a.cacheBus.coherent && b.cacheBus.coherent);
  return [a, b] as const;
}

async function login(server: TestServer, user: string, password: string): Promise<Caller> {
  const response = await call(server, 'POST', '/api/login', { body: { user, password } });
  return { cookie: response.cookies.find((c) => c.startsWith('svc_session='))!.split(';')[0]! };
}

async function createDashboard(server: TestServer, title: string): Promise<string> {
  const saved = await call<{ uid: string }>(server, 'POST', '/api/dashboards/db', {
    as: ADMIN,
    body: { dashboard: { title } },
  });
  expect(saved.status).toBe(200);
  return saved.body.uid;
}

const titlesFound = async (server: TestServer, query: string) =>
  (await call<{ title: string }[]>(server, 'GET', `/api/search?query=${query}`, { as: ADMIN })).body.map(
    (hit) => hit.title,
  );

describe('the cache bus loses Redis', () => {
  it('Redis killed: no stale read, no failed write; caches return with Redis', async () => {
    const [a, b] = await twoInstances();
    const user = await createUser(a, { login: 'kim', password: 'kim-pass', orgRole: 'Admin' });
    const cookie = await login(a, 'kim', 'kim-pass');
    const uid = await createDashboard(a, 'Loss one');
    // warm b: identity, permissions, title index
    for (let i = 0; i < 2; i++) {
      expect((await call(b, 'GET', '/api/user', { as: cookie })).status).toBe(200);
      expect((await call(b, 'GET', '/api/org/users', { as: user.as })).status).toBe(200);
      expect(await titlesFound(b, 'Loss')).toEqual(['Loss one']);
    }

    const coherentGauge = async () =>
      /^svc_cache_bus_coherent (\d)$/m.exec((await call<string>(b, 'GET', '/metrics')).body)?.[1];
    expect(await coherentGauge()).toBe('1');
    await redis!.kill();
    await until('b to notice', () => !b.cacheBus.coherent);
    expect(await coherentGauge()).toBe('0');
    expect((await call(a, 'GET', '/api/logout', { as: cookie })).status).toBeLessThan(400);
    expect((await call(b, 'GET', '/api/user', { as: cookie })).status).toBe(401);
    expect(
      (await call(a, 'PATCH', `/api/org/users/${user.id}`, { as: ADMIN, body: { role: 'Viewer' } })).status,
    ).toBe(200);
    expect((await call(b, 'GET', '/api/org/users', { as: user.as })).status).toBe(403);
    expect((await call(a, 'DELETE', `/api/dashboards/uid/${uid}`, { as: ADMIN })).status).toBe(200);
    expect(await titlesFound(b, 'Loss')).toEqual([]);
    await createDashboard(a, 'Loss two');
    expect(await titlesFound(b, 'Loss')).toEqual(['Loss two']);

    // Redis returns: caches serve again, and are exact.
    await redis!.restart();
    await until('a coherent bus again', () => a.cacheBus.coherent && b.cacheBus.coherent);
    expect(await coherentGauge()).toBe('1');
    expect((await call(b, 'GET', '/api/org/users', { as: user.as })).status).toBe(403);
    expect(await titlesFound(b, 'Loss')).toEqual(['Loss two']);
    await call(a, 'PATCH', `/api/org/users/${user.id}`, { as: ADMIN, body: { role: 'Admin' } });
    expect((await call(b, 'GET', '/api/org/users', { as: user.as })).status).toBe(200);
    await createDashboard(a, 'Loss three');
    expect(await titlesFound(b, 'Loss')).toEqual(['Loss three', 'Loss two']);
  }, 60_000);

  it('delivery stalled (CLIENT PAUSE): a write on one instance is not served stale by the other', async () => {
    const [a, b] = await twoInstances();
    const user = await createUser(a, { login: 'lou', password: 'lou-pass' });
    const before = basic('lou', 'lou-pass');
    const uid = await createDashboard(a, 'Stall one');
    for (let i = 0; i < 2; i++) {
      expect((await call(b, 'GET', '/api/user', { as: before })).status).toBe(200);
      expect(await titlesFound(b, 'Stall')).toEqual(['Stall one']);
    }

    await redis!.pause(4_000);
    const started = Date.now();
    const changed = await call(a, 'PUT', `/api/admin/users/${user.id}/password`, {
      as: ADMIN,
      body: { password: 'lou-second' },
    });
    expect(changed.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000); // waited for Redis at most 1.5 s
    expect((await call(b, 'GET', '/api/user', { as: before })).status).toBe(401);
    expect((await call(b, 'GET', '/api/user', { as: basic('lou', 'lou-second') })).status).toBe(200);
    const renamed = await call(a, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid, title: 'Stall renamed' }, overwrite: true },
    });
    expect(renamed.status).toBe(200);
    expect(await titlesFound(b, 'Stall')).toEqual(['Stall renamed']);

    await until('a coherent bus again', () => a.cacheBus.coherent && b.cacheBus.coherent);
    expect((await call(b, 'GET', '/api/user', { as: before })).status).toBe(401);
    expect(await titlesFound(b, 'Stall')).toEqual(['Stall renamed']);
  }, 60_000);
});
