import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { call, cookieValue, session } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { OAuthBrowser } from '../helpers/oauth-browser.js';
import { startGitlabFake } from '../helpers/peers/oauth2-api-fake.js';

// Grafana's oauth_token sync: an OAuth user's expired access token is refreshed with the provider
// by the session's next request; a refresh the provider refuses signs the user out (401).

const ROOT = 'http://svc.invalid';
const CLIENT = { clientId: 'svc-refresh', clientSecret: 'svc-refresh-secret' };
const HOUR = 3_600_000;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function setup(settings: Record<string, string> = {}) {
  const fake = await startGitlabFake(CLIENT);
  closers.push(() => fake.close());
  fake.accessTokenTtlMs = HOUR;
  fake.accounts.set('gitte', {
    id: 42,
    username: 'gitte',
    name: 'Gitte',
    email: 'gitte@lab.example',
    state: 'active',
    groups: [],
  });
  const clock = new ManualClock(Date.now());
  const server = await startTestServer({
    clock,
    overrides: {
      server: { root_url: `${ROOT}/` },
      'auth.gitlab': {
        enabled: 'true',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        auth_url: `${fake.url}/oauth/authorize`,
        token_url: `${fake.url}/oauth/token`,
        api_url: `${fake.url}/api/v4`,
        scopes: 'read_api',
        use_refresh_token: 'true',
        ...settings,
      },
    },
  });
  const browser = new OAuthBrowser(server.url, ROOT);
  expect(await browser.signIn('/login/gitlab', 'gitte')).toBe('/');
  let token = browser.cookie('svc_session')!;
  /** GET /api/user with the session, following a rotated cookie */
  const request = async () => {
    const response = await call(server, 'GET', '/api/user', { as: session(token) });
    token = cookieValue(response.cookies, 'svc_session') ?? token;
    return response;
  };
  return { fake, clock, request };
}

describe('OAuth access-token refresh', () => {
  it('refreshes an expired access token on the next request, once, and keeps the user signed in', async () => {
    const { fake, clock, request } = await setup();
    expect((await request()).status).toBe(200);
    expect(fake.refreshes).toBe(0);

    // 10 s before expiry counts as expired (Grafana's ExpiryDelta).
    clock.advance(HOUR - 5_000);
    const after = await request();
    expect(after.status).toBe(200);
    expect(after.body.login).toBe('gitte');
    expect(fake.refreshes).toBe(1);
    expect(fake.requests.filter((r) => r === 'POST /oauth/token')).toHaveLength(2);

    // The new token is good for another hour: later requests ask nobody.
    clock.advance(20 * 60_000);
    expect((await request()).status).toBe(200);
    expect((await request()).status).toBe(200);
    expect(fake.refreshes).toBe(1);
  });

  it('signs the user out when the provider refuses the refresh token', async () => {
    const { fake, clock, request } = await setup();
    expect((await request()).status).toBe(200);
    fake.revokeRefreshTokens();
    clock.advance(HOUR);
    const refused = await request();
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      messageId: 'oauth.expired-token',
      message: 'OAuth access token expired and could not be refreshed, sign in again',
    });
    // The session is gone, not only this request.
    const again = await request();
    expect(again.status).toBe(401);
    expect(again.body.messageId).not.toBe('oauth.expired-token');
  });

  it('without a refresh token (use_refresh_token off) an expired token signs the user out', async () => {
    const { fake, clock, request } = await setup({ use_refresh_token: 'false' });
    expect((await request()).status).toBe(200);
    clock.advance(HOUR);
    const refused = await request();
    expect(refused.status).toBe(401);
    expect(refused.body.messageId).toBe('oauth.expired-token');
    expect(fake.refreshes).toBe(0);
  });

  it('keeps the session while the provider cannot be reached', async () => {
    const { fake, clock, request } = await setup();
    expect((await request()).status).toBe(200);
    await fake.close();
    clock.advance(HOUR);
    expect((await request()).status).toBe(200);
  });
});
