import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, basic, call } from '../helpers/client.js';
import { createOrg, createUser } from '../helpers/factories.js';

describe('GET/PUT /api/user', () => {
  it('returns the profile with both server-admin spellings', async () => {
    const server = await startTestServer();
    const me = await call(server, 'GET', '/api/user', { as: ADMIN });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: 1,
      login: 'admin',
      email: 'admin@localhost',
      orgId: 1,
      isServerAdmin: true,
      isGrafanaAdmin: true,
      isDisabled: false,
      isExternal: false,
      authLabels: [],
      avatarUrl: '/avatar/46d229b033af06a191ff2267bca9ae56',
    });
    expect(me.body.uid).toMatch(/^[a-zA-Z0-9]{14}$/);
    expect(Date.parse(me.body.createdAt)).not.toBeNaN();
  });

  it('updates name, email, login and theme; rejects conflicts and empty identities', async () => {
    const server = await startTestServer();
    const user = await createUser(server, {
      login: 'jack',
      email: 'jack@example.com',
      password: 'jack-pass',
    });
    await createUser(server, { login: 'kate', email: 'kate@example.com' });
    const updated = await call(server, 'PUT', '/api/user', {
      as: user.as,
      body: { name: 'Jack J', email: ' Jack.J@Example.com ', theme: 'light' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ message: 'User updated' });
    const me = await call(server, 'GET', '/api/user', { as: basic('jack', 'jack-pass') });
    expect(me.body).toMatchObject({
      name: 'Jack J',
      email: 'jack.j@example.com',
      theme: 'light',
      login: 'jack',
    });

    const conflict = await call(server, 'PUT', '/api/user', { as: user.as, body: { login: 'KATE' } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('Update would result in user login conflict');
    const empty = await call(server, 'PUT', '/api/user', { as: user.as, body: { login: '', email: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Need to specify either username or email');
    const theme = await call(server, 'PUT', '/api/user', { as: user.as, body: { theme: 'purple' } });
    expect(theme.status).toBe(400);
  });

  it('needs credentials', async () => {
    const server = await startTestServer();
    expect((await call(server, 'GET', '/api/user')).status).toBe(401);
    expect((await call(server, 'PUT', '/api/user', { body: { name: 'x' } })).status).toBe(401);
  });
});

describe('PUT /api/user/password', () => {
  it('checks the old password and the length, then changes it', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'liam', password: 'liam-pass' });
    const wrongOld = await call(server, 'PUT', '/api/user/password', {
      as: user.as,
      body: { oldPassword: 'nope', newPassword: 'next-pass', confirmNew: 'next-pass' },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.message).toBe('Invalid old password');
    const short = await call(server, 'PUT', '/api/user/password', {
      as: user.as,
      body: { oldPassword: 'liam-pass', newPassword: 'abc', confirmNew: 'abc' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('New password is too short');
    const ok = await call(server, 'PUT', '/api/user/password', {
      as: user.as,
      body: { oldPassword: 'liam-pass', newPassword: 'next-pass', confirmNew: 'next-pass' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'User password changed' });
    expect((await call(server, 'GET', '/api/user', { as: basic('liam', 'next-pass') })).status).toBe(200);
  });

  it('enforces the strict policy when [auth.basic] password_policy is on', async () => {
    const server = await startTestServer({ overrides: { 'auth.basic': { password_policy: 'true' } } });
    const weak = await call(server, 'POST', '/api/admin/users', {
      as: ADMIN,
      body: { login: 'm', password: 'longbutweakpassword' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe("New password doesn't comply with the password policy");
    const strong = await call(server, 'POST', '/api/admin/users', {
      as: ADMIN,
      body: { login: 'm', password: 'Str0ng!Passw0rd' },
    });
    expect(strong.status).toBe(200);
  });
});

describe('organizations of the signed-in user', () => {
  it('lists them and switches the active one; a non-member org is 401', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'mia', password: 'mia-pass' });
    const second = await createOrg(server, 'Beta');
    const third = await createOrg(server, 'Alpha');
    await call(server, 'POST', '/api/org/users', {
      as: { ...ADMIN, headers: { 'X-Grafana-Org-Id': String(second) } },
      body: { loginOrEmail: 'mia', role: 'Editor' },
    });
    const orgs = await call(server, 'GET', '/api/user/orgs', { as: user.as });
    expect(orgs.body).toEqual([
      { orgId: second, name: 'Beta', role: 'Editor' },
      { orgId: 1, name: 'Main Org.', role: 'Viewer' },
    ]);
    const refused = await call(server, 'POST', `/api/user/using/${third}`, { as: user.as });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Not a valid organization');
    const switched = await call(server, 'POST', `/api/user/using/${second}`, { as: user.as });
    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({ message: 'Active organization changed' });
    const me = await call(server, 'GET', '/api/user', { as: user.as });
    expect(me.body.orgId).toBe(second);
    expect((await call(server, 'GET', '/api/org', { as: user.as })).body.name).toBe('Beta');
    expect((await call(server, 'POST', '/api/user/using/abc', { as: user.as })).status).toBe(400);
  });
});

describe('/api/users (server admin)', () => {
  it('gets users by id or uid, looks them up, and lists their orgs', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'noah', email: 'noah@example.com', name: 'Noah' });
    const byId = await call(server, 'GET', `/api/users/${user.id}`, { as: ADMIN });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: user.id, login: 'noah', name: 'Noah', isServerAdmin: false });
    const byUid = await call(server, 'GET', `/api/users/${user.uid}`, { as: ADMIN });
    expect(byUid.body.id).toBe(user.id);
    const missing = await call(server, 'GET', '/api/users/9999', { as: ADMIN });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('user not found');

    const lookup = await call(server, 'GET', '/api/users/lookup?loginOrEmail=NOAH@example.com', {
      as: ADMIN,
    });
    expect(lookup.status).toBe(200);
    // SPEC's user, the same as by id
    expect(lookup.body).toEqual(byId.body);
    expect(lookup.body).toMatchObject({
      id: user.id,
      login: 'noah',
      email: 'noah@example.com',
      isGrafanaAdmin: false,
      isDisabled: false,
      isExternal: false,
      authLabels: [],
    });
    expect((await call(server, 'GET', '/api/users/lookup?loginOrEmail=ghost', { as: ADMIN })).status).toBe(
      404,
    );

    const orgs = await call(server, 'GET', `/api/users/${user.id}/orgs`, { as: ADMIN });
    expect(orgs.body).toEqual([{ orgId: 1, name: 'Main Org.', role: 'Viewer' }]);
  });

  it('searches with paging and keeps the deprecated plain array', async () => {
    const server = await startTestServer();
    for (const login of ['olivia-x', 'oscar-x', 'paul'])
      await createUser(server, { login, name: login.toUpperCase() });
    const page1 = await call(server, 'GET', '/api/users/search?query=-X&perpage=1&page=1', { as: ADMIN });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ totalCount: 2, page: 1, perPage: 1 });
    expect(page1.body.users.map((u: { login: string }) => u.login)).toEqual(['olivia-x']);
    expect(page1.body.users[0]).toMatchObject({
      isAdmin: false,
      isDisabled: false,
      email: 'olivia-x@example.com',
    });
    const page2 = await call(server, 'GET', '/api/users/search?query=-X&perpage=1&page=2', { as: ADMIN });
    expect(page2.body.users.map((u: { login: string }) => u.login)).toEqual(['oscar-x']);
    const all = await call(server, 'GET', '/api/users/search', { as: ADMIN });
    expect(all.body).toMatchObject({ totalCount: 4, perPage: 1000, page: 1 });
    expect(all.body.users.find((u: { login: string }) => u.login === 'admin').isAdmin).toBe(true);
    const legacy = await call(server, 'GET', '/api/users?perpage=2', { as: ADMIN });
    expect(Array.isArray(legacy.body)).toBe(true);
    expect(legacy.body).toHaveLength(2);
  });

  it('is refused to org users with 403 and the permission named', async () => {
    const server = await startTestServer();
    const orgAdmin = await createUser(server, { orgRole: 'Admin' });
    const response = await call(server, 'GET', '/api/users/search', { as: orgAdmin.as });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      message: "You'll need additional permissions to perform this action. Permissions needed: users:read",
      title: 'Access denied',
    });
    expect(response.body.accessErrorId).toMatch(/^ACE\d{10}$/);
    expect((await call(server, 'GET', '/api/users/1', { as: orgAdmin.as })).status).toBe(403);
    expect((await call(server, 'PUT', '/api/users/1', { as: orgAdmin.as, body: { name: 'x' } })).status).toBe(
      403,
    );
  });

  it('updates another user', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'quinn' });
    const response = await call(server, 'PUT', `/api/users/${user.id}`, {
      as: ADMIN,
      body: { name: 'Quinn Q', login: 'quinn2' },
    });
    expect(response.body).toEqual({ message: 'User updated' });
    expect((await call(server, 'GET', `/api/users/${user.id}`, { as: ADMIN })).body).toMatchObject({
      name: 'Quinn Q',
      login: 'quinn2',
    });
  });
});

describe('/api/admin/users', () => {
  it('creates users into the auto-assign org as Viewer, and refuses duplicates with 412', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/admin/users', {
      as: ADMIN,
      body: { name: 'Rita', email: 'Rita@Example.com', login: 'Rita', password: 'rita-pass' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      uid: expect.any(String),
      message: 'User created',
    });
    const members = await call(server, 'GET', '/api/org/users', { as: ADMIN });
    expect(members.body.find((m: { login: string }) => m.login === 'rita')).toMatchObject({
      role: 'Viewer',
      email: 'rita@example.com',
    });
    const duplicate = await call(server, 'POST', '/api/admin/users', {
      as: ADMIN,
      body: { email: 'other@example.com', login: 'RITA', password: 'x-pass' },
    });
    expect(duplicate.status).toBe(412);
    expect(duplicate.body.message).toBe(
      "User with email 'other@example.com' or username 'rita' already exists",
    );
    const short = await call(server, 'POST', '/api/admin/users', {
      as: ADMIN,
      body: { login: 'sam', password: 'abc' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('New password is too short');
  });

  it('grants and removes server admin, never the last one', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'tom', password: 'tom-pass' });
    const grant = await call(server, 'PUT', `/api/admin/users/${user.id}/permissions`, {
      as: ADMIN,
      body: { isGrafanaAdmin: true },
    });
    expect(grant.body).toEqual({ message: 'User permissions updated' });
    expect((await call(server, 'GET', '/api/users/search', { as: user.as })).status).toBe(200);
    await call(server, 'PUT', `/api/admin/users/${user.id}/permissions`, {
      as: ADMIN,
      body: { isGrafanaAdmin: false },
    });
    expect((await call(server, 'GET', '/api/users/search', { as: user.as })).status).toBe(403);
    const last = await call(server, 'PUT', '/api/admin/users/1/permissions', {
      as: ADMIN,
      body: { isGrafanaAdmin: false },
    });
    expect(last.status).toBe(400);
  });

  it('disables (ending sessions), enables, deletes, and manages sessions of a user', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'uma', password: 'uma-pass' });
    const login = await call(server, 'POST', '/api/login', { body: { user: 'uma', password: 'uma-pass' } });
    expect(login.status).toBe(200);
    const tokens = await call(server, 'GET', `/api/admin/users/${user.id}/auth-tokens`, { as: ADMIN });
    expect(tokens.body).toHaveLength(1);
    const revoke = await call(server, 'POST', `/api/admin/users/${user.id}/revoke-auth-token`, {
      as: ADMIN,
      body: { authTokenId: tokens.body[0].id },
    });
    expect(revoke.body).toEqual({ message: 'User auth token revoked' });
    expect(
      (await call(server, 'GET', `/api/admin/users/${user.id}/auth-tokens`, { as: ADMIN })).body,
    ).toHaveLength(0);

    await call(server, 'POST', '/api/login', { body: { user: 'uma', password: 'uma-pass' } });
    const logout = await call(server, 'POST', `/api/admin/users/${user.id}/logout`, { as: ADMIN });
    expect(logout.body).toEqual({ message: 'User logged out' });
    expect(
      (await call(server, 'GET', `/api/admin/users/${user.id}/auth-tokens`, { as: ADMIN })).body,
    ).toHaveLength(0);

    await call(server, 'POST', '/api/login', { body: { user: 'uma', password: 'uma-pass' } });
    expect((await call(server, 'POST', `/api/admin/users/${user.id}/disable`, { as: ADMIN })).body).toEqual({
      message: 'User disabled',
    });
    expect(
      (await call(server, 'GET', `/api/admin/users/${user.id}/auth-tokens`, { as: ADMIN })).body,
    ).toHaveLength(0);
    expect((await call(server, 'GET', `/api/users/${user.id}`, { as: ADMIN })).body.isDisabled).toBe(true);
    expect((await call(server, 'POST', `/api/admin/users/${user.id}/enable`, { as: ADMIN })).body).toEqual({
      message: 'User enabled',
    });

    const deleted = await call(server, 'DELETE', `/api/admin/users/${user.id}`, { as: ADMIN });
    expect(deleted.body).toEqual({ message: 'User deleted' });
    expect((await call(server, 'GET', `/api/users/${user.id}`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'DELETE', `/api/admin/users/${user.id}`, { as: ADMIN })).status).toBe(404);
    const members = await call(server, 'GET', '/api/org/users', { as: ADMIN });
    expect(members.body.map((m: { login: string }) => m.login)).toEqual(['admin']);
  });

  it('is refused to everybody but server admins', async () => {
    const server = await startTestServer();
    const orgAdmin = await createUser(server, { orgRole: 'Admin' });
    const create = await call(server, 'POST', '/api/admin/users', {
      as: orgAdmin.as,
      body: { login: 'x', password: 'xxxx' },
    });
    expect(create.status).toBe(403);
    expect(create.body.message).toContain('Permissions needed: users:create');
    for (const [method, path] of [
      ['PUT', '/api/admin/users/1/password'],
      ['PUT', '/api/admin/users/1/permissions'],
      ['DELETE', '/api/admin/users/1'],
      ['POST', '/api/admin/users/1/disable'],
      ['GET', '/api/admin/users/1/auth-tokens'],
      ['POST', '/api/admin/users/1/logout'],
    ] as const) {
      const response = await call(server, method, path, {
        as: orgAdmin.as,
        body: method === 'GET' ? undefined : { password: 'abcd', isGrafanaAdmin: true, authTokenId: 1 },
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(
      (await call(server, 'POST', '/api/admin/users', { body: { login: 'x', password: 'xxxx' } })).status,
    ).toBe(401);
  });
});
