import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, basic, call } from '../helpers/client.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { createUser } from '../helpers/factories.js';

// Several svc instances on one PostgreSQL database, as an HA deployment runs them.
let shared: TestDatabase | undefined;
afterEach(async () => {
  await shared?.drop();
  shared = undefined;
});

async function twoInstances(overrides: Record<string, Record<string, string>> = {}) {
  shared = await createTestDatabase('postgres');
  const database = shared;
  const first = await startTestServer({ database, overrides });
  const second = await startTestServer({ database, overrides });
  return [first, second] as const;
}

describe('several instances on one database', () => {
  it('a password changed on one instance stops working on the other at once (Redis bus)', async () => {
    const [a, b] = await twoInstances({
      remote_cache: { type: 'redis', connstr: 'addr=127.0.0.1:6379', prefix: `svc-test-${Date.now()}:` },
    });
    const user = await createUser(a, { login: 'hal', password: 'first-pass' });
    // warm both instances' caches
    expect((await call(a, 'GET', '/api/org', { as: user.as })).status).toBe(200);
    expect((await call(b, 'GET', '/api/org', { as: user.as })).status).toBe(200);

    const changed = await call(b, 'PUT', `/api/admin/users/${user.id}/password`, {
      as: ADMIN,
      body: { password: 'second-pass' },
    });
    expect(changed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100)); // pub/sub delivery
    expect((await call(a, 'GET', '/api/org', { as: user.as })).status).toBe(401);
    expect((await call(a, 'GET', '/api/org', { as: basic('hal', 'second-pass') })).status).toBe(200);

    await call(a, 'PATCH', `/api/org/users/${user.id}`, { as: ADMIN, body: { role: 'Admin' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await call(b, 'GET', '/api/org/users', { as: basic('hal', 'second-pass') })).status).toBe(200);
  });

  it('without Redis, every request reads the database, so changes on one instance show on the other', async () => {
    const [a, b] = await twoInstances();
    const user = await createUser(a, { login: 'ida', password: 'ida-pass', orgRole: 'Admin' });
    expect((await call(a, 'GET', '/api/org/users', { as: user.as })).status).toBe(200);
    expect((await call(b, 'GET', '/api/org/users', { as: user.as })).status).toBe(200);
    await call(b, 'PATCH', `/api/org/users/${user.id}`, { as: ADMIN, body: { role: 'Viewer' } });
    expect((await call(a, 'GET', '/api/org/users', { as: user.as })).status).toBe(403);
    await call(b, 'POST', `/api/admin/users/${user.id}/disable`, { as: ADMIN });
    expect((await call(a, 'GET', '/api/org', { as: user.as })).status).toBe(401);
  });

  it('shares sessions: a session created on one instance works and is revoked on the other', async () => {
    const [a, b] = await twoInstances();
    const login = await call(a, 'POST', '/api/login', { body: { user: 'admin', password: 'admin' } });
    const cookie = login.cookies.find((c) => c.startsWith('svc_session='))!.split(';')[0]!;
    expect((await call(b, 'GET', '/api/user', { as: { cookie } })).status).toBe(200);
    await call(b, 'GET', '/api/logout', { as: { cookie } });
    expect((await call(a, 'GET', '/api/user', { as: { cookie } })).status).toBe(401);
  });
});
