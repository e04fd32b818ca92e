import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';
import { openRawSql } from '../helpers/raw-sql.js';

const ACCESS_DENIED = {
  accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
  message: expect.stringMatching(/Permissions needed: teams\.permissions:(read|write)/),
  title: 'Access denied',
};
const EDITORS = 'cn=editors,ou=groups,dc=example,dc=org';

async function createTeam(server: TestServer, name: string, as: Caller = ADMIN): Promise<number> {
  const created = await call(server, 'POST', '/api/teams', { as, body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.teamId as number;
}

async function linkGroup(server: TestServer, teamId: number, groupId: string, as: Caller = ADMIN) {
  const added = await call(server, 'POST', `/api/teams/${teamId}/groups`, { as, body: { groupId } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
}

/** The logins of a team's members, as GET /api/teams/:id/members lists them. */
async function memberLogins(server: TestServer, teamId: number, as: Caller = ADMIN): Promise<string[]> {
  const members = await call<{ login: string }[]>(server, 'GET', `/api/teams/${teamId}/members`, { as });
  expect(members.status, JSON.stringify(members.body)).toBe(200);
  return members.body.map((m) => m.login).sort();
}

describe('/api/teams/:id/groups (team sync)', () => {
  it('links, lists and unlinks external groups with Grafana answers', async () => {
    const server = await startTestServer();
    const teamId = await createTeam(server, 'Platform');

    const empty = await call(server, 'GET', `/api/teams/${teamId}/groups`, { as: ADMIN });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);

    const added = await call(server, 'POST', `/api/teams/${teamId}/groups`, {
      as: ADMIN,
      body: { groupId: EDITORS },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: 'Group added to Team' });
    await linkGroup(server, teamId, 'staff');

    const listed = await call(server, 'GET', `/api/teams/${teamId}/groups`, { as: ADMIN });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { orgId: 1, teamId, groupId: EDITORS },
      { orgId: 1, teamId, groupId: 'staff' },
    ]);

    // Grafana compat: a group the team already has is a 400.
    const again = await call(server, 'POST', `/api/teams/${teamId}/groups`, {
      as: ADMIN,
      body: { groupId: 'staff' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      message: 'Group is already added to this team',
      messageId: 'team.group-already-added',
    });

    // The query form (Grafana 10+) and the older path form both remove a group.
    const removed = await call(
      server,
      'DELETE',
      `/api/teams/${teamId}/groups?groupId=${encodeURIComponent(EDITORS)}`,
      { as: ADMIN },
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Team Group removed' });
    const byPath = await call(server, 'DELETE', `/api/teams/${teamId}/groups/staff`, { as: ADMIN });
    expect(byPath.status).toBe(200);
    expect(byPath.body).toEqual({ message: 'Team Group removed' });
    const after = await call(server, 'GET', `/api/teams/${teamId}/groups`, { as: ADMIN });
    expect(after.body).toEqual([]);

    const gone = await call(server, 'DELETE', `/api/teams/${teamId}/groups?groupId=staff`, { as: ADMIN });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: 'Group not found', messageId: 'team.group-not-found' });
  });

  it('answers 404 for an unknown team or another org’s team, 400 for bad input', async () => {
    const server = await startTestServer();
    const orgId = await createOrg(server);
    const elsewhere = await createTeam(server, 'Elsewhere', inOrg(ADMIN, orgId));
    await linkGroup(server, elsewhere, 'staff', inOrg(ADMIN, orgId));

    for (const teamId of [elsewhere, 999_999]) {
      for (const [method, path, body] of [
        ['GET', `/api/teams/${teamId}/groups`, undefined],
        ['POST', `/api/teams/${teamId}/groups`, { groupId: 'x' }],
        ['DELETE', `/api/teams/${teamId}/groups?groupId=staff`, undefined],
        ['DELETE', `/api/teams/${teamId}/groups/staff`, undefined],
      ] as const) {
        const response = await call(server, method, path, { as: ADMIN, body });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body).toMatchObject({ message: 'Team not found' });
      }
    }
    // The other org's link is untouched and visible there.
    const there = await call(server, 'GET', `/api/teams/${elsewhere}/groups`, { as: inOrg(ADMIN, orgId) });
    expect(there.body).toEqual([{ orgId, teamId: elsewhere, groupId: 'staff' }]);

    const teamId = await createTeam(server, 'Mine');
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', `/api/teams/${teamId}/groups`, {}, /groupId/],
      ['POST', `/api/teams/${teamId}/groups`, { groupId: '' }, /groupId/],
      ['POST', `/api/teams/${teamId}/groups`, { groupId: 'g'.repeat(191) }, /groupId/],
      ['DELETE', `/api/teams/${teamId}/groups`, undefined, /groupId/],
      ['GET', '/api/teams/abc/groups', undefined, /teamId is invalid/],
    ];
    for (const [method, path, body, text] of cases) {
      const response = await call<{ message: string }>(server, method, path, { as: ADMIN, body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.message).toMatch(text);
    }
  });

  it('needs teams.permissions:read to list and teams.permissions:write to change: a Viewer is refused, a team admin may', async () => {
    const server = await startTestServer();
    const teamId = await createTeam(server, 'Platform');
    await linkGroup(server, teamId, 'staff');
    const viewer = await createUser(server);
    for (const [method, path, body] of [
      ['GET', `/api/teams/${teamId}/groups`, undefined],
      ['POST', `/api/teams/${teamId}/groups`, { groupId: 'x' }],
      ['DELETE', `/api/teams/${teamId}/groups?groupId=staff`, undefined],
      ['DELETE', `/api/teams/${teamId}/groups/staff`, undefined],
    ] as const) {
      const response = await call(server, method, path, { as: viewer.as, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
    expect((await call(server, 'GET', `/api/teams/${teamId}/groups`, { as: ADMIN })).body).toHaveLength(1);
    const anonymous = await call(server, 'GET', `/api/teams/${teamId}/groups`);
    expect(anonymous.status).toBe(401);

    // The same Viewer made the team's Admin manages its groups.
    const promoted = await call(server, 'POST', `/api/access-control/teams/${teamId}/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'Admin' },
    });
    expect(promoted.status).toBe(200);
    await linkGroup(server, teamId, 'devs', viewer.as);
    const listed = await call(server, 'GET', `/api/teams/${teamId}/groups`, { as: viewer.as });
    expect(listed.body).toEqual([
      { orgId: 1, teamId, groupId: 'staff' },
      { orgId: 1, teamId, groupId: 'devs' },
    ]);
  });

  it('drops a team’s group links with the team', async () => {
    const server = await startTestServer();
    const teamId = await createTeam(server, 'Doomed');
    await linkGroup(server, teamId, 'staff');
    const kept = await createTeam(server, 'Kept');
    await linkGroup(server, kept, 'staff');
    expect((await call(server, 'DELETE', `/api/teams/${teamId}`, { as: ADMIN })).status).toBe(200);
    const raw = await openRawSql(server.config);
    try {
      const rows = await raw.query<{ team_id: unknown }>(`SELECT team_id FROM ${raw.quote('team_group')}`);
      expect(rows.map((r) => Number(r.team_id))).toEqual([kept]);
    } finally {
      await raw.close();
    }
    // A new team with the same name starts without a leftover link.
    const next = await createTeam(server, 'Doomed');
    expect((await call(server, 'GET', `/api/teams/${next}/groups`, { as: ADMIN })).body).toEqual([]);
  });
});

describe('team sync at auth proxy sign-in (Groups header)', () => {
  it('puts the user in the teams linked to its groups and takes it out when it leaves a group; manual memberships stay', async () => {
    const server = await startTestServer({
      overrides: { 'auth.proxy': { enabled: 'true', headers: 'Groups:X-WEBAUTH-GROUPS', sync_ttl: '0' } },
    });
    const platform = await createTeam(server, 'Platform');
    const support = await createTeam(server, 'Support');
    const manual = await createTeam(server, 'Manual');
    await linkGroup(server, platform, 'staff');
    await linkGroup(server, support, 'Support-Desk');
    const as = (groups?: string) => ({
      headers: { 'X-WEBAUTH-USER': 'alice', ...(groups === undefined ? {} : { 'X-WEBAUTH-GROUPS': groups }) },
    });

    const first = await call(server, 'GET', '/api/user', as('staff, other'));
    expect(first.status).toBe(200);
    const alice = first.body.id as number;
    expect(await memberLogins(server, platform)).toEqual(['admin', 'alice']);
    expect(await memberLogins(server, support)).toEqual(['admin']);
    // Added by sync as a Member, holding Member's teams:read on the team as one added by hand does.
    const members = await call(server, 'GET', `/api/teams/${platform}/members`, { as: ADMIN });
    expect(members.body.find((m: { login: string }) => m.login === 'alice')).toMatchObject({
      userId: alice,
      permission: 0,
    });
    const readable = await call(server, 'GET', `/api/teams/${platform}`, as('staff'));
    expect(readable.status).toBe(200);
    const mine = await call(server, 'GET', '/api/user/teams', as('staff'));
    expect(mine.body.map((t: { name: string }) => t.name)).toEqual(['Platform']);

    // Added by hand to a team without links, and to a linked team whose group it lacks.
    for (const teamId of [manual, support]) {
      const added = await call(server, 'POST', `/api/teams/${teamId}/members`, {
        as: ADMIN,
        body: { userId: alice },
      });
      expect(added.status).toBe(200);
    }

    // Groups match case-insensitively; staff is gone.
    const second = await call(server, 'GET', '/api/user', as('support-desk'));
    expect(second.status).toBe(200);
    expect(await memberLogins(server, platform)).toEqual(['admin']);
    expect(await memberLogins(server, support)).toEqual(['admin', 'alice']);
    expect(await memberLogins(server, manual)).toEqual(['admin', 'alice']);
    // The permission it held through the membership went with it (the cache was invalidated).
    const refused = await call(server, 'GET', `/api/teams/${platform}`, as('support-desk'));
    expect(refused.status).toBe(403);

    // No Groups header: no groups, so it leaves the teams sync put it in — but not the ones it was added to by hand.
    await call(server, 'GET', '/api/user', as('staff'));
    expect(await memberLogins(server, platform)).toEqual(['admin', 'alice']);
    expect((await call(server, 'GET', '/api/user', as())).status).toBe(200);
    expect(await memberLogins(server, platform)).toEqual(['admin']);
    expect(await memberLogins(server, support)).toEqual(['admin', 'alice']);
    expect(await memberLogins(server, manual)).toEqual(['admin', 'alice']);
  });

  it('leaves team memberships alone when no Groups header is configured', async () => {
    const server = await startTestServer({
      overrides: { 'auth.proxy': { enabled: 'true', sync_ttl: '0' } },
    });
    const platform = await createTeam(server, 'Platform');
    await linkGroup(server, platform, 'staff');
    const first = await call(server, 'GET', '/api/user', { headers: { 'X-WEBAUTH-USER': 'bob' } });
    expect(first.status).toBe(200);
    await call(server, 'POST', `/api/teams/${platform}/members`, {
      as: ADMIN,
      body: { userId: first.body.id },
    });
    const again = await call(server, 'GET', '/api/user', {
      headers: { 'X-WEBAUTH-USER': 'bob', 'X-WEBAUTH-GROUPS': 'other' },
    });
    expect(again.status).toBe(200);
    expect(await memberLogins(server, platform)).toEqual(['admin', 'bob']);
  });

  it('syncs the teams of every org the user is in, and only that org’s links', async () => {
    const server = await startTestServer({
      overrides: { 'auth.proxy': { enabled: 'true', headers: 'Groups:X-WEBAUTH-GROUPS', sync_ttl: '0' } },
    });
    const orgId = await createOrg(server);
    const here = await createTeam(server, 'Here');
    const there = await createTeam(server, 'There', inOrg(ADMIN, orgId));
    await linkGroup(server, here, 'staff');
    await linkGroup(server, there, 'staff', inOrg(ADMIN, orgId));
    const headers = { 'X-WEBAUTH-USER': 'carol', 'X-WEBAUTH-GROUPS': 'staff' };
    const first = await call(server, 'GET', '/api/user', { headers });
    expect(first.status).toBe(200);
    expect(await memberLogins(server, here)).toEqual(['admin', 'carol']);
    // Not a member of the other org: its teams are not touched.
    expect(await memberLogins(server, there, inOrg(ADMIN, orgId))).toEqual(['admin']);

    const joined = await call(server, 'POST', `/api/orgs/${orgId}/users`, {
      as: ADMIN,
      body: { loginOrEmail: 'carol', role: 'Viewer' },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect((await call(server, 'GET', '/api/user', { headers })).status).toBe(200);
    expect(await memberLogins(server, there, inOrg(ADMIN, orgId))).toEqual(['admin', 'carol']);
  });
});

describe('team sync at JWT sign-in (groups_attribute_path)', () => {
  let dir: string;
  let privateKey: CryptoKey;
  let jwksFile: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-team-sync-'));
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksFile = join(dir, 'jwks.json');
    await writeFile(jwksFile, JSON.stringify({ keys: [jwk] }));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('dan-sub')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);

  it('adds and removes the user from linked teams by the token’s groups', async () => {
    const server = await startTestServer({
      overrides: {
        'auth.jwt': {
          enabled: 'true',
          header_name: 'X-JWT-Assertion',
          username_claim: 'login',
          jwk_set_file: jwksFile,
          groups_attribute_path: 'info.teams[*].name',
          auto_sign_up: 'true',
        },
      },
    });
    const platform = await createTeam(server, 'Platform');
    const support = await createTeam(server, 'Support');
    await linkGroup(server, platform, 'platform');
    await linkGroup(server, support, 'support');
    const withGroups = async (...names: string[]) =>
      call(server, 'GET', '/api/user', {
        headers: {
          'X-JWT-Assertion': await sign({ login: 'dan', info: { teams: names.map((name) => ({ name })) } }),
        },
      });

    expect((await withGroups('platform', 'other')).status).toBe(200);
    expect(await memberLogins(server, platform)).toEqual(['admin', 'dan']);
    expect(await memberLogins(server, support)).toEqual(['admin']);

    expect((await withGroups('support')).status).toBe(200);
    expect(await memberLogins(server, platform)).toEqual(['admin']);
    expect(await memberLogins(server, support)).toEqual(['admin', 'dan']);
  });
});
