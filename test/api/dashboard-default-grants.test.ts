import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deriveDefaultGrants } from '../../src/store/migrations/0010-derived-dashboard-grants.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createTestDatabase } from '../helpers/databases.js';
import { createUser } from '../helpers/factories.js';

// Issue #26: a dashboard's default grants (creator Admin; at the root Editor Edit, Viewer View)
// are derived from two columns instead of stored as permission rows, and every permission API
// answers as when they were rows.

async function permissionRows(server: TestServer): Promise<number> {
  const row = await server.database.db
    .selectFrom('permission')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function defaultsOf(server: TestServer, uid: string) {
  const row = await server.database.db
    .selectFrom('dashboard')
    .select(['default_creator_admin', 'default_role_grants'])
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  return { creator: Number(row.default_creator_admin), roles: Number(row.default_role_grants) };
}

async function saveDashboard(server: TestServer, as: Caller, uid: string, folderUid = ''): Promise<void> {
  const saved = await call(server, 'POST', '/api/dashboards/db', {
    as,
    body: { dashboard: { uid, title: `Dashboard ${uid}` }, folderUid },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function setPermission(server: TestServer, uid: string, target: string, permission: string) {
  const set = await call(server, 'POST', `/api/access-control/dashboards/${uid}/${target}`, {
    as: ADMIN,
    body: { permission },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

const sortedScopes = (held: Record<string, string[]>, action: string) =>
  (held[action] ?? []).filter((s) => s.startsWith('dashboards:uid:')).sort();

/** What every permission endpoint answers about `uids`, for each caller (ids left out: rows get new ones). */
async function answers(server: TestServer, callers: Record<string, Caller>, uids: string[]) {
  const seen: Record<string, unknown> = {};
  for (const [name, as] of Object.entries(callers)) {
    for (const uid of uids) {
      const got = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as });
      const meta = got.body.meta ?? {};
      seen[`${name} GET ${uid}`] = [got.status, meta.canSave, meta.canEdit, meta.canAdmin, meta.canDelete];
    }
    for (const query of ['', '&permission=Edit']) {
      const found = await call(server, 'GET', `/api/search?type=dash-db${query}`, { as });
      seen[`${name} search${query}`] = (found.body as { uid: string }[]).map((h) => h.uid).sort();
    }
    const held = await call(server, 'GET', '/api/access-control/user/permissions', { as });
    for (const action of [
      'dashboards:read',
      'dashboards:write',
      'dashboards.permissions:write',
      'annotations:create',
    ])
      seen[`${name} holds ${action}`] = sortedScopes(held.body, action);
    const actions = await call(server, 'GET', '/api/access-control/user/actions', { as });
    seen[`${name} actions`] = Object.keys(actions.body).sort();
  }
  for (const uid of uids) {
    const listed = await call(server, 'GET', `/api/access-control/dashboards/${uid}`, { as: ADMIN });
    seen[`list ${uid}`] = (listed.body as Record<string, unknown>[])
      .map(({ id: _id, ...rest }) => JSON.stringify(rest))
      .sort();
    const legacy = await call(server, 'GET', `/api/dashboards/uid/${uid}/permissions`, { as: ADMIN });
    seen[`legacy ${uid}`] = (legacy.body as Record<string, unknown>[])
      .map(({ id: _id, created: _c, updated: _u, ...rest }) => JSON.stringify(rest))
      .sort();
  }
  return seen;
}

describe('dashboard default grants', () => {
  it('are derived, not stored: a create writes no permission row and they apply as Grafana’s', async () => {
    const server = await startTestServer();
    const creator = await createUser(server, { orgRole: 'Editor' });
    const editor = await createUser(server, { orgRole: 'Editor' });
    const viewer = await createUser(server);

    const before = await permissionRows(server);
    await saveDashboard(server, creator.as, 'root-dash');
    expect(await permissionRows(server)).toBe(before);
    expect(await defaultsOf(server, 'root-dash')).toEqual({ creator: 1, roles: 1 });

    const meta = async (as: Caller) =>
      (await call(server, 'GET', '/api/dashboards/uid/root-dash', { as })).body.meta;
    expect(await meta(creator.as)).toMatchObject({ canSave: true, canAdmin: true, canDelete: true });
    expect(await meta(editor.as)).toMatchObject({ canSave: true, canAdmin: false, canDelete: true });
    expect(await meta(viewer.as)).toMatchObject({ canSave: false, canAdmin: false, canDelete: false });
    // the creator may manage its permissions; another Editor may not
    expect(
      (await call(server, 'GET', '/api/access-control/dashboards/root-dash', { as: creator.as })).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', '/api/access-control/dashboards/root-dash', { as: editor.as })).status,
    ).toBe(403);

    const listed = await call(server, 'GET', '/api/access-control/dashboards/root-dash', { as: ADMIN });
    expect(listed.body.map((p: any) => [p.userId ?? p.builtInRole, p.permission])).toEqual([
      [creator.id, 'Admin'],
      ['Editor', 'Edit'],
      ['Viewer', 'View'],
    ]);

    // A grant to another principal leaves the defaults derived and writes only its own rows.
    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Grantees' } });
    const beforeGrant = await permissionRows(server);
    await setPermission(server, 'root-dash', `teams/${team.body.teamId}`, 'View');
    expect(await defaultsOf(server, 'root-dash')).toEqual({ creator: 1, roles: 1 });
    const withTeam = await permissionRows(server);
    expect(withTeam - beforeGrant).toBe(2); // the View level: dashboards:read, annotations:read

    // Setting a basic role's permission stores the role defaults first, then this one.
    await setPermission(server, 'root-dash', 'builtInRoles/Viewer', '');
    expect(await defaultsOf(server, 'root-dash')).toEqual({ creator: 1, roles: 0 });
    expect(await permissionRows(server)).toBeGreaterThan(withTeam);
    expect((await call(server, 'GET', '/api/dashboards/uid/root-dash', { as: viewer.as })).status).toBe(403);
    const search = await call(server, 'GET', '/api/search?type=dash-db', { as: viewer.as });
    expect(search.body).toEqual([]);
    expect(await meta(creator.as)).toMatchObject({ canAdmin: true });
    expect(await meta(editor.as)).toMatchObject({ canSave: true, canAdmin: false });
  });

  it('in a folder give the creator Admin only; the rest comes from the folder', async () => {
    const server = await startTestServer();
    const creator = await createUser(server, { orgRole: 'Editor' });
    const viewer = await createUser(server);
    const folder = await call(server, 'POST', '/api/folders', {
      as: ADMIN,
      body: { uid: 'f1', title: 'F1' },
    });
    expect(folder.status).toBe(200);
    await saveDashboard(server, creator.as, 'in-folder', 'f1');
    expect(await defaultsOf(server, 'in-folder')).toEqual({ creator: 1, roles: 0 });
    // Viewers read it through the folder; without the folder's grant they do not.
    expect((await call(server, 'GET', '/api/dashboards/uid/in-folder', { as: viewer.as })).status).toBe(200);
    const removed = await call(server, 'POST', '/api/access-control/folders/f1/builtInRoles/Viewer', {
      as: ADMIN,
      body: { permission: '' },
    });
    expect(removed.status).toBe(200);
    expect((await call(server, 'GET', '/api/dashboards/uid/in-folder', { as: viewer.as })).status).toBe(403);
    const held = await call(server, 'GET', '/api/access-control/user/permissions', { as: creator.as });
    expect(held.body['dashboards.permissions:write']).toContain('dashboards:uid:in-folder');
  });

  it('migration 0010 turns stored defaults into derived ones and every permission API answers the same', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestServer({ database });
      const editorA = await createUser(first, { orgRole: 'Editor' });
      const editorB = await createUser(first, { orgRole: 'Editor' });
      const viewer = await createUser(first);
      const nobody = await createUser(first);
      const patched = await call(first, 'PATCH', `/api/org/users/${nobody.id}`, {
        as: ADMIN,
        body: { role: 'None' },
      });
      expect(patched.status).toBe(200);
      const team = await call(first, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Oracle team' } });
      expect(team.status).toBe(200);
      const member = await call(first, 'POST', `/api/teams/${team.body.teamId}/members`, {
        as: ADMIN,
        body: { userId: nobody.id },
      });
      expect(member.status).toBe(200);
      expect(
        (await call(first, 'POST', '/api/folders', { as: ADMIN, body: { uid: 'mf', title: 'MF' } })).status,
      ).toBe(200);
      await saveDashboard(first, editorA.as, 'd1');
      await saveDashboard(first, editorA.as, 'd2', 'mf');
      await saveDashboard(first, ADMIN, 'd3');
      await saveDashboard(first, editorB.as, 'd4');
      await setPermission(first, 'd4', `teams/${team.body.teamId}`, 'View');
      await saveDashboard(first, editorA.as, 'd5');
      await setPermission(first, 'd5', 'builtInRoles/Viewer', '');
      const uids = ['d1', 'd2', 'd3', 'd4', 'd5'];
      const callers = {
        admin: ADMIN,
        editorA: editorA.as,
        editorB: editorB.as,
        viewer: viewer.as,
        nobody: nobody.as,
      };

      const derived = await answers(first, callers, uids);
      // what Grafana's rules give (so the comparisons below compare something)
      expect(derived['viewer search']).toEqual(['d1', 'd2', 'd3', 'd4']);
      expect(derived['nobody search']).toEqual(['d4']);
      expect(derived['editorB search&permission=Edit']).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
      expect(derived['editorA holds dashboards.permissions:write']).toEqual([
        'dashboards:uid:d1',
        'dashboards:uid:d2',
        'dashboards:uid:d5',
      ]);
      expect(derived['viewer GET d5']).toEqual([403, undefined, undefined, undefined, undefined]);
      const derivedRows = await permissionRows(first);

      // The form the code before #26 stored: setting the creator's and the basic roles'
      // permissions to what they derive stores them as rows.
      const creators: Record<string, number> = {
        d1: editorA.id,
        d2: editorA.id,
        d3: 1,
        d4: editorB.id,
        d5: editorA.id,
      };
      for (const [uid, creatorId] of Object.entries(creators))
        await setPermission(first, uid, `users/${creatorId}`, 'Admin');
      for (const uid of ['d1', 'd3', 'd4']) await setPermission(first, uid, 'builtInRoles/Viewer', 'View');
      for (const uid of uids) expect(await defaultsOf(first, uid)).toEqual({ creator: 0, roles: 0 });
      const storedRows = await permissionRows(first);
      expect(storedRows).toBeGreaterThan(derivedRows);
      expect(await answers(first, callers, uids)).toEqual(derived);

      await deriveDefaultGrants(first.database.db as unknown as Kysely<unknown>);
      expect(await defaultsOf(first, 'd1')).toEqual({ creator: 1, roles: 1 });
      expect(await defaultsOf(first, 'd2')).toEqual({ creator: 1, roles: 0 });
      expect(await defaultsOf(first, 'd3')).toEqual({ creator: 1, roles: 1 });
      expect(await defaultsOf(first, 'd4')).toEqual({ creator: 1, roles: 1 });
      // d5's Viewer grant was removed: its Editor grant stays a row, its creator's is derived
      expect(await defaultsOf(first, 'd5')).toEqual({ creator: 1, roles: 0 });
      expect(await permissionRows(first)).toBeLessThan(storedRows);

      // A server started after the migration (fresh caches) answers exactly as before it.
      const second = await startTestServer({ database });
      expect(await answers(second, callers, uids)).toEqual(derived);
    } finally {
      await database.drop();
    }
  });
});
