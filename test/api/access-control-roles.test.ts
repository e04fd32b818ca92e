import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';
import { createTestDatabase } from '../helpers/databases.js';

const denied = (needed: string) => ({
  accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
  message: `You'll need additional permissions to perform this action. Permissions needed: ${needed}`,
  title: 'Access denied',
});

async function createRole(server: TestServer, body: Record<string, unknown>, as: Caller = ADMIN) {
  return call(server, 'POST', '/api/access-control/roles', { as, body });
}

describe('GET /api/access-control/user/permissions and /user/actions', () => {
  it('returns the caller’s permissions grouped by action, and the action set', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);

    const none = await call(server, 'GET', '/api/access-control/user/permissions');
    expect(none.status).toBe(401);

    const mine = await call(server, 'GET', '/api/access-control/user/permissions', { as: viewer.as });
    expect(mine.status).toBe(200);
    expect(mine.body['datasources:read']).toEqual(['datasources:*']);
    expect(mine.body['orgs:read']).toEqual(['']);
    expect(mine.body['folders:read']).toEqual(['folders:uid:general']);
    expect(mine.body['teams:create']).toBeUndefined();
    expect(mine.body['users:create']).toBeUndefined();

    const admin = await call(server, 'GET', '/api/access-control/user/permissions?reloadcache=true', {
      as: ADMIN,
    });
    expect(admin.status).toBe(200);
    expect(admin.body['users:create']).toEqual(['']);
    expect(admin.body['teams:read']).toEqual(['teams:*']);
    expect(admin.body['roles:write']).toEqual(['permissions:type:delegate']);

    const actions = await call(server, 'GET', '/api/access-control/user/actions', { as: viewer.as });
    expect(actions.status).toBe(200);
    expect(actions.body['datasources:read']).toBe(true);
    expect(actions.body['teams:create']).toBeUndefined();
    expect(Object.values(actions.body).every((v) => v === true)).toBe(true);
  });
});

describe('/api/access-control/roles', () => {
  it('creates, reads, lists, updates and deletes custom roles', async () => {
    const server = await startTestServer();
    const created = await createRole(server, {
      uid: 'team-helper',
      name: 'custom:teams:helper',
      displayName: 'Team helper',
      description: 'Reads teams',
      group: 'Teams',
      permissions: [{ action: 'teams:read', scope: 'teams:*' }, { action: 'teams:create' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      uid: 'team-helper',
      name: 'custom:teams:helper',
      displayName: 'Team helper',
      description: 'Reads teams',
      group: 'Teams',
      version: 1,
      global: false,
      orgId: 1,
      hidden: false,
    });
    expect(created.body.permissions.map((p: any) => [p.action, p.scope])).toEqual([
      ['teams:read', 'teams:*'],
      ['teams:create', ''],
    ]);
    expect(created.body.created).toMatch(/^\d{4}-\d\d-\d\dT/);

    const got = await call(server, 'GET', '/api/access-control/roles/team-helper', { as: ADMIN });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const generated = await createRole(server, { name: 'custom:empty' });
    expect(generated.status).toBe(201);
    expect(generated.body.uid).toMatch(/^[a-zA-Z0-9]{14}$/);
    expect(generated.body.permissions).toEqual([]);

    const list = await call(server, 'GET', '/api/access-control/roles', { as: ADMIN });
    expect(list.status).toBe(200);
    const names = list.body.map((r: any) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['custom:teams:helper', 'custom:empty', 'fixed:teams:writer', 'basic:viewer']),
    );
    expect(list.body.find((r: any) => r.name === 'custom:teams:helper').permissions).toBeUndefined();
    const fixed = list.body.find((r: any) => r.name === 'fixed:teams:writer');
    expect(fixed).toMatchObject({
      orgId: 0,
      global: true,
      version: 1,
      uid: expect.stringMatching(/^fixed_[\w-]{27}$/),
    });
    expect(list.body.find((r: any) => r.name === 'basic:viewer')).toMatchObject({
      uid: 'basic_viewer',
      displayName: 'Viewer',
      group: 'Basic',
      orgId: 0,
      hidden: true,
    });
    // hidden fixed roles only on request
    expect(names).not.toContain('fixed:folders.general:reader');
    const hidden = await call(server, 'GET', '/api/access-control/roles?includeHidden=true', { as: ADMIN });
    expect(hidden.body.map((r: any) => r.name)).toContain('fixed:folders.general:reader');

    const basic = await call(server, 'GET', '/api/access-control/roles/basic_editor', { as: ADMIN });
    expect(basic.status).toBe(200);
    expect(basic.body.permissions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'dashboards:create', scope: 'folders:uid:general' }),
      ]),
    );
    const fixedOne = await call(server, 'GET', `/api/access-control/roles/${fixed.uid}`, { as: ADMIN });
    expect(fixedOne.body.permissions.map((p: any) => p.action)).toContain('teams:write');

    const updated = await call(server, 'PUT', '/api/access-control/roles/team-helper', {
      as: ADMIN,
      body: {
        version: 2,
        name: 'custom:teams:helper2',
        permissions: [{ action: 'teams:read', scope: 'teams:id:1' }],
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      version: 2,
      name: 'custom:teams:helper2',
      displayName: 'Team helper',
    });
    expect(updated.body.permissions.map((p: any) => [p.action, p.scope])).toEqual([
      ['teams:read', 'teams:id:1'],
    ]);

    const stale = await call(server, 'PUT', '/api/access-control/roles/team-helper', {
      as: ADMIN,
      body: { version: 2, name: 'custom:teams:helper3' },
    });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('the provided role version is smaller than or equal to stored role');

    const missingVersion = await call(server, 'PUT', '/api/access-control/roles/team-helper', {
      as: ADMIN,
      body: { name: 'x' },
    });
    expect(missingVersion.status).toBe(400);

    const readOnly = await call(server, 'PUT', '/api/access-control/roles/basic_viewer', {
      as: ADMIN,
      body: { version: 5, name: 'custom:x' },
    });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.message).toBe('fixed and basic roles cannot be changed');

    const unknown = await call(server, 'GET', '/api/access-control/roles/nope', { as: ADMIN });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Role not found');
    expect((await call(server, 'DELETE', '/api/access-control/roles/nope', { as: ADMIN })).status).toBe(404);

    // Assigned: refused without force, deleted with its assignments with force.
    const user = await createUser(server);
    const assigned = await call(server, 'POST', `/api/access-control/users/${user.id}/roles`, {
      as: ADMIN,
      body: { roleUid: 'team-helper' },
    });
    expect(assigned.status).toBe(200);
    const refused = await call(server, 'DELETE', '/api/access-control/roles/team-helper', { as: ADMIN });
    expect(refused.status).toBe(400);
    expect(refused.body.messageId).toBe('accesscontrol.role-assigned');
    const deleted = await call(server, 'DELETE', '/api/access-control/roles/team-helper?force=true', {
      as: ADMIN,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Role deleted' });
    expect((await call(server, 'GET', '/api/access-control/roles/team-helper', { as: ADMIN })).status).toBe(
      404,
    );
    const roles = await call(server, 'GET', `/api/access-control/users/${user.id}/roles`, { as: ADMIN });
    expect(roles.body).toEqual([]);
  });

  it('refuses reserved prefixes, duplicates, bad uids and (with validation) unknown actions and scopes', async () => {
    const server = await startTestServer();
    for (const name of ['fixed:mine', 'basic:mine', 'managed:mine']) {
      const response = await createRole(server, { name });
      expect(response.status, name).toBe(400);
      expect(response.body.message).toBe(
        'the role name cannot start with a reserved prefix: fixed:, basic:, managed:',
      );
    }
    expect((await createRole(server, { name: 'custom:a', uid: 'a' })).status).toBe(201);
    const sameUid = await createRole(server, { name: 'custom:b', uid: 'a' });
    expect(sameUid.status).toBe(409);
    const sameName = await createRole(server, { name: 'custom:a' });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('Role with the same uid or name already exists');
    expect((await createRole(server, { name: 'custom:c', uid: 'bad uid!' })).status).toBe(400);
    expect((await createRole(server, { name: '' })).status).toBe(400);

    const unknownAction = await createRole(server, {
      name: 'custom:d',
      permissions: [{ action: 'foo:bar' }],
    });
    expect(unknownAction.status).toBe(400);
    expect(unknownAction.body).toEqual({
      message: 'unknown action: foo:bar, was not found in the list of valid actions',
      messageId: 'permreg.unknown-action',
    });
    const badScope = await createRole(server, {
      name: 'custom:e',
      permissions: [{ action: 'teams:read', scope: 'dashboards:uid:x' }],
    });
    expect(badScope.status).toBe(400);
    expect(badScope.body).toEqual({
      message:
        'invalid scope: dashboards:uid:x, for action: teams:read, expected prefixes are [* teams:* teams:id:*]',
      messageId: 'permreg.invalid-scope',
    });
    const malformed = await createRole(server, {
      name: 'custom:f',
      permissions: [{ action: 'dashboards:read', scope: 'dashboards*' }],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.messageId).toBe('permreg.invalid-scope');
    const scoped = await createRole(server, {
      name: 'custom:g',
      permissions: [{ action: 'teams:create', scope: 'teams:*' }],
    });
    expect(scoped.status).toBe(400);
    expect(scoped.body.message).toBe(
      'invalid scope: teams:*, for action: teams:create, expected prefixes are []',
    );
    const valid = await createRole(server, {
      name: 'custom:h',
      permissions: [
        { action: 'dashboards:read', scope: 'dashboards:*' },
        { action: 'dashboards:read', scope: 'dashboards:uid:abc' },
        { action: 'dashboards:read', scope: 'folders:uid:f' },
        { action: 'datasources:query', scope: 'datasources:uid:*' },
        { action: 'users:read', scope: 'global.users:id:3' },
      ],
    });
    expect(valid.status, JSON.stringify(valid.body)).toBe(201);
    // `*` is a valid scope, but nobody holds dashboards:read on everything: an escalation.
    const everything = await createRole(server, {
      name: 'custom:i',
      permissions: [{ action: 'dashboards:read', scope: '*' }],
    });
    expect(everything.status).toBe(403);
  });

  it('skips the action/scope registry with permission_validation_enabled = false', async () => {
    const server = await startTestServer({ overrides: { rbac: { permission_validation_enabled: 'false' } } });
    // No 400: the unknown action only fails the escalation check, as nobody holds it.
    const response = await createRole(server, {
      name: 'custom:free',
      permissions: [{ action: 'foo:bar', scope: 'x:y' }],
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(denied('foo:bar'));
  });

  it('needs roles permissions: 401 without credentials, 403 for Viewers and Editors', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    await createRole(server, { name: 'custom:x', uid: 'x' });
    const requests: [string, string, string, unknown?][] = [
      ['GET', '/api/access-control/roles', 'roles:read'],
      ['GET', '/api/access-control/roles/x', 'roles:read'],
      ['POST', '/api/access-control/roles', 'roles:write', { name: 'custom:y' }],
      ['PUT', '/api/access-control/roles/x', 'roles:write', { name: 'custom:y', version: 3 }],
      ['DELETE', '/api/access-control/roles/x', 'roles:delete'],
      ['GET', `/api/access-control/users/${viewer.id}/roles`, 'users.roles:read'],
      ['POST', `/api/access-control/users/${viewer.id}/roles`, 'users.roles:add', { roleUid: 'x' }],
      [
        'PUT',
        `/api/access-control/users/${viewer.id}/roles`,
        'all of users.roles:add, users.roles:remove',
        { roleUids: [] },
      ],
      ['DELETE', `/api/access-control/users/${viewer.id}/roles/x`, 'users.roles:remove'],
      ['GET', '/api/access-control/teams/1/roles', 'teams.roles:read'],
      ['POST', '/api/access-control/teams/1/roles', 'teams.roles:add', { roleUid: 'x' }],
      ['DELETE', '/api/access-control/teams/1/roles/x', 'teams.roles:remove'],
      ['GET', '/api/access-control/builtin-roles', 'roles.builtin:list'],
      [
        'POST',
        '/api/access-control/builtin-roles',
        'roles.builtin:add',
        { roleUid: 'x', builtInRole: 'Viewer' },
      ],
      ['DELETE', '/api/access-control/builtin-roles/Viewer/roles/x', 'roles.builtin:remove'],
    ];
    for (const [method, path, needed, body] of requests) {
      const anonymous = await call(server, method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      for (const caller of [viewer, editor]) {
        const response = await call(server, method, path, { as: caller.as, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual(denied(needed));
      }
    }
    expect((await call(server, 'GET', '/api/access-control/roles/x', { as: ADMIN })).status).toBe(200);
  });

  it('keeps custom roles of one org invisible from another', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    const inOrg2 = await createRole(server, { name: 'custom:org2', uid: 'org2-role' }, inOrg(ADMIN, org2));
    expect(inOrg2.status).toBe(201);
    expect(inOrg2.body.orgId).toBe(org2);
    expect((await call(server, 'GET', '/api/access-control/roles/org2-role', { as: ADMIN })).status).toBe(
      404,
    );
    const list = await call(server, 'GET', '/api/access-control/roles', { as: ADMIN });
    expect(list.body.map((r: any) => r.name)).not.toContain('custom:org2');
    const there = await call(server, 'GET', '/api/access-control/roles/org2-role', {
      as: inOrg(ADMIN, org2),
    });
    expect(there.status).toBe(200);
    // Same name in another org is fine; global roles are visible everywhere.
    expect((await createRole(server, { name: 'custom:org2' })).status).toBe(201);
    const global = await createRole(server, { name: 'custom:global', uid: 'glob', global: true });
    expect(global.status).toBe(201);
    expect(global.body).toMatchObject({ orgId: 0, global: true });
    expect(
      (await call(server, 'GET', '/api/access-control/roles/glob', { as: inOrg(ADMIN, org2) })).status,
    ).toBe(200);
  });
});

describe('deleted organizations', () => {
  it('lose their custom roles to the clean-up job; global roles stay', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    expect((await createRole(server, { name: 'custom:gone', uid: 'gone' }, inOrg(ADMIN, org2))).status).toBe(
      201,
    );
    expect((await createRole(server, { name: 'custom:kept', uid: 'kept', global: true })).status).toBe(201);
    expect((await createRole(server, { name: 'custom:here', uid: 'here' })).status).toBe(201);
    expect((await call(server, 'DELETE', `/api/orgs/${org2}`, { as: ADMIN })).status).toBe(200);

    const job = server.jobs.find((j) => j.name === 'rbac-delete-roles-of-deleted-orgs');
    await job!.run();
    const uids = (
      await server.database.db
        .selectFrom('role')
        .select('uid')
        .where('uid', 'in', ['gone', 'kept', 'here'])
        .execute()
    ).map((r) => r.uid);
    expect(uids.sort()).toEqual(['here', 'kept']);
  });
});

describe('escalation', () => {
  it('refuses an org Admin creating, updating or assigning roles with permissions it does not hold', async () => {
    const server = await startTestServer();
    const orgAdmin = await createUser(server, { orgRole: 'Admin' });
    const viewer = await createUser(server);

    const serverAdminOnly = await createRole(
      server,
      { name: 'custom:user-creator', permissions: [{ action: 'users:create' }] },
      orgAdmin.as,
    );
    expect(serverAdminOnly.status).toBe(403);
    expect(serverAdminOnly.body).toEqual(denied('users:create'));

    const global = await createRole(server, { name: 'custom:global', global: true }, orgAdmin.as);
    expect(global.status).toBe(403);

    const own = await createRole(
      server,
      {
        name: 'custom:team-reader',
        uid: 'team-reader',
        permissions: [{ action: 'teams:read', scope: 'teams:*' }],
      },
      orgAdmin.as,
    );
    expect(own.status).toBe(201);
    const widened = await call(server, 'PUT', '/api/access-control/roles/team-reader', {
      as: orgAdmin.as,
      body: {
        version: 2,
        name: 'custom:team-reader',
        permissions: [{ action: 'users:delete', scope: 'global.users:*' }],
      },
    });
    expect(widened.status).toBe(403);

    const byServerAdmin = await createRole(server, {
      name: 'custom:user-deleter',
      uid: 'user-deleter',
      permissions: [{ action: 'users:delete', scope: 'global.users:*' }],
    });
    expect(byServerAdmin.status).toBe(201);
    for (const [method, path, body] of [
      ['POST', `/api/access-control/users/${viewer.id}/roles`, { roleUid: 'user-deleter' }],
      ['PUT', `/api/access-control/users/${viewer.id}/roles`, { roleUids: ['user-deleter'] }],
      ['POST', '/api/access-control/builtin-roles', { roleUid: 'user-deleter', builtInRole: 'Viewer' }],
      ['DELETE', '/api/access-control/roles/user-deleter?force=true', undefined],
    ] as const) {
      const response = await call(server, method, path, { as: orgAdmin.as, body });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    const fixedUsersWriter = (
      await call(server, 'GET', '/api/access-control/roles', { as: ADMIN })
    ).body.find((r: any) => r.name === 'fixed:users:writer');
    const fixedGrant = await call(server, 'POST', `/api/access-control/users/${viewer.id}/roles`, {
      as: orgAdmin.as,
      body: { roleUid: fixedUsersWriter.uid },
    });
    expect(fixedGrant.status).toBe(403);
    // Nothing was granted.
    const perms = await call(server, 'GET', '/api/access-control/user/permissions', { as: viewer.as });
    expect(perms.body['users:delete']).toBeUndefined();
    expect(perms.body['users:create']).toBeUndefined();

    // The delegatable list holds only roles the caller could hand out.
    const delegatable = await call(server, 'GET', '/api/access-control/roles?delegatable=true', {
      as: orgAdmin.as,
    });
    const names = delegatable.body.map((r: any) => r.name);
    expect(names).toContain('custom:team-reader');
    expect(names).toContain('fixed:teams:writer');
    expect(names).not.toContain('custom:user-deleter');
    expect(names).not.toContain('fixed:users:writer');
  });
});

describe('role assignments', () => {
  it('assigning and removing a user role takes effect on the very next request', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    await createRole(server, {
      name: 'custom:team-creator',
      uid: 'team-creator',
      permissions: [{ action: 'teams:create' }],
    });
    const before = await call(server, 'POST', '/api/teams', { as: viewer.as, body: { name: 'T1' } });
    expect(before.status).toBe(403);

    const added = await call(server, 'POST', `/api/access-control/users/${viewer.id}/roles`, {
      as: ADMIN,
      body: { roleUid: 'team-creator' },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: 'Role added to the user.' });
    const now = await call(server, 'POST', '/api/teams', { as: viewer.as, body: { name: 'T1' } });
    expect(now.status).toBe(200);

    const listed = await call(server, 'GET', `/api/access-control/users/${viewer.id}/roles`, { as: ADMIN });
    expect(listed.status).toBe(200);
    expect(listed.body.map((r: any) => r.uid)).toEqual(['team-creator']);

    const removed = await call(
      server,
      'DELETE',
      `/api/access-control/users/${viewer.id}/roles/team-creator`,
      {
        as: ADMIN,
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Role removed from user.' });
    const after = await call(server, 'POST', '/api/teams', { as: viewer.as, body: { name: 'T2' } });
    expect(after.status).toBe(403);

    // PUT replaces the set; a fixed role can be assigned like a custom one.
    const fixed = (await call(server, 'GET', '/api/access-control/roles', { as: ADMIN })).body.find(
      (r: any) => r.name === 'fixed:teams:creator',
    );
    const set = await call(server, 'PUT', `/api/access-control/users/${viewer.id}/roles`, {
      as: ADMIN,
      body: { roleUids: [fixed.uid, 'team-creator'] },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ message: 'User roles have been updated.' });
    const both = await call(server, 'GET', `/api/access-control/users/${viewer.id}/roles`, { as: ADMIN });
    expect(both.body.map((r: any) => r.name).sort()).toEqual(['custom:team-creator', 'fixed:teams:creator']);
    const cleared = await call(server, 'PUT', `/api/access-control/users/${viewer.id}/roles`, {
      as: ADMIN,
      body: { roleUids: [] },
    });
    expect(cleared.status).toBe(200);
    expect((await call(server, 'POST', '/api/teams', { as: viewer.as, body: { name: 'T3' } })).status).toBe(
      403,
    );

    // 404s and 400s
    expect(
      (
        await call(server, 'POST', '/api/access-control/users/99999/roles', {
          as: ADMIN,
          body: { roleUid: 'team-creator' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(server, 'POST', `/api/access-control/users/${viewer.id}/roles`, {
          as: ADMIN,
          body: { roleUid: 'nope' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(server, 'POST', '/api/access-control/users/abc/roles', {
          as: ADMIN,
          body: { roleUid: 'team-creator' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(server, 'POST', `/api/access-control/users/${viewer.id}/roles`, {
          as: ADMIN,
          body: { roleUid: 'basic_admin' },
        })
      ).status,
    ).toBe(400);
  });

  it.each([
    ['with the permission cache', { database: { high_availability: 'false' } }],
    ['without it', { rbac: { permission_cache: 'false' } }],
  ])('a member of several teams holds each team’s roles and no other team’s (%s)', async (_, overrides) => {
    const server = await startTestServer({ overrides });
    const viewer = await createUser(server);
    const actions = ['serviceaccounts:read', 'teams:create', 'folders:create', 'users:read'];
    const teamIds: number[] = [];
    for (const [i, action] of actions.entries()) {
      await createRole(server, { name: `custom:team-${i}`, uid: `team-${i}`, permissions: [{ action }] });
      const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: `Team ${i}` } });
      teamIds.push(team.body.teamId as number);
      const added = await call(server, 'POST', `/api/access-control/teams/${teamIds[i]}/roles`, {
        as: ADMIN,
        body: { roleUid: `team-${i}` },
      });
      expect(added.status).toBe(200);
    }
    // one member of the first three teams, another of the first and the last
    const other = await createUser(server);
    for (const teamId of teamIds.slice(0, 3))
      await call(server, 'POST', `/api/teams/${teamId}/members`, { as: ADMIN, body: { userId: viewer.id } });
    for (const teamId of [teamIds[0], teamIds[3]])
      await call(server, 'POST', `/api/teams/${teamId}/members`, { as: ADMIN, body: { userId: other.id } });
    // loads within a second of a write are not cached
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const permissionsOf = (as: Caller) => call(server, 'GET', '/api/access-control/user/permissions', { as });
    // concurrently (their teams' loads may share a query), then once more each (from the cache)
    const rounds = [
      await Promise.all([permissionsOf(viewer.as), permissionsOf(other.as)]),
      [await permissionsOf(viewer.as), await permissionsOf(other.as)] as const,
    ];
    for (const [held, otherHeld] of rounds) {
      expect(held.status).toBe(200);
      expect(actions.map((action) => action in held.body)).toEqual([true, true, true, false]);
      expect(actions.map((action) => action in otherHeld.body)).toEqual([true, false, false, true]);
    }
    expect((await call(server, 'POST', '/api/teams', { as: viewer.as, body: { name: 'Mine' } })).status).toBe(
      200,
    );
  });

  it('team roles apply to the members; built-in role grants apply to every holder of the role', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    await createRole(server, {
      name: 'custom:sa-reader',
      uid: 'sa-reader',
      permissions: [{ action: 'serviceaccounts:read', scope: 'serviceaccounts:*' }],
    });
    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Readers' } });
    const teamId = team.body.teamId as number;
    await call(server, 'POST', `/api/teams/${teamId}/members`, { as: ADMIN, body: { userId: viewer.id } });

    const search = () => call(server, 'GET', '/api/serviceaccounts/search', { as: viewer.as });
    expect((await search()).status).toBe(403);
    const added = await call(server, 'POST', `/api/access-control/teams/${teamId}/roles`, {
      as: ADMIN,
      body: { roleUid: 'sa-reader' },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: 'Role added to the team.' });
    expect((await search()).status).toBe(200);
    const listed = await call(server, 'GET', `/api/access-control/teams/${teamId}/roles`, { as: ADMIN });
    expect(listed.body.map((r: any) => r.uid)).toEqual(['sa-reader']);
    // leaving the team takes the permission away at once
    await call(server, 'DELETE', `/api/teams/${teamId}/members/${viewer.id}`, { as: ADMIN });
    expect((await search()).status).toBe(403);
    await call(server, 'POST', `/api/teams/${teamId}/members`, { as: ADMIN, body: { userId: viewer.id } });
    expect((await search()).status).toBe(200);
    const removed = await call(server, 'DELETE', `/api/access-control/teams/${teamId}/roles/sa-reader`, {
      as: ADMIN,
    });
    expect(removed.body).toEqual({ message: 'Role removed from team.' });
    expect((await search()).status).toBe(403);
    expect((await call(server, 'GET', '/api/access-control/teams/99999/roles', { as: ADMIN })).status).toBe(
      404,
    );

    // Built-in: granted to Viewer, Editors inherit it.
    const granted = await call(server, 'POST', '/api/access-control/builtin-roles', {
      as: ADMIN,
      body: { roleUid: 'sa-reader', builtInRole: 'Viewer' },
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({ message: 'Built-in role grant added' });
    expect((await search()).status).toBe(200);
    expect((await call(server, 'GET', '/api/serviceaccounts/search', { as: editor.as })).status).toBe(200);
    const map = await call(server, 'GET', '/api/access-control/builtin-roles', { as: ADMIN });
    expect(map.status).toBe(200);
    expect(map.body.Viewer.map((r: any) => r.uid)).toContain('sa-reader');
    expect(map.body.Admin.map((r: any) => r.name)).toContain('fixed:teams:writer');
    expect(map.body['Grafana Admin'].map((r: any) => r.name)).toContain('fixed:users:writer');
    const bad = await call(server, 'POST', '/api/access-control/builtin-roles', {
      as: ADMIN,
      body: { roleUid: 'sa-reader', builtInRole: 'Owner' },
    });
    expect(bad.status).toBe(400);
    const revoked = await call(server, 'DELETE', '/api/access-control/builtin-roles/Viewer/roles/sa-reader', {
      as: ADMIN,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ message: 'Built-in role grant removed' });
    expect((await search()).status).toBe(403);
  });

  it('keeps basic-role grants across restarts unless reset_basic_roles is set', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestServer({ database });
      const viewer = await createUser(first);
      await createRole(first, {
        name: 'custom:sa',
        uid: 'sa',
        permissions: [{ action: 'serviceaccounts:read', scope: 'serviceaccounts:*' }],
      });
      await call(first, 'POST', '/api/access-control/builtin-roles', {
        as: ADMIN,
        body: { roleUid: 'sa', builtInRole: 'Viewer' },
      });
      await first.shutdown();

      const second = await startTestServer({ database });
      expect((await call(second, 'GET', '/api/serviceaccounts/search', { as: viewer.as })).status).toBe(200);
      await second.shutdown();

      const third = await startTestServer({ database, overrides: { rbac: { reset_basic_roles: 'true' } } });
      expect((await call(third, 'GET', '/api/serviceaccounts/search', { as: viewer.as })).status).toBe(403);
      expect((await call(third, 'GET', '/api/access-control/roles/sa', { as: ADMIN })).status).toBe(200);
      await third.shutdown();
    } finally {
      await database.drop();
    }
  });
});
