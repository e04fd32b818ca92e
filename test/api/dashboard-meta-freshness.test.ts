import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';

// GET /api/dashboards/uid/:uid keeps each caller's `meta` while the row, the caller's permission
// set, the folder tree and the star it was computed from stay the same objects
// (features/dashboards/dashboard-meta-memo.ts). Every change below lands between two reads by
// the same caller, after a first pair of reads that the memo answers the second of.

async function meta(server: TestServer, as: Caller, uid: string) {
  const read = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  return read.body.meta as Record<string, unknown>;
}

/** Two reads (the second one served from the memo when it may be), which must agree. */
async function settledMeta(server: TestServer, as: Caller, uid: string) {
  const first = await meta(server, as, uid);
  expect(await meta(server, as, uid)).toEqual(first);
  return first;
}

async function ok(server: TestServer, method: string, path: string, body: unknown) {
  const response = await call(server, method, path, { as: ADMIN, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

describe('dashboard meta after a change', () => {
  it('follows stars, folder renames, moves and saves for the same admin', async () => {
    const server = await startTestServer();
    await ok(server, 'POST', '/api/folders', { uid: 'meta-f', title: 'Before' });
    await ok(server, 'POST', '/api/folders', { uid: 'meta-g', title: 'Other' });
    await ok(server, 'POST', '/api/dashboards/db', {
      dashboard: { uid: 'meta-d', title: 'Meta' },
      folderUid: 'meta-f',
    });

    expect(await settledMeta(server, ADMIN, 'meta-d')).toMatchObject({
      isStarred: false,
      folderTitle: 'Before',
    });
    await ok(server, 'POST', '/api/user/stars/dashboard/uid/meta-d', undefined);
    expect(await settledMeta(server, ADMIN, 'meta-d')).toMatchObject({ isStarred: true });
    await ok(server, 'DELETE', '/api/user/stars/dashboard/uid/meta-d', undefined);
    expect(await settledMeta(server, ADMIN, 'meta-d')).toMatchObject({ isStarred: false });

    const folder = await ok(server, 'GET', '/api/folders/meta-f', undefined);
    await ok(server, 'PUT', '/api/folders/meta-f', { title: 'After', version: folder.version });
    expect(await settledMeta(server, ADMIN, 'meta-d')).toMatchObject({
      folderTitle: 'After',
      folderUid: 'meta-f',
    });

    const { version } = await settledMeta(server, ADMIN, 'meta-d');
    await ok(server, 'POST', '/api/dashboards/db', {
      dashboard: { uid: 'meta-d', title: 'Meta', version },
      folderUid: 'meta-g',
    });
    expect(await settledMeta(server, ADMIN, 'meta-d')).toMatchObject({
      folderUid: 'meta-g',
      folderTitle: 'Other',
      version: (version as number) + 1,
    });
  });

  it('follows the caller’s org role, folder grants and the dashboard’s default grants', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { orgRole: 'Editor' });
    await ok(server, 'POST', '/api/dashboards/db', { dashboard: { uid: 'meta-root', title: 'Root' } });
    const canSave = async () => (await settledMeta(server, user.as, 'meta-root')).canSave;

    // an Editor may save a root dashboard by its default grants; a Viewer may not
    expect(await canSave()).toBe(true);
    await ok(server, 'PATCH', `/api/org/users/${user.id}`, { role: 'Viewer' });
    expect(await canSave()).toBe(false);
    await ok(server, 'PATCH', `/api/org/users/${user.id}`, { role: 'Editor' });
    expect(await canSave()).toBe(true);

    // replacing the default grants with the admin's own takes the Editor's away
    await ok(server, 'POST', '/api/dashboards/uid/meta-root/permissions', {
      items: [{ userId: user.id, permission: 1 }],
    });
    expect(await canSave()).toBe(false);

    // a folder grant is part of the caller's permission set
    await ok(server, 'POST', '/api/folders', { uid: 'meta-h', title: 'Granted' });
    await ok(server, 'POST', '/api/dashboards/db', {
      dashboard: { uid: 'meta-in', title: 'In folder' },
      folderUid: 'meta-h',
    });
    await ok(server, 'PATCH', `/api/org/users/${user.id}`, { role: 'Viewer' });
    await ok(server, 'POST', `/api/access-control/folders/meta-h/users/${user.id}`, { permission: 'Admin' });
    expect(await settledMeta(server, user.as, 'meta-in')).toMatchObject({
      canSave: true,
      canAdmin: true,
      canDelete: true,
    });
    await ok(server, 'POST', `/api/access-control/folders/meta-h/users/${user.id}`, { permission: 'Edit' });
    expect(await settledMeta(server, user.as, 'meta-in')).toMatchObject({
      canSave: true,
      canAdmin: false,
      canDelete: true,
    });
  });
});
