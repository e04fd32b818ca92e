import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, basic, call, cookieValue, session } from '../helpers/client.js';
import { testConfig, mergeOverrides } from '../helpers/config.js';
import { createTestDatabase } from '../helpers/databases.js';
import { createUser } from '../helpers/factories.js';
import {
  LDAP_GROUPS,
  LDAP_PEOPLE,
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  ldapServerToml,
  startSlapd,
  type Slapd,
} from '../helpers/peers/slapd.js';
import { startServer } from '../../src/server.js';

const PEOPLE = LDAP_PEOPLE;
const GROUPS = LDAP_GROUPS;
// Several servers start per test; a loaded CI machine needs more than the default 30 s.
const dn = (uid: string) => `uid=${uid},${PEOPLE}`;
const group = (cn: string) => `cn=${cn},${GROUPS}`;

let slapd: Slapd;
let dir: string;
let counter = 0;

/** A person with a password; `groups` lists the groupOfNames it is a member of. */
function person(uid: string, given: string, sn: string): string {
  return [
    `dn: ${dn(uid)}`,
    'objectClass: inetOrgPerson',
    `uid: ${uid}`,
    `cn: ${given} ${sn}`,
    `givenName: ${given}`,
    `sn: ${sn}`,
    `mail: ${uid}@example.org`,
    `userPassword: ${uid}-pw`,
    '',
  ].join('\n');
}

function groupOf(cn: string, members: string[]): string {
  return [
    `dn: ${group(cn)}`,
    'objectClass: groupOfNames',
    `cn: ${cn}`,
    ...members.map((m) => `member: ${m}`),
    '',
  ].join('\n');
}

beforeAll(async () => {
  slapd = await startSlapd();
  dir = await mkdtemp(join(tmpdir(), 'svc-ldap-test-'));
  await writeFile(join(dir, 'ca.pem'), slapd.caCertificate);
  await slapd.add(
    [
      `dn: ${PEOPLE}\nobjectClass: organizationalUnit\nou: people\n`,
      `dn: ${GROUPS}\nobjectClass: organizationalUnit\nou: groups\n`,
      person('alice', 'Alice', 'Admin'),
      person('bob', 'Bob', 'Editor'),
      person('carol', 'Carol', 'Viewer'),
      person('dave', 'Dave', 'Mover'),
      person('erin', 'Erin', 'Nested'),
      groupOf('admins', [dn('alice')]),
      groupOf('editors', [dn('bob'), dn('dave'), dn('erin')]),
      // A group whose member is a group: only a filter that resolves nesting (AD's in-chain rule) sees it.
      groupOf('nested', [group('editors')]),
    ].join('\n'),
  );
}, 60_000);

afterAll(async () => {
  await slapd?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface ServerOptions {
  host?: string;
  port?: number;
  extra?: string;
  mappings?: string;
  memberOf?: string;
  ldap?: Record<string, string>;
}

const DEFAULT_MAPPINGS = `
[[servers.group_mappings]]
group_dn = "${group('admins')}"
org_id = 1
org_role = "Admin"
grafana_admin = true

[[servers.group_mappings]]
group_dn = "${group('editors')}"
org_id = 1
org_role = "Editor"

[[servers.group_mappings]]
group_dn = "*"
org_id = 1
org_role = "Viewer"
`;

function toml(options: ServerOptions = {}): string {
  return ldapServerToml(options.port ?? slapd.port, options.mappings ?? DEFAULT_MAPPINGS, options);
}

async function writeToml(text: string): Promise<string> {
  const file = join(dir, `ldap-${++counter}.toml`);
  await writeFile(file, text);
  return file;
}

async function setup(options: ServerOptions = {}): Promise<TestServer & { tomlFile: string }> {
  const tomlFile = await writeToml(toml(options));
  const server = await startTestServer({
    overrides: { 'auth.ldap': { enabled: 'true', config_file: tomlFile, ...options.ldap } },
  });
  return { ...server, tomlFile };
}

async function formLogin(server: TestServer, user: string, password: string) {
  const response = await call<{ message: string }>(server, 'POST', '/login', { body: { user, password } });
  const token = cookieValue(response.cookies, 'svc_session');
  return { ...response, as: token ? session(token) : undefined };
}

async function roleIn(server: TestServer, caller: ReturnType<typeof basic>, orgId = 1) {
  const orgs = await call<{ orgId: number; role: string }[]>(server, 'GET', '/api/user/orgs', { as: caller });
  expect(orgs.status).toBe(200);
  return orgs.body.find((o) => o.orgId === orgId)?.role;
}

describe('[auth.ldap] sign-in', { timeout: 60_000 }, () => {
  it('signs users in by login form and Basic auth with the role, admin flag and labels their groups give', async () => {
    const server = await setup();
    const alice = await formLogin(server, 'alice', 'alice-pw');
    expect(alice.status, JSON.stringify(alice.body)).toBe(200);
    expect(alice.body).toEqual({ message: 'Logged in' });
    const me = await call(server, 'GET', '/api/user', { as: alice.as });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      login: 'alice',
      email: 'alice@example.org',
      name: 'Alice Admin',
      isGrafanaAdmin: true,
      isExternal: true,
      authLabels: ['LDAP'],
    });
    expect(await roleIn(server, alice.as!)).toBe('Admin');
    const byId = await call(server, 'GET', `/api/users/${me.body.id}`, { as: ADMIN });
    expect(byId.body).toMatchObject({ isExternal: true, authLabels: ['LDAP'], isGrafanaAdmin: true });

    // Basic auth signs up a user on its first request.
    const bob = basic('bob', 'bob-pw');
    const bobMe = await call(server, 'GET', '/api/user', { as: bob });
    expect(bobMe.status, JSON.stringify(bobMe.body)).toBe(200);
    expect(bobMe.body).toMatchObject({
      login: 'bob',
      isGrafanaAdmin: false,
      isExternal: true,
      authLabels: ['LDAP'],
    });
    expect(await roleIn(server, bob)).toBe('Editor');
    // The `*` mapping catches everybody else.
    const carol = basic('carol', 'carol-pw');
    expect(await roleIn(server, carol)).toBe('Viewer');
    // A Viewer may do what a Viewer may, nothing more.
    const folder = await call(server, 'POST', '/api/folders', { as: carol, body: { title: 'no' } });
    expect(folder.status).toBe(403);
    const lookup = await call(server, 'GET', '/api/users/lookup?loginOrEmail=bob', { as: ADMIN });
    expect(lookup.body).toMatchObject({ login: 'bob', isExternal: true, authLabels: ['LDAP'] });
  });

  it('re-syncs the role on the next sign-in after the groups changed in the directory', async () => {
    const server = await setup();
    const first = await formLogin(server, 'dave', 'dave-pw');
    expect(first.status).toBe(200);
    expect(await roleIn(server, first.as!)).toBe('Editor');
    await slapd.modify(
      `dn: ${group('editors')}\nchangetype: modify\ndelete: member\nmember: ${dn('dave')}\n`,
    );
    await slapd.modify(`dn: ${group('admins')}\nchangetype: modify\nadd: member\nmember: ${dn('dave')}\n`);
    try {
      const second = await formLogin(server, 'dave', 'dave-pw');
      expect(second.status).toBe(200);
      expect(await roleIn(server, second.as!)).toBe('Admin');
      const me = await call(server, 'GET', '/api/user', { as: second.as });
      expect(me.body).toMatchObject({ isGrafanaAdmin: true });
    } finally {
      await slapd.modify(
        `dn: ${group('admins')}\nchangetype: modify\ndelete: member\nmember: ${dn('dave')}\n`,
      );
      await slapd.modify(`dn: ${group('editors')}\nchangetype: modify\nadd: member\nmember: ${dn('dave')}\n`);
    }
    const third = await formLogin(server, 'dave', 'dave-pw');
    expect(await roleIn(server, third.as!)).toBe('Editor');
  });

  it('keeps the roles set in svc with skip_org_role_sync', async () => {
    const server = await setup({ ldap: { skip_org_role_sync: 'true' } });
    const bob = basic('bob', 'bob-pw');
    // A new user gets the auto-assign role, not the mapping's.
    expect(await roleIn(server, bob)).toBe('Viewer');
  });

  it('answers 401 "Invalid username or password" for a wrong password and an unknown user, by form and Basic', async () => {
    const server = await setup();
    // An empty password would be an unauthenticated bind, which LDAP servers accept.
    const empty = await call(server, 'GET', '/api/user', { as: basic('alice', '') });
    expect(empty.status).toBe(401);
    expect(empty.body).toMatchObject({ message: 'Invalid username or password' });
    for (const [user, password] of [
      ['alice', 'wrong'],
      ['nobody', 'whatever'],
    ]) {
      const form = await formLogin(server, user!, password!);
      expect(form.status).toBe(401);
      expect(form.body).toMatchObject({ message: 'Invalid username or password' });
      const api = await call(server, 'GET', '/api/user', { as: basic(user!, password!) });
      expect(api.status).toBe(401);
      expect(api.body).toMatchObject({ message: 'Invalid username or password' });
    }
  });

  it('signs local users in by their own password, and an LDAP user never by a local one', async () => {
    const server = await setup();
    const local = await createUser(server, { login: 'localuser', orgRole: 'Editor' });
    const me = await call(server, 'GET', '/api/user', { as: local.as });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ login: 'localuser', isExternal: false, authLabels: [] });
    expect((await formLogin(server, 'localuser', local.password)).status).toBe(200);
    expect((await formLogin(server, 'admin', 'admin')).status).toBe(200);

    // An LDAP user's password, login and email are the directory's.
    const alice = await formLogin(server, 'alice', 'alice-pw');
    const aliceMe = await call<{ id: number }>(server, 'GET', '/api/user', { as: alice.as });
    const own = await call(server, 'PUT', '/api/user/password', {
      as: alice.as,
      body: { oldPassword: 'alice-pw', newPassword: 'local-password-1' },
    });
    expect(own.status).toBe(400);
    const set = await call(server, 'PUT', `/api/admin/users/${aliceMe.body.id}/password`, {
      as: ADMIN,
      body: { password: 'local-password-1' },
    });
    expect(set.status).toBe(400);
    expect(set.body).toMatchObject({ message: 'Cannot update external user password' });
    const profile = await call(server, 'PUT', '/api/user', {
      as: alice.as,
      body: { email: 'other@example.org' },
    });
    expect(profile.status).toBe(403);
    expect(profile.body).toMatchObject({ message: 'User info cannot be updated for external Users' });
    const byAdmin = await call(server, 'PUT', `/api/users/${aliceMe.body.id}`, {
      as: ADMIN,
      body: { login: 'mallory' },
    });
    expect(byAdmin.status).toBe(403);
    expect((await call(server, 'GET', '/api/user', { as: basic('alice', 'local-password-1') })).status).toBe(
      401,
    );
  });

  it('answers a clear 502 naming LDAP while the directory is down, and local users still sign in', async () => {
    const server = await setup();
    const local = await createUser(server, { login: 'stayslocal' });
    await slapd.pause();
    try {
      const form = await formLogin(server, 'alice', 'alice-pw');
      expect(form.status).toBe(502);
      expect(form.body.message).toMatch(/^LDAP: no directory server could be reached/);
      const api = await call(server, 'GET', '/api/user', { as: basic('bob', 'bob-pw') });
      expect(api.status).toBe(502);
      expect(api.body).toMatchObject({ messageId: 'ldap.unavailable' });
      expect((await call(server, 'GET', '/api/user', { as: local.as })).status).toBe(200);
      expect((await formLogin(server, 'admin', 'admin')).status).toBe(200);
      const status = await call<{ host: string; port: number; available: boolean; error: string }[]>(
        server,
        'GET',
        '/api/admin/ldap/status',
        { as: ADMIN },
      );
      expect(status.status).toBe(200);
      expect(status.body).toEqual([
        {
          host: '127.0.0.1',
          port: slapd.port,
          available: false,
          error: expect.stringMatching(/ECONNREFUSED/),
        },
      ]);
    } finally {
      await slapd.start();
    }
    expect((await formLogin(server, 'alice', 'alice-pw')).status).toBe(200);
  });

  it('tries the hosts of a server in order', async () => {
    // 127.0.0.2 is loopback too, where this slapd does not listen.
    const server = await setup({ host: '127.0.0.2 127.0.0.1' });
    expect((await formLogin(server, 'alice', 'alice-pw')).status).toBe(200);
  });

  it('binds as the user with %s in bind_dn', async () => {
    const tomlFile = await writeToml(
      toml().replace(/bind_dn = .*\nbind_password = .*\n/, `bind_dn = "uid=%s,${PEOPLE}"\n`),
    );
    const server = await startTestServer({
      overrides: { 'auth.ldap': { enabled: 'true', config_file: tomlFile } },
    });
    expect((await formLogin(server, 'bob', 'bob-pw')).status).toBe(200);
    expect((await formLogin(server, 'bob', 'nope')).status).toBe(401);
    expect(await roleIn(server, basic('bob', 'bob-pw'))).toBe('Editor');
  });

  it('finds groups with group_search_filter; nesting only as far as the filter resolves it', async () => {
    const server = await setup({
      extra: [
        'group_search_filter = "(&(objectClass=groupOfNames)(member=%s))"',
        'group_search_filter_user_attribute = "dn"',
        `group_search_base_dns = ["${GROUPS}"]`,
      ].join('\n'),
      memberOf: 'dn',
      mappings: `
[[servers.group_mappings]]
group_dn = "${group('nested')}"
org_id = 1
org_role = "Admin"

[[servers.group_mappings]]
group_dn = "${group('editors')}"
org_id = 1
org_role = "Editor"
`,
    });
    // erin is a member of editors, which is a member of nested: a plain member= filter finds editors only.
    expect(await roleIn(server, basic('erin', 'erin-pw'))).toBe('Editor');
    // carol is in no mapped group: with mappings, she may not sign in.
    expect((await formLogin(server, 'carol', 'carol-pw')).status).toBe(401);
  });

  it('team sync: puts the user in the teams linked to its group DNs, and out when it leaves a group', async () => {
    const server = await setup();
    const team = async (name: string, groupId: string) => {
      const created = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name } });
      const linked = await call(server, 'POST', `/api/teams/${created.body.teamId}/groups`, {
        as: ADMIN,
        body: { groupId },
      });
      expect(linked.status).toBe(200);
      return created.body.teamId as number;
    };
    // DNs match whatever their casing.
    const editors = await team('Editors', group('editors').toUpperCase());
    const admins = await team('Admins', group('admins'));
    const members = async (teamId: number) => {
      const list = await call(server, 'GET', `/api/teams/${teamId}/members`, { as: ADMIN });
      expect(list.status).toBe(200);
      return (list.body as { login: string }[]).map((m) => m.login).sort();
    };

    expect((await formLogin(server, 'erin', 'erin-pw')).status).toBe(200);
    expect(await members(editors)).toEqual(['admin', 'erin']);
    expect(await members(admins)).toEqual(['admin']);

    await slapd.modify(
      `dn: ${group('editors')}\nchangetype: modify\ndelete: member\nmember: ${dn('erin')}\n`,
    );
    await slapd.modify(`dn: ${group('admins')}\nchangetype: modify\nadd: member\nmember: ${dn('erin')}\n`);
    try {
      expect((await formLogin(server, 'erin', 'erin-pw')).status).toBe(200);
      expect(await members(editors)).toEqual(['admin']);
      expect(await members(admins)).toEqual(['admin', 'erin']);
    } finally {
      await slapd.modify(
        `dn: ${group('admins')}\nchangetype: modify\ndelete: member\nmember: ${dn('erin')}\n`,
      );
      await slapd.modify(`dn: ${group('editors')}\nchangetype: modify\nadd: member\nmember: ${dn('erin')}\n`);
    }

    // With group_search_filter, the groups the filter finds are the ones synced.
    const filtered = await setup({
      extra: [
        'group_search_filter = "(&(objectClass=groupOfNames)(member=%s))"',
        'group_search_filter_user_attribute = "dn"',
        `group_search_base_dns = ["${GROUPS}"]`,
      ].join('\n'),
      memberOf: 'dn',
    });
    const created = await call(filtered, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Editors' } });
    const teamId = created.body.teamId as number;
    await call(filtered, 'POST', `/api/teams/${teamId}/groups`, {
      as: ADMIN,
      body: { groupId: group('editors') },
    });
    expect((await formLogin(filtered, 'erin', 'erin-pw')).status).toBe(200);
    const list = await call(filtered, 'GET', `/api/teams/${teamId}/members`, { as: ADMIN });
    expect((list.body as { login: string }[]).map((m) => m.login).sort()).toEqual(['admin', 'erin']);
  });

  it('does not sign up new users with allow_sign_up = false', async () => {
    const server = await setup({ ldap: { allow_sign_up: 'false' } });
    const form = await formLogin(server, 'alice', 'alice-pw');
    expect(form.status).toBe(401);
    expect(form.body).toMatchObject({ messageId: 'ldap.sign-up-disabled' });
  });

  it('talks StartTLS and LDAPS, trusting root_ca_cert', async () => {
    const ca = join(dir, 'ca.pem');
    const startTls = await setup({ extra: `start_tls = true\nroot_ca_cert = "${ca}"` });
    expect((await formLogin(startTls, 'alice', 'alice-pw')).status).toBe(200);
    const ldaps = await setup({ port: slapd.tlsPort, extra: `use_ssl = true\nroot_ca_cert = "${ca}"` });
    expect((await formLogin(ldaps, 'bob', 'bob-pw')).status).toBe(200);
  });

  it('refuses an untrusted certificate with a 502 naming it, unless ssl_skip_verify', async () => {
    const untrusted = await setup({ port: slapd.tlsPort, extra: 'use_ssl = true' });
    const refused = await formLogin(untrusted, 'bob', 'bob-pw');
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/LDAP.*certificate/i);
    const skipVerify = await setup({ port: slapd.tlsPort, extra: 'use_ssl = true\nssl_skip_verify = true' });
    expect((await formLogin(skipVerify, 'bob', 'bob-pw')).status).toBe(200);
  });
});

describe('[auth.ldap] config file', { timeout: 60_000 }, () => {
  it('takes bind_password from $__env{…} and bind_dn from $__file{…}', async () => {
    await writeFile(join(dir, 'bind-dn'), `${LDAP_ADMIN_DN}\n`);
    const tomlFile = await writeToml(
      toml().replace(
        /bind_dn = .*\nbind_password = .*\n/,
        `bind_dn = "$__file{${join(dir, 'bind-dn')}}"\nbind_password = "$__env{TEST_LDAP_BIND_PASSWORD}"\n`,
      ),
    );
    const server = await startTestServer({
      overrides: { 'auth.ldap': { enabled: 'true', config_file: tomlFile } },
      env: { TEST_LDAP_BIND_PASSWORD: LDAP_ADMIN_PASSWORD },
    });
    expect((await formLogin(server, 'carol', 'carol-pw')).status).toBe(200);
    // Without the variable the password is empty: slapd refuses a DN without one (unwillingToPerform).
    const unset = await startTestServer({
      overrides: { 'auth.ldap': { enabled: 'true', config_file: tomlFile } },
    });
    const lookup = await call(unset, 'GET', '/api/admin/ldap/carol', { as: ADMIN });
    expect(lookup.status).toBe(502);
    expect(lookup.body).toMatchObject({ messageId: 'ldap.search-failed' });
    expect(lookup.body.message).toContain('LDAP result code 53');
  });

  it('refuses to start on a TOML syntax error, naming the file and line', async () => {
    const file = await writeToml('[[servers]]\nhost = "127.0.0.1"\nport = \n');
    const database = await createTestDatabase();
    try {
      const config = testConfig(
        mergeOverrides(database.overrides, { 'auth.ldap': { enabled: 'true', config_file: file } }),
      );
      await expect(startServer(config)).rejects.toThrow(`[auth.ldap] config_file ${file}: line 3, column`);
    } finally {
      await database.drop();
    }
  });

  it('refuses to start on a bad value, naming the key', async () => {
    const file = await writeToml(toml().replace('org_role = "Editor"', 'org_role = "Boss"'));
    const database = await createTestDatabase();
    try {
      const config = testConfig(
        mergeOverrides(database.overrides, { 'auth.ldap': { enabled: 'true', config_file: file } }),
      );
      await expect(startServer(config)).rejects.toThrow(
        /servers\[0\]\.group_mappings\[1\]\.org_role: "Boss"/,
      );
    } finally {
      await database.drop();
    }
  });
});

describe('/api/admin/ldap', { timeout: 60_000 }, () => {
  it('reports status, looks users up, syncs them, and reloads the TOML file', async () => {
    const server = await setup();
    const status = await call(server, 'GET', '/api/admin/ldap/status', { as: ADMIN });
    expect(status.status).toBe(200);
    expect(status.body).toEqual([{ host: '127.0.0.1', port: slapd.port, available: true, error: '' }]);

    const lookup = await call(server, 'GET', '/api/admin/ldap/alice', { as: ADMIN });
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    expect(lookup.body).toEqual({
      name: { cfgAttrValue: 'givenName', ldapValue: 'Alice' },
      surname: { cfgAttrValue: 'sn', ldapValue: 'Admin' },
      email: { cfgAttrValue: 'mail', ldapValue: 'alice@example.org' },
      login: { cfgAttrValue: 'uid', ldapValue: 'alice' },
      isGrafanaAdmin: true,
      isDisabled: false,
      // The org's name, though alice never signed in (as Grafana).
      roles: [{ orgId: 1, orgRole: 'Admin', orgName: 'Main Org.', groupDN: group('admins') }],
      teams: [],
    });
    const missing = await call(server, 'GET', '/api/admin/ldap/nobody', { as: ADMIN });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      message: 'No user was found in the LDAP server(s) with that username',
    });

    // Sync: the directory's new email reaches svc without a sign-in.
    const carol = await formLogin(server, 'carol', 'carol-pw');
    const carolMe = await call<{ id: number }>(server, 'GET', '/api/user', { as: carol.as });
    await slapd.modify(
      `dn: ${dn('carol')}\nchangetype: modify\nreplace: mail\nmail: carol.new@example.org\n`,
    );
    try {
      const synced = await call(server, 'POST', `/api/admin/ldap/sync/${carolMe.body.id}`, { as: ADMIN });
      expect(synced.status, JSON.stringify(synced.body)).toBe(200);
      expect(synced.body).toEqual({ message: 'User synced successfully' });
      const after = await call(server, 'GET', `/api/users/${carolMe.body.id}`, { as: ADMIN });
      expect(after.body).toMatchObject({ email: 'carol.new@example.org' });
    } finally {
      await slapd.modify(`dn: ${dn('carol')}\nchangetype: modify\nreplace: mail\nmail: carol@example.org\n`);
    }
    const local = await createUser(server, { login: 'notldap' });
    expect((await call(server, 'POST', `/api/admin/ldap/sync/${local.id}`, { as: ADMIN })).status).toBe(400);
    expect((await call(server, 'POST', '/api/admin/ldap/sync/999999', { as: ADMIN })).status).toBe(404);

    // Reload: editors now map to Admin.
    expect(await roleIn(server, basic('bob', 'bob-pw'))).toBe('Editor');
    await writeFile(server.tomlFile, toml().replace('org_role = "Editor"', 'org_role = "Admin"'));
    const reloaded = await call(server, 'POST', '/api/admin/ldap/reload', { as: ADMIN });
    expect(reloaded.status).toBe(200);
    expect(reloaded.body).toEqual({ message: 'LDAP config reloaded' });
    expect((await formLogin(server, 'bob', 'bob-pw')).status).toBe(200);
    expect(await roleIn(server, basic('bob', 'bob-pw'))).toBe('Admin');
    // A broken file is refused with its line named; the loaded configuration stays.
    await writeFile(server.tomlFile, '[[servers]\n');
    const broken = await call(server, 'POST', '/api/admin/ldap/reload', { as: ADMIN });
    expect(broken.status).toBe(400);
    expect((broken.body as { message: string }).message).toContain(`${server.tomlFile}: line 1`);
    expect((await formLogin(server, 'alice', 'alice-pw')).status).toBe(200);
  });

  it('refuses callers without the ldap actions', async () => {
    const server = await setup();
    const orgAdmin = await createUser(server, { login: 'orgadmin', orgRole: 'Admin' });
    const bob = basic('bob', 'bob-pw');
    for (const caller of [orgAdmin.as, bob]) {
      for (const [method, path] of [
        ['GET', '/api/admin/ldap/status'],
        ['GET', '/api/admin/ldap/alice'],
        ['POST', '/api/admin/ldap/sync/1'],
        ['POST', '/api/admin/ldap/reload'],
      ] as const) {
        const response = await call(server, method, path, { as: caller });
        expect(response.status, `${method} ${path}`).toBe(403);
      }
    }
  });

  it('answers 400 "LDAP is not enabled" when it is off', async () => {
    const server = await startTestServer();
    const status = await call(server, 'GET', '/api/admin/ldap/status', { as: ADMIN });
    expect(status.status).toBe(400);
    expect(status.body).toMatchObject({ message: 'LDAP is not enabled' });
  });
});
