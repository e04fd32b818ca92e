import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, session } from '../helpers/client.js';
import { OAuthBrowser } from '../helpers/oauth-browser.js';
import {
  startGithubFake,
  startGitlabFake,
  type GithubAccount,
  type GitlabAccount,
} from '../helpers/peers/oauth2-api-fake.js';
import { startOidcProvider, type AccountClaims } from '../helpers/peers/oidc-provider.js';

// The named providers ([auth.github], [auth.gitlab], [auth.google], [auth.azuread], [auth.okta])
// against real peers on loopback: GitHub's and GitLab's OAuth2 APIs faked as documented, and a
// certified OpenID provider (oidc-provider) issuing Google-, Entra- and Okta-style claims.

const ROOT = 'http://svc.invalid';
const CLIENT = { clientId: 'svc-preset', clientSecret: 'svc-preset-secret' };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function serverWith(section: string, settings: Record<string, string>): Promise<TestServer> {
  return startTestServer({
    overrides: {
      server: { root_url: `${ROOT}/` },
      [section]: {
        enabled: 'true',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        ...settings,
      },
    },
  });
}

/** Signs in through `/login/<key>` as `login`; answers where the browser landed and its session. */
async function signIn(server: TestServer, key: string, login: string) {
  const browser = new OAuthBrowser(server.url, ROOT);
  const landed = decodeURIComponent(await browser.signIn(`/login/${key}`, login));
  return { landed, token: browser.cookie('svc_session') };
}

async function me(server: TestServer, token: string) {
  const user = await call(server, 'GET', '/api/user', { as: session(token) });
  expect(user.status).toBe(200);
  const orgs = await call<{ orgId: number; role: string }[]>(server, 'GET', '/api/user/orgs', {
    as: session(token),
  });
  return { ...user.body, role: orgs.body.find((o) => o.orgId === 1)?.role };
}

const OCTOCAT: GithubAccount = {
  id: 583231,
  login: 'octocat',
  name: 'The Octocat',
  email: null,
  emails: [
    { email: 'old@users.example', primary: false, verified: true, visibility: null },
    { email: 'Octo@GitHub.example', primary: true, verified: true, visibility: 'private' },
  ],
  orgs: ['acme'],
  teams: [{ id: 7, slug: 'admins', org: 'acme' }],
};

async function github(settings: Record<string, string> = {}) {
  const fake = await startGithubFake(CLIENT);
  closers.push(() => fake.close());
  fake.accounts.set('octocat', OCTOCAT);
  const server = await serverWith('auth.github', {
    auth_url: `${fake.url}/login/oauth/authorize`,
    token_url: `${fake.url}/login/oauth/access_token`,
    api_url: `${fake.url}/user`,
    ...settings,
  });
  return { fake, server };
}

describe('[auth.github]', () => {
  it('signs in with the login, the primary verified email, the role from the teams, labelled GitHub', async () => {
    const { server, fake } = await github({
      role_attribute_path: "contains(groups[*], '@acme/admins') && 'Admin' || 'Viewer'",
      allowed_organizations: 'ACME',
      team_ids: '3, 7',
    });
    const { landed, token } = await signIn(server, 'github', 'octocat');
    expect(landed).toBe('/');
    expect(await me(server, token!)).toMatchObject({
      login: 'octocat',
      email: 'octo@github.example',
      name: 'The Octocat',
      isExternal: true,
      authLabels: ['GitHub'],
      role: 'Admin',
    });
    expect(fake.requests).toEqual(
      expect.arrayContaining(['GET /user', 'GET /user/teams', 'GET /user/orgs', 'GET /user/emails']),
    );
    // The same GitHub id signs in as the same user after a rename.
    fake.accounts.set('octocat', {
      ...OCTOCAT,
      login: 'octocat2',
      email: 'octo@github.example',
      teams: [{ id: 3, slug: 'devs', org: 'acme' }],
    });
    const again = await signIn(server, 'github', 'octocat');
    expect(again.landed).toBe('/');
    expect(await me(server, again.token!)).toMatchObject({ login: 'octocat2', role: 'Viewer' });
    const search = await call(server, 'GET', '/api/users/search?query=octo', { as: session(token!) });
    expect(search.status).toBe(403);
  });

  it('refuses a user outside allowed_organizations or team_ids with Grafana’s message; pages through orgs', async () => {
    const { server, fake } = await github({ allowed_organizations: 'umbrella' });
    const refused = await signIn(server, 'github', 'octocat');
    expect(refused.landed).toBe(
      '/login?error=User is not a member of one of the required organizations. Please contact identity provider administrator.',
    );
    expect(refused.token).toBeUndefined();
    const users = await call(server, 'GET', '/api/users/search?query=octocat', { as: ADMIN });
    expect(users.body.totalCount).toBe(0);

    // The allowed organization on the second page of /user/orgs (100 a page) is found.
    const orgs = Array.from({ length: 120 }, (_, i) => `org-${i}`);
    fake.accounts.set('octocat', { ...OCTOCAT, orgs: [...orgs, 'umbrella'] });
    expect((await signIn(server, 'github', 'octocat')).landed).toBe('/');

    const teams = await github({ team_ids: '99' });
    expect((await signIn(teams.server, 'github', 'octocat')).landed).toBe(
      '/login?error=User is not a member of one of the required teams. Please contact identity provider administrator.',
    );
  });

  it('refuses an email domain outside allowed_domains', async () => {
    const { server } = await github({ allowed_domains: 'acme.example' });
    expect((await signIn(server, 'github', 'octocat')).landed).toBe(
      '/login?error=Required email domain not fulfilled',
    );
  });
});

const BLOCKED_OR_NOT: GitlabAccount = {
  id: 42,
  username: 'gitte',
  name: 'Gitte Lab',
  email: 'gitte@lab.example',
  state: 'active',
  groups: ['platform', 'platform/sre'],
};

describe('[auth.gitlab]', () => {
  it('signs in from /api/v4/user with the groups for allowed_groups and the role; refuses a blocked user', async () => {
    const fake = await startGitlabFake(CLIENT);
    closers.push(() => fake.close());
    fake.accounts.set('gitte', BLOCKED_OR_NOT);
    const server = await serverWith('auth.gitlab', {
      auth_url: `${fake.url}/oauth/authorize`,
      token_url: `${fake.url}/oauth/token`,
      api_url: `${fake.url}/api/v4`,
      scopes: 'read_api',
      allowed_groups: 'platform/sre',
      role_attribute_path: "contains(groups[*], 'platform') && 'Editor'",
    });
    const { landed, token } = await signIn(server, 'gitlab', 'gitte');
    expect(landed).toBe('/');
    expect(await me(server, token!)).toMatchObject({
      login: 'gitte',
      email: 'gitte@lab.example',
      name: 'Gitte Lab',
      authLabels: ['GitLab'],
      role: 'Editor',
    });

    fake.accounts.set('gitte', { ...BLOCKED_OR_NOT, groups: ['platform'] });
    expect((await signIn(server, 'gitlab', 'gitte')).landed).toBe(
      '/login?error=User is not a member of one of the required groups',
    );
    fake.accounts.set('gitte', { ...BLOCKED_OR_NOT, state: 'blocked' });
    expect((await signIn(server, 'gitlab', 'gitte')).landed).toBe(
      '/login?error=Login failed: the user is not active at the login provider',
    );
  });
});

/** An OpenID provider on loopback standing in for Google, Entra ID or Okta. */
async function oidcPreset(
  key: string,
  accounts: Record<string, AccountClaims>,
  settings: Record<string, string>,
  peerOptions: { profileClaims?: string[]; conformIdTokenClaims?: boolean } = {},
) {
  const peer = await startOidcProvider({ ...CLIENT, redirectUri: `${ROOT}/login/${key}`, ...peerOptions });
  closers.push(() => peer.close());
  for (const [id, claims] of Object.entries(accounts)) peer.accounts.set(id, claims);
  const server = await serverWith(`auth.${key}`, {
    auth_url: `${peer.issuer}/auth`,
    token_url: `${peer.issuer}/token`,
    api_url: `${peer.issuer}/me`,
    issuer: peer.issuer,
    jwk_set_url: `${peer.issuer}/jwks`,
    scopes: 'openid email profile groups',
    ...settings,
  });
  return { peer, server };
}

describe('[auth.google]', () => {
  const ANNE = { email: 'anne@corp.example', email_verified: true, name: 'Anne', hd: 'corp.example' };

  it('signs in with the email as login, labelled Google; allowed_domains checks the hd claim too', async () => {
    const { server, peer } = await oidcPreset(
      'google',
      { anne: ANNE, personal: { ...ANNE, email: 'pat@corp.example', hd: undefined } },
      { allowed_domains: 'corp.example' },
      { profileClaims: ['hd'] },
    );
    const { landed, token } = await signIn(server, 'google', 'anne');
    expect(landed).toBe('/');
    expect(await me(server, token!)).toMatchObject({
      login: 'anne@corp.example',
      email: 'anne@corp.example',
      name: 'Anne',
      authLabels: ['Google'],
      role: 'Viewer',
    });
    // An address in the domain without the Workspace's hd claim is not the organization's account.
    expect((await signIn(server, 'google', 'personal')).landed).toBe(
      '/login?error=The hd claim found in the ID token is not present in the allowed domains',
    );
    peer.accounts.set('unverified', { ...ANNE, email: 'eve@corp.example', email_verified: false });
    expect((await signIn(server, 'google', 'unverified')).landed).toBe(
      '/login?error=User email is not verified',
    );
  });
});

describe('[auth.azuread]', () => {
  const AZ = {
    email: 'ada@contoso.example',
    name: 'Ada',
    oid: '8f3c1b8e-0000-4000-8000-000000000001',
    tid: 'tenant-a',
    roles: ['editor'],
    groups: ['g-1'],
  };

  it('reads everything from the id_token: app role, oid, tenant; refuses a tenant outside allowed_organizations', async () => {
    const { server, peer } = await oidcPreset(
      'azuread',
      { ada: AZ },
      { api_url: '', allowed_organizations: 'tenant-a tenant-b', allowed_groups: 'g-1' },
      { profileClaims: ['oid', 'tid', 'roles'], conformIdTokenClaims: false },
    );
    const { landed, token } = await signIn(server, 'azuread', 'ada');
    expect(landed).toBe('/');
    expect(await me(server, token!)).toMatchObject({
      login: 'ada@contoso.example',
      email: 'ada@contoso.example',
      authLabels: ['AzureAD'],
      role: 'Editor',
    });
    peer.accounts.set('ada', { ...AZ, roles: ['Viewer', 'Admin'] });
    const again = await signIn(server, 'azuread', 'ada');
    expect(await me(server, again.token!)).toMatchObject({ login: 'ada@contoso.example', role: 'Admin' });

    peer.accounts.set('mallory', { ...AZ, email: 'm@evil.example', oid: 'other', tid: 'tenant-x' });
    expect((await signIn(server, 'azuread', 'mallory')).landed).toBe(
      '/login?error=AzureAD OAuth: tenant mismatch',
    );
  });
});

describe('[auth.okta]', () => {
  it('signs in with the email as login and the groups claim, labelled Okta', async () => {
    const { server } = await oidcPreset(
      'okta',
      { olga: { email: 'olga@okta.example', name: 'Olga', groups: ['Everyone', 'svc-admins'] } },
      {
        allowed_groups: 'svc-admins',
        role_attribute_path: "contains(groups[*], 'svc-admins') && 'Admin' || 'Viewer'",
      },
    );
    const { landed, token } = await signIn(server, 'okta', 'olga');
    expect(landed).toBe('/');
    expect(await me(server, token!)).toMatchObject({
      login: 'olga@okta.example',
      name: 'Olga',
      authLabels: ['Okta'],
      role: 'Admin',
    });
  });
});

describe('the login page and routes of the presets', () => {
  it('lists each enabled provider with Grafana’s name and icon; a disabled one refuses', async () => {
    const server = await startTestServer({
      overrides: {
        'auth.github': { enabled: 'true', client_id: 'a' },
        'auth.google': { enabled: 'true', client_id: 'b' },
        'auth.okta': {
          enabled: 'true',
          client_id: 'c',
          auth_url: 'https://o.example/oauth2/v1/authorize',
          token_url: 'https://o.example/oauth2/v1/token',
        },
      },
    });
    const settings = await call(server, 'GET', '/api/frontend/settings');
    expect(settings.body.oauth).toEqual({
      github: { name: 'GitHub', icon: 'github' },
      google: { name: 'Google', icon: 'google' },
      okta: { name: 'Okta', icon: 'okta' },
    });
    const start = await fetch(`${server.url}/login/github`, { redirect: 'manual' });
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(authorize.searchParams.get('scope')).toBe('user:email read:org');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/login\/github$/);
    const off = await fetch(`${server.url}/login/gitlab`, { redirect: 'manual' });
    expect(decodeURIComponent(off.headers.get('location')!)).toBe('/login?error=OAuth login is not enabled');
  });

  it('refuses to start with an enabled provider that has no endpoints', async () => {
    await expect(
      startTestServer({ overrides: { 'auth.azuread': { enabled: 'true', client_id: 'x' } } }),
    ).rejects.toThrow('[auth.azuread] enabled needs auth_url and token_url');
  });
});
