import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/app.js';
import { ADMIN, call } from '../../helpers/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/databases.js';
import { createUser } from '../../helpers/factories.js';

// Two instances on one PostgreSQL database with a Redis cache bus: both cache permissions.
let shared: TestDatabase | undefined;
afterEach(async () => {
  await shared?.drop();
  shared = undefined;
});

describe('permission cache across instances', () => {
  it('a role assigned or removed on one instance applies on the other at once', async () => {
    shared = await createTestDatabase('postgres');
    const overrides = {
      remote_cache: { type: 'redis', connstr: 'addr=127.0.0.1:6379', prefix: `svc-rbac-test-${Date.now()}:` },
    };
    const a = await startTestServer({ database: shared, overrides });
    const b = await startTestServer({ database: shared, overrides });
    const viewer = await createUser(a);
    const search = (server: typeof a) =>
      call(server, 'GET', '/api/serviceaccounts/search', { as: viewer.as });
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the settle window of the writes above
    // warm both caches
    expect((await search(a)).status).toBe(403);
    expect((await search(b)).status).toBe(403);
    expect((await search(b)).status).toBe(403);
    const { values } = await b.metrics.accessPermissionsCache.get();
    expect(values.find((v) => v.labels.status === 'hit')?.value).toBeGreaterThan(0);

    const role = await call(a, 'POST', '/api/access-control/roles', {
      as: ADMIN,
      body: {
        name: 'custom:sa',
        uid: 'sa',
        permissions: [{ action: 'serviceaccounts:read', scope: 'serviceaccounts:*' }],
      },
    });
    expect(role.status).toBe(201);
    await call(a, 'POST', `/api/access-control/users/${viewer.id}/roles`, {
      as: ADMIN,
      body: { roleUid: 'sa' },
    });
    await new Promise((resolve) => setTimeout(resolve, 100)); // pub/sub delivery
    expect((await search(b)).status).toBe(200);

    await call(a, 'DELETE', `/api/access-control/users/${viewer.id}/roles/sa`, { as: ADMIN });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await search(b)).status).toBe(403);
  });
});
