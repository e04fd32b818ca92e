import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const denied = (needed: string) => ({
  accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
  message: `You'll need additional permissions to perform this action. Permissions needed: ${needed}`,
  title: 'Access denied',
});

/** A dashboard row without the default grants a save through the API would add. */
async function bareDashboard(server: TestServer, uid: string, orgId = 1): Promise<void> {
  const now = Date.now();
  await server.database.db
    .insertInto('dashboard')
    .values({
      org_id: orgId,
      uid,
      title: uid,
      sort_title: uid,
      slug: uid,
      folder_uid: '',
      version: 1,
      data: '{}',
      created: now,
      updated: now,
      created_by: 1,
      updated_by: 1,
      provisioner: '',
      provisioned_external_id: '',
      provisioned_checksum: '',
      allow_ui_updates: 0,
    })
    .execute();
}

describe('/api/access-control/{resource}/description', () => {
  it('lists the levels and who can be assigned', async () => {
    const server = await startTestServer();
    const dashboards = await call(server, 'GET', '/api/access-control/dashboards/description', { as: ADMIN });
    expect(dashboards.status).toBe(200);
    expect(dashboards.body).toEqual({
      assignments: { users: true, serviceAccounts: true, teams: true, builtInRoles: true },
      permissions: ['View', 'Edit', 'Admin'],
    });
    const teams = await call(server, 'GET', '/api/access-control/teams/description', { as: ADMIN });
    expect(teams.body).toEqual({
      assignments: { users: true, serviceAccounts: true, teams: false, builtInRoles: false },
      permissions: ['Member', 'Admin'],
    });
    const unknown = await call(server, 'GET', '/api/access-control/widgets/description', { as: ADMIN });
    expect(unknown.status).toBe(404);
    expect((await call(server, 'GET', '/api/access-control/dashboards/description')).status).toBe(401);
  });
});

describe('/api/access-control/{resource}/{id}', () => {
  it('sets, lists and removes user, team and built-in role permissions; they apply at once', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Ops' } });
    const teamId = team.body.teamId as number;
    await bareDashboard(server, 'dash1');

    const set = await call(server, 'POST', `/api/access-control/dashboards/dash1/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'Edit' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ message: 'Permission updated' });
    const held = await call(server, 'GET', '/api/access-control/user/permissions', { as: viewer.as });
    expect(held.body['dashboards:write']).toEqual(['dashboards:uid:dash1']);
    expect(held.body['dashboards:delete']).toEqual(['dashboards:uid:dash1']);

    expect(
      (
        await call(server, 'POST', `/api/access-control/dashboards/dash1/teams/${teamId}`, {
          as: ADMIN,
          body: { permission: 'View' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(server, 'POST', '/api/access-control/dashboards/dash1/builtInRoles/Editor', {
          as: ADMIN,
          body: { permission: 'Admin' },
        })
      ).status,
    ).toBe(200);

    const list = await call(server, 'GET', '/api/access-control/dashboards/dash1', { as: ADMIN });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(Number),
          roleName: `managed:users:${viewer.id}:permissions`,
          isManaged: true,
          isInherited: false,
          isServiceAccount: false,
          userId: viewer.id,
          userUid: viewer.uid,
          userLogin: viewer.login,
          userAvatarUrl: expect.stringMatching(/^\/avatar\/[0-9a-f]{32}$/),
          actions: [
            'dashboards:read',
            'annotations:read',
            'dashboards:write',
            'dashboards:delete',
            'annotations:create',
            'annotations:write',
            'annotations:delete',
          ],
          permission: 'Edit',
        },
        expect.objectContaining({
          teamId,
          team: 'Ops',
          permission: 'View',
          actions: ['dashboards:read', 'annotations:read'],
        }),
        expect.objectContaining({
          builtInRole: 'Editor',
          permission: 'Admin',
          roleName: 'managed:builtins:editor:permissions',
        }),
      ]),
    );

    // '' removes
    const removed = await call(server, 'POST', `/api/access-control/dashboards/dash1/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: '' },
    });
    expect(removed.status).toBe(200);
    const after = await call(server, 'GET', '/api/access-control/user/permissions', { as: viewer.as });
    expect(after.body['dashboards:write']).toBeUndefined();
    expect(
      (await call(server, 'GET', '/api/access-control/dashboards/dash1', { as: ADMIN })).body,
    ).toHaveLength(2);

    // Errors
    const badLevel = await call(server, 'POST', `/api/access-control/dashboards/dash1/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'Owner' },
    });
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.message).toBe('invalid permission');
    const noUser = await call(server, 'POST', '/api/access-control/dashboards/dash1/users/99999', {
      as: ADMIN,
      body: { permission: 'View' },
    });
    expect(noUser.status).toBe(404);
    const noTeam = await call(server, 'POST', '/api/access-control/dashboards/dash1/teams/99999', {
      as: ADMIN,
      body: { permission: 'View' },
    });
    expect(noTeam.status).toBe(404);
    const badRole = await call(server, 'POST', '/api/access-control/dashboards/dash1/builtInRoles/Owner', {
      as: ADMIN,
      body: { permission: 'View' },
    });
    expect(badRole.status).toBe(400);
    const unknown = await call(server, 'GET', '/api/access-control/widgets/1', { as: ADMIN });
    expect(unknown.status).toBe(404);
    const missing = await call(server, 'POST', `/api/access-control/dashboards/dash1/users/${viewer.id}`, {
      as: ADMIN,
      body: {},
    });
    expect(missing.status).toBe(400);
  });

  it("sets several principals at once (Grafana's set-many), all or none, leaving the others", async () => {
    const server = await startTestServer();
    const [kept, viewer] = [await createUser(server), await createUser(server)];
    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Many' } });
    const teamId = team.body.teamId as number;
    await bareDashboard(server, 'many1');
    const url = '/api/access-control/dashboards/many1';
    await call(server, 'POST', `${url}/users/${kept.id}`, { as: ADMIN, body: { permission: 'View' } });

    const set = await call(server, 'POST', url, {
      as: ADMIN,
      body: {
        permissions: [
          { userId: viewer.id, permission: 'Edit' },
          { teamId, permission: 'View' },
          { builtInRole: 'Editor', permission: 'Admin' },
        ],
      },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ message: 'Permissions updated' });
    const levels = async () =>
      Object.fromEntries(
        (
          (await call(server, 'GET', url, { as: ADMIN })).body as {
            userId?: number;
            teamId?: number;
            builtInRole?: string;
            permission: string;
          }[]
        ).map((p) => [String(p.userId ?? (p.teamId ? `team ${p.teamId}` : p.builtInRole)), p.permission]),
      );
    expect(await levels()).toEqual({
      [String(kept.id)]: 'View',
      [String(viewer.id)]: 'Edit',
      [`team ${teamId}`]: 'View',
      Editor: 'Admin',
    });
    const meta = await call(server, 'GET', '/api/dashboards/uid/many1', { as: viewer.as });
    expect(meta.body.meta.canSave).toBe(true);

    // an entry naming no principal, or two, is a 400 naming it; an unknown team a 404: nothing changes
    const two = await call(server, 'POST', url, {
      as: ADMIN,
      body: {
        permissions: [
          { userId: viewer.id, permission: '' },
          { userId: viewer.id, teamId, permission: 'View' },
        ],
      },
    });
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('permissions[1]: give exactly one of userId, teamId and builtInRole');
    const unknown = await call(server, 'POST', url, {
      as: ADMIN,
      body: {
        permissions: [
          { userId: viewer.id, permission: '' },
          { teamId: 999_999, permission: 'View' },
        ],
      },
    });
    expect(unknown.status).toBe(404);
    expect((await levels())[String(viewer.id)]).toBe('Edit');
    const noDashboard = await call(server, 'POST', '/api/access-control/dashboards/no-such-dashboard', {
      as: ADMIN,
      body: {
        permissions: [
          { teamId, permission: 'View' },
          { builtInRole: 'Viewer', permission: 'View' },
        ],
      },
    });
    expect(noDashboard.status).toBe(404);
    // and the caller needs dashboards.permissions:write on it
    const refused = await call(server, 'POST', url, {
      as: viewer.as,
      body: { permissions: [{ userId: viewer.id, permission: 'Admin' }] },
    });
    expect(refused.status).toBe(403);
  });

  it('needs <resource>.permissions:read|write on the resource', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    // Unknown dashboards are 404 for everybody (the dashboards feature's scope resolver).
    for (const uid of ['d1', 'd2']) {
      const created = await call(server, 'POST', '/api/dashboards/db', {
        as: ADMIN,
        body: { dashboard: { uid, title: `Dashboard ${uid}` } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const requests: [string, string, string, unknown?][] = [
      ['GET', '/api/access-control/dashboards/d1', 'dashboards.permissions:read'],
      [
        'POST',
        `/api/access-control/dashboards/d1/users/${viewer.id}`,
        'dashboards.permissions:write',
        { permission: 'Admin' },
      ],
      [
        'POST',
        '/api/access-control/folders/f1/teams/1',
        'folders.permissions:write',
        { permission: 'Admin' },
      ],
      [
        'POST',
        '/api/access-control/datasources/ds1/builtInRoles/Viewer',
        'datasources.permissions:write',
        { permission: 'Query' },
      ],
      ['GET', '/api/access-control/serviceaccounts/1', 'serviceaccounts.permissions:read'],
      ['GET', '/api/access-control/receivers/r1', 'receivers.permissions:read'],
      ['GET', '/api/access-control/teams/1', 'teams.permissions:read'],
    ];
    for (const [method, path, needed, body] of requests) {
      expect((await call(server, method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const caller of [viewer, editor]) {
        const response = await call(server, method, path, { as: caller.as, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual(denied(needed));
      }
    }
    // Admin on one dashboard lets a Viewer manage that dashboard's permissions, and only that one.
    await call(server, 'POST', `/api/access-control/dashboards/d1/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'Admin' },
    });
    expect((await call(server, 'GET', '/api/access-control/dashboards/d1', { as: viewer.as })).status).toBe(
      200,
    );
    expect((await call(server, 'GET', '/api/access-control/dashboards/d2', { as: viewer.as })).status).toBe(
      403,
    );
  });

  it('team permissions are team memberships (Member, Admin)', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Devs' } });
    const teamId = team.body.teamId as number;

    const members = () => call(server, 'GET', `/api/teams/${teamId}/members`, { as: ADMIN });
    const rename = () =>
      call(server, 'PUT', `/api/teams/${teamId}`, { as: viewer.as, body: { name: 'Renamed' } });
    expect((await rename()).status).toBe(403);

    const member = await call(server, 'POST', `/api/access-control/teams/${teamId}/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'Member' },
    });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    expect((await members()).body.map((m: any) => [m.userId, m.permission])).toEqual(
      expect.arrayContaining([[viewer.id, 0]]),
    );
    expect((await call(server, 'GET', `/api/teams/${teamId}`, { as: viewer.as })).status).toBe(200);
    expect((await rename()).status).toBe(403);

    await call(server, 'POST', `/api/access-control/teams/${teamId}/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'Admin' },
    });
    expect((await members()).body.find((m: any) => m.userId === viewer.id).permission).toBe(4);
    expect((await rename()).status).toBe(200);

    const list = await call(server, 'GET', `/api/access-control/teams/${teamId}`, { as: ADMIN });
    expect(list.status).toBe(200);
    expect(list.body.map((p: any) => [p.userLogin, p.permission])).toEqual(
      expect.arrayContaining([
        ['admin', 'Admin'],
        [viewer.login, 'Admin'],
      ]),
    );

    await call(server, 'POST', `/api/access-control/teams/${teamId}/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: '' },
    });
    expect((await members()).body.map((m: any) => m.userId)).not.toContain(viewer.id);
    expect((await rename()).status).toBe(403);

    const builtIn = await call(server, 'POST', `/api/access-control/teams/${teamId}/builtInRoles/Viewer`, {
      as: ADMIN,
      body: { permission: 'Member' },
    });
    expect(builtIn.status).toBe(400);
    const unknownTeam = await call(server, 'GET', '/api/access-control/teams/99999', { as: ADMIN });
    expect(unknownTeam.status).toBe(404);
  });

  it('keeps the permissions of one org out of another', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    await bareDashboard(server, 'shared-uid');
    await bareDashboard(server, 'shared-uid', org2);
    const set = await call(server, 'POST', '/api/access-control/dashboards/shared-uid/builtInRoles/Viewer', {
      as: inOrg(ADMIN, org2),
      body: { permission: 'View' },
    });
    expect(set.status).toBe(200);
    const there = await call(server, 'GET', '/api/access-control/dashboards/shared-uid', {
      as: inOrg(ADMIN, org2),
    });
    expect(there.body).toHaveLength(1);
    const here = await call(server, 'GET', '/api/access-control/dashboards/shared-uid', { as: ADMIN });
    expect(here.status).toBe(200);
    expect(here.body).toEqual([]);
  });
});

describe('resources that do not exist', () => {
  it('are 404 for every kind, even to a caller holding wildcards, and nothing is stored', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const org2 = await createOrg(server);
    // Real resources of another org must not count either.
    const elsewhere = await call(server, 'POST', '/api/dashboards/db', {
      as: inOrg(ADMIN, org2),
      body: { dashboard: { uid: 'other-org', title: 'Elsewhere' } },
    });
    expect(elsewhere.status).toBe(200);
    const missing = ['dashboards/nope', 'dashboards/other-org', 'folders/nope', 'datasources/nope'];
    missing.push('serviceaccounts/9999', 'serviceaccounts/abc', 'teams/9999', 'receivers/bm9wZQ');
    for (const resource of missing) {
      const listed = await call(server, 'GET', `/api/access-control/${resource}`, { as: ADMIN });
      expect(listed.status, `GET ${resource}`).toBe(404);
      const set = await call(server, 'POST', `/api/access-control/${resource}/users/${viewer.id}`, {
        as: ADMIN,
        body: { permission: resource.startsWith('teams') ? 'Member' : 'Admin' },
      });
      expect(set.status, `POST ${resource}`).toBe(404);
      expect(set.body.message).toBe('Resource not found');
    }
    const held = await call(server, 'GET', '/api/access-control/user/permissions', { as: viewer.as });
    expect(JSON.stringify(held.body)).not.toMatch(/nope|9999|other-org|bm9wZQ/);

    // The same calls on real resources succeed.
    const folder = await call(server, 'POST', '/api/folders', {
      as: ADMIN,
      body: { uid: 'real', title: 'Real' },
    });
    expect(folder.status).toBe(200);
    const granted = await call(server, 'POST', `/api/access-control/folders/real/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'View' },
    });
    expect(granted.status).toBe(200);
  });
});
