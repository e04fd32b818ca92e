import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';

// A single instance: the permission cache is on for every dialect.
const single = { database: { high_availability: 'false' } };

async function cacheUsage(server: TestServer): Promise<{ hit: number; miss: number }> {
  const { values } = await server.metrics.accessPermissionsCache.get();
  const of = (status: string) => values.find((v) => v.labels.status === status)?.value ?? 0;
  return { hit: of('hit'), miss: of('miss') };
}

async function grantTeamCreation(server: TestServer, userId: number) {
  const role = await call(server, 'POST', '/api/access-control/roles', {
    as: ADMIN,
    body: { name: 'custom:team-creator', uid: 'team-creator', permissions: [{ action: 'teams:create' }] },
  });
  expect(role.status).toBe(201);
  const added = await call(server, 'POST', `/api/access-control/users/${userId}/roles`, {
    as: ADMIN,
    body: { roleUid: 'team-creator' },
  });
  expect(added.status).toBe(200);
}

describe('permission cache', () => {
  it('serves repeated checks from the cache and forgets them on every change that affects them', async () => {
    const server = await startTestServer({ overrides: single });
    const viewer = await createUser(server);
    const teams = () =>
      call(server, 'POST', '/api/teams', { as: viewer.as, body: { name: `T${Date.now()}${Math.random()}` } });

    // Loads right after a write are not kept (the write's transaction may not have committed).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await teams()).status).toBe(403);
    const before = await cacheUsage(server);
    expect((await teams()).status).toBe(403);
    const after = await cacheUsage(server);
    expect(after.miss).toBe(before.miss);
    expect(after.hit).toBeGreaterThan(before.hit);

    // a user role
    await grantTeamCreation(server, viewer.id);
    expect((await teams()).status).toBe(200);
    // a change of the role's permissions
    const emptied = await call(server, 'PUT', '/api/access-control/roles/team-creator', {
      as: ADMIN,
      body: { version: 2, name: 'custom:team-creator', permissions: [] },
    });
    expect(emptied.status).toBe(200);
    expect((await teams()).status).toBe(403);
    await call(server, 'PUT', '/api/access-control/roles/team-creator', {
      as: ADMIN,
      body: { version: 3, name: 'custom:team-creator', permissions: [{ action: 'teams:create' }] },
    });
    expect((await teams()).status).toBe(200);
    // the org role
    await call(server, 'DELETE', `/api/access-control/users/${viewer.id}/roles/team-creator`, { as: ADMIN });
    expect((await teams()).status).toBe(403);
    await call(server, 'PATCH', `/api/org/users/${viewer.id}`, { as: ADMIN, body: { role: 'Admin' } });
    expect((await teams()).status).toBe(200);
    await call(server, 'PATCH', `/api/org/users/${viewer.id}`, { as: ADMIN, body: { role: 'Viewer' } });
    expect((await teams()).status).toBe(403);
    // a basic role grant
    await call(server, 'POST', '/api/access-control/builtin-roles', {
      as: ADMIN,
      body: { roleUid: 'team-creator', builtInRole: 'Viewer' },
    });
    expect((await teams()).status).toBe(200);
    await call(server, 'DELETE', '/api/access-control/builtin-roles/Viewer/roles/team-creator', {
      as: ADMIN,
    });
    expect((await teams()).status).toBe(403);
    // a resource permission
    const dashboard = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid: 'd1', title: 'D1' } },
    });
    expect(dashboard.status).toBe(200);
    const perms = () => call(server, 'GET', '/api/access-control/user/permissions', { as: viewer.as });
    expect((await perms()).body['dashboards:write']).toBeUndefined();
    await call(server, 'POST', `/api/access-control/dashboards/d1/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'Edit' },
    });
    expect((await perms()).body['dashboards:write']).toEqual(['dashboards:uid:d1']);
  });

  it('?reloadcache=true reads the database again', async () => {
    const server = await startTestServer({ overrides: single });
    const viewer = await createUser(server);
    await call(server, 'GET', '/api/access-control/user/permissions', { as: viewer.as });
    const before = await cacheUsage(server);
    const reloaded = await call(server, 'GET', '/api/access-control/user/permissions?reloadcache=true', {
      as: viewer.as,
    });
    expect(reloaded.status).toBe(200);
    expect((await cacheUsage(server)).miss).toBeGreaterThan(before.miss);
  });

  it('is off with [rbac] permission_cache = false, and changes still apply at once', async () => {
    const server = await startTestServer({ overrides: { ...single, rbac: { permission_cache: 'false' } } });
    const viewer = await createUser(server);
    const teams = () =>
      call(server, 'POST', '/api/teams', { as: viewer.as, body: { name: `T${Math.random()}` } });
    expect((await teams()).status).toBe(403);
    await grantTeamCreation(server, viewer.id);
    expect((await teams()).status).toBe(200);
    expect(await cacheUsage(server)).toEqual({ hit: 0, miss: 0 });
  });

  it('drops nothing on dashboard writes, and only the touched principal’s part on a grant change', async () => {
    const server = await startTestServer({ overrides: single });
    const viewer = await createUser(server);
    const grantee = await createUser(server);
    const folder = await call(server, 'POST', '/api/folders', {
      as: ADMIN,
      body: { uid: 'cf', title: 'CF' },
    });
    expect(folder.status).toBe(200);
    const save = async (uid: string) => {
      const saved = await call(server, 'POST', '/api/dashboards/db', {
        as: ADMIN,
        body: { dashboard: { uid, title: uid }, folderUid: 'cf', overwrite: true },
      });
      expect(saved.status).toBe(200);
    };
    await save('cached-1');
    // loads within a second of a change serve their request but are not kept (SETTLE_MS)
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1_100));
    const read = async (as: typeof viewer.as) =>
      expect((await call(server, 'GET', '/api/dashboards/uid/cached-1', { as })).status).toBe(200);
    await settle();
    await read(viewer.as);
    await read(grantee.as);
    await read(ADMIN);

    // Dashboard creates, saves and deletes change nobody's permissions.
    const before = await cacheUsage(server);
    await save('cached-2');
    await save('cached-1');
    expect((await call(server, 'DELETE', '/api/dashboards/uid/cached-2', { as: ADMIN })).status).toBe(200);
    await read(viewer.as);
    await read(grantee.as);
    const afterWrites = await cacheUsage(server);
    expect(afterWrites.miss).toBe(before.miss);
    expect(afterWrites.hit).toBeGreaterThan(before.hit);

    // A grant on one dashboard drops only that dashboard's entry of the per-resource index: nobody's
    // permission set nor merged view is reloaded. The viewer's read asks the index whether it may
    // save (one miss: the dropped entry, reloaded once); the grantee's Edit is then found there.
    const granted = await call(
      server,
      'POST',
      `/api/access-control/dashboards/cached-1/users/${grantee.id}`,
      {
        as: ADMIN,
        body: { permission: 'Edit' },
      },
    );
    expect(granted.status).toBe(200);
    await settle();
    const beforeReads = await cacheUsage(server);
    await read(viewer.as);
    const afterViewer = await cacheUsage(server);
    expect(afterViewer.miss - beforeReads.miss).toBe(1);
    const meta = await call(server, 'GET', '/api/dashboards/uid/cached-1', { as: grantee.as });
    expect(meta.body.meta.canSave).toBe(true);
    expect((await cacheUsage(server)).miss - afterViewer.miss).toBe(0);

    // A grant on a folder is not indexed: it drops the grantee's own part only.
    const folderGrant = await call(server, 'POST', `/api/access-control/folders/cf/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'Edit' },
    });
    expect(folderGrant.status).toBe(200);
    await settle();
    const beforeFolderReads = await cacheUsage(server);
    await read(grantee.as);
    const afterGrantee = await cacheUsage(server);
    // the grantee's merged view is rebuilt from its cached parts: one merged miss, no part reloaded
    expect(afterGrantee.miss - beforeFolderReads.miss).toBe(1);
    const edited = await call(server, 'GET', '/api/dashboards/uid/cached-1', { as: viewer.as });
    expect(edited.body.meta.canSave).toBe(true);
    // the viewer's merged view and its own part
    expect((await cacheUsage(server)).miss - afterGrantee.miss).toBe(2);
  });
});
