import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ManualClock } from '../helpers/clock.js';
import { ADMIN, basic, call, cookieValue, session } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function login(server: TestServer, user: string, password: string, userAgent?: string) {
  const response = await call(server, 'POST', '/api/login', {
    body: { user, password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  return { response, token: cookieValue(response.cookies, 'svc_session') };
}

describe('POST /api/login and GET /api/logout', () => {
  it('signs in with login or email, case-insensitively, and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const server = await startTestServer();
    const user = await createUser(server, {
      login: 'Alice',
      email: 'Alice@Example.com',
      password: 'alice-pass',
    });
    for (const name of ['alice', 'ALICE', 'alice@example.com', 'Alice@EXAMPLE.com']) {
      const { response, token } = await login(server, name, 'alice-pass');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Logged in' });
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      const cookie = response.cookies.find((c) => c.startsWith('svc_session='))!;
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain(`Max-Age=${30 * 24 * 3600}`);
      expect(cookie).not.toContain('Secure');
      const me = await call(server, 'GET', '/api/user', { as: session(token!) });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
    }
  });

  it('answers every failure with the same 401 message', async () => {
    const server = await startTestServer();
    await createUser(server, { login: 'bob', password: 'bob-pass' });
    for (const body of [
      { user: 'bob', password: 'wrong' },
      { user: 'nobody', password: 'bob-pass' },
    ]) {
      const response = await call(server, 'POST', '/api/login', { body });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        message: 'Invalid username or password',
        messageId: 'password-auth.failed',
      });
      expect(cookieValue(response.cookies, 'svc_session')).toBeUndefined();
    }
    const missing = await call(server, 'POST', '/api/login', { body: { user: 'bob' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('password');
  });

  it('honours cookie_secure and cookie_samesite', async () => {
    const server = await startTestServer({
      overrides: {
        security: { cookie_secure: 'true', cookie_samesite: 'strict' },
        auth: { login_cookie_name: 'my_sess' },
      },
    });
    const response = await call(server, 'POST', '/api/login', { body: { user: 'admin', password: 'admin' } });
    const cookie = response.cookies.find((c) => c.startsWith('my_sess='))!;
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
  });

  it('logout revokes the session and clears the cookie', async () => {
    const server = await startTestServer();
    const { token } = await login(server, 'admin', 'admin');
    const out = await call(server, 'GET', '/api/logout', { as: session(token!) });
    expect(out.status).toBe(200);
    expect(out.cookies.find((c) => c.startsWith('svc_session='))).toMatch(
      /svc_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    expect((await call(server, 'GET', '/api/user', { as: session(token!) })).status).toBe(401);

    const { token: second } = await login(server, 'admin', 'admin');
    const browser = await call(server, 'GET', '/logout', { as: session(second!) });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/login');
    expect((await call(server, 'GET', '/api/user', { as: session(second!) })).status).toBe(401);
  });

  it('refuses disabled users with 401', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'carol', password: 'carol-pass' });
    expect((await call(server, 'POST', `/api/admin/users/${user.id}/disable`, { as: ADMIN })).status).toBe(
      200,
    );
    const response = await call(server, 'POST', '/api/login', {
      body: { user: 'carol', password: 'carol-pass' },
    });
    expect(response.status).toBe(401);
    const basicCall = await call(server, 'GET', '/api/user', { as: user.as });
    expect(basicCall.status).toBe(401);
    expect(basicCall.body.message).toBe('Unauthorized');
  });
});

describe('brute-force protection', () => {
  it('blocks a login after 5 failures within 5 minutes, with the same message, and lets it in after the window', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    await createUser(server, { login: 'dave', password: 'dave-pass' });
    for (let i = 0; i < 5; i++) {
      expect((await login(server, 'dave', `wrong-${i}`)).response.status).toBe(401);
    }
    const blocked = await login(server, 'dave', 'dave-pass');
    expect(blocked.response.status).toBe(401);
    expect(blocked.response.body.message).toBe('Invalid username or password');
    const blockedBasic = await call(server, 'GET', '/api/user', { as: basic('DAVE', 'dave-pass') });
    expect(blockedBasic.status).toBe(401);

    clock.advance(5 * MINUTE + 1);
    expect((await login(server, 'dave', 'dave-pass')).response.status).toBe(200);
  });

  it('per client IP when disable_ip_address_login_protection = false: failures over many logins block every login from that address', async () => {
    const clock = new ManualClock();
    const spray = async (server: TestServer) => {
      for (let i = 0; i < 5; i++)
        expect((await login(server, `nobody-${i}`, 'guess')).response.status).toBe(401);
    };
    // Grafana's default: per login only, so spraying passwords over logins blocks nobody else
    const byLogin = await startTestServer({ clock });
    await createUser(byLogin, { login: 'frank', password: 'frank-pass' });
    await spray(byLogin);
    expect((await login(byLogin, 'frank', 'frank-pass')).response.status).toBe(200);

    const byIp = await startTestServer({
      clock,
      overrides: { security: { disable_ip_address_login_protection: 'false' } },
    });
    await createUser(byIp, { login: 'frank', password: 'frank-pass' });
    await spray(byIp);
    const blocked = await login(byIp, 'frank', 'frank-pass');
    expect(blocked.response.status).toBe(401);
    expect(blocked.response.body.message).toBe('Invalid username or password');
    expect((await call(byIp, 'GET', '/api/user', { as: basic('frank', 'frank-pass') })).status).toBe(401);
    clock.advance(5 * MINUTE + 1);
    expect((await login(byIp, 'frank', 'frank-pass')).response.status).toBe(200);
  });

  it('per login can be turned off on its own (disable_username_login_protection)', async () => {
    const server = await startTestServer({
      overrides: { security: { disable_username_login_protection: 'true' } },
    });
    await createUser(server, { login: 'gina', password: 'gina-pass' });
    for (let i = 0; i < 6; i++) await login(server, 'gina', 'nope');
    expect((await login(server, 'gina', 'gina-pass')).response.status).toBe(200);
  });

  it('can be turned off', async () => {
    const server = await startTestServer({
      overrides: { security: { disable_brute_force_login_protection: 'true' } },
    });
    await createUser(server, { login: 'erin', password: 'erin-pass' });
    for (let i = 0; i < 6; i++) await login(server, 'erin', 'nope');
    expect((await login(server, 'erin', 'erin-pass')).response.status).toBe(200);
  });
});

describe('sessions: lifetimes and rotation', () => {
  it('expires after login_maximum_inactive_lifetime_duration without use', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({
      clock,
      overrides: { auth: { token_rotation_interval_minutes: '100000' } },
    });
    const { token } = await login(server, 'admin', 'admin');
    clock.advance(7 * DAY - MINUTE);
    expect((await call(server, 'GET', '/api/user', { as: session(token!) })).status).toBe(200);
    clock.advance(2 * MINUTE);
    expect((await call(server, 'GET', '/api/user', { as: session(token!) })).status).toBe(401);
  });

  it('expires after login_maximum_lifetime_duration even when used and rotated', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({
      clock,
      overrides: { auth: { login_maximum_lifetime_duration: '2d' } },
    });
    let { token } = await login(server, 'admin', 'admin');
    for (let i = 0; i < 4; i++) {
      clock.advance(11 * 60 * MINUTE);
      const response = await call(server, 'GET', '/api/user', { as: session(token!) });
      expect(response.status).toBe(200);
      token = cookieValue(response.cookies, 'svc_session') ?? token;
    }
    clock.advance(5 * 60 * MINUTE);
    expect((await call(server, 'GET', '/api/user', { as: session(token!) })).status).toBe(401);
  });

  it('rotates the token every token_rotation_interval_minutes; the previous one works only briefly', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    const { token: first } = await login(server, 'admin', 'admin');
    const early = await call(server, 'GET', '/api/user', { as: session(first!) });
    expect(cookieValue(early.cookies, 'svc_session')).toBeUndefined();

    clock.advance(10 * MINUTE);
    const rotated = await call(server, 'GET', '/api/user', { as: session(first!) });
    expect(rotated.status).toBe(200);
    const second = cookieValue(rotated.cookies, 'svc_session');
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(cookieValue(rotated.cookies, 'svc_session_expiry')).toMatch(/^\d+$/);

    // A second tab still sending the old token is not logged out, and does not rotate again.
    const otherTab = await call(server, 'GET', '/api/user', { as: session(first!) });
    expect(otherTab.status).toBe(200);
    expect(cookieValue(otherTab.cookies, 'svc_session')).toBeUndefined();

    clock.advance(2 * MINUTE);
    expect((await call(server, 'GET', '/api/user', { as: session(first!) })).status).toBe(401);
    expect((await call(server, 'GET', '/api/user', { as: session(second!) })).status).toBe(200);
  });

  it('POST /api/user/auth-tokens/rotate answers {message, token} and sets the new cookie', async () => {
    const server = await startTestServer();
    const { token } = await login(server, 'admin', 'admin');
    const response = await call(server, 'POST', '/api/user/auth-tokens/rotate', { as: session(token!) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'Token rotated',
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(cookieValue(response.cookies, 'svc_session')).toBe(response.body.token);
    expect((await call(server, 'GET', '/api/user', { as: session(response.body.token) })).status).toBe(200);

    const invalid = await call(server, 'POST', '/api/user/auth-tokens/rotate', {
      as: session('0'.repeat(32)),
    });
    expect(invalid.status).toBe(401);
    const none = await call(server, 'POST', '/api/user/auth-tokens/rotate');
    expect(none.status).toBe(401);
  });

  it('lists the active sessions, marks the current one, and revokes others but not itself', async () => {
    const server = await startTestServer();
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.86 Safari/537.36';
    const { token: a } = await login(server, 'admin', 'admin', firefox);
    const { token: b } = await login(server, 'admin', 'admin', chrome);
    const list = await call(server, 'GET', '/api/user/auth-tokens', { as: session(a!) });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    const [mine, other] = list.body;
    expect(mine).toMatchObject({
      isActive: true,
      clientIp: '127.0.0.1',
      browser: 'Firefox',
      browserVersion: '128.0',
      os: 'Linux',
    });
    expect(other).toMatchObject({
      isActive: false,
      browser: 'Chrome',
      browserVersion: '131.0',
      os: 'Windows',
      osVersion: '10.0',
    });
    expect(Date.parse(mine.createdAt)).not.toBeNaN();
    expect(Date.parse(mine.seenAt)).not.toBeNaN();

    const self = await call(server, 'POST', '/api/user/revoke-auth-token', {
      as: session(a!),
      body: { authTokenId: mine.id },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('Cannot revoke active user auth token');
    const unknown = await call(server, 'POST', '/api/user/revoke-auth-token', {
      as: session(a!),
      body: { authTokenId: 9999 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User auth token not found');
    const revoked = await call(server, 'POST', '/api/user/revoke-auth-token', {
      as: session(a!),
      body: { authTokenId: other.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ message: 'User auth token revoked' });
    expect((await call(server, 'GET', '/api/user', { as: session(b!) })).status).toBe(401);
  });

  it("never shows or revokes another user's sessions", async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'frank', password: 'frank-pass' });
    const { token: adminToken } = await login(server, 'admin', 'admin');
    const { token: frankToken } = await login(server, 'frank', 'frank-pass');
    const frankSessions = await call(server, 'GET', '/api/user/auth-tokens', { as: session(frankToken!) });
    expect(frankSessions.body).toHaveLength(1);
    const adminSessions = await call(server, 'GET', '/api/user/auth-tokens', { as: session(adminToken!) });
    const adminTokenId = adminSessions.body[0].id;
    const attempt = await call(server, 'POST', '/api/user/revoke-auth-token', {
      as: user.as,
      body: { authTokenId: adminTokenId },
    });
    expect(attempt.status).toBe(404);
    expect((await call(server, 'GET', '/api/user', { as: session(adminToken!) })).status).toBe(200);
  });
});

describe('Basic authentication', () => {
  it('accepts login or email with the password, and refuses everything else with 401', async () => {
    const server = await startTestServer();
    await createUser(server, { login: 'gina', email: 'gina@example.com', password: 'gina-pass' });
    expect((await call(server, 'GET', '/api/user', { as: basic('gina', 'gina-pass') })).status).toBe(200);
    expect(
      (await call(server, 'GET', '/api/user', { as: basic('GINA@example.com', 'gina-pass') })).status,
    ).toBe(200);
    const wrong = await call(server, 'GET', '/api/user', { as: basic('gina', 'nope') });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      message: 'Invalid username or password',
      messageId: 'password-auth.failed',
    });
    const none = await call(server, 'GET', '/api/user');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Unauthorized', messageId: 'auth.unauthorized' });
    const garbage = await call(server, 'GET', '/api/user', { as: { authorization: 'Basic bm9jb2xvbg==' } });
    expect(garbage.status).toBe(400);
  });

  it('can be disabled with [auth.basic] enabled = false', async () => {
    const server = await startTestServer({ overrides: { 'auth.basic': { enabled: 'false' } } });
    const response = await call(server, 'GET', '/api/user', { as: ADMIN });
    expect(response.status).toBe(401);
  });

  it('stops accepting a cached password the moment it changes, is disabled or deleted', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'hank', password: 'old-pass' });
    expect((await call(server, 'GET', '/api/user', { as: user.as })).status).toBe(200);
    expect((await call(server, 'GET', '/api/user', { as: user.as })).status).toBe(200);

    const changed = await call(server, 'PUT', '/api/user/password', {
      as: user.as,
      body: { oldPassword: 'old-pass', newPassword: 'new-pass', confirmNew: 'new-pass' },
    });
    expect(changed.status).toBe(200);
    expect((await call(server, 'GET', '/api/user', { as: user.as })).status).toBe(401);
    const fresh = basic('hank', 'new-pass');
    expect((await call(server, 'GET', '/api/user', { as: fresh })).status).toBe(200);

    await call(server, 'PUT', `/api/admin/users/${user.id}/password`, {
      as: ADMIN,
      body: { password: 'admin-set' },
    });
    expect((await call(server, 'GET', '/api/user', { as: fresh })).status).toBe(401);
    const adminSet = basic('hank', 'admin-set');
    expect((await call(server, 'GET', '/api/user', { as: adminSet })).status).toBe(200);

    await call(server, 'POST', `/api/admin/users/${user.id}/disable`, { as: ADMIN });
    expect((await call(server, 'GET', '/api/user', { as: adminSet })).status).toBe(401);
    await call(server, 'POST', `/api/admin/users/${user.id}/enable`, { as: ADMIN });
    expect((await call(server, 'GET', '/api/user', { as: adminSet })).status).toBe(200);

    await call(server, 'DELETE', `/api/admin/users/${user.id}`, { as: ADMIN });
    expect((await call(server, 'GET', '/api/user', { as: adminSet })).status).toBe(401);
  });

  it('logs in users migrated from Grafana (PBKDF2 hashes) and rehashes them', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'ivy', password: 'throwaway' });
    // Grafana's hash of "admin" with salt "Y6yFNpKc3F", computed independently with Python's hashlib.
    const grafanaHash =
      '0df11ff9b5bbfa97b14e2d22dfaf2a1b713c832a37cf50b58bb162beb2227134a19ecfe183078430bec2dd340e0ab53f0920';
    await server.database.db
      .updateTable('users')
      .set({ password: grafanaHash, salt: 'Y6yFNpKc3F' })
      .where('id', '=', user.id)
      .execute();
    expect((await call(server, 'GET', '/api/user', { as: basic('ivy', 'admin') })).status).toBe(200);
    const row = await server.database.db
      .selectFrom('users')
      .select(['password', 'salt'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.salt).toBe('');
    expect((await login(server, 'ivy', 'admin')).response.status).toBe(200);
  });
});

describe('organization selection per request', () => {
  it('acts in the org of X-Grafana-Org-Id (or X-Svc-Org-Id) and refuses orgs the caller is not in with 401', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/orgs', { as: ADMIN, body: { name: 'Second' } });
    const orgId = created.body.orgId;
    const inSecond = await call(server, 'GET', '/api/org', {
      as: ADMIN,
      headers: { 'X-Grafana-Org-Id': String(orgId) },
    });
    expect(inSecond.body.name).toBe('Second');
    const svcHeader = await call(server, 'GET', '/api/org', {
      as: ADMIN,
      headers: { 'X-Svc-Org-Id': String(orgId) },
    });
    expect(svcHeader.body.name).toBe('Second');
    expect((await call(server, 'GET', '/api/org', { as: ADMIN })).body.name).toBe('Main Org.');

    const user = await createUser(server);
    const refused = await call(server, 'GET', '/api/org', {
      as: user.as,
      headers: { 'X-Grafana-Org-Id': String(orgId) },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Not a valid organization');
    const bad = await call(server, 'GET', '/api/org', {
      as: user.as,
      headers: { 'X-Grafana-Org-Id': 'abc' },
    });
    expect(bad.status).toBe(400);
  });
});
