import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { startOidcProvider, type OidcPeer } from '../helpers/peers/oidc-provider.js';
import { screenshot } from './browser.js';
import { newPage, useChromium } from './session.js';

useChromium();

const peers: OidcPeer[] = [];
afterEach(async () => {
  while (peers.length) await peers.pop()!.close();
});

/** A port nobody listens on now: the provider must know svc's address before svc starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function startSvc(peer: OidcPeer, port: number, oauth: Record<string, string> = {}) {
  return startTestServer({
    overrides: {
      server: { http_port: String(port), root_url: `http://127.0.0.1:${port}/` },
      'auth.generic_oauth': {
        enabled: 'true',
        name: 'Test IdP',
        client_id: 'svc-e2e',
        client_secret: 'svc-e2e-secret',
        auth_url: peer.issuer,
        scopes: 'openid email profile groups',
        login_attribute_path: 'preferred_username',
        role_attribute_path: 'role',
        ...oauth,
      },
    },
  });
}

describe('sign in with OpenID Connect in Chromium', () => {
  it('signs in from the login page button, shows a refusal on the login page, and auto-logs in', async () => {
    const [port, autoPort] = [await freePort(), await freePort()];
    const peer = await startOidcProvider({
      clientId: 'svc-e2e',
      clientSecret: 'svc-e2e-secret',
      redirectUri: [port, autoPort].map((p) => `http://127.0.0.1:${p}/login/generic_oauth`),
    });
    peers.push(peer);
    peer.accounts.set('alice-sub', {
      email: 'alice@example.com',
      name: 'Alice Liddell',
      preferred_username: 'alice',
      role: 'Editor',
    });
    peer.accounts.set('nomail-sub', { name: 'No Mail', preferred_username: 'nomail' });
    const server = await startSvc(peer, port);

    const { context, page, errors } = await newPage(server);
    try {
      await page.goto('/login?redirectTo=%2Fdashboards');
      await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
      await page.waitForURL((url) => url.origin === peer.issuer);
      await page.fill('input[name=login]', 'alice-sub');
      await page.fill('input[name=password]', 'any');
      await page.click('button[type=submit]');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/dashboards');
      const me = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
      expect(me).toMatchObject({ login: 'alice', name: 'Alice Liddell', isExternal: true });
      await screenshot(page, 'oauth-signed-in');
      // The provider's development pages load web fonts and a favicon it has not: only svc's count.
      expect(errors.filter((e) => e.includes(server.url))).toEqual([]);
    } finally {
      await context.close();
    }

    const refused = await newPage(server);
    try {
      await refused.page.goto('/login');
      await refused.page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
      await refused.page.fill('input[name=login]', 'nomail-sub');
      await refused.page.fill('input[name=password]', 'any');
      await refused.page.click('button[type=submit]');
      await refused.page.getByRole('button', { name: 'Continue' }).click();
      await refused.page.waitForURL((url) => url.origin === server.url && url.pathname === '/login');
      await expect
        .poll(() => refused.page.getByRole('alert').textContent())
        .toBe("Login provider didn't return an email address");
      await screenshot(refused.page, 'oauth-refused');
    } finally {
      await refused.context.close();
    }

    const auto = await startSvc(peer, autoPort, { auto_login: 'true' });
    const autoPage = await newPage(auto);
    try {
      await autoPage.page.goto('/login');
      // Straight to the provider: its session from the first sign-in is gone with that context.
      await autoPage.page.waitForURL((url) => url.origin === peer.issuer);
      await autoPage.page.fill('input[name=login]', 'alice-sub');
      await autoPage.page.fill('input[name=password]', 'any');
      await autoPage.page.click('button[type=submit]');
      await autoPage.page.getByRole('button', { name: 'Continue' }).click();
      await autoPage.page.waitForURL((url) => url.origin === auto.url && url.pathname === '/');
    } finally {
      await autoPage.context.close();
    }
  });
});
