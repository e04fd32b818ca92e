import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, basic, bearer, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const ACCESS_DENIED = {
  accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
  message: expect.stringMatching(
    /^You'll need additional permissions to perform this action\. Permissions needed: /,
  ),
  title: 'Access denied',
};

async function createTeam(server: TestServer, body: Record<string, unknown>, as: Caller = ADMIN) {
  const created = await call(server, 'POST', '/api/teams', { as, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.teamId as number;
}

describe('POST /api/teams', () => {
  it('creates a team whose creator is its admin member', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/teams', {
      as: ADMIN,
      body: { name: 'Platform', email: 'Platform@Example.com' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      message: 'Team created',
      teamId: expect.any(Number),
      uid: expect.any(String),
    });
    expect(created.body.uid).toMatch(/^[a-zA-Z0-9]{14}$/);
    const id = created.body.teamId as number;

    const team = await call(server, 'GET', `/api/teams/${id}`, { as: ADMIN });
    expect(team.status).toBe(200);
    expect(team.body).toEqual({
      id,
      uid: created.body.uid,
      orgId: 1,
      name: 'Platform',
      email: 'Platform@Example.com',
      avatarUrl: `/avatar/${md5('platform@example.com')}`,
      memberCount: 1,
      permission: 4,
    });

    const members = await call(server, 'GET', `/api/teams/${id}/members`, { as: ADMIN });
    expect(members.status).toBe(200);
    const me = (await call(server, 'GET', '/api/user', { as: ADMIN })).body;
    expect(members.body).toEqual([
      {
        orgId: 1,
        teamId: id,
        teamUID: created.body.uid,
        userId: me.id,
        userUID: me.uid,
        auth_module: '',
        email: me.email,
        name: me.name,
        login: 'admin',
        avatarUrl: `/avatar/${md5(me.email.toLowerCase())}`,
        labels: [],
        permission: 4,
      },
    ]);
  });

  it('gives a team without email the avatar of its name at localhost', async () => {
    const server = await startTestServer();
    const id = await createTeam(server, { name: 'Site Reliability!' });
    const team = await call(server, 'GET', `/api/teams/${id}`, { as: ADMIN });
    expect(team.body.email).toBe('');
    expect(team.body.avatarUrl).toBe(`/avatar/${md5('sitereliability@localhost')}`);
  });

  it('refuses a taken name with 409 and an empty or missing name with 400', async () => {
    const server = await startTestServer();
    await createTeam(server, { name: 'Ops' });
    const duplicate = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Ops' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ message: 'Team name taken', messageId: 'team.name-taken' });

    const empty = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('name');
    const missing = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { email: 'x@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('name');

    const search = await call(server, 'GET', '/api/teams/search', { as: ADMIN });
    expect(search.body.totalCount).toBe(1);
  });
  it('does not make a service account a member of the team it creates', async () => {
    const server = await startTestServer();
    const account = await call(server, 'POST', '/api/serviceaccounts', {
      as: ADMIN,
      body: { name: 'provisioner', role: 'Admin' },
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const token = await call(server, 'POST', `/api/serviceaccounts/${account.body.id}/tokens`, {
      as: ADMIN,
      body: { name: 'ci' },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const id = await createTeam(server, { name: 'Provisioned' }, bearer(token.body.key));
    const team = await call(server, 'GET', `/api/teams/${id}`, { as: bearer(token.body.key) });
    expect(team.body).toMatchObject({ name: 'Provisioned', memberCount: 0, permission: 0 });
    expect((await call(server, 'GET', `/api/teams/${id}/members`, { as: ADMIN })).body).toEqual([]);
  });
});

describe('GET/PUT/DELETE /api/teams/{id}', () => {
  it('updates a team, refusing unknown teams, taken names and bad ids', async () => {
    const server = await startTestServer();
    const ops = await createTeam(server, { name: 'Ops', email: 'ops@example.com' });
    await createTeam(server, { name: 'Dev' });

    const updated = await call(server, 'PUT', `/api/teams/${ops}`, {
      as: ADMIN,
      body: { name: 'Operations', email: 'operations@example.com' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ message: 'Team updated' });
    const team = (await call(server, 'GET', `/api/teams/${ops}`, { as: ADMIN })).body;
    expect(team).toMatchObject({ name: 'Operations', email: 'operations@example.com' });

    // Same name as itself is not a conflict.
    const same = await call(server, 'PUT', `/api/teams/${ops}`, { as: ADMIN, body: { name: 'Operations' } });
    expect(same.status).toBe(200);
    expect((await call(server, 'GET', `/api/teams/${ops}`, { as: ADMIN })).body.email).toBe('');

    const taken = await call(server, 'PUT', `/api/teams/${ops}`, { as: ADMIN, body: { name: 'Dev' } });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'Team name taken', messageId: 'team.name-taken' });

    const unknown = await call(server, 'PUT', '/api/teams/9999', { as: ADMIN, body: { name: 'X' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Team not found', messageId: 'team.not-found' });

    const bad = await call(server, 'GET', '/api/teams/abc', { as: ADMIN });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'teamId is invalid', messageId: 'team.invalid-team-id' });
    const huge = await call(server, 'GET', '/api/teams/99999999999999', { as: ADMIN });
    expect(huge.status).toBe(404);
    expect((await call(server, 'GET', '/api/teams/9999', { as: ADMIN })).body).toEqual({
      message: 'Team not found',
      messageId: 'team.not-found',
    });
  });

  it('deletes a team with its members', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const id = await createTeam(server, { name: 'Doomed' });
    expect(
      (await call(server, 'POST', `/api/teams/${id}/members`, { as: ADMIN, body: { userId: viewer.id } }))
        .status,
    ).toBe(200);
    expect((await call(server, 'GET', '/api/user/teams', { as: viewer.as })).body).toHaveLength(1);

    const deleted = await call(server, 'DELETE', `/api/teams/${id}`, { as: ADMIN });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Team deleted' });
    expect((await call(server, 'GET', `/api/teams/${id}`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/user/teams', { as: viewer.as })).body).toEqual([]);
    expect((await call(server, 'GET', '/api/user/teams', { as: ADMIN })).body).toEqual([]);

    const again = await call(server, 'DELETE', `/api/teams/${id}`, { as: ADMIN });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Team not found', messageId: 'team.not-found' });

    // The name is free again.
    await createTeam(server, { name: 'Doomed' });
  });
});

describe('GET /api/teams/search', () => {
  it('filters by query and name, pages and sorts', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const alpha = await createTeam(server, { name: 'Alpha Squad' });
    const beta = await createTeam(server, { name: 'beta squad', email: 'beta@example.com' });
    const gamma = await createTeam(server, { name: 'Gamma' });
    await call(server, 'POST', `/api/teams/${gamma}/members`, { as: ADMIN, body: { userId: viewer.id } });

    const all = await call(server, 'GET', '/api/teams/search', { as: ADMIN });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ totalCount: 3, page: 1, perPage: 1000 });
    expect(all.body.teams.map((t: any) => t.id)).toEqual([alpha, beta, gamma]);
    expect(all.body.teams[2]).toEqual({
      id: gamma,
      uid: expect.any(String),
      orgId: 1,
      name: 'Gamma',
      email: '',
      avatarUrl: `/avatar/${md5('gamma@localhost')}`,
      memberCount: 2,
      permission: 4,
    });

    const query = await call(server, 'GET', '/api/teams/search?query=SQUAD', { as: ADMIN });
    expect(query.body.totalCount).toBe(2);
    expect(query.body.teams.map((t: any) => t.name)).toEqual(['Alpha Squad', 'beta squad']);

    const exact = await call(server, 'GET', '/api/teams/search?name=Gamma', { as: ADMIN });
    expect(exact.body.teams.map((t: any) => t.id)).toEqual([gamma]);
    const notExact = await call(server, 'GET', '/api/teams/search?name=gamm', { as: ADMIN });
    expect(notExact.body).toEqual({ totalCount: 0, teams: [], page: 1, perPage: 1000 });

    const page2 = await call(server, 'GET', '/api/teams/search?perpage=2&page=2', { as: ADMIN });
    expect(page2.body).toMatchObject({ totalCount: 3, page: 2, perPage: 2 });
    expect(page2.body.teams.map((t: any) => t.id)).toEqual([gamma]);

    const byMembers = await call(server, 'GET', '/api/teams/search?sort=memberCount-desc', { as: ADMIN });
    expect(byMembers.body.teams[0].id).toBe(gamma);
    const byName = await call(server, 'GET', '/api/teams/search?sort=name-desc', { as: ADMIN });
    expect(byName.body.teams.map((t: any) => t.id)).toEqual([gamma, beta, alpha]);
  });
});

describe('team members', () => {
  it('adds and removes members, with Grafana errors', async () => {
    const server = await startTestServer();
    const ann = await createUser(server, { login: 'ann' });
    const bob = await createUser(server, { login: 'bob' });
    const id = await createTeam(server, { name: 'Crew' });

    const added = await call(server, 'POST', `/api/teams/${id}/members`, {
      as: ADMIN,
      body: { userId: bob.id },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: 'Member added to Team' });
    await call(server, 'POST', `/api/teams/${id}/members`, { as: ADMIN, body: { userId: ann.id } });

    const members = (await call(server, 'GET', `/api/teams/${id}/members`, { as: ADMIN })).body;
    expect(members.map((m: any) => [m.login, m.permission])).toEqual([
      ['admin', 4],
      ['ann', 0],
      ['bob', 0],
    ]);
    expect(members[2]).toMatchObject({
      userId: bob.id,
      userUID: bob.uid,
      email: bob.email,
      teamId: id,
      orgId: 1,
    });

    const twice = await call(server, 'POST', `/api/teams/${id}/members`, {
      as: ADMIN,
      body: { userId: bob.id },
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      message: 'User is already added to this team',
      messageId: 'team.already-member',
    });

    const nobody = await call(server, 'POST', `/api/teams/${id}/members`, {
      as: ADMIN,
      body: { userId: 99999 },
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ message: 'User not found', messageId: 'user.not-found' });

    const noTeam = await call(server, 'POST', '/api/teams/9999/members', {
      as: ADMIN,
      body: { userId: bob.id },
    });
    expect(noTeam.status).toBe(404);
    expect(noTeam.body).toEqual({ message: 'Team not found', messageId: 'team.not-found' });

    const noBody = await call(server, 'POST', `/api/teams/${id}/members`, { as: ADMIN, body: {} });
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toContain('userId');

    const removed = await call(server, 'DELETE', `/api/teams/${id}/members/${bob.id}`, { as: ADMIN });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Team Member removed' });
    const notMember = await call(server, 'DELETE', `/api/teams/${id}/members/${bob.id}`, { as: ADMIN });
    expect(notMember.status).toBe(404);
    expect(notMember.body).toEqual({ message: 'Team member not found', messageId: 'team.member-not-found' });
    const badUser = await call(server, 'DELETE', `/api/teams/${id}/members/bob`, { as: ADMIN });
    expect(badUser.status).toBe(400);
    expect(badUser.body).toEqual({ message: 'userId is invalid', messageId: 'team.invalid-user-id' });
    expect((await call(server, 'DELETE', `/api/teams/9999/members/${ann.id}`, { as: ADMIN })).status).toBe(
      404,
    );
    expect((await call(server, 'GET', '/api/teams/9999/members', { as: ADMIN })).body).toEqual({
      message: 'Team not found',
      messageId: 'team.not-found',
    });

    const after = (await call(server, 'GET', `/api/teams/${id}/members`, { as: ADMIN })).body;
    expect(after.map((m: any) => m.login)).toEqual(['admin', 'ann']);
    expect((await call(server, 'GET', `/api/teams/${id}`, { as: ADMIN })).body.memberCount).toBe(2);
  });

  it('members read their team, its creator administers it, and removal takes both away', async () => {
    const server = await startTestServer();
    const creator = await createUser(server, { orgRole: 'Viewer' });
    const member = await createUser(server);
    // A Viewer allowed to create teams (a custom role) becomes the team's admin.
    const role = await call(server, 'POST', '/api/access-control/roles', {
      as: ADMIN,
      body: { uid: 'team-maker', name: 'custom:team-maker', permissions: [{ action: 'teams:create' }] },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    await call(server, 'POST', `/api/access-control/users/${creator.id}/roles`, {
      as: ADMIN,
      body: { roleUid: 'team-maker' },
    });
    const created = await call(server, 'POST', '/api/teams', { as: creator.as, body: { name: 'Theirs' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.teamId as number;
    const renamed = await call(server, 'PUT', `/api/teams/${id}`, {
      as: creator.as,
      body: { name: 'Renamed' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    expect((await call(server, 'GET', `/api/teams/${id}`, { as: member.as })).status).toBe(403);
    const added = await call(server, 'POST', `/api/teams/${id}/members`, {
      as: creator.as,
      body: { userId: member.id },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const read = await call(server, 'GET', `/api/teams/${id}`, { as: member.as });
    expect([read.status, read.body.name]).toEqual([200, 'Renamed']);
    const write = await call(server, 'PUT', `/api/teams/${id}`, { as: member.as, body: { name: 'Mine' } });
    expect(write.status).toBe(403);

    await call(server, 'DELETE', `/api/teams/${id}/members/${member.id}`, { as: ADMIN });
    expect((await call(server, 'GET', `/api/teams/${id}`, { as: member.as })).status).toBe(403);
  });

  it('drops the memberships of a deleted user', async () => {
    const server = await startTestServer();
    const gone = await createUser(server);
    const id = await createTeam(server, { name: 'Crew' });
    await call(server, 'POST', `/api/teams/${id}/members`, { as: ADMIN, body: { userId: gone.id } });
    expect((await call(server, 'GET', `/api/teams/${id}`, { as: ADMIN })).body.memberCount).toBe(2);
    expect((await call(server, 'DELETE', `/api/admin/users/${gone.id}`, { as: ADMIN })).status).toBe(200);
    expect((await call(server, 'GET', `/api/teams/${id}`, { as: ADMIN })).body.memberCount).toBe(1);
    const members = (await call(server, 'GET', `/api/teams/${id}/members`, { as: ADMIN })).body;
    expect(members.map((m: any) => m.login)).toEqual(['admin']);
  });

  it('only adds members of the org', async () => {
    const server = await startTestServer();
    const outsider = await createUser(server);
    const org2 = await createOrg(server);
    const id = await createTeam(server, { name: 'Org2 team' }, inOrg(ADMIN, org2));
    const refused = await call(server, 'POST', `/api/teams/${id}/members`, {
      as: inOrg(ADMIN, org2),
      body: { userId: outsider.id },
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'User not found', messageId: 'user.not-found' });
  });
});

describe('teams of users', () => {
  it('GET /api/user/teams lists the caller’s teams in the current org', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const a = await createTeam(server, { name: 'A' });
    await createTeam(server, { name: 'B' });
    await call(server, 'POST', `/api/teams/${a}/members`, { as: ADMIN, body: { userId: viewer.id } });

    const mine = await call(server, 'GET', '/api/user/teams', { as: viewer.as });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      {
        id: a,
        uid: expect.any(String),
        orgId: 1,
        name: 'A',
        email: '',
        avatarUrl: `/avatar/${md5('a@localhost')}`,
        memberCount: 2,
        permission: 0,
      },
    ]);
    expect(
      (await call(server, 'GET', '/api/user/teams', { as: ADMIN })).body.map((t: any) => t.name),
    ).toEqual(['A', 'B']);
  });

  it('GET /api/users/{id}/teams needs users:read and answers 404 for unknown users', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const a = await createTeam(server, { name: 'A' });
    await call(server, 'POST', `/api/teams/${a}/members`, { as: ADMIN, body: { userId: viewer.id } });

    const teams = await call(server, 'GET', `/api/users/${viewer.id}/teams`, { as: ADMIN });
    expect(teams.status).toBe(200);
    expect(teams.body.map((t: any) => [t.id, t.name, t.memberCount])).toEqual([[a, 'A', 2]]);
    const byUid = await call(server, 'GET', `/api/users/${viewer.uid}/teams`, { as: ADMIN });
    expect(byUid.body.map((t: any) => t.id)).toEqual([a]);

    const unknown = await call(server, 'GET', '/api/users/99999/teams', { as: ADMIN });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found', messageId: 'user.not-found' });

    const denied = await call(server, 'GET', `/api/users/${viewer.id}/teams`, { as: viewer.as });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      ...ACCESS_DENIED,
      message: expect.stringMatching(/Permissions needed: users:read$/),
    });
  });
});

describe('team access', () => {
  it('answers 401 without credentials', async () => {
    const server = await startTestServer();
    const id = await createTeam(server, { name: 'T' });
    const requests: [string, string][] = [
      ['POST', '/api/teams'],
      ['GET', '/api/teams/search'],
      ['GET', `/api/teams/${id}`],
      ['PUT', `/api/teams/${id}`],
      ['DELETE', `/api/teams/${id}`],
      ['GET', `/api/teams/${id}/members`],
      ['POST', `/api/teams/${id}/members`],
      ['DELETE', `/api/teams/${id}/members/1`],
      ['GET', '/api/user/teams'],
      ['GET', '/api/users/1/teams'],
    ];
    for (const [method, path] of requests) {
      const response = await call(server, method, path, {
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.message, `${method} ${path}`).toEqual(expect.any(String));
    }
    const wrong = await call(server, 'GET', '/api/teams/search', { as: basic('admin', 'wrong') });
    expect(wrong.status).toBe(401);
  });

  it('refuses Viewers and Editors with 403, naming the permission', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    const id = await createTeam(server, { name: 'T' });
    // Members read their own team (Grafana's Member permission): these callers are not members.
    const member = await createUser(server);
    await call(server, 'POST', `/api/teams/${id}/members`, { as: ADMIN, body: { userId: member.id } });
    const requests: [string, string, string, unknown?][] = [
      ['POST', '/api/teams', 'teams:create', { name: 'Mine' }],
      ['GET', '/api/teams/search', 'teams:read'],
      ['GET', `/api/teams/${id}`, 'teams:read'],
      ['PUT', `/api/teams/${id}`, 'teams:write', { name: 'Renamed' }],
      ['DELETE', `/api/teams/${id}`, 'teams:delete'],
      ['GET', `/api/teams/${id}/members`, 'teams.permissions:read'],
      ['POST', `/api/teams/${id}/members`, 'teams.permissions:write', { userId: editor.id }],
      ['DELETE', `/api/teams/${id}/members/${member.id}`, 'teams.permissions:write'],
    ];
    for (const caller of [viewer, editor]) {
      for (const [method, path, action, body] of requests) {
        const response = await call(server, method, path, { as: caller.as, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual({
          ...ACCESS_DENIED,
          message: `You'll need additional permissions to perform this action. Permissions needed: ${action}`,
        });
      }
    }
    // Nothing changed.
    const team = (await call(server, 'GET', `/api/teams/${id}`, { as: ADMIN })).body;
    expect(team).toMatchObject({ name: 'T', memberCount: 2 });
    expect((await call(server, 'GET', '/api/teams/search', { as: ADMIN })).body.totalCount).toBe(1);
  });
});

describe('org isolation', () => {
  it('never shows a team of another org', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    const admin2 = inOrg(ADMIN, org2);
    const other = await createTeam(server, { name: 'Shared name' }, admin2);
    // The same name is free in another org.
    const mine = await createTeam(server, { name: 'Shared name' });

    const search1 = (await call(server, 'GET', '/api/teams/search', { as: ADMIN })).body;
    expect(search1.teams.map((t: any) => t.id)).toEqual([mine]);
    const search2 = (await call(server, 'GET', '/api/teams/search', { as: admin2 })).body;
    expect(search2.teams.map((t: any) => [t.id, t.orgId])).toEqual([[other, org2]]);

    for (const [method, path, body] of [
      ['GET', `/api/teams/${other}`],
      ['PUT', `/api/teams/${other}`, { name: 'Hijacked' }],
      ['GET', `/api/teams/${other}/members`],
      ['POST', `/api/teams/${other}/members`, { userId: 1 }],
      ['DELETE', `/api/teams/${other}/members/1`],
      ['DELETE', `/api/teams/${other}`],
    ] as [string, string, unknown?][]) {
      const response = await call(server, method, path, { as: ADMIN, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ message: 'Team not found', messageId: 'team.not-found' });
    }
    const still = await call(server, 'GET', `/api/teams/${other}`, { as: admin2 });
    expect(still.body).toMatchObject({ name: 'Shared name', memberCount: 1, orgId: org2 });

    expect((await call(server, 'GET', '/api/user/teams', { as: ADMIN })).body.map((t: any) => t.id)).toEqual([
      mine,
    ]);
    expect((await call(server, 'GET', '/api/user/teams', { as: admin2 })).body.map((t: any) => t.id)).toEqual(
      [other],
    );
  });
});
