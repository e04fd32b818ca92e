import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, session } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';
import { startOidcProvider, type AccountClaims, type OidcPeer } from '../helpers/peers/oidc-provider.js';
import { OAuthBrowser } from '../helpers/oauth-browser.js';

// svc's public URL as the provider knows it; the test's browser sends those requests to the server.
const ROOT = 'http://svc.invalid';
const CLIENT = {
  clientId: 'svc-test',
  clientSecret: 'svc-test-secret',
  redirectUri: `${ROOT}/login/generic_oauth`,
};

const peers: OidcPeer[] = [];
afterEach(async () => {
  while (peers.length) await peers.pop()!.close();
});

async function setup(
  accounts: Record<string, AccountClaims>,
  oauth: Record<string, string> = {},
  options: { clientSecret?: string; users?: Record<string, string> } = {},
): Promise<{ server: TestServer; peer: OidcPeer; browser: () => OAuthBrowser }> {
  const peer = await startOidcProvider(CLIENT);
  peers.push(peer);
  for (const [id, claims] of Object.entries(accounts)) peer.accounts.set(id, claims);
  const server = await startTestServer({
    overrides: {
      server: { root_url: `${ROOT}/` },
      users: options.users ?? {},
      'auth.generic_oauth': {
        enabled: 'true',
        name: 'Test IdP',
        client_id: CLIENT.clientId,
        client_secret: options.clientSecret ?? CLIENT.clientSecret,
        auth_url: peer.issuer,
        scopes: 'openid email profile groups',
        login_attribute_path: 'preferred_username',
        groups_attribute_path: 'groups',
        role_attribute_path: "contains(groups[*], 'admins') && 'Admin' || role",
        ...oauth,
      },
    },
  });
  return { server, peer, browser: () => new OAuthBrowser(server.url, ROOT) };
}

const ALICE: AccountClaims = {
  email: 'Alice@Example.com',
  email_verified: true,
  name: 'Alice Liddell',
  preferred_username: 'alice',
  groups: ['staff'],
  role: 'Editor',
};

async function orgRole(server: TestServer, token: string, orgId = 1): Promise<string | undefined> {
  const orgs = await call<{ orgId: number; role: string }[]>(server, 'GET', '/api/user/orgs', {
    as: session(token),
  });
  return orgs.body.find((o) => o.orgId === orgId)?.role;
}

describe('sign in with OpenID Connect ([auth.generic_oauth])', () => {
  it('signs a new user in through the provider: mapped profile, external, role from the JMESPath', async () => {
    const { server, browser } = await setup({ 'alice-sub': ALICE });
    const b = browser();
    expect(await b.signIn('/login/generic_oauth?redirectTo=/dashboards', 'alice-sub')).toBe('/dashboards');
    const token = b.cookie('svc_session')!;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const me = await call(server, 'GET', '/api/user', { as: session(token) });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      login: 'alice',
      email: 'alice@example.com',
      name: 'Alice Liddell',
      isExternal: true,
      authLabels: ['Generic OAuth'],
      isGrafanaAdmin: false,
      orgId: 1,
    });
    expect(await orgRole(server, token)).toBe('Editor');
    // An external user has no password the login form accepts, and cannot change its profile.
    const login = await call(server, 'POST', '/api/login', { body: { user: 'alice', password: 'anything' } });
    expect(login.status).toBe(401);
    const update = await call(server, 'PUT', '/api/user', { as: session(token), body: { name: 'X' } });
    expect(update.status).toBeGreaterThanOrEqual(400);
  });

  it('updates the profile and the role at the next sign-in, and the same user is found by subject', async () => {
    const { server, peer, browser } = await setup(
      { 'alice-sub': ALICE },
      { allow_assign_grafana_admin: 'true' },
    );
    await browser().signIn('/login/generic_oauth', 'alice-sub');
    peer.accounts.set('alice-sub', {
      ...ALICE,
      name: 'Alice L.',
      email: 'alice@corp.example',
      groups: ['staff', 'admins'],
    });
    const b = browser();
    expect(await b.signIn('/login/generic_oauth', 'alice-sub')).toBe('/');
    const token = b.cookie('svc_session')!;
    const me = await call(server, 'GET', '/api/user', { as: session(token) });
    expect(me.body).toMatchObject({ login: 'alice', email: 'alice@corp.example', name: 'Alice L.' });
    expect(await orgRole(server, token)).toBe('Admin');
    const search = await call(server, 'GET', '/api/users/search?query=alice', { as: ADMIN });
    expect(search.body.totalCount).toBe(1);
    expect(search.body.users[0].authLabels).toEqual(['Generic OAuth']);
    const admin = await call(server, 'GET', '/api/users/search?query=admin', { as: ADMIN });
    expect(admin.body.users[0].authLabels).toEqual([]);

    peer.accounts.set('alice-sub', { ...ALICE, role: 'GrafanaAdmin', groups: [] });
    const c = browser();
    await c.signIn('/login/generic_oauth', 'alice-sub');
    const again = await call(server, 'GET', '/api/user', { as: session(c.cookie('svc_session')!) });
    expect(again.body.isGrafanaAdmin).toBe(true);
    expect(await orgRole(server, c.cookie('svc_session')!)).toBe('Admin');
  });

  it('gives Viewer without a role claim, and refuses the sign-in when role_attribute_strict is set', async () => {
    const noRole = { ...ALICE, role: undefined, groups: [] };
    const lenient = await setup({
      'bob-sub': { ...noRole, preferred_username: 'bob', email: 'bob@example.com' },
    });
    const b = lenient.browser();
    expect(await b.signIn('/login/generic_oauth', 'bob-sub')).toBe('/');
    expect(await orgRole(lenient.server, b.cookie('svc_session')!)).toBe('Viewer');

    const strict = await setup({ 'bob-sub': noRole }, { role_attribute_strict: 'true' });
    const s = strict.browser();
    const landed = await s.signIn('/login/generic_oauth', 'bob-sub');
    expect(landed).toMatch(/^\/login\?error=/);
    expect(new URLSearchParams(landed.split('?')[1]).get('error')).toBe(
      'Login provider did not return a valid role attribute, but role_attribute_strict is set',
    );
    expect(s.cookie('svc_session')).toBeUndefined();
    const search = await call(strict.server, 'GET', '/api/users/search?query=alice', { as: ADMIN });
    expect(search.body.totalCount).toBe(0);
  });

  it('refuses a callback whose state does not match the browser’s, or without the state cookie', async () => {
    const { browser } = await setup({ 'alice-sub': ALICE });
    const b = browser();
    const landed = await b.signIn('/login/generic_oauth', 'alice-sub', (url) =>
      url.searchParams.set('state', 'forged'),
    );
    expect(landed).toMatch(/^\/login\?error=Login%20failed%3A%20the%20sign-in%20request/);
    expect(b.cookie('svc_session')).toBeUndefined();

    const response = await fetch(`${b.svcBase}/login/generic_oauth?code=abc&state=xyz`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/login\?error=Login%20failed/);
  });

  it('refuses an email domain outside allowed_domains and a user outside allowed_groups', async () => {
    const domains = await setup({ 'alice-sub': ALICE }, { allowed_domains: 'corp.example other.example' });
    const landed = await domains.browser().signIn('/login/generic_oauth', 'alice-sub');
    expect(decodeURIComponent(landed)).toBe('/login?error=Required email domain not fulfilled');

    const long = await setup({ 'long-sub': { ...ALICE, preferred_username: 'x'.repeat(300) } });
    expect(decodeURIComponent(await long.browser().signIn('/login/generic_oauth', 'long-sub'))).toBe(
      '/login?error=bad request data: login must NOT have more than 190 characters',
    );

    const groups = await setup({ 'alice-sub': ALICE }, { allowed_groups: 'admins' });
    expect(decodeURIComponent(await groups.browser().signIn('/login/generic_oauth', 'alice-sub'))).toBe(
      '/login?error=User is not a member of one of the required groups',
    );
  });

  it('team sync: puts the user in the teams linked to its groups_attribute_path groups, and out when it leaves one', async () => {
    // allowed_groups lets in a user in one of them.
    const { server, peer, browser } = await setup({ 'alice-sub': ALICE }, { allowed_groups: 'staff, ops' });
    const team = async (name: string, groupId: string) => {
      const created = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name } });
      const linked = await call(server, 'POST', `/api/teams/${created.body.teamId}/groups`, {
        as: ADMIN,
        body: { groupId },
      });
      expect(linked.status).toBe(200);
      return created.body.teamId as number;
    };
    const staff = await team('Staff', 'staff');
    const ops = await team('Ops', 'ops');
    const members = async (teamId: number) => {
      const list = await call(server, 'GET', `/api/teams/${teamId}/members`, { as: ADMIN });
      expect(list.status).toBe(200);
      return (list.body as { login: string }[]).map((m) => m.login).sort();
    };

    expect(await browser().signIn('/login/generic_oauth', 'alice-sub')).toBe('/');
    expect(await members(staff)).toEqual(['admin', 'alice']);
    expect(await members(ops)).toEqual(['admin']);

    peer.accounts.set('alice-sub', { ...ALICE, groups: ['ops'] });
    expect(await browser().signIn('/login/generic_oauth', 'alice-sub')).toBe('/');
    expect(await members(staff)).toEqual(['admin']);
    expect(await members(ops)).toEqual(['admin', 'alice']);
  });

  it('with allow_sign_up = false refuses a new user but signs in an existing one, now external', async () => {
    const { server, browser } = await setup(
      {
        'alice-sub': ALICE,
        'carol-sub': { ...ALICE, preferred_username: 'carol', email: 'carol@example.com' },
      },
      { allow_sign_up: 'false' },
    );
    expect(decodeURIComponent(await browser().signIn('/login/generic_oauth', 'alice-sub'))).toBe(
      '/login?error=Sign up is not allowed for this provider',
    );
    const carol = await createUser(server, { login: 'carol', email: 'carol@example.com' });
    const b = browser();
    expect(await b.signIn('/login/generic_oauth', 'carol-sub')).toBe('/');
    const me = await call(server, 'GET', '/api/user', { as: session(b.cookie('svc_session')!) });
    expect(me.body).toMatchObject({ id: carol.id, login: 'carol', isExternal: true });
  });

  it('refuses a disabled user, whose sessions ended when it was disabled', async () => {
    const { server, browser } = await setup({ 'alice-sub': ALICE });
    const b = browser();
    await b.signIn('/login/generic_oauth', 'alice-sub');
    const token = b.cookie('svc_session')!;
    const me = await call(server, 'GET', '/api/user', { as: session(token) });
    expect((await call(server, 'POST', `/api/admin/users/${me.body.id}/disable`, { as: ADMIN })).status).toBe(
      200,
    );
    expect((await call(server, 'GET', '/api/user', { as: session(token) })).status).toBe(401);
    const again = browser();
    expect(decodeURIComponent(await again.signIn('/login/generic_oauth', 'alice-sub'))).toBe(
      '/login?error=User is disabled',
    );
    expect(again.cookie('svc_session')).toBeUndefined();
  });

  it('turns provider errors and a wrong client secret into a login-page message, never a 500', async () => {
    const { server } = await setup({ 'alice-sub': ALICE }, {}, { clientSecret: 'wrong' });
    const denied = await fetch(`${server.url}/login/generic_oauth?error=access_denied&state=x`, {
      redirect: 'manual',
    });
    expect(decodeURIComponent(denied.headers.get('location')!)).toBe(
      '/login?error=Login provider denied login request',
    );

    const b = new OAuthBrowser(server.url, ROOT);
    const landed = decodeURIComponent(await b.signIn('/login/generic_oauth', 'alice-sub'));
    expect(landed).toBe('/login?error=Login failed: the provider answer was refused');
    expect(landed).not.toContain('wrong');
  });

  it('answers a provider that cannot be reached with a clear message', async () => {
    const peer = await startOidcProvider(CLIENT);
    const issuer = peer.issuer;
    await peer.close();
    const server = await startTestServer({
      overrides: {
        server: { root_url: `${ROOT}/` },
        'auth.generic_oauth': { enabled: 'true', client_id: 'x', client_secret: 'y', auth_url: issuer },
      },
    });
    const response = await fetch(`${server.url}/login/generic_oauth`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(decodeURIComponent(response.headers.get('location')!)).toBe(
      '/login?error=Login failed: the login provider could not be reached',
    );
  });

  it('tells the login page about the provider, and sends /logout to signout_redirect_url', async () => {
    const { server, browser, peer } = await setup(
      { 'alice-sub': ALICE },
      { auto_login: 'true', signout_redirect_url: 'http://idp.example/logout' },
    );
    const settings = await call(server, 'GET', '/api/frontend/settings');
    expect(settings.body).toEqual({
      oauth: { generic_oauth: { name: 'Test IdP', icon: 'signin' } },
      oauthAutoLogin: true,
      disableLoginForm: false,
    });
    const start = await fetch(`${server.url}/login/generic_oauth`, { redirect: 'manual' });
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(peer.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(CLIENT.redirectUri);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const b = browser();
    await b.signIn('/login/generic_oauth', 'alice-sub');
    const token = b.cookie('svc_session')!;
    const logout = await call(server, 'GET', '/logout', { as: session(token) });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('http://idp.example/logout');
    expect((await call(server, 'GET', '/api/user', { as: session(token) })).status).toBe(401);
  });

  it('is off unless enabled', async () => {
    const server = await startTestServer();
    const settings = await call(server, 'GET', '/api/frontend/settings');
    expect(settings.body).toMatchObject({ oauth: {}, oauthAutoLogin: false });
    const response = await fetch(`${server.url}/login/generic_oauth`, { redirect: 'manual' });
    expect(decodeURIComponent(response.headers.get('location')!)).toBe(
      '/login?error=OAuth login is not enabled',
    );
    const logout = await call(server, 'GET', '/logout');
    expect(logout.headers.get('location')).toBe('/login');
  });
});
