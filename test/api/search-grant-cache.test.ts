import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';

// A single instance: the permission cache is on for every dialect.
const single = { database: { high_availability: 'false' } };
/** more than a search loads at once: the first search asks SQL and fills the cache in the background */
const DASHBOARDS = 80;
/** loads within a second of a write are not kept */
const SETTLE_MS = 1_100;

async function ok(server: TestServer, method: string, path: string, body?: unknown) {
  const response = await call(server, method, path, { as: ADMIN, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

async function cacheUsage(server: TestServer): Promise<{ hit: number; miss: number }> {
  const { values } = await server.metrics.accessPermissionsCache.get();
  const of = (status: string) => values.find((v) => v.labels.status === status)?.value ?? 0;
  return { hit: of('hit'), miss: of('miss') };
}

async function found(server: TestServer, as: Caller): Promise<string[]> {
  const search = await call(server, 'GET', '/api/search?type=dash-db&limit=1000', { as });
  expect(search.status).toBe(200);
  return (search.body as { uid: string }[]).map((hit) => hit.uid).sort();
}

/**
 * A server with a viewer and DASHBOARDS dashboards (`d-00`…) in a folder only admins see: single
 * grants decide what the viewer sees.
 */
async function serverWithClosedFolder() {
  const server = await startTestServer({ overrides: single });
  const viewer = await createUser(server);
  await ok(server, 'POST', '/api/folders', { uid: 'closed', title: 'Closed' });
  await ok(server, 'POST', '/api/folders/closed/permissions', { items: [] });
  for (let i = 0; i < DASHBOARDS; i++) {
    const uid = `d-${String(i).padStart(2, '0')}`;
    await ok(server, 'POST', '/api/dashboards/db', {
      dashboard: { uid, title: `Dash ${uid}` },
      folderUid: 'closed',
    });
  }
  return { server, viewer };
}

describe('search answered from the per-dashboard grants cache', () => {
  it('serves repeated searches from the cache, and sees every grant change at once', async () => {
    const { server, viewer } = await serverWithClosedFolder();
    const { teamId } = (await ok(server, 'POST', '/api/teams', { name: 'Readers' })) as { teamId: number };
    await ok(server, 'POST', `/api/teams/${teamId}/members`, { userId: viewer.id });
    for (const uid of ['d-05', 'd-30', 'd-75'])
      await ok(server, 'POST', `/api/access-control/dashboards/${uid}/teams/${teamId}`, {
        permission: 'View',
      });
    await sleep(SETTLE_MS);

    expect(await found(server, viewer.as)).toEqual(['d-05', 'd-30', 'd-75']);
    // the background load of every dashboard's grants lands; then searches cost no question
    await sleep(200);
    const before = await cacheUsage(server);
    expect(await found(server, viewer.as)).toEqual(['d-05', 'd-30', 'd-75']);
    const after = await cacheUsage(server);
    expect(after.miss).toBe(before.miss);
    expect(after.hit - before.hit).toBeGreaterThanOrEqual(DASHBOARDS);

    // a team grant revoked, a user grant given, an Edit grant (which includes View)
    await ok(server, 'POST', `/api/access-control/dashboards/d-30/teams/${teamId}`, { permission: '' });
    expect(await found(server, viewer.as)).toEqual(['d-05', 'd-75']);
    await ok(server, 'POST', `/api/access-control/dashboards/d-40/users/${viewer.id}`, {
      permission: 'View',
    });
    expect(await found(server, viewer.as)).toEqual(['d-05', 'd-40', 'd-75']);
    await ok(server, 'POST', `/api/access-control/dashboards/d-05/teams/${teamId}`, { permission: 'Edit' });
    expect(await found(server, viewer.as)).toEqual(['d-05', 'd-40', 'd-75']);
    // the viewer leaves the team: its grants no longer count, the cached dashboards' grants unchanged
    await ok(server, 'DELETE', `/api/teams/${teamId}/members/${viewer.id}`);
    expect(await found(server, viewer.as)).toEqual(['d-40']);
    // a dashboard deleted with its grants
    await ok(server, 'POST', `/api/teams/${teamId}/members`, { userId: viewer.id });
    await ok(server, 'DELETE', '/api/dashboards/uid/d-75');
    expect(await found(server, viewer.as)).toEqual(['d-05', 'd-40']);
  });

  it('asks nothing per dashboard in an org whose dashboards have no grants of their own, and sees the first at once', async () => {
    const { server, viewer } = await serverWithClosedFolder();
    await sleep(SETTLE_MS);
    expect(await found(server, viewer.as)).toEqual([]);
    const before = await cacheUsage(server);
    expect(await found(server, viewer.as)).toEqual([]);
    const after = await cacheUsage(server);
    // a few cached parts (the caller's, the org's answer), not one per dashboard in the folder
    expect(after.hit + after.miss - before.hit - before.miss).toBeLessThan(DASHBOARDS / 4);
    await ok(server, 'POST', `/api/access-control/dashboards/d-07/users/${viewer.id}`, {
      permission: 'View',
    });
    expect(await found(server, viewer.as)).toEqual(['d-07']);
    const { teamId } = (await ok(server, 'POST', '/api/teams', { name: 'Readers' })) as { teamId: number };
    await ok(server, 'POST', `/api/teams/${teamId}/members`, { userId: viewer.id });
    await ok(server, 'POST', `/api/access-control/dashboards/d-70/teams/${teamId}`, { permission: 'View' });
    expect(await found(server, viewer.as)).toEqual(['d-07', 'd-70']);
  });
});
