import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, cookieValue, session, type Caller } from '../helpers/client.js';

// Issue #23: Grafana's security headers and its CSRF check of cookie-authenticated requests.

async function signIn(server: TestServer): Promise<Caller> {
  const login = await call(server, 'POST', '/api/login', { body: { user: 'admin', password: 'admin' } });
  expect(login.status).toBe(200);
  return session(cookieValue(login.cookies, 'svc_session')!);
}

const saveDashboard = (server: TestServer, as: Caller, title: string, headers: Record<string, string> = {}) =>
  call(server, 'POST', '/api/dashboards/db', { as, headers, body: { dashboard: { title } } });

const titles = async (server: TestServer) =>
  ((await call(server, 'GET', '/api/search?type=dash-db', { as: ADMIN })).body as { title: string }[]).map(
    (d) => d.title,
  );

describe('security headers', () => {
  it('sends Grafana’s defaults on API answers, errors and pages: frames denied, no sniffing, XSS filter', async () => {
    const server = await startTestServer();
    for (const path of ['/api/health', '/api/nothing-here', '/login']) {
      const response = await call(server, 'GET', path, { as: ADMIN });
      expect(response.headers.get('x-frame-options'), path).toBe('deny');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-xss-protection'), path).toBe('1; mode=block');
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
      expect(response.headers.get('content-security-policy'), path).toBeNull();
    }
  });

  it('follows [security]: embedding allowed, HSTS with preload and subdomains, a CSP with a fresh nonce', async () => {
    const server = await startTestServer({
      overrides: {
        server: { root_url: 'https://svc.example.com/monitoring/' },
        security: {
          allow_embedding: 'true',
          x_content_type_options: 'false',
          x_xss_protection: 'false',
          strict_transport_security: 'true',
          strict_transport_security_max_age_seconds: '600',
          strict_transport_security_preload: 'true',
          strict_transport_security_subdomains: 'true',
          content_security_policy: 'true',
          content_security_policy_template: "script-src 'self' $NONCE;connect-src 'self' wss://$ROOT_PATH",
        },
      },
    });
    const first = await call(server, 'GET', '/api/health');
    expect(first.headers.get('x-frame-options')).toBeNull();
    expect(first.headers.get('x-content-type-options')).toBeNull();
    expect(first.headers.get('x-xss-protection')).toBeNull();
    expect(first.headers.get('strict-transport-security')).toBe('max-age=600; preload; includeSubDomains');
    const policy =
      /^script-src 'self' 'nonce-([A-Za-z0-9+/=]{24})';connect-src 'self' wss:\/\/svc\.example\.com\/monitoring$/;
    const nonce = policy.exec(first.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeDefined();
    const second = await call(server, 'GET', '/api/health');
    expect(policy.exec(second.headers.get('content-security-policy') ?? '')?.[1]).not.toBe(nonce);

    // the page's scripts carry this request's nonce (when the UI is built)
    const page = await call(server, 'GET', '/login');
    const pageNonce = policy.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    const scripts = [...String(page.body).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    for (const script of scripts) expect(script).toContain(`nonce="${pageNonce}"`);
    // root_url is https: the session cookie is Secure without cookie_secure
    const login = await call(server, 'POST', '/api/login', { body: { user: 'admin', password: 'admin' } });
    expect(login.cookies.find((c) => c.startsWith('svc_session='))).toMatch(/; Secure/i);
  });
});

describe('CSRF check', () => {
  it('refuses a cookie-authenticated write from another origin and changes nothing', async () => {
    const server = await startTestServer();
    const cookie = await signIn(server);
    const evil = await saveDashboard(server, cookie, 'From evil', { origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({ message: 'origin not allowed' });
    // GET is checked too when a browser says where it comes from (Grafana: GET may have effects)
    const read = await call(server, 'GET', '/api/user', {
      as: cookie,
      headers: { origin: 'http://evil.example' },
    });
    expect(read.status).toBe(403);

    // svc's own origin (any port), no Origin at all, and Basic or token callers pass
    const host = new URL(server.url).hostname;
    expect((await saveDashboard(server, cookie, 'Same host', { origin: `http://${host}:9999` })).status).toBe(
      200,
    );
    expect((await saveDashboard(server, cookie, 'No origin')).status).toBe(200);
    expect((await saveDashboard(server, ADMIN, 'Basic', { origin: 'http://evil.example' })).status).toBe(200);
    // a Basic credential is the one used even when the browser also sends the cookie
    const basicWithCookie = await saveDashboard(server, ADMIN, 'Basic with cookie', {
      cookie: cookie.cookie!,
      origin: 'http://evil.example',
    });
    expect(basicWithCookie.status).toBe(200);
    // HEAD and OPTIONS are not checked
    const head = await fetch(`${server.url}/api/user`, {
      method: 'HEAD',
      headers: { cookie: cookie.cookie!, origin: 'http://evil.example' },
    });
    expect(head.status).not.toBe(403);
    expect((await titles(server)).sort()).toEqual(['Basic', 'Basic with cookie', 'No origin', 'Same host']);
  });

  it('trusts csrf_trusted_origins and the hosts named by csrf_additional_headers', async () => {
    const server = await startTestServer({
      overrides: {
        security: {
          csrf_trusted_origins: 'grafana.example.org other.example',
          csrf_additional_headers: 'X-Forwarded-Host',
        },
      },
    });
    const cookie = await signIn(server);
    expect(
      (await saveDashboard(server, cookie, 'Trusted', { origin: 'https://grafana.example.org' })).status,
    ).toBe(200);
    expect(
      (
        await saveDashboard(server, cookie, 'Forwarded', {
          origin: 'https://proxy.example.net',
          'x-forwarded-host': 'proxy.example.net:443',
        })
      ).status,
    ).toBe(200);
    const refused = await saveDashboard(server, cookie, 'Elsewhere', {
      origin: 'https://proxy.example.net',
      'x-forwarded-host': 'another.example.net',
    });
    expect(refused.status).toBe(403);
    expect((await titles(server)).sort()).toEqual(['Forwarded', 'Trusted']);
  });
});
