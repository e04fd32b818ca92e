import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

// Grafana's deprecated numeric ids, as backup tools written for older Grafana still send them.

async function folder(server: TestServer, title: string, as: Caller = ADMIN, parentUid?: string) {
  const created = await call(server, 'POST', '/api/folders', { as, body: { title, parentUid } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { id: number; uid: string; title: string };
}

async function save(server: TestServer, body: Record<string, unknown>, as: Caller = ADMIN) {
  const saved = await call(server, 'POST', '/api/dashboards/db', { as, body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as { id: number; uid: string; version: number; folderUid: string };
}

describe('legacy numeric ids', () => {
  it('POST /api/dashboards/db places a dashboard by folderId; folderUid wins; 0 is General', async () => {
    const server = await startTestServer();
    const ops = await folder(server, 'Ops');
    const dev = await folder(server, 'Dev');

    const byId = await save(server, { dashboard: { title: 'By id' }, folderId: ops.id });
    expect(byId.folderUid).toBe(ops.uid);
    const read = await call(server, 'GET', `/api/dashboards/uid/${byId.uid}`, { as: ADMIN });
    expect(read.body.meta).toMatchObject({ folderUid: ops.uid, folderId: ops.id, folderTitle: 'Ops' });

    const both = await save(server, { dashboard: { title: 'Both' }, folderUid: dev.uid, folderId: ops.id });
    expect(both.folderUid).toBe(dev.uid);
    const emptyUid = await save(server, {
      dashboard: { title: 'Empty uid' },
      folderUid: '',
      folderId: dev.id,
    });
    expect(emptyUid.folderUid).toBe(dev.uid);

    const moved = await save(server, {
      dashboard: { uid: byId.uid, title: 'By id', version: byId.version },
      folderId: 0,
    });
    expect(moved.folderUid).toBe('');

    const unknown = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { title: 'Nowhere' }, folderId: 987654 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'folder not found' });
    const bad = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { title: 'Bad' }, folderId: 'seven' },
    });
    expect(bad.status).toBe(400);
  });

  it('folderId needs dashboards:create in that folder, and names only folders of the org', async () => {
    const server = await startTestServer();
    const locked = await folder(server, 'Locked');
    const open = await folder(server, 'Open');
    const editor = await createUser(server, { orgRole: 'Editor' });
    // Editors get Edit on folders by default; take it away from the locked one.
    const cleared = await call(server, 'POST', `/api/folders/${locked.uid}/permissions`, {
      as: ADMIN,
      body: { items: [] },
    });
    expect(cleared.status).toBe(200);
    const denied = await call(server, 'POST', '/api/dashboards/db', {
      as: editor.as,
      body: { dashboard: { title: 'Sneaky' }, folderId: locked.id },
    });
    expect(denied.status).toBe(403);
    await save(server, { dashboard: { title: 'Allowed' }, folderId: open.id }, editor.as);

    const orgId = await createOrg(server);
    const elsewhere = await call(server, 'POST', '/api/dashboards/db', {
      as: inOrg(ADMIN, orgId),
      body: { dashboard: { title: 'Other org' }, folderId: open.id },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ message: 'folder not found' });
  });

  it('/api/dashboards/id/{id}/versions, /versions/{n} and /restore answer as their uid twins', async () => {
    const server = await startTestServer();
    const first = await save(server, { dashboard: { title: 'Versioned', tags: ['one'] }, message: 'first' });
    await save(server, {
      dashboard: { uid: first.uid, title: 'Versioned', tags: ['two'], version: 1 },
      message: 'second',
    });

    const byId = await call(server, 'GET', `/api/dashboards/id/${first.id}/versions`, { as: ADMIN });
    const byUid = await call(server, 'GET', `/api/dashboards/uid/${first.uid}/versions`, { as: ADMIN });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(byUid.body);
    expect(byId.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(byId.body.versions[0]).toMatchObject({ dashboardId: first.id, uid: first.uid, message: 'second' });
    const limited = await call(server, 'GET', `/api/dashboards/id/${first.id}/versions?limit=1`, {
      as: ADMIN,
    });
    expect(limited.body.versions).toHaveLength(1);

    const one = await call(server, 'GET', `/api/dashboards/id/${first.id}/versions/1`, { as: ADMIN });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(
      (await call(server, 'GET', `/api/dashboards/uid/${first.uid}/versions/1`, { as: ADMIN })).body,
    );
    expect(one.body.data.tags).toEqual(['one']);
    const missingVersion = await call(server, 'GET', `/api/dashboards/id/${first.id}/versions/9`, {
      as: ADMIN,
    });
    expect(missingVersion.status).toBe(404);

    const restored = await call(server, 'POST', `/api/dashboards/id/${first.id}/restore`, {
      as: ADMIN,
      body: { version: 1 },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ status: 'success', uid: first.uid, id: first.id, version: 3 });
    const current = await call(server, 'GET', `/api/dashboards/uid/${first.uid}`, { as: ADMIN });
    expect(current.body.dashboard.tags).toEqual(['one']);
    const identical = await call(server, 'POST', `/api/dashboards/id/${first.id}/restore`, {
      as: ADMIN,
      body: { version: 1 },
    });
    expect(identical.status).toBe(400);
  });

  it('unknown ids are 404 {message}, ids that are no ids 400, for everybody', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    for (const as of [ADMIN, viewer.as]) {
      for (const path of [
        '/api/dashboards/id/424242/versions',
        '/api/dashboards/id/424242/versions/1',
        '/api/folders/id/424242',
      ]) {
        const response = await call(server, 'GET', path, { as });
        expect(response.status, path).toBe(404);
        expect(response.body, path).toEqual({
          message: path.startsWith('/api/folders') ? 'folder not found' : 'Dashboard not found',
          messageId: expect.any(String),
        });
      }
      const restore = await call(server, 'POST', '/api/dashboards/id/424242/restore', {
        as,
        body: { version: 1 },
      });
      expect(restore.status).toBe(404);
      for (const path of [
        '/api/dashboards/id/abc/versions',
        '/api/folders/id/-1',
        '/api/dashboards/id/1.5/versions',
      ]) {
        const response = await call(server, 'GET', path, { as });
        expect(response.status, path).toBe(400);
        expect(response.body.message, path).toMatch(/is invalid$/);
      }
    }
  });

  it('id routes check the same permissions as the uid routes, in the caller org only', async () => {
    const server = await startTestServer();
    const secret = await folder(server, 'Secret');
    const hidden = await save(server, { dashboard: { title: 'Hidden' }, folderUid: secret.uid });
    const atRoot = await save(server, { dashboard: { title: 'At root' } });
    await call(server, 'POST', `/api/folders/${secret.uid}/permissions`, { as: ADMIN, body: { items: [] } });
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });

    // Versions need dashboards:write: a Viewer may read the root dashboard but not its versions.
    for (const [as, path, status] of [
      [viewer.as, `/api/dashboards/id/${atRoot.id}/versions`, 403],
      [editor.as, `/api/dashboards/id/${atRoot.id}/versions`, 200],
      [editor.as, `/api/dashboards/id/${hidden.id}/versions`, 403],
      [editor.as, `/api/dashboards/id/${hidden.id}/versions/1`, 403],
      [viewer.as, `/api/folders/id/${secret.id}`, 403],
    ] as const) {
      const byId = await call(server, 'GET', path, { as });
      expect(byId.status, path).toBe(status);
      const uidPath = path
        .replace(`/id/${atRoot.id}/`, `/uid/${atRoot.uid}/`)
        .replace(`/id/${hidden.id}/`, `/uid/${hidden.uid}/`)
        .replace(`/folders/id/${secret.id}`, `/folders/${secret.uid}`);
      expect((await call(server, 'GET', uidPath, { as })).status, uidPath).toBe(status);
    }
    const restore = await call(server, 'POST', `/api/dashboards/id/${hidden.id}/restore`, {
      as: editor.as,
      body: { version: 1 },
    });
    expect(restore.status).toBe(403);

    // A grant on the dashboard by uid counts on the id route.
    const granted = await call(server, 'POST', `/api/dashboards/uid/${hidden.uid}/permissions`, {
      as: ADMIN,
      body: { items: [{ userId: editor.id, permission: 2 }] },
    });
    expect(granted.status).toBe(200);
    expect(
      (await call(server, 'GET', `/api/dashboards/id/${hidden.id}/versions`, { as: editor.as })).status,
    ).toBe(200);
    // Folder View on the folder by uid opens /api/folders/id/{id}, with the uid route's body.
    await call(server, 'POST', `/api/folders/${secret.uid}/permissions`, {
      as: ADMIN,
      body: { items: [{ userId: viewer.id, permission: 1 }] },
    });
    const seen = await call(server, 'GET', `/api/folders/id/${secret.id}`, { as: viewer.as });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(
      (await call(server, 'GET', `/api/folders/${secret.uid}`, { as: viewer.as })).body,
    );

    // Another org's ids name nothing there.
    const orgId = await createOrg(server);
    const other = inOrg(ADMIN, orgId);
    expect(
      (await call(server, 'GET', `/api/dashboards/id/${atRoot.id}/versions`, { as: other })).status,
    ).toBe(404);
    expect((await call(server, 'GET', `/api/folders/id/${secret.id}`, { as: other })).status).toBe(404);
  });

  it('subfolders resolve by id with their parents', async () => {
    const server = await startTestServer();
    const parent = await folder(server, 'Parent');
    const child = await folder(server, 'Child', ADMIN, parent.uid);
    const viewer = await createUser(server);
    await call(server, 'POST', `/api/folders/${parent.uid}/permissions`, { as: ADMIN, body: { items: [] } });
    await call(server, 'POST', `/api/folders/${child.uid}/permissions`, { as: ADMIN, body: { items: [] } });
    expect((await call(server, 'GET', `/api/folders/id/${child.id}`, { as: viewer.as })).status).toBe(403);
    // View on the parent is inherited by the child, by id as by uid.
    await call(server, 'POST', `/api/folders/${parent.uid}/permissions`, {
      as: ADMIN,
      body: { items: [{ userId: viewer.id, permission: 1 }] },
    });
    const seen = await call(server, 'GET', `/api/folders/id/${child.id}`, { as: viewer.as });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ uid: child.uid, parentUid: parent.uid });
  });

  it('annotations take dashboardId on create and as a filter; versions carry dashboardId', async () => {
    const server = await startTestServer();
    const board = await save(server, { dashboard: { title: 'Annotated' } });
    const created = await call(server, 'POST', '/api/annotations', {
      as: ADMIN,
      body: { dashboardId: board.id, panelId: 2, text: 'deploy', time: 1_700_000_000_000 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const listed = await call(server, 'GET', `/api/annotations?dashboardId=${board.id}`, { as: ADMIN });
    expect(listed.body).toEqual([
      expect.objectContaining({ dashboardId: board.id, dashboardUID: board.uid }),
    ]);
    const none = await call(server, 'GET', '/api/annotations?dashboardId=424242', { as: ADMIN });
    expect(none.body).toEqual([]);
  });

  it('permission bodies take numeric userId and teamId', async () => {
    const server = await startTestServer();
    const board = await save(server, { dashboard: { title: 'Shared' } });
    const user = await createUser(server);
    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Readers' } });
    const set = await call(server, 'POST', `/api/dashboards/uid/${board.uid}/permissions`, {
      as: ADMIN,
      body: {
        items: [
          { userId: user.id, permission: 2 },
          { teamId: team.body.teamId, permission: 1 },
        ],
      },
    });
    expect(set.status).toBe(200);
    const listed = await call(server, 'GET', `/api/dashboards/uid/${board.uid}/permissions`, { as: ADMIN });
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: user.id, permission: 2 }),
        expect.objectContaining({ teamId: team.body.teamId, permission: 1 }),
      ]),
    );
    const unknownUser = await call(server, 'POST', `/api/dashboards/uid/${board.uid}/permissions`, {
      as: ADMIN,
      body: { items: [{ userId: 424242, permission: 1 }] },
    });
    expect(unknownUser.status).toBe(400);
  });

  it('/api/dashboards/id/{id}/permissions reads and replaces as the uid route, with its checks', async () => {
    const server = await startTestServer();
    const board = await save(server, { dashboard: { title: 'Guarded' } });
    const user = await createUser(server);
    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Ops' } });
    const set = await call(server, 'POST', `/api/dashboards/id/${board.id}/permissions`, {
      as: ADMIN,
      body: {
        items: [
          { userId: user.id, permission: 4 },
          { teamId: team.body.teamId, permission: 1 },
        ],
      },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ message: 'Dashboard permissions updated' });
    const byId = await call(server, 'GET', `/api/dashboards/id/${board.id}/permissions`, { as: ADMIN });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(
      (await call(server, 'GET', `/api/dashboards/uid/${board.uid}/permissions`, { as: ADMIN })).body,
    );
    expect(byId.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: user.id, permission: 4, dashboardId: board.id }),
        expect.objectContaining({ teamId: team.body.teamId, permission: 1 }),
      ]),
    );
    // Admin on the dashboard (by uid) lets the user manage it by id; a Viewer without it may not.
    const viewer = await createUser(server);
    expect(
      (await call(server, 'GET', `/api/dashboards/id/${board.id}/permissions`, { as: viewer.as })).status,
    ).toBe(403);
    expect(
      (await call(server, 'GET', `/api/dashboards/id/${board.id}/permissions`, { as: user.as })).status,
    ).toBe(200);
    const bad = await call(server, 'POST', `/api/dashboards/id/${board.id}/permissions`, {
      as: ADMIN,
      body: { items: [{ userId: 424242, permission: 1 }] },
    });
    expect(bad.status).toBe(400);
    const unknown = await call(server, 'POST', '/api/dashboards/id/424242/permissions', {
      as: ADMIN,
      body: { items: [] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Dashboard not found');
  });

  it('PUT /api/org/address and /api/orgs/{id}/address take zipcode as zipCode', async () => {
    const server = await startTestServer();
    const put = await call(server, 'PUT', '/api/org/address', {
      as: ADMIN,
      body: { address1: 'Main St 1', city: 'Springfield', zipcode: '12345', country: 'US' },
    });
    expect(put.status).toBe(200);
    const org = await call(server, 'GET', '/api/org', { as: ADMIN });
    expect(org.body.address).toEqual({
      address1: 'Main St 1',
      address2: '',
      city: 'Springfield',
      zipCode: '12345',
      state: '',
      country: 'US',
    });
    // Both spellings: SPEC's wins.
    await call(server, 'PUT', '/api/org/address', { as: ADMIN, body: { zipCode: '1', zipcode: '2' } });
    expect((await call(server, 'GET', '/api/org', { as: ADMIN })).body.address.zipCode).toBe('1');

    const orgId = await createOrg(server);
    const admin = await call(server, 'PUT', `/api/orgs/${orgId}/address`, {
      as: ADMIN,
      body: { zipcode: '999' },
    });
    expect(admin.status).toBe(200);
    expect((await call(server, 'GET', `/api/orgs/${orgId}`, { as: ADMIN })).body.address.zipCode).toBe('999');
    const editor = await createUser(server, { orgRole: 'Editor' });
    const denied = await call(server, 'PUT', '/api/org/address', { as: editor.as, body: { zipcode: 'x' } });
    expect(denied.status).toBe(403);
    const tooLong = await call(server, 'PUT', '/api/org/address', {
      as: ADMIN,
      body: { zipcode: 'x'.repeat(1000) },
    });
    expect(tooLong.status).toBe(400);
  });
});
