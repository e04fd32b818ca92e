import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { call, cookieValue, session } from '../helpers/client.js';

// [auth.proxy] enable_login_token: the first proxy-authenticated request gets a session cookie,
// as after a login, and the browser stays signed in with it.

describe('[auth.proxy] enable_login_token', () => {
  it('issues a session cookie to a proxy request without one, and only then', async () => {
    const server = await startTestServer({
      overrides: { 'auth.proxy': { enabled: 'true', enable_login_token: 'true' } },
    });
    const proxied = { headers: { 'X-WEBAUTH-USER': 'alice' } };
    const first = await call(server, 'GET', '/api/user', proxied);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ login: 'alice', isExternal: true, authLabels: ['Auth Proxy'] });
    const token = cookieValue(first.cookies, 'svc_session');
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(cookieValue(first.cookies, 'svc_session_expiry')).toMatch(/^\d+$/);
    expect(first.cookies.find((c) => c.startsWith('svc_session='))).toMatch(/HttpOnly/i);

    // The cookie alone is the same user, with one session.
    const byCookie = await call(server, 'GET', '/api/user', { as: session(token!) });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.id).toBe(first.body.id);
    const sessions = await call<unknown[]>(server, 'GET', '/api/user/auth-tokens', { as: session(token!) });
    expect(sessions.status).toBe(200);
    expect(sessions.body).toHaveLength(1);

    // Header and cookie together: no second session.
    const both = await call(server, 'GET', '/api/user', {
      headers: { ...proxied.headers, cookie: `svc_session=${token}` },
    });
    expect(both.status).toBe(200);
    expect(cookieValue(both.cookies, 'svc_session')).toBeUndefined();
    const after = await call<unknown[]>(server, 'GET', '/api/user/auth-tokens', { as: session(token!) });
    expect(after.body).toHaveLength(1);
  });

  it('is off by default: proxy sign-in stays stateless', async () => {
    const server = await startTestServer({ overrides: { 'auth.proxy': { enabled: 'true' } } });
    const response = await call(server, 'GET', '/api/user', { headers: { 'X-WEBAUTH-USER': 'bob' } });
    expect(response.status).toBe(200);
    expect(response.cookies).toEqual([]);
  });
});
