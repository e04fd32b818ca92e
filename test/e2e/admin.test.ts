import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, basic, bearer, call, session } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';
import { screenshot } from './browser.js';
import { newPage, openSignedIn, useChromium } from './session.js';

useChromium();

/** Clicks a ConfirmButton and then its "Confirm". */
async function confirm(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
}

/** The theme the page shows (`data-theme` on <html>). */
const themeOf = (page: Page) =>
  page.evaluate(() => (globalThis as any).document.documentElement.dataset.theme as string);

/** The outcome line of one form or panel. */
const statusIn = (scope: Locator) => scope.getByRole('status').textContent();

describe('administration pages in Chromium', () => {
  it('server admin creates a user and an org through the UI; the new Viewer is offered no admin controls', async () => {
    const server = await startTestServer();
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/admin');
      await page.getByRole('link', { name: 'Users', exact: true }).first().click();
      await page.waitForURL(/\/admin\/users$/);
      await page.getByRole('link', { name: 'New user' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Vera Viewer');
      await page.getByLabel('Email').fill('vera@example.com');
      await page.getByLabel('Username').fill('vera');
      await page.getByLabel('Password').fill('vera-secret-1');
      await page.getByRole('button', { name: 'Create user' }).click();
      await page.waitForURL(/\/admin\/users\/edit\/\d+$/);
      const id = Number(/\/edit\/(\d+)$/.exec(page.url())![1]);
      const created = await call(server, 'GET', `/api/users/${id}`, { as: ADMIN });
      expect(created.body).toMatchObject({ login: 'vera', email: 'vera@example.com', name: 'Vera Viewer' });
      await page.getByRole('heading', { name: 'vera' }).waitFor();

      // A second organization, made in the UI, and the user added to it as Viewer.
      await page.goto('/admin/orgs/new');
      await page.getByLabel('Organization name').fill('Ops Org');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await page.waitForURL(/\/admin\/orgs\/edit\/\d+$/);
      const orgId = Number(/\/edit\/(\d+)$/.exec(page.url())![1]);
      const orgUsers = page.getByRole('table', { name: 'Organization users' });
      await orgUsers.getByText('admin', { exact: true }).waitFor();
      await page.getByLabel('Login or email of the user to add').fill('vera@example.com');
      await page.getByLabel('Role of the new member').selectOption('Viewer');
      await page.getByRole('button', { name: 'Add user' }).click();
      await orgUsers.getByText('vera', { exact: true }).waitFor();
      const orgs = await call(server, 'GET', `/api/users/${id}/orgs`, { as: ADMIN });
      expect(orgs.body).toEqual(
        expect.arrayContaining([
          { orgId: 1, name: 'Main Org.', role: 'Viewer' },
          { orgId, name: 'Ops Org', role: 'Viewer' },
        ]),
      );
      await screenshot(page, 'admin-org-edit');

      // The new user, signed in separately, finds nothing to administer.
      const viewer = await newPage(server);
      try {
        await openSignedIn(viewer.page, '/profile', 'vera', 'vera-secret-1');
        await viewer.page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
        expect(await viewer.page.getByRole('link', { name: 'Administration' }).count()).toBe(0);
        const sections = viewer.page.getByRole('navigation', { name: 'Administration sections' });
        expect(await sections.getByRole('link').allTextContents()).toEqual(['Profile']);
        await viewer.page.goto('/admin/users');
        await viewer.page.getByRole('alert').filter({ hasText: 'You do not have permission' }).waitFor();
        expect(await viewer.page.getByRole('link', { name: 'New user' }).count()).toBe(0);
        await viewer.page.goto('/org/users');
        await viewer.page.getByRole('alert').filter({ hasText: 'You do not have permission' }).waitFor();
        const content = viewer.page.locator('.admin-content');
        expect(await content.getByRole('combobox').count()).toBe(0);
        expect(await content.getByRole('button').count()).toBe(0);
        await screenshot(viewer.page, 'admin-viewer-denied');
        expect(viewer.errors).toEqual([]);
      } finally {
        await viewer.context.close();
      }
      const vera = basic('vera', 'vera-secret-1');
      const permissions = (await call(server, 'GET', '/api/access-control/user/permissions', { as: vera }))
        .body as Record<string, string[]>;
      for (const action of [
        'users:read',
        'org.users:read',
        'teams:read',
        'serviceaccounts:read',
        'orgs:write',
      ])
        expect(permissions[action], action).toBeUndefined();
      expect((await call(server, 'GET', '/api/org/users', { as: vera })).status).toBe(403);
      expect(
        (
          await call(server, 'POST', '/api/admin/users', {
            as: vera,
            body: { login: 'x', password: 'xxxxx' },
          })
        ).status,
      ).toBe(403);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an organization Admin who is not a server admin gets the organization sections only', async () => {
    const server = await startTestServer();
    const olga = await createUser(server, { login: 'olga', orgRole: 'Admin' });
    await createUser(server, { login: 'victor' });
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/admin', olga.login, olga.password);
      const cards = page.locator('.admin-cards a');
      await cards.first().waitFor();
      expect(await cards.allTextContents()).toEqual([
        'Organization settings',
        'Organization users',
        'Teams',
        'Service accounts',
        'Profile',
      ]);
      await page.goto('/admin/orgs');
      await page.getByRole('alert').filter({ hasText: 'You do not have permission' }).waitFor();
      expect(await page.getByRole('link', { name: 'New organization' }).count()).toBe(0);
      await page.goto('/org/users');
      const victorRole = page.getByLabel('Role of victor');
      await victorRole.waitFor();
      expect(await victorRole.isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Add user' }).waitFor();
      // Logins link to the server admin's user page only for server admins.
      expect(await page.getByRole('link', { name: 'victor' }).count()).toBe(0);
      const forbidden = await call(server, 'GET', '/api/users/search', { as: olga.as });
      expect(forbidden.status).toBe(403);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists users a page at a time with search; edits, disables, promotes and moves a user between orgs', async () => {
    const server = await startTestServer();
    for (let i = 0; i < 31; i++) await createUser(server, { login: `bulk${String(i).padStart(2, '0')}` });
    const target = await createUser(server, { login: 'target', name: 'Tar Get' });
    const ops = (await call(server, 'POST', '/api/orgs', { as: ADMIN, body: { name: 'Ops' } })).body
      .orgId as number;
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/admin/users');
      await page.getByText('Page 1 of 2').waitFor();
      const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
      expect(await rows.count()).toBe(30);
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByText('Page 2 of 2').waitFor();
      expect(await rows.count()).toBe(3);
      await page.getByLabel('Search users').fill('target');
      await expect.poll(() => rows.count()).toBe(1);
      expect(page.url()).toContain('query=target');
      await page.getByRole('link', { name: 'target' }).click();
      await page.waitForURL(new RegExp(`/admin/users/edit/${target.id}$`));

      const info = page.getByRole('form', { name: 'User information' });
      await info.getByLabel('Name', { exact: true }).fill('Renamed Target');
      await info.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => statusIn(info)).toContain('saved');
      expect((await call(server, 'GET', `/api/users/${target.id}`, { as: ADMIN })).body.name).toBe(
        'Renamed Target',
      );

      const setPassword = page.getByRole('form', { name: 'Set password' });
      await setPassword.getByLabel('New password').fill('brand-new-pw');
      await setPassword.getByRole('button', { name: 'Change password' }).click();
      await expect.poll(() => statusIn(setPassword)).toContain('Password changed');
      expect((await call(server, 'GET', '/api/user', { as: basic('target', 'brand-new-pw') })).status).toBe(
        200,
      );

      await page.getByLabel('Server administrator').check();
      await expect
        .poll(() => statusIn(page.getByRole('region', { name: 'Permissions and status' })))
        .toContain('Now a server admin');
      expect((await call(server, 'GET', `/api/users/${target.id}`, { as: ADMIN })).body.isGrafanaAdmin).toBe(
        true,
      );

      await confirm(page, 'Disable user');
      await page.getByRole('button', { name: 'Enable user' }).waitFor();
      expect((await call(server, 'GET', `/api/users/${target.id}`, { as: ADMIN })).body.isDisabled).toBe(
        true,
      );
      await page.getByRole('button', { name: 'Enable user' }).click();
      await page.getByRole('button', { name: 'Disable user' }).waitFor();
      expect((await call(server, 'GET', `/api/users/${target.id}`, { as: ADMIN })).body.isDisabled).toBe(
        false,
      );

      await page.getByLabel('Organization to add to').selectOption({ label: 'Ops' });
      await page.getByLabel('Role in the organization').selectOption('Editor');
      await page.getByRole('button', { name: 'Add to organization' }).click();
      await page.getByLabel('Role in Ops').waitFor();
      await page.getByLabel('Role in Main Org.').selectOption('Admin');
      await expect
        .poll(() => statusIn(page.getByRole('region', { name: 'Organizations' })))
        .toContain('Role in Main Org. changed to Admin');
      expect((await call(server, 'GET', `/api/users/${target.id}/orgs`, { as: ADMIN })).body).toEqual([
        { orgId: 1, name: 'Main Org.', role: 'Admin' },
        { orgId: ops, name: 'Ops', role: 'Editor' },
      ]);
      await confirm(page, 'Remove from Ops');
      await expect.poll(() => page.getByLabel('Role in Ops').count()).toBe(0);
      expect((await call(server, 'GET', `/api/users/${target.id}/orgs`, { as: ADMIN })).body).toHaveLength(1);
      await screenshot(page, 'admin-user-edit');

      await confirm(page, 'Delete user');
      await page.waitForURL(/\/admin\/users$/);
      expect((await call(server, 'GET', `/api/users/${target.id}`, { as: ADMIN })).status).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('renames and deletes organizations; org users change role, leave and are added back by login', async () => {
    const server = await startTestServer();
    const member = await createUser(server, { login: 'member' });
    const doomed = (await call(server, 'POST', '/api/orgs', { as: ADMIN, body: { name: 'Doomed' } })).body
      .orgId as number;
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/admin/orgs');
      await page.getByRole('link', { name: 'Doomed' }).click();
      await page.getByLabel('Organization name').fill('Still Doomed');
      await page.getByRole('button', { name: 'Save name' }).click();
      await expect
        .poll(() => statusIn(page.getByRole('form', { name: 'Rename organization' })))
        .toContain('saved');
      expect((await call(server, 'GET', `/api/orgs/${doomed}`, { as: ADMIN })).body.name).toBe(
        'Still Doomed',
      );
      await page.getByRole('link', { name: '← Organizations' }).click();
      await confirm(page, 'Delete Still Doomed');
      await expect.poll(() => page.getByRole('link', { name: 'Still Doomed' }).count()).toBe(0);
      expect((await call(server, 'GET', `/api/orgs/${doomed}`, { as: ADMIN })).status).toBe(404);

      await page.goto('/org/users');
      await page.getByLabel('Role of member').selectOption('Editor');
      await expect.poll(() => statusIn(page.locator('main'))).toContain('member is now Editor');
      const role = async () =>
        ((await call(server, 'GET', '/api/org/users', { as: ADMIN })).body as any[]).find(
          (u) => u.userId === member.id,
        )?.role;
      expect(await role()).toBe('Editor');
      await confirm(page, 'Remove member');
      await expect.poll(() => page.getByLabel('Role of member').count()).toBe(0);
      expect(await role()).toBeUndefined();
      await page.getByLabel('Login or email of the user to add').fill('member');
      await page.getByRole('button', { name: 'Add user' }).click();
      await page.getByLabel('Role of member').waitFor();
      expect(await role()).toBe('Viewer');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('creates a team, adds and removes a member, deletes the team', async () => {
    const server = await startTestServer();
    const alice = await createUser(server, { login: 'alice' });
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/org/teams');
      await page.getByRole('link', { name: 'New team' }).click();
      await page.getByLabel('Team name').fill('Platform');
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.waitForURL(/\/org\/teams\/edit\/\d+$/);
      const teamId = Number(/\/edit\/(\d+)$/.exec(page.url())![1]);
      // The creator is the team's first member, as its admin.
      const table = page.getByRole('table', { name: 'Team members' });
      await table.locator('tr', { hasText: 'admin@localhost' }).getByText('Team admin').waitFor();
      await page.getByLabel('User to add').fill('alice');
      await page.getByRole('button', { name: 'Add member' }).click();
      await table.getByText('alice', { exact: true }).waitFor();
      const members = async () =>
        ((await call(server, 'GET', `/api/teams/${teamId}/members`, { as: ADMIN })).body as any[]).map(
          (m) => m.userId,
        );
      expect(await members()).toEqual([1, alice.id]);
      await page.getByLabel('User to add').fill('nobody');
      await page.getByRole('button', { name: 'Add member' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('No user with the login "nobody"');
      await screenshot(page, 'admin-team');
      await confirm(page, 'Remove alice from the team');
      await expect.poll(() => table.getByText('alice', { exact: true }).count()).toBe(0);
      expect(await members()).toEqual([1]);

      await page.getByRole('link', { name: '← Teams' }).click();
      await page.getByRole('table', { name: 'Teams' }).getByRole('link', { name: 'Platform' }).waitFor();
      await confirm(page, 'Delete team Platform');
      await page.getByText('No teams yet.').waitFor();
      expect((await call(server, 'GET', `/api/teams/${teamId}`, { as: ADMIN })).status).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('creates a service account and a token whose key is shown once and authenticates', async () => {
    const server = await startTestServer();
    const { context, page, errors } = await newPage(server);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    try {
      await openSignedIn(page, '/org/serviceaccounts');
      await page.getByRole('link', { name: 'Add service account' }).click();
      await page.getByLabel('Display name').fill('ci-bot');
      await page.getByLabel('Role').selectOption('Editor');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/org\/serviceaccounts\/\d+$/);
      const accountId = Number(/\/(\d+)$/.exec(page.url())![1]);
      await page.getByText('No tokens yet.').waitFor();

      await page.getByRole('button', { name: 'Add service account token' }).click();
      await page.getByLabel('Token name').fill('deploy');
      await page.getByRole('button', { name: 'Generate token' }).click();
      const shown = page.getByRole('dialog', { name: 'Service account token created' });
      const key = await shown.getByLabel('Token key').inputValue();
      expect(key).toMatch(/^svc_sa_/);
      await shown.getByRole('button', { name: 'Copy to clipboard' }).click();
      await expect.poll(() => shown.getByRole('status').textContent()).toContain('Copied');
      expect(
        await page.evaluate(() => (globalThis as any).navigator.clipboard.readText() as Promise<string>),
      ).toBe(key);
      await screenshot(page, 'admin-token-created');
      await shown.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => shown.count()).toBe(0);
      await page.getByRole('table', { name: 'Tokens' }).getByText('deploy').waitFor();
      expect(await page.content()).not.toContain(key);

      // The key authenticates as the Editor service account; a wrong one does not.
      const org = await call(server, 'GET', '/api/org', { as: bearer(key) });
      expect(org.status).toBe(200);
      expect((await call(server, 'GET', '/api/org', { as: bearer(`${key}x`) })).status).toBe(401);

      // A second token with an expiry date, then deleted.
      await page.getByRole('button', { name: 'Add service account token' }).click();
      await page.getByLabel('Token name').fill('short-lived');
      await page.getByLabel('Set expiration date').check();
      await page.getByRole('button', { name: 'Generate token' }).click();
      await shown.getByRole('button', { name: 'Close' }).click();
      const tokens = async () =>
        (await call(server, 'GET', `/api/serviceaccounts/${accountId}/tokens`, { as: ADMIN })).body as any[];
      const expiring = (await tokens()).find((t) => t.name === 'short-lived');
      expect(expiring.expiration).not.toBeNull();
      expect(expiring.secondsUntilExpiration).toBeGreaterThan(28 * 86_400);
      expect((await tokens()).find((t) => t.name === 'deploy').expiration).toBeNull();
      await confirm(page, 'Delete token short-lived');
      await expect.poll(async () => (await tokens()).map((t) => t.name)).toEqual(['deploy']);

      await page.getByRole('link', { name: '← Service accounts' }).click();
      await page.getByRole('button', { name: 'Disable ci-bot' }).click();
      await page.getByRole('button', { name: 'Enable ci-bot' }).waitFor();
      expect(
        (await call(server, 'GET', `/api/serviceaccounts/${accountId}`, { as: ADMIN })).body.isDisabled,
      ).toBe(true);
      await confirm(page, 'Delete ci-bot');
      await page.getByText('No service accounts yet.').waitFor();
      expect((await call(server, 'GET', '/api/org', { as: bearer(key) })).status).toBe(401);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('profile: name and theme persist, password change with server errors, sessions revoked', async () => {
    const server = await startTestServer();
    const user = await createUser(server, { login: 'pat', password: 'first-password' });
    const { context, page, errors } = await newPage(server);
    const other = await newPage(server);
    try {
      // A second session of the same user, in another browser context.
      await openSignedIn(other.page, '/profile', 'pat', 'first-password');
      await openSignedIn(page, '/profile', 'pat', 'first-password');

      await page
        .getByRole('form', { name: 'User information' })
        .getByLabel('Name', { exact: true })
        .fill('Pat Q');
      await page
        .getByRole('form', { name: 'User information' })
        .getByRole('button', { name: 'Save' })
        .click();
      await page.getByRole('link', { name: 'Pat Q' }).waitFor();
      expect((await call(server, 'GET', '/api/user', { as: user.as })).body.name).toBe('Pat Q');

      expect(await themeOf(page)).toBe('dark');
      await page.getByLabel('Interface theme').selectOption('light');
      await page.getByRole('button', { name: 'Save preferences' }).click();
      await expect.poll(() => themeOf(page)).toBe('light');
      expect((await call(server, 'GET', '/api/user/preferences', { as: user.as })).body.theme).toBe('light');
      await page.reload();
      await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
      expect(await themeOf(page)).toBe('light');
      expect(await page.getByLabel('Interface theme').inputValue()).toBe('light');
      await screenshot(page, 'admin-profile-light');

      const password = page.getByRole('form', { name: 'Change password' });
      await password.getByLabel('Old password').fill('wrong-password');
      await password.getByLabel('New password').fill('second-password');
      await password.getByLabel('Confirm password').fill('second-password');
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect.poll(() => password.getByRole('alert').textContent()).toContain('Invalid old password');
      await password.getByLabel('Old password').fill('first-password');
      await password.getByLabel('Confirm password').fill('second-passw0rd');
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect.poll(() => password.getByRole('alert').textContent()).toContain('do not match');
      await password.getByLabel('Confirm password').fill('second-password');
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect.poll(() => password.getByRole('status').textContent()).toContain('Password changed');
      expect((await call(server, 'GET', '/api/user', { as: basic('pat', 'first-password') })).status).toBe(
        401,
      );
      const fresh = await newPage(server);
      try {
        await openSignedIn(fresh.page, '/profile', 'pat', 'second-password');
        await fresh.page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
      } finally {
        await fresh.context.close();
      }

      // Sessions: this one is marked and cannot be revoked; the other browser's can.
      const otherCookie = (await other.context.cookies()).find((c) => c.name === 'svc_session')!.value;
      expect((await call(server, 'GET', '/api/user', { as: session(otherCookie) })).status).toBe(200);
      const sessions = (await call(server, 'GET', '/api/user/auth-tokens', { as: session(otherCookie) }))
        .body as any[];
      const otherId = sessions.find((s) => s.isActive).id as number;
      await page.reload();
      const table = page.getByRole('table', { name: 'Sessions' });
      const mine = table.locator('tr', { hasText: 'This session' });
      await mine.waitFor();
      expect(await mine.getByRole('button').count()).toBe(0);
      await confirm(page, `Revoke session ${otherId}`);
      await expect.poll(() => page.locator(`[data-session-id="${otherId}"]`).count()).toBe(0);
      expect((await call(server, 'GET', '/api/user', { as: session(otherCookie) })).status).toBe(401);
      await other.page.reload();
      await other.page.waitForURL(/\/login/);
      // The refused old password logs its 400 response in the console; nothing else may fail.
      expect(errors.filter((e) => !(e.includes('400') && e.includes('/api/user/password')))).toEqual([]);
    } finally {
      await other.context.close();
      await context.close();
    }
  });
});
