import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, basic, call, cookieValue, session, type Caller } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createTestDatabase } from '../helpers/databases.js';
import { createUser } from '../helpers/factories.js';
import { openRawSql } from '../helpers/raw-sql.js';
import {
  LDAP_GROUPS,
  LDAP_PEOPLE,
  LDAP_ADMIN_DN,
  ldapGroupMapping,
  ldapServerToml,
  startSlapd,
  type Slapd,
} from '../helpers/peers/slapd.js';

// Grafana's handling of users the directory lost: disabled at a sign-in or a sync that does not
// find them, enabled again when it does; and org sync: orgs no mapping gives any more are left.

const PEOPLE = LDAP_PEOPLE;
const GROUPS = LDAP_GROUPS;
const dn = (uid: string) => `uid=${uid},${PEOPLE}`;
const group = (cn: string) => `cn=${cn},${GROUPS}`;

let slapd: Slapd;
let dir: string;
let counter = 0;

function person(uid: string): string {
  return [
    `dn: ${dn(uid)}`,
    'objectClass: inetOrgPerson',
    `uid: ${uid}`,
    `cn: ${uid} Person`,
    `givenName: ${uid}`,
    'sn: Person',
    `mail: ${uid}@example.org`,
    `userPassword: ${uid}-pw`,
    '',
  ].join('\n');
}

const addMember = (cn: string, uid: string) =>
  slapd.modify(`dn: ${group(cn)}\nchangetype: modify\nadd: member\nmember: ${dn(uid)}\n`);
const removeMember = (cn: string, uid: string) =>
  slapd.modify(`dn: ${group(cn)}\nchangetype: modify\ndelete: member\nmember: ${dn(uid)}\n`);
/** Deletes the person (the memberof overlay takes it out of its groups too). */
const deletePerson = (uid: string) => slapd.modify(`dn: ${dn(uid)}\nchangetype: delete\n`);

beforeAll(async () => {
  slapd = await startSlapd();
  dir = await mkdtemp(join(tmpdir(), 'svc-ldap-sync-test-'));
  // groupOfNames needs a member: the directory's admin entry stands in for an empty group.
  await slapd.add(
    [
      `dn: ${PEOPLE}\nobjectClass: organizationalUnit\nou: people\n`,
      `dn: ${GROUPS}\nobjectClass: organizationalUnit\nou: groups\n`,
      ...['editors', 'ops', 'admins'].map(
        (cn) => `dn: ${group(cn)}\nobjectClass: groupOfNames\ncn: ${cn}\nmember: ${LDAP_ADMIN_DN}\n`,
      ),
    ].join('\n'),
  );
}, 60_000);

afterAll(async () => {
  await slapd?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A port nobody listens on: a [[servers]] entry that cannot be reached. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

const serverToml = ldapServerToml;
const mapping = (cn: string, orgId: number, role: string, extra = '') =>
  ldapGroupMapping(group(cn), orgId, role, extra);

async function createOrg(server: TestServer, name: string): Promise<number> {
  const created = await call<{ orgId: number }>(server, 'POST', '/api/orgs', { as: ADMIN, body: { name } });
  expect(created.status).toBe(200);
  return created.body.orgId;
}

async function setup(toml: string, clock?: ManualClock): Promise<TestServer> {
  const file = join(dir, `ldap-${++counter}.toml`);
  await writeFile(file, toml);
  return startTestServer({ clock, overrides: { 'auth.ldap': { enabled: 'true', config_file: file } } });
}

async function formLogin(server: TestServer, user: string, password: string) {
  const response = await call<{ message: string }>(server, 'POST', '/login', { body: { user, password } });
  const token = cookieValue(response.cookies, 'svc_session');
  return { ...response, as: token ? session(token) : undefined };
}

async function userOf(server: TestServer, id: number) {
  const user = await call<{ login: string; isDisabled: boolean }>(server, 'GET', `/api/users/${id}`, {
    as: ADMIN,
  });
  expect(user.status).toBe(200);
  return user.body;
}

async function orgsOf(server: TestServer, id: number) {
  const orgs = await call<{ orgId: number; role: string }[]>(server, 'GET', `/api/users/${id}/orgs`, {
    as: ADMIN,
  });
  expect(orgs.status).toBe(200);
  return orgs.body.map((o) => [o.orgId, o.role]).sort();
}

async function signedIn(server: TestServer, uid: string): Promise<{ id: number; as: Caller }> {
  const login = await formLogin(server, uid, `${uid}-pw`);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const me = await call<{ id: number }>(server, 'GET', '/api/user', { as: login.as });
  expect(me.status).toBe(200);
  return { id: me.body.id, as: login.as! };
}

describe('LDAP users the directory no longer has', { timeout: 60_000 }, () => {
  it('are disabled at a sign-in that does not find them, and enabled again once the directory has them back', async () => {
    const server = await setup(serverToml(slapd.port, mapping('editors', 1, 'Editor')));
    await slapd.add(person('frank'));
    await addMember('editors', 'frank');
    const frank = await signedIn(server, 'frank');
    const local = await createUser(server, { login: 'frank-local' });

    await deletePerson('frank');
    const refused = await formLogin(server, 'frank', 'frank-pw');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ message: 'Invalid username or password' });
    expect((await call(server, 'GET', '/api/user', { as: basic('frank', 'frank-pw') })).status).toBe(401);
    expect(await userOf(server, frank.id)).toMatchObject({ login: 'frank', isDisabled: true });
    // Disabling ended its sessions.
    expect((await call(server, 'GET', '/api/user', { as: frank.as })).status).toBe(401);
    // Users no LDAP sign-in ever linked are left alone, whatever is typed for them.
    expect((await formLogin(server, 'frank-local', 'wrong-password')).status).toBe(401);
    expect((await formLogin(server, 'admin', 'wrong-password')).status).toBe(401);
    expect(await userOf(server, local.id)).toMatchObject({ isDisabled: false });
    expect(await userOf(server, 1)).toMatchObject({ login: 'admin', isDisabled: false });

    await slapd.add(person('frank'));
    await addMember('editors', 'frank');
    const back = await signedIn(server, 'frank');
    expect(back.id).toBe(frank.id);
    expect(await userOf(server, frank.id)).toMatchObject({ isDisabled: false });
    expect(await orgsOf(server, frank.id)).toEqual([[1, 'Editor']]);
  });

  it('are not disabled while a server that might know them cannot be asked', async () => {
    const dead = await deadPort();
    const server = await setup(
      serverToml(dead, mapping('editors', 1, 'Editor')) +
        serverToml(slapd.port, mapping('editors', 1, 'Editor')),
    );
    await slapd.add(person('gina'));
    await addMember('editors', 'gina');
    const gina = await signedIn(server, 'gina');
    await deletePerson('gina');
    expect((await formLogin(server, 'gina', 'gina-pw')).status).toBe(401);
    expect(await userOf(server, gina.id)).toMatchObject({ isDisabled: false });
    // The sync cannot tell either: a 502 naming the directory, nothing changed.
    const sync = await call(server, 'POST', `/api/admin/ldap/sync/${gina.id}`, { as: ADMIN });
    expect(sync.status).toBe(502);
    expect(sync.body).toMatchObject({ messageId: 'ldap.search-failed' });
    expect(await userOf(server, gina.id)).toMatchObject({ isDisabled: false });
  });

  it('are disabled by POST /api/admin/ldap/sync/{id}, and a later sync finding them enables them', async () => {
    const server = await setup(serverToml(slapd.port, mapping('editors', 1, 'Editor')));
    await slapd.add(person('grace'));
    await addMember('editors', 'grace');
    const grace = await signedIn(server, 'grace');

    await deletePerson('grace');
    const sync = await call(server, 'POST', `/api/admin/ldap/sync/${grace.id}`, { as: ADMIN });
    expect(sync.status).toBe(400);
    expect(sync.body).toMatchObject({
      message: 'User not found in LDAP. Disabled the user without updating information',
    });
    expect(await userOf(server, grace.id)).toMatchObject({ isDisabled: true });
    expect((await call(server, 'GET', '/api/user', { as: grace.as })).status).toBe(401);
    const lookup = await call(server, 'GET', '/api/admin/ldap/grace', { as: ADMIN });
    expect(lookup.status).toBe(404);

    await slapd.add(person('grace'));
    await addMember('editors', 'grace');
    const again = await call(server, 'POST', `/api/admin/ldap/sync/${grace.id}`, { as: ADMIN });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({ message: 'User synced successfully' });
    expect(await userOf(server, grace.id)).toMatchObject({ isDisabled: false });
    expect((await formLogin(server, 'grace', 'grace-pw')).status).toBe(200);
  });

  it('never disables the configured server admin: its sync is refused with a 400', async () => {
    // The directory has an `admin` too; its sign-in takes the local admin over (now an LDAP user).
    const server = await setup(serverToml(slapd.port, mapping('admins', 1, 'Admin', 'grafana_admin = true')));
    await slapd.add(person('admin'));
    await addMember('admins', 'admin');
    const admin = await signedIn(server, 'admin');
    expect(admin.id).toBe(1);
    await deletePerson('admin');
    const sync = await call(server, 'POST', '/api/admin/ldap/sync/1', { as: admin.as });
    expect(sync.status).toBe(400);
    expect(sync.body).toMatchObject({
      message: 'Refusing to sync grafana super admin "admin" - it would be disabled',
    });
    // Nor does a failed sign-in disable it.
    expect((await formLogin(server, 'admin', 'admin-pw')).status).toBe(401);
    expect((await call(server, 'GET', '/api/user', { as: admin.as })).body).toMatchObject({
      login: 'admin',
      isDisabled: false,
    });
  });
});

describe('LDAP org sync', { timeout: 60_000 }, () => {
  it('takes the user out of the orgs no group mapping gives it any more, with their teams; no mapping at all disables it', async () => {
    const server = await setup(
      serverToml(
        slapd.port,
        mapping('editors', 1, 'Editor') + mapping('ops', 2, 'Viewer') + mapping('admins', 3, 'Admin'),
      ),
    );
    const org = (name: string) => createOrg(server, name);
    expect([await org('Ops'), await org('Unmapped')]).toEqual([2, 3]);
    const orgOnly = (orgId: number) => ({ ...ADMIN, headers: { 'X-Grafana-Org-Id': String(orgId) } });
    const team = await call<{ teamId: number }>(server, 'POST', '/api/teams', {
      as: orgOnly(2),
      body: { name: 'Ops' },
    });
    expect(team.status).toBe(200);
    const linked = await call(server, 'POST', `/api/teams/${team.body.teamId}/groups`, {
      as: orgOnly(2),
      body: { groupId: group('ops') },
    });
    expect(linked.status).toBe(200);

    await slapd.add(person('henry'));
    await addMember('editors', 'henry');
    await addMember('ops', 'henry');
    const henry = await signedIn(server, 'henry');
    expect(await orgsOf(server, henry.id)).toEqual([
      [1, 'Editor'],
      [2, 'Viewer'],
    ]);
    const teamMembers = async () => {
      const list = await call<{ login: string }[]>(server, 'GET', `/api/teams/${team.body.teamId}/members`, {
        as: orgOnly(2),
      });
      expect(list.status).toBe(200);
      return list.body.map((m) => m.login).filter((login) => login !== 'admin');
    };
    expect(await teamMembers()).toEqual(['henry']);
    // An org svc's admin added henry to by hand, which no mapping gives: org sync takes it away too.
    const added = await call(server, 'POST', '/api/orgs/3/users', {
      as: ADMIN,
      body: { loginOrEmail: 'henry', role: 'Viewer' },
    });
    expect(added.status).toBe(200);
    // henry works in org 2 when the directory drops him from ops.
    expect((await call(server, 'POST', '/api/user/using/2', { as: henry.as })).status).toBe(200);

    await removeMember('ops', 'henry');
    const synced = await call(server, 'POST', `/api/admin/ldap/sync/${henry.id}`, { as: ADMIN });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(await orgsOf(server, henry.id)).toEqual([[1, 'Editor']]);
    expect(await teamMembers()).toEqual([]);
    const me = await call(server, 'GET', '/api/user', { as: henry.as });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ orgId: 1, isDisabled: false });

    // Back in ops: the next sign-in adds org 2 again.
    await addMember('ops', 'henry');
    await signedIn(server, 'henry');
    expect(await orgsOf(server, henry.id)).toEqual([
      [1, 'Editor'],
      [2, 'Viewer'],
    ]);

    // In no mapped group at all: Grafana's sync disables the user; its sign-in is refused.
    await removeMember('ops', 'henry');
    await removeMember('editors', 'henry');
    const none = await call(server, 'POST', `/api/admin/ldap/sync/${henry.id}`, { as: ADMIN });
    expect(none.status).toBe(200);
    expect(await userOf(server, henry.id)).toMatchObject({ isDisabled: true });
    expect((await formLogin(server, 'henry', 'henry-pw')).status).toBe(401);
  });

  it('keeps the last Admin of an org even when its mapping is gone', async () => {
    const server = await setup(
      serverToml(slapd.port, mapping('admins', 2, 'Admin') + mapping('editors', 1, 'Editor')),
    );
    const created = await call<{ orgId: number }>(server, 'POST', '/api/orgs', {
      as: ADMIN,
      body: { name: 'Two' },
    });
    expect(created.body.orgId).toBe(2);
    await slapd.add(person('ivy'));
    await addMember('admins', 'ivy');
    await addMember('editors', 'ivy');
    const ivy = await signedIn(server, 'ivy');
    expect(await orgsOf(server, ivy.id)).toEqual([
      [1, 'Editor'],
      [2, 'Admin'],
    ]);
    // The creator (admin) is org 2's Admin too: taken out, the LDAP user is its only Admin.
    const removedAdmin = await call(server, 'DELETE', '/api/orgs/2/users/1', { as: ADMIN });
    expect(removedAdmin.status).toBe(200);
    await removeMember('admins', 'ivy');
    const synced = await call(server, 'POST', `/api/admin/ldap/sync/${ivy.id}`, { as: ADMIN });
    expect(synced.status).toBe(200);
    expect(await orgsOf(server, ivy.id)).toEqual([
      [1, 'Editor'],
      [2, 'Admin'],
    ]);
  });
});

describe('LDAP background sync (active_sync_enabled, sync_cron)', { timeout: 60_000 }, () => {
  it('syncs every LDAP user at each firing of sync_cron: roles, teams, and users the directory lost disabled', async () => {
    const clock = new ManualClock();
    const server = await setup(
      serverToml(slapd.port, mapping('admins', 1, 'Admin') + mapping('editors', 1, 'Editor')),
      clock,
    );
    const job = server.jobs.find((j) => j.name === 'ldap-background-sync')!;
    expect(job).toBeDefined();
    const team = await call<{ teamId: number }>(server, 'POST', '/api/teams', {
      as: ADMIN,
      body: { name: 'Ops' },
    });
    expect(team.status).toBe(200);
    const linked = await call(server, 'POST', `/api/teams/${team.body.teamId}/groups`, {
      as: ADMIN,
      body: { groupId: group('ops') },
    });
    expect(linked.status).toBe(200);
    const teamMembers = async () => {
      const list = await call<{ login: string }[]>(server, 'GET', `/api/teams/${team.body.teamId}/members`, {
        as: ADMIN,
      });
      expect(list.status).toBe(200);
      return list.body.map((m) => m.login).filter((login) => login !== 'admin');
    };

    for (const uid of ['kate', 'leo', 'mia']) {
      await slapd.add(person(uid));
      await addMember('editors', uid);
    }
    await addMember('ops', 'kate');
    const kate = await signedIn(server, 'kate');
    const leo = await signedIn(server, 'leo');
    const mia = await signedIn(server, 'mia');
    const local = await createUser(server, { login: 'nick-local' });
    expect(await orgsOf(server, kate.id)).toEqual([[1, 'Editor']]);
    expect(await teamMembers()).toEqual(['kate']);

    // The directory changes: kate moves from ops to admins, leo is deleted, mia leaves every
    // mapped group.
    await removeMember('ops', 'kate');
    await addMember('admins', 'kate');
    await deletePerson('leo');
    await removeMember('editors', 'mia');

    // The schedule starts with the first check; nothing is due until 01:00 comes round.
    await job.run();
    await job.run();
    expect(await orgsOf(server, kate.id)).toEqual([[1, 'Editor']]);
    expect(await userOf(server, leo.id)).toMatchObject({ isDisabled: false });

    // A day later (whatever the server's time zone) 01:00 has passed: the firing syncs everybody.
    clock.advance(25 * 3_600_000);
    await job.run();
    expect(await orgsOf(server, kate.id)).toEqual([[1, 'Admin']]);
    expect(await teamMembers()).toEqual([]);
    expect(await userOf(server, kate.id)).toMatchObject({ isDisabled: false });
    expect(await userOf(server, leo.id)).toMatchObject({ login: 'leo', isDisabled: true });
    expect(await userOf(server, mia.id)).toMatchObject({ login: 'mia', isDisabled: true });
    // Disabling ended their sessions; kate's goes on.
    expect((await call(server, 'GET', '/api/user', { as: leo.as })).status).toBe(401);
    expect((await call(server, 'GET', '/api/user', { as: mia.as })).status).toBe(401);
    expect((await call(server, 'GET', '/api/user', { as: kate.as })).status).toBe(200);
    // Users no LDAP sign-in linked, and the admin, are left alone.
    expect(await userOf(server, local.id)).toMatchObject({ isDisabled: false });
    expect(await userOf(server, 1)).toMatchObject({ login: 'admin', isDisabled: false });

    // The same firing runs once: a change now waits for the next one.
    await addMember('ops', 'kate');
    await addMember('editors', 'mia');
    await job.run();
    expect(await teamMembers()).toEqual([]);
    expect(await userOf(server, mia.id)).toMatchObject({ isDisabled: true });
    clock.advance(24 * 3_600_000);
    await job.run();
    expect(await teamMembers()).toEqual(['kate']);
    // A user the directory has again is enabled again (Grafana's EnableUser).
    expect(await userOf(server, mia.id)).toMatchObject({ isDisabled: false });
    expect(await orgsOf(server, mia.id)).toEqual([[1, 'Editor']]);
  });

  it('runs each firing on one instance only, and not at all with active_sync_enabled = false', async () => {
    const clock = new ManualClock();
    const file = join(dir, `ldap-${++counter}.toml`);
    await writeFile(file, serverToml(slapd.port, mapping('editors', 1, 'Editor')));
    const ldap = { enabled: 'true', config_file: file };
    const database = await createTestDatabase();
    try {
      // Two instances on one database, and a third with the background sync off.
      const [first, second, off] = [
        await startTestServer({ clock, database, overrides: { 'auth.ldap': ldap } }),
        await startTestServer({ clock, database, overrides: { 'auth.ldap': ldap } }),
        await startTestServer({
          clock,
          database,
          overrides: { 'auth.ldap': { ...ldap, active_sync_enabled: 'false' } },
        }),
      ];
      expect(off.jobs.some((j) => j.name === 'ldap-background-sync')).toBe(false);
      const jobOf = (server: TestServer) => server.jobs.find((j) => j.name === 'ldap-background-sync')!;
      const sql = await openRawSql(first.config);
      const claims = async () => {
        const rows = await sql.query<{ version: number | string }>(
          `SELECT version FROM server_lock WHERE operation_uid = 'ldap-background-sync:firing'`,
        );
        return rows.map((r) => Number(r.version));
      };

      await slapd.add(person('olga'));
      await addMember('editors', 'olga');
      const olga = await signedIn(first, 'olga');
      await Promise.all([jobOf(first).run(), jobOf(second).run()]);
      expect(await claims()).toEqual([0]);
      await deletePerson('olga');
      clock.advance(25 * 3_600_000);
      // Both instances check at once: exactly one claims the firing and syncs.
      await Promise.all([jobOf(first).run(), jobOf(second).run()]);
      await Promise.all([jobOf(first).run(), jobOf(second).run()]);
      expect(await claims()).toEqual([1]);
      expect(await userOf(second, olga.id)).toMatchObject({ isDisabled: true });
      await sql.close();
      for (const server of [first, second, off]) await server.shutdown();
    } finally {
      await database.drop();
    }
  });
});

describe('LDAP team sync: synced members are marked', { timeout: 60_000 }, () => {
  it('GET /api/teams/:id/members gives members team sync added the label "LDAP", and every member its auth_module', async () => {
    const server = await setup(serverToml(slapd.port, mapping('editors', 1, 'Editor')));
    const newTeam = async (name: string) => {
      const created = await call<{ teamId: number }>(server, 'POST', '/api/teams', {
        as: ADMIN,
        body: { name },
      });
      expect(created.status).toBe(200);
      return created.body.teamId;
    };
    const ops = await newTeam('Ops');
    const manual = await newTeam('Manual');
    const linked = await call(server, 'POST', `/api/teams/${ops}/groups`, {
      as: ADMIN,
      body: { groupId: group('ops') },
    });
    expect(linked.status).toBe(200);
    await slapd.add(person('pat'));
    await addMember('editors', 'pat');
    await addMember('ops', 'pat');
    const pat = await signedIn(server, 'pat');
    const local = await createUser(server, { login: 'quinn-local' });
    const addByHand = async (teamId: number, userId: number) => {
      const added = await call(server, 'POST', `/api/teams/${teamId}/members`, {
        as: ADMIN,
        body: { userId },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    };
    await addByHand(ops, local.id);
    await addByHand(manual, pat.id);
    type Member = { login: string; userId: number; auth_module: string; labels: string[] };
    const members = async (teamId: number) => {
      const list = await call<Member[]>(server, 'GET', `/api/teams/${teamId}/members`, { as: ADMIN });
      expect(list.status).toBe(200);
      return list.body.map((m) => ({ login: m.login, auth_module: m.auth_module, labels: m.labels }));
    };

    // The creator (local admin) and the member added by hand are plain; pat came through team sync.
    expect(await members(ops)).toEqual([
      { login: 'admin', auth_module: '', labels: [] },
      { login: 'pat', auth_module: 'ldap', labels: ['LDAP'] },
      { login: 'quinn-local', auth_module: '', labels: [] },
    ]);
    // An LDAP user added by hand carries its auth module but no label: the sync did not add it.
    expect(await members(manual)).toEqual([
      { login: 'admin', auth_module: '', labels: [] },
      { login: 'pat', auth_module: 'ldap', labels: [] },
    ]);

    // As in Grafana, a synced member may still be removed by hand; the next sync adds it back.
    const removed = await call(server, 'DELETE', `/api/teams/${ops}/members/${pat.id}`, { as: ADMIN });
    expect(removed.status).toBe(200);
    expect((await members(ops)).map((m) => m.login)).toEqual(['admin', 'quinn-local']);
    const synced = await call(server, 'POST', `/api/admin/ldap/sync/${pat.id}`, { as: ADMIN });
    expect(synced.status).toBe(200);
    expect(await members(ops)).toContainEqual({ login: 'pat', auth_module: 'ldap', labels: ['LDAP'] });
  });
});

describe('GET /api/admin/ldap/{username}: what a sign-in would give', { timeout: 60_000 }, () => {
  it('names the orgs of the mappings and the teams team sync would put the user in, as the sign-in then does', async () => {
    const server = await setup(
      serverToml(slapd.port, mapping('editors', 1, 'Editor') + mapping('ops', 2, 'Viewer')),
    );
    const org = (name: string) => createOrg(server, name);
    expect([await org('Ops Org'), await org('Unmapped')]).toEqual([2, 3]);
    const inOrg = (orgId: number) => ({ ...ADMIN, headers: { 'X-Grafana-Org-Id': String(orgId) } });
    const linkedTeam = async (orgId: number, name: string, groupId: string) => {
      const created = await call<{ teamId: number }>(server, 'POST', '/api/teams', {
        as: inOrg(orgId),
        body: { name },
      });
      expect(created.status).toBe(200);
      const linked = await call(server, 'POST', `/api/teams/${created.body.teamId}/groups`, {
        as: inOrg(orgId),
        body: { groupId },
      });
      expect(linked.status).toBe(200);
    };
    // DNs match whatever their casing; the answer names the group as the team links it.
    await linkedTeam(1, 'Writers', group('editors').toUpperCase());
    await linkedTeam(1, 'Night shift', group('ops'));
    await linkedTeam(2, 'Pager', group('ops'));
    await linkedTeam(1, 'Admins only', group('admins'));
    // An org no mapping gives: its teams are not synced.
    await linkedTeam(3, 'Elsewhere', group('editors'));

    await slapd.add(person('rita'));
    await addMember('editors', 'rita');
    await addMember('ops', 'rita');
    const lookup = await call(server, 'GET', '/api/admin/ldap/rita', { as: ADMIN });
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    expect(lookup.body).toMatchObject({
      login: { cfgAttrValue: 'uid', ldapValue: 'rita' },
      isDisabled: false,
      roles: [
        { orgId: 1, orgRole: 'Editor', orgName: 'Main Org.', groupDN: group('editors') },
        { orgId: 2, orgRole: 'Viewer', orgName: 'Ops Org', groupDN: group('ops') },
      ],
      teams: [
        { teamName: 'Night shift', orgName: 'Main Org.', groupDN: group('ops') },
        { teamName: 'Writers', orgName: 'Main Org.', groupDN: group('editors').toUpperCase() },
        { teamName: 'Pager', orgName: 'Ops Org', groupDN: group('ops') },
      ],
    });

    // The sign-in does what the lookup said.
    const rita = await signedIn(server, 'rita');
    expect(await orgsOf(server, rita.id)).toEqual([
      [1, 'Editor'],
      [2, 'Viewer'],
    ]);
    const teamsIn = async (orgId: number) => {
      const teams = await call<{ name: string }[]>(server, 'GET', `/api/users/${rita.id}/teams`, {
        as: inOrg(orgId),
      });
      expect(teams.status).toBe(200);
      return teams.body.map((t) => t.name).sort();
    };
    expect(await teamsIn(1)).toEqual(['Night shift', 'Writers']);
    expect(await teamsIn(2)).toEqual(['Pager']);
  });

  it('answers 400 naming the configuration when a mapping names an org that does not exist, as Grafana', async () => {
    const server = await setup(
      serverToml(slapd.port, mapping('editors', 1, 'Editor') + mapping('ops', 9, 'Viewer')),
    );
    await slapd.add(person('sam'));
    await addMember('editors', 'sam');
    await addMember('ops', 'sam');
    const lookup = await call(server, 'GET', '/api/admin/ldap/sam', { as: ADMIN });
    expect(lookup.status).toBe(400);
    expect(lookup.body).toMatchObject({
      message: 'An organization was not found - Please verify your LDAP configuration (org_id 9)',
    });
    // Out of ops, no mapping names the missing org: the lookup answers.
    await removeMember('ops', 'sam');
    const fine = await call(server, 'GET', '/api/admin/ldap/sam', { as: ADMIN });
    expect(fine.status).toBe(200);
    expect(fine.body).toMatchObject({
      roles: [{ orgId: 1, orgRole: 'Editor', orgName: 'Main Org.', groupDN: group('editors') }],
      teams: [],
    });
  });
});
