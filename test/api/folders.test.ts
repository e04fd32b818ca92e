import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const ACCESS_DENIED = {
  accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
  message: expect.stringMatching(
    /^You'll need additional permissions to perform this action\. Permissions needed: /,
  ),
  title: 'Access denied',
};

async function folder(server: TestServer, body: Record<string, unknown>, as: Caller = ADMIN) {
  const created = await call(server, 'POST', '/api/folders', { as, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { id: number; uid: string; title: string; version: number };
}

async function dashboard(server: TestServer, title: string, folderUid: string, as: Caller = ADMIN) {
  const saved = await call(server, 'POST', '/api/dashboards/db', {
    as,
    body: { dashboard: { title }, folderUid },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as { uid: string; id: number };
}

describe('/api/folders', () => {
  it('creates, reads, updates, lists and deletes folders', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/folders', {
      as: ADMIN,
      body: { uid: 'ops', title: 'Operations', description: 'ops things' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      uid: 'ops',
      orgId: 1,
      title: 'Operations',
      description: 'ops things',
      url: '/dashboards/f/ops/operations',
      hasAcl: false,
      canSave: true,
      canEdit: true,
      canAdmin: true,
      canDelete: true,
      createdBy: 'admin',
      created: expect.any(String),
      updatedBy: 'admin',
      updated: expect.any(String),
      version: 1,
    });
    const got = await call(server, 'GET', '/api/folders/ops', { as: ADMIN });
    expect(got.body).toEqual(created.body);

    const stale = await call(server, 'PUT', '/api/folders/ops', {
      as: ADMIN,
      body: { title: 'Ops', version: 0 },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({
      message: 'the folder has been changed by someone else',
      messageId: 'folder.version-mismatch',
    });
    const updated = await call(server, 'PUT', '/api/folders/ops', {
      as: ADMIN,
      body: { title: 'Ops', version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Ops', version: 2, url: '/dashboards/f/ops/ops' });

    await folder(server, { uid: 'apps', title: 'Apps' });
    const list = await call(server, 'GET', '/api/folders', { as: ADMIN });
    expect(list.body).toEqual([
      { id: expect.any(Number), uid: 'apps', title: 'Apps' },
      { id: created.body.id, uid: 'ops', title: 'Ops' },
    ]);
    expect((await call(server, 'GET', '/api/folders?limit=1&page=2', { as: ADMIN })).body).toEqual([
      { id: created.body.id, uid: 'ops', title: 'Ops' },
    ]);

    const inside = await dashboard(server, 'Inside', 'ops');
    const dash = await call(server, 'GET', `/api/dashboards/uid/${inside.uid}`, { as: ADMIN });
    expect(dash.body.meta).toMatchObject({
      folderUid: 'ops',
      folderTitle: 'Ops',
      folderId: created.body.id,
      folderUrl: '/dashboards/f/ops/ops',
    });

    const deleted = await call(server, 'DELETE', '/api/folders/ops', { as: ADMIN });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ title: 'Ops', message: 'Folder Ops deleted', id: created.body.id });
    expect((await call(server, 'GET', `/api/dashboards/uid/${inside.uid}`, { as: ADMIN })).status).toBe(404);
    const gone = await call(server, 'GET', '/api/folders/ops', { as: ADMIN });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: 'folder not found', messageId: 'folder.notFound' });
  });

  it('validates titles and uids', async () => {
    const server = await startTestServer();
    await folder(server, { uid: 'taken', title: 'Taken' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: '' }, 400, 'folder title cannot be empty'],
      [{ title: 'T', uid: 'x'.repeat(41) }, 400, 'uid too long, max 40 characters'],
      [{ title: 'T', uid: 'a b' }, 400, 'uid contains illegal characters'],
      [{ title: 'Other', uid: 'taken' }, 409, 'a folder with the same uid already exists'],
      [{ title: 'Taken' }, 409, 'a folder with the same name already exists in the current location'],
      [{ title: 'T', parentUid: 'nope' }, 400, 'parent folder not found'],
    ];
    for (const [body, status, text] of cases) {
      const res = await call(server, 'POST', '/api/folders', { as: ADMIN, body });
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, text]);
    }
  });

  it('nests folders, moves them, refuses cycles and depth over 4', async () => {
    const server = await startTestServer();
    await folder(server, { uid: 'a', title: 'A' });
    const b = await call(server, 'POST', '/api/folders', {
      as: ADMIN,
      body: { uid: 'b', title: 'B', parentUid: 'a' },
    });
    expect(b.body).toMatchObject({ parentUid: 'a', parents: [{ uid: 'a', title: 'A' }] });
    await folder(server, { uid: 'c', title: 'C', parentUid: 'b' });
    await folder(server, { uid: 'd', title: 'D', parentUid: 'c' });
    const tooDeep = await call(server, 'POST', '/api/folders', {
      as: ADMIN,
      body: { title: 'E', parentUid: 'd' },
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.message).toBe('Maximum nested folder depth reached');
    expect((await call(server, 'GET', '/api/folders?parentUid=a', { as: ADMIN })).body).toEqual([
      { id: expect.any(Number), uid: 'b', title: 'B', parentUid: 'a' },
    ]);

    const cycle = await call(server, 'POST', '/api/folders/a/move', { as: ADMIN, body: { parentUid: 'c' } });
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toBe('Circular reference detected');
    const moved = await call(server, 'POST', '/api/folders/c/move', { as: ADMIN, body: { parentUid: '' } });
    expect(moved.status).toBe(200);
    expect(moved.body.parentUid).toBeUndefined();
    expect(
      (await call(server, 'GET', '/api/folders', { as: ADMIN })).body.map((f: { uid: string }) => f.uid),
    ).toEqual(['a', 'c']);
    await folder(server, { uid: 'b2', title: 'B2', parentUid: 'b' });
    const deep = await call(server, 'POST', '/api/folders/c/move', { as: ADMIN, body: { parentUid: 'b2' } });
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe('Maximum nested folder depth reached');

    const inD = await dashboard(server, 'In D', 'd');
    const deleted = await call(server, 'DELETE', '/api/folders/c', { as: ADMIN });
    expect(deleted.status).toBe(200);
    expect((await call(server, 'GET', '/api/folders/d', { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', `/api/dashboards/uid/${inD.uid}`, { as: ADMIN })).status).toBe(404);
  });

  it('checks folder permissions: viewers read root folders, editors create, folder grants inherit', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    await folder(server, { uid: 'root', title: 'Root' });
    await folder(server, { uid: 'child', title: 'Child', parentUid: 'root' });
    const secret = await folder(server, { uid: 'secret', title: 'Secret' });
    // Only admins see "secret" once the builtin grants are gone.
    const cleared = await call(server, 'POST', '/api/folders/secret/permissions', {
      as: ADMIN,
      body: { items: [] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ message: 'Folder permissions updated' });

    expect((await call(server, 'GET', '/api/folders/child', { as: viewer.as })).status).toBe(200);
    const denied = await call(server, 'GET', '/api/folders/secret', { as: viewer.as });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual(ACCESS_DENIED);
    expect(
      (await call(server, 'GET', '/api/folders', { as: viewer.as })).body.map((f: { uid: string }) => f.uid),
    ).toEqual(['root']);
    const viewerCreate = await call(server, 'POST', '/api/folders', { as: viewer.as, body: { title: 'No' } });
    expect(viewerCreate.status).toBe(403);
    expect(viewerCreate.body.message).toContain('folders:create');
    expect(
      (await call(server, 'POST', '/api/folders', { as: editor.as, body: { title: 'Mine' } })).status,
    ).toBe(200);
    const inSecret = await call(server, 'POST', '/api/dashboards/db', {
      as: editor.as,
      body: { dashboard: { title: 'X' }, folderUid: secret.uid },
    });
    expect(inSecret.status).toBe(403);
    const inChild = await dashboard(server, 'Editor dash', 'child', editor.as);
    expect((await call(server, 'GET', `/api/dashboards/uid/${inChild.uid}`, { as: viewer.as })).status).toBe(
      200,
    );
    expect((await call(server, 'GET', '/api/folders/secret', { as: ADMIN })).status).toBe(200);
    expect((await call(server, 'GET', '/api/folders')).status).toBe(401);

    // A team grant on "secret" opens it and its dashboards to the team's members.
    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Secret keepers' } });
    await call(server, 'POST', `/api/teams/${team.body.teamId}/members`, {
      as: ADMIN,
      body: { userId: viewer.id },
    });
    const hidden = await dashboard(server, 'Hidden', 'secret');
    expect((await call(server, 'GET', `/api/dashboards/uid/${hidden.uid}`, { as: viewer.as })).status).toBe(
      403,
    );
    const granted = await call(server, 'POST', '/api/folders/secret/permissions', {
      as: ADMIN,
      body: { items: [{ teamId: team.body.teamId, permission: 1 }] },
    });
    expect(granted.status).toBe(200);
    expect((await call(server, 'GET', `/api/dashboards/uid/${hidden.uid}`, { as: viewer.as })).status).toBe(
      200,
    );
    const list = await call(server, 'GET', '/api/folders/secret/permissions', { as: ADMIN });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        teamId: team.body.teamId,
        team: 'Secret keepers',
        permission: 1,
        permissionName: 'View',
        uid: 'secret',
        isFolder: true,
        inherited: false,
      }),
    ]);
    const dashPerms = await call(server, 'GET', `/api/dashboards/uid/${hidden.uid}/permissions`, {
      as: ADMIN,
    });
    expect(dashPerms.status).toBe(200);
    expect(dashPerms.body).toContainEqual(
      expect.objectContaining({ teamId: team.body.teamId, permission: 1, inherited: true, uid: 'secret' }),
    );
    expect(
      (await call(server, 'GET', `/api/dashboards/uid/${hidden.uid}/permissions`, { as: viewer.as })).status,
    ).toBe(403);
  });

  it('replaces dashboard permissions with the legacy levels', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const d = await dashboard(server, 'Shared', '');
    const set = await call(server, 'POST', `/api/dashboards/uid/${d.uid}/permissions`, {
      as: ADMIN,
      body: {
        items: [
          { userId: viewer.id, permission: 2 },
          { role: 'Viewer', permission: 1 },
        ],
      },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ message: 'Dashboard permissions updated' });
    const list = await call(server, 'GET', `/api/dashboards/uid/${d.uid}/permissions`, { as: ADMIN });
    expect(list.body).toHaveLength(2);
    expect(list.body).toContainEqual(
      expect.objectContaining({
        userId: viewer.id,
        userLogin: viewer.login,
        permission: 2,
        permissionName: 'Edit',
      }),
    );
    expect(list.body).toContainEqual(
      expect.objectContaining({ role: 'Viewer', permission: 1, permissionName: 'View' }),
    );
    const meta = await call(server, 'GET', `/api/dashboards/uid/${d.uid}`, { as: viewer.as });
    expect(meta.body.meta).toMatchObject({ canSave: true, canDelete: true, canAdmin: false });
    const bad = await call(server, 'POST', `/api/dashboards/uid/${d.uid}/permissions`, {
      as: ADMIN,
      body: { items: [{ userId: viewer.id, permission: 3 }] },
    });
    expect(bad.status).toBe(400);
    const unknown = await call(server, 'POST', '/api/dashboards/uid/nope/permissions', {
      as: ADMIN,
      body: { items: [] },
    });
    expect(unknown.status).toBe(404);
  });

  it('keeps folders of another org invisible', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    await folder(server, { uid: 'other', title: 'Other' }, inOrg(ADMIN, org2));
    expect((await call(server, 'GET', '/api/folders/other', { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/folders', { as: ADMIN })).body).toEqual([]);
    const save = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { title: 'X' }, folderUid: 'other' },
    });
    expect(save.status).toBe(400);
    expect((await call(server, 'GET', '/api/folders/other', { as: inOrg(ADMIN, org2) })).status).toBe(200);
  });
});
