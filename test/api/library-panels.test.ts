import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';
import { createTestDatabase } from '../helpers/databases.js';
import { addLibraryPanelActions } from '../../src/store/migrations/0020-library-panel-folder-grants.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
const NOT_FOUND = { message: 'library element could not be found', messageId: 'libraryelements.not-found' };
const EXISTS = {
  message: 'library element with that name or UID already exists',
  messageId: 'libraryelements.already-exists',
};
// md5('admin@localhost'): the admin's avatar
const ADMIN_USER = { id: 1, name: 'admin', avatarUrl: expect.stringMatching(/^\/avatar\/[0-9a-f]{32}$/) };

const panelModel = (title: string, type = 'timeseries', extra: Record<string, unknown> = {}) => ({
  title,
  type,
  gridPos: { h: 8, w: 12, x: 0, y: 0 },
  targets: [{ refId: 'A' }],
  ...extra,
});

async function createElement(
  server: TestServer,
  body: Record<string, unknown>,
  as: Caller = ADMIN,
): Promise<Record<string, any>> {
  const created = await call(server, 'POST', '/api/library-elements', { as, body: { kind: 1, ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.result;
}

async function createFolder(server: TestServer, uid: string, title = uid) {
  const created = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { uid, title } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { id: number; uid: string };
}

async function saveDashboard(
  server: TestServer,
  dashboard: Record<string, unknown>,
  folderUid = '',
  as: Caller = ADMIN,
) {
  const saved = await call(server, 'POST', '/api/dashboards/db', {
    as,
    body: { dashboard, folderUid, overwrite: true },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as { id: number; uid: string };
}

const list = async (server: TestServer, query = '', as: Caller = ADMIN) => {
  const listed = await call(server, 'GET', `/api/library-elements${query}`, { as });
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.result as { totalCount: number; page: number; perPage: number; elements: any[] };
};
const names = async (server: TestServer, query = '', as: Caller = ADMIN) =>
  (await list(server, query, as)).elements.map((e) => e.name);

describe('/api/library-elements', () => {
  it('creates, reads by uid and name, patches and deletes a panel with Grafana’s bodies', async () => {
    const server = await startTestServer();
    const folder = await createFolder(server, 'ops', 'Ops');
    const created = await createElement(server, {
      uid: 'cpu-panel',
      name: 'CPU',
      folderUid: 'ops',
      model: panelModel('CPU usage', 'timeseries', { description: 'CPU of all hosts' }),
    });
    const expected = {
      id: expect.any(Number),
      orgId: 1,
      folderId: folder.id,
      folderUid: 'ops',
      uid: 'cpu-panel',
      name: 'CPU',
      kind: 1,
      type: 'timeseries',
      description: 'CPU of all hosts',
      model: panelModel('CPU usage', 'timeseries', { description: 'CPU of all hosts' }),
      version: 1,
      meta: {
        folderName: 'Ops',
        folderUid: 'ops',
        connectedDashboards: 0,
        created: ISO,
        updated: ISO,
        createdBy: ADMIN_USER,
        updatedBy: ADMIN_USER,
      },
    };
    expect(created).toEqual(expected);

    const read = await call(server, 'GET', '/api/library-elements/cpu-panel', { as: ADMIN });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ result: { ...expected, id: created.id } });

    const byName = await call(server, 'GET', '/api/library-elements/name/CPU', { as: ADMIN });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ result: [{ ...expected, id: created.id }] });
    const noName = await call(server, 'GET', '/api/library-elements/name/Nope', { as: ADMIN });
    expect(noName.status).toBe(404);
    expect(noName.body).toEqual(NOT_FOUND);

    // At the root with a generated uid; a model without type/description gets them (Grafana syncs).
    const general = await createElement(server, { name: 'Text', model: { title: 'Note' } });
    expect(general).toMatchObject({
      folderId: 0,
      folderUid: '',
      uid: expect.stringMatching(/^[a-zA-Z0-9]{14}$/),
      type: '',
      description: '',
      model: { title: 'Note', type: '', description: '' },
      meta: { folderName: 'General', folderUid: '' },
    });

    const patched = await call(server, 'PATCH', '/api/library-elements/cpu-panel', {
      as: ADMIN,
      body: { kind: 1, version: 1, name: 'CPU (all)', model: panelModel('CPU', 'stat') },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.result).toEqual({
      ...expected,
      id: created.id,
      name: 'CPU (all)',
      type: 'stat',
      // the model's description was dropped: the element keeps its own and puts it back
      description: 'CPU of all hosts',
      model: { ...panelModel('CPU', 'stat'), description: 'CPU of all hosts' },
      version: 2,
    });

    const deleted = await call(server, 'DELETE', '/api/library-elements/cpu-panel', { as: ADMIN });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: created.id, message: 'Library element deleted' });
    const gone = await call(server, 'GET', '/api/library-elements/cpu-panel', { as: ADMIN });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(NOT_FOUND);
    expect((await call(server, 'DELETE', '/api/library-elements/cpu-panel', { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/library-elements/cpu-panel')).status).toBe(401);
  });

  it('lists with search, type, folder and exclude filters, sorted by name and paged', async () => {
    const server = await startTestServer();
    await createFolder(server, 'ops', 'Ops');
    await createElement(server, { name: 'beta', model: panelModel('b', 'stat') });
    await createElement(server, { name: 'Alpha', model: panelModel('a', 'timeseries') });
    await createElement(server, {
      uid: 'gamma',
      name: 'gamma',
      folderUid: 'ops',
      model: panelModel('g', 'text', { description: 'Disk FULL alert' }),
    });
    await createElement(server, { name: 'delta', folderUid: 'ops', model: panelModel('d', 'stat') });

    const all = await list(server);
    expect(all).toMatchObject({ totalCount: 4, page: 1, perPage: 100 });
    expect(all.elements.map((e) => e.name)).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    expect(await names(server, '?sortDirection=alpha-desc')).toEqual(['gamma', 'delta', 'beta', 'Alpha']);
    // name or description, any case
    expect(await names(server, '?searchString=ALP')).toEqual(['Alpha']);
    expect(await names(server, '?searchString=disk%20full')).toEqual(['gamma']);
    expect(await names(server, '?typeFilter=stat,text')).toEqual(['beta', 'delta', 'gamma']);
    expect(await names(server, '?folderFilterUIDs=ops')).toEqual(['delta', 'gamma']);
    expect(await names(server, '?folderFilterUIDs=general')).toEqual(['Alpha', 'beta']);
    expect(await names(server, '?folderFilterUIDs=general,ops&excludeUid=gamma')).toEqual([
      'Alpha',
      'beta',
      'delta',
    ]);
    expect(await names(server, '?kind=1&typeFilter=stat&folderFilterUIDs=ops')).toEqual(['delta']);
    expect(await names(server, '?kind=2')).toEqual([]);

    const page2 = await list(server, '?perPage=3&page=2');
    expect(page2).toMatchObject({ totalCount: 4, page: 2, perPage: 3 });
    expect(page2.elements.map((e) => e.name)).toEqual(['gamma']);
    expect((await list(server, '?perPage=3&page=3')).elements).toEqual([]);

    for (const query of ['?sortDirection=sideways', '?perPage=x', `?searchString=${'x'.repeat(2049)}`]) {
      const refused = await call(server, 'GET', `/api/library-elements${query}`, { as: ADMIN });
      expect(refused.status, query).toBe(400);
      expect(refused.body.message, query).toMatch(/querystring\.(sortDirection|perPage|searchString)/);
    }
  });

  it('PATCH checks the version (412), keeps what is absent, moves folders and renames uids', async () => {
    const server = await startTestServer();
    await createFolder(server, 'ops', 'Ops');
    const created = await createElement(server, { uid: 'p1', name: 'P', model: panelModel('p') });

    const stale = await call(server, 'PATCH', '/api/library-elements/p1', {
      as: ADMIN,
      body: { kind: 1, version: 7, name: 'Q' },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      message: 'the library element has been changed by someone else',
      messageId: 'libraryelements.version-mismatch',
    });

    // name '' and no model: both kept; folderUid moves it
    const moved = await call(server, 'PATCH', '/api/library-elements/p1', {
      as: ADMIN,
      body: { kind: 1, version: 1, name: '', folderUid: 'ops' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.result).toMatchObject({
      name: 'P',
      folderUid: 'ops',
      version: 2,
      model: { ...panelModel('p'), description: '' },
      meta: { folderName: 'Ops' },
    });
    // the version moved on: the old one is stale now
    const again = await call(server, 'PATCH', '/api/library-elements/p1', {
      as: ADMIN,
      body: { kind: 1, version: 1, name: 'R' },
    });
    expect(again.status).toBe(412);

    const renamed = await call(server, 'PATCH', '/api/library-elements/p1', {
      as: ADMIN,
      body: { kind: 1, version: 2, uid: 'p2', folderUid: '' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.result).toMatchObject({ id: created.id, uid: 'p2', folderUid: '', version: 3 });
    expect((await call(server, 'GET', '/api/library-elements/p1', { as: ADMIN })).status).toBe(404);

    await createElement(server, { uid: 'other', name: 'Other', model: panelModel('o') });
    const uidTaken = await call(server, 'PATCH', '/api/library-elements/p2', {
      as: ADMIN,
      body: { kind: 1, version: 3, uid: 'other' },
    });
    expect(uidTaken.status).toBe(400);
    expect(uidTaken.body).toEqual(EXISTS);
    const nameTaken = await call(server, 'PATCH', '/api/library-elements/p2', {
      as: ADMIN,
      body: { kind: 1, version: 3, name: 'Other' },
    });
    expect(nameTaken.status).toBe(400);
    expect(nameTaken.body).toEqual(EXISTS);

    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ version: 3 }, /body\.kind is required/],
      [{ kind: 1 }, /body\.version is required/],
      [{ kind: 2, version: 3 }, 'the element kind is not supported'],
      [{ kind: 1, version: 3, uid: 'bad uid' }, 'uid contains illegal characters'],
      [{ kind: 1, version: 3, uid: 'x'.repeat(41) }, 'uid too long, max 40 characters'],
      [{ kind: 1, version: 3, folderUid: 'nope' }, 'folder not found'],
      [{ kind: 1, version: 3, name: 'x'.repeat(191) }, /body\.name/],
      [{ kind: 1, version: 3, model: { type: 'x'.repeat(191) } }, /body\.model\.type/],
      [{ kind: 1, version: 3, model: { description: 'x'.repeat(2049) } }, /body\.model\.description/],
      [{ kind: 1, version: 3, model: 'text' }, /body\.model/],
    ];
    for (const [body, message] of cases) {
      const refused = await call(server, 'PATCH', '/api/library-elements/p2', { as: ADMIN, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toMatch(message);
    }
    const unknown = await call(server, 'PATCH', '/api/library-elements/nope', {
      as: ADMIN,
      body: { kind: 1, version: 1 },
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses bad creates (400 naming the field), a taken name in a folder or uid, and lets one of concurrent creates win', async () => {
    const server = await startTestServer();
    await createFolder(server, 'ops');
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ kind: 1, model: {} }, /body\.name is required/],
      [{ kind: 1, name: 'x' }, /body\.model is required/],
      [{ name: 'x', model: {} }, /body\.kind is required/],
      [{ kind: 1, name: '', model: {} }, /body\.name/],
      [{ kind: 1, name: 'x'.repeat(191), model: {} }, /body\.name/],
      [{ kind: 2, name: 'x', model: {} }, 'the element kind is not supported'],
      [{ kind: 1, name: 'x', model: {}, uid: 'a/b' }, 'uid contains illegal characters'],
      [{ kind: 1, name: 'x', model: {}, folderUid: 'nope' }, 'folder not found'],
      [{ kind: 1, name: 'x', model: {}, folderId: 99999 }, 'folder not found'],
      [{ kind: 1, name: 'x', model: {}, folderUid: 'x'.repeat(41) }, /body\.folderUid/],
      [{ kind: 1, name: 'x', model: { type: 7 } }, /body\.model\.type/],
    ];
    for (const [body, message] of cases) {
      const refused = await call(server, 'POST', '/api/library-elements', { as: ADMIN, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toMatch(message);
    }

    await createElement(server, { uid: 'u1', name: 'Shared', model: panelModel('s') });
    // the same name in another folder is fine; in the same folder, or the same uid, is not
    await createElement(server, { name: 'Shared', folderUid: 'ops', model: panelModel('s') });
    for (const body of [
      { name: 'Shared', model: panelModel('s') },
      { uid: 'u1', name: 'Else', model: panelModel('s') },
    ]) {
      const taken = await call(server, 'POST', '/api/library-elements', {
        as: ADMIN,
        body: { kind: 1, ...body },
      });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual(EXISTS);
    }

    const racers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(server, 'POST', '/api/library-elements', {
          as: ADMIN,
          body: { kind: 1, name: 'Raced', folderUid: 'ops', model: panelModel('r') },
        }),
      ),
    );
    expect(racers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(400)]);
    for (const loser of racers.filter((r) => r.status !== 200)) expect(loser.body).toEqual(EXISTS);
    expect(await names(server, '?folderFilterUIDs=ops')).toEqual(['Raced', 'Shared']);
  });

  it('records connections when a dashboard is saved, refuses a delete while connected, frees it with the dashboard', async () => {
    const server = await startTestServer();
    await createFolder(server, 'ops');
    const cpu = await createElement(server, { uid: 'cpu', name: 'CPU', model: panelModel('CPU') });
    await createElement(server, { uid: 'mem', name: 'Mem', folderUid: 'ops', model: panelModel('Mem') });

    const dash = await saveDashboard(server, {
      uid: 'd1',
      title: 'Hosts',
      panels: [
        { id: 1, gridPos: { h: 8, w: 12, x: 0, y: 0 }, libraryPanel: { uid: 'cpu', name: 'CPU' } },
        {
          id: 2,
          type: 'row',
          collapsed: true,
          panels: [{ id: 3, libraryPanel: { uid: 'mem', name: 'Mem' } }],
        },
        // unknown elements are not recorded
        { id: 4, libraryPanel: { uid: 'ghost', name: 'Ghost' } },
      ],
    });

    const connections = await call(server, 'GET', '/api/library-elements/cpu/connections', { as: ADMIN });
    expect(connections.status).toBe(200);
    expect(connections.body).toEqual({
      result: [
        {
          id: expect.any(Number),
          kind: 1,
          elementId: cpu.id,
          connectionId: dash.id,
          connectionUid: 'd1',
          created: ISO,
          createdBy: ADMIN_USER,
        },
      ],
    });
    expect(
      (await call(server, 'GET', '/api/library-elements/mem', { as: ADMIN })).body.result.meta,
    ).toMatchObject({ connectedDashboards: 1 });
    const used = await call(server, 'GET', '/api/library-elements?searchString=cpu', { as: ADMIN });
    expect(used.body.result.elements[0].meta.connectedDashboards).toBe(1);

    const refused = await call(server, 'DELETE', '/api/library-elements/cpu', { as: ADMIN });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'the library element has connections',
      messageId: 'libraryelements.has-connections',
    });
    // a folder whose element a dashboard elsewhere uses cannot be deleted
    const folderRefused = await call(server, 'DELETE', '/api/folders/ops', { as: ADMIN });
    expect(folderRefused.status).toBe(400);
    expect(folderRefused.body.message).toBe('folder contains library elements that are linked in use');
    expect((await call(server, 'GET', '/api/folders/ops', { as: ADMIN })).status).toBe(200);

    // a second save without the CPU panel drops its connection only, and it can go
    await saveDashboard(server, {
      uid: 'd1',
      title: 'Hosts',
      panels: [{ id: 3, libraryPanel: { uid: 'mem', name: 'Mem' } }],
    });
    expect((await call(server, 'GET', '/api/library-elements/cpu/connections', { as: ADMIN })).body).toEqual({
      result: [],
    });
    expect((await call(server, 'DELETE', '/api/library-elements/cpu', { as: ADMIN })).status).toBe(200);

    // deleting the dashboard frees Mem
    expect((await call(server, 'DELETE', '/api/library-elements/mem', { as: ADMIN })).status).toBe(403);
    expect((await call(server, 'DELETE', '/api/dashboards/uid/d1', { as: ADMIN })).status).toBe(200);
    expect((await call(server, 'GET', '/api/library-elements/mem/connections', { as: ADMIN })).body).toEqual({
      result: [],
    });

    // a folder's elements go with it (here its own dashboard uses one)
    await saveDashboard(
      server,
      { uid: 'd2', title: 'In ops', panels: [{ id: 1, libraryPanel: { uid: 'mem' } }] },
      'ops',
    );
    const folderDeleted = await call(server, 'DELETE', '/api/folders/ops', { as: ADMIN });
    expect(folderDeleted.status, JSON.stringify(folderDeleted.body)).toBe(200);
    expect((await call(server, 'GET', '/api/library-elements/mem', { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/library-elements/nope/connections', { as: ADMIN })).status).toBe(
      404,
    );
  });

  it('RBAC: Viewers read (root), Editors write at the root, folder permissions decide in folders', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    await createFolder(server, 'secret');
    await createElement(server, { uid: 'root', name: 'Root', model: panelModel('r') });
    await createElement(server, {
      uid: 'hidden',
      name: 'Hidden',
      folderUid: 'secret',
      model: panelModel('h'),
    });
    // nobody but admins on the folder
    for (const role of ['Viewer', 'Editor']) {
      const cleared = await call(server, 'POST', `/api/access-control/folders/secret/builtInRoles/${role}`, {
        as: ADMIN,
        body: { permission: '' },
      });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    }

    // Viewer: reads the root's, not the folder's; creates nothing
    expect(await names(server, '', viewer.as)).toEqual(['Root']);
    expect((await list(server, '', viewer.as)).totalCount).toBe(1);
    expect((await call(server, 'GET', '/api/library-elements/root', { as: viewer.as })).status).toBe(200);
    expect((await call(server, 'GET', '/api/library-elements/hidden', { as: viewer.as })).status).toBe(403);
    expect((await call(server, 'GET', '/api/library-elements/name/Hidden', { as: viewer.as })).body).toEqual({
      result: [],
    });
    const viewerCreate = await call(server, 'POST', '/api/library-elements', {
      as: viewer.as,
      body: { kind: 1, name: 'V', model: {} },
    });
    expect(viewerCreate.status).toBe(403);
    expect(viewerCreate.body.message).toContain('library.panels:create');
    const viewerPatch = await call(server, 'PATCH', '/api/library-elements/root', {
      as: viewer.as,
      body: { kind: 1, version: 1, name: 'V' },
    });
    expect(viewerPatch.status).toBe(403);
    expect((await call(server, 'DELETE', '/api/library-elements/root', { as: viewer.as })).status).toBe(403);

    // Editor: writes at the root, not in the folder, nor moves one into it
    await createElement(server, { uid: 'ed', name: 'Ed', model: panelModel('e') }, editor.as);
    const editorInFolder = await call(server, 'POST', '/api/library-elements', {
      as: editor.as,
      body: { kind: 1, name: 'E', folderUid: 'secret', model: {} },
    });
    expect(editorInFolder.status).toBe(403);
    expect(editorInFolder.body.message).toContain('library.panels:create');
    const moveIn = await call(server, 'PATCH', '/api/library-elements/ed', {
      as: editor.as,
      body: { kind: 1, version: 1, folderUid: 'secret' },
    });
    expect(moveIn.status).toBe(403);
    expect(
      (
        await call(server, 'PATCH', '/api/library-elements/hidden', {
          as: editor.as,
          body: { kind: 1, version: 1, name: 'x' },
        })
      ).status,
    ).toBe(403);

    // View on the folder: the viewer reads its elements; Edit: the editor writes there
    const view = await call(server, 'POST', `/api/access-control/folders/secret/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'View' },
    });
    expect(view.status).toBe(200);
    expect(await names(server, '', viewer.as)).toEqual(['Ed', 'Hidden', 'Root']);
    expect((await call(server, 'GET', '/api/library-elements/hidden', { as: viewer.as })).status).toBe(200);
    expect((await call(server, 'DELETE', '/api/library-elements/hidden', { as: viewer.as })).status).toBe(
      403,
    );
    const edit = await call(server, 'POST', `/api/access-control/folders/secret/users/${editor.id}`, {
      as: ADMIN,
      body: { permission: 'Edit' },
    });
    expect(edit.status).toBe(200);
    const moved = await call(server, 'PATCH', '/api/library-elements/ed', {
      as: editor.as,
      body: { kind: 1, version: 1, folderUid: 'secret' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await call(server, 'DELETE', '/api/library-elements/hidden', { as: editor.as })).status).toBe(
      200,
    );

    // connections list only dashboards the caller may read
    await saveDashboard(server, {
      uid: 'open',
      title: 'Open',
      panels: [{ id: 1, libraryPanel: { uid: 'root' } }],
    });
    await saveDashboard(
      server,
      { uid: 'closed', title: 'Closed', panels: [{ id: 1, libraryPanel: { uid: 'root' } }] },
      'secret',
    );
    const other = await createUser(server);
    const seen = await call(server, 'GET', '/api/library-elements/root/connections', { as: other.as });
    expect(seen.body.result.map((c: { connectionUid: string }) => c.connectionUid)).toEqual(['open']);
    const all = await call(server, 'GET', '/api/library-elements/root/connections', { as: ADMIN });
    expect(all.body.result.map((c: { connectionUid: string }) => c.connectionUid)).toEqual([
      'open',
      'closed',
    ]);
  });

  it('migration 0020 gives folder grants stored before 0019 their library panel actions', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestServer({ database });
      const [viewer, editor] = [await createUser(first), await createUser(first, { orgRole: 'Editor' })];
      await createFolder(first, 'old');
      await createElement(first, { uid: 'old-panel', name: 'Old', folderUid: 'old', model: panelModel('o') });
      for (const role of ['Viewer', 'Editor'])
        await call(first, 'POST', `/api/access-control/folders/old/builtInRoles/${role}`, {
          as: ADMIN,
          body: { permission: '' },
        });
      for (const [user, level] of [
        [viewer, 'View'],
        [editor, 'Edit'],
      ] as const) {
        const set = await call(first, 'POST', `/api/access-control/folders/old/users/${user.id}`, {
          as: ADMIN,
          body: { permission: level },
        });
        expect(set.status).toBe(200);
      }
      // the grants as the code before 0019 stored them: no library panel actions
      const db = first.database.db as unknown as Kysely<{ permission: { action: string; scope: string } }>;
      await db
        .deleteFrom('permission')
        .where('scope', '=', 'folders:uid:old')
        .where('action', 'like', 'library.panels:%')
        .execute();
      const levels = async (server: TestServer) =>
        Object.fromEntries(
          ((await call(server, 'GET', '/api/access-control/folders/old', { as: ADMIN })).body as any[])
            .filter((p) => p.userId !== undefined)
            .map((p) => [p.userId, p.permission]),
        );
      const before = await startTestServer({ database });
      expect(await levels(before)).toMatchObject({ [viewer.id]: '', [editor.id]: '' });
      expect((await call(before, 'GET', '/api/library-elements/old-panel', { as: viewer.as })).status).toBe(
        403,
      );

      await addLibraryPanelActions(first.database.db as unknown as Kysely<unknown>);
      const after = await startTestServer({ database });
      expect(await levels(after)).toMatchObject({ [viewer.id]: 'View', [editor.id]: 'Edit' });
      expect((await call(after, 'GET', '/api/library-elements/old-panel', { as: viewer.as })).status).toBe(
        200,
      );
      const patched = await call(after, 'PATCH', '/api/library-elements/old-panel', {
        as: editor.as,
        body: { kind: 1, version: 1, name: 'Renamed' },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      // and running it again adds nothing
      const count = async () =>
        (await db.selectFrom('permission').select('action').where('scope', '=', 'folders:uid:old').execute())
          .length;
      const rows = await count();
      await addLibraryPanelActions(first.database.db as unknown as Kysely<unknown>);
      expect(await count()).toBe(rows);
    } finally {
      await database.drop();
    }
    // three servers on one database: slow on a loaded MariaDB
  }, 120_000);

  it('keeps each org’s elements to itself', async () => {
    const server = await startTestServer();
    const orgId = await createOrg(server);
    const other = inOrg(ADMIN, orgId);
    await createElement(server, { uid: 'mine', name: 'Same', model: panelModel('m') });
    // the same name and uid in another org are another org's business
    const theirs = await createElement(server, { uid: 'mine', name: 'Same', model: panelModel('t') }, other);
    expect(theirs.orgId).toBe(orgId);
    await createElement(server, { uid: 'theirs', name: 'Theirs', model: panelModel('t') }, other);

    expect(await names(server)).toEqual(['Same']);
    expect(await names(server, '', other)).toEqual(['Same', 'Theirs']);
    expect((await call(server, 'GET', '/api/library-elements/theirs', { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/library-elements/name/Theirs', { as: ADMIN })).status).toBe(404);
    expect(
      (
        await call(server, 'PATCH', '/api/library-elements/theirs', {
          as: ADMIN,
          body: { kind: 1, version: 1 },
        })
      ).status,
    ).toBe(404);
    expect((await call(server, 'DELETE', '/api/library-elements/theirs', { as: ADMIN })).status).toBe(404);
    const mine = await call(server, 'GET', '/api/library-elements/mine', { as: ADMIN });
    expect(mine.body.result.model.title).toBe('m');

    // a dashboard in org 1 naming the other org's uid connects only org 1's element
    await saveDashboard(server, {
      uid: 'd',
      title: 'D',
      panels: [{ id: 1, libraryPanel: { uid: 'theirs' } }],
    });
    expect(
      (await call(server, 'GET', '/api/library-elements/theirs/connections', { as: other })).body,
    ).toEqual({
      result: [],
    });
    expect((await call(server, 'DELETE', '/api/library-elements/theirs', { as: other })).status).toBe(200);
  });
});
