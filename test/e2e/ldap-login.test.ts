import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import {
  LDAP_GROUPS,
  LDAP_PEOPLE,
  ldapGroupMapping,
  ldapServerToml,
  startSlapd,
  type Slapd,
} from '../helpers/peers/slapd.js';
import { screenshot } from './browser.js';
import { newPage, openSignedIn, signIn, useChromium } from './session.js';

useChromium();

const PEOPLE = LDAP_PEOPLE;
const GROUPS = LDAP_GROUPS;
const EDITORS = `cn=editors,${GROUPS}`;

let slapd: Slapd;
let dir: string;

beforeAll(async () => {
  slapd = await startSlapd();
  dir = await mkdtemp(join(tmpdir(), 'svc-ldap-e2e-'));
  await slapd.add(
    [
      `dn: ${PEOPLE}\nobjectClass: organizationalUnit\nou: people\n`,
      `dn: ${GROUPS}\nobjectClass: organizationalUnit\nou: groups\n`,
      [
        `dn: uid=lena,${PEOPLE}`,
        'objectClass: inetOrgPerson',
        'uid: lena',
        'cn: Lena Lovelace',
        'givenName: Lena',
        'sn: Lovelace',
        'mail: lena@example.org',
        'userPassword: lena-directory-pw',
        '',
      ].join('\n'),
      `dn: ${EDITORS}\nobjectClass: groupOfNames\ncn: editors\nmember: uid=lena,${PEOPLE}\n`,
    ].join('\n'),
  );
}, 60_000);

afterAll(async () => {
  await slapd?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Members of cn=editors are Editors of org 1; nobody else may sign in (no `*` mapping). */
function ldapToml(): string {
  return ldapServerToml(slapd.port, ldapGroupMapping(EDITORS, 1, 'Editor'));
}

describe('sign in with LDAP in Chromium', () => {
  it('signs a directory user in through the login form with its mapped role and teams, and shows a wrong password', async () => {
    const tomlFile = join(dir, 'ldap.toml');
    await writeFile(tomlFile, ldapToml());
    const server = await startTestServer({
      overrides: { 'auth.ldap': { enabled: 'true', config_file: tomlFile } },
    });
    // Team sync: the team linked to the editors group gets the user at its first sign-in.
    const team = await call<{ teamId: number }>(server, 'POST', '/api/teams', {
      as: ADMIN,
      body: { name: 'Directory editors' },
    });
    expect(team.status).toBe(200);
    const linked = await call(server, 'POST', `/api/teams/${team.body.teamId}/groups`, {
      as: ADMIN,
      body: { groupId: EDITORS },
    });
    expect(linked.status).toBe(200);

    const wrong = await newPage(server);
    try {
      await wrong.page.goto('/login');
      await signIn(wrong.page, 'lena', 'not-her-password');
      await expect
        .poll(() => wrong.page.getByRole('alert').textContent())
        .toBe('Invalid username or password.');
      expect(new URL(wrong.page.url()).pathname).toBe('/login');
      await screenshot(wrong.page, 'ldap-wrong-password');
    } finally {
      await wrong.context.close();
    }
    // The refused attempt created nobody.
    const before = await call(server, 'GET', '/api/users/lookup?loginOrEmail=lena', { as: ADMIN });
    expect(before.status).toBe(404);

    const { context, page, errors } = await newPage(server);
    try {
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/login');
      await signIn(page, 'lena', 'lena-directory-pw');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Getting started' }).waitFor();

      const api = (path: string) =>
        page.evaluate((p) => fetch(p).then(async (r) => ({ status: r.status, body: await r.json() })), path);
      const me = await api('/api/user');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        login: 'lena',
        email: 'lena@example.org',
        name: 'Lena Lovelace',
        isGrafanaAdmin: false,
        isExternal: true,
        authLabels: ['LDAP'],
        orgId: 1,
      });
      const orgs = await api('/api/user/orgs');
      expect(orgs.body).toEqual([{ orgId: 1, name: 'Main Org.', role: 'Editor' }]);
      const teams = await api('/api/user/teams');
      expect((teams.body as { id: number; name: string }[]).map((t) => [t.id, t.name])).toEqual([
        [team.body.teamId, 'Directory editors'],
      ]);

      // The profile page shows the mapped role too.
      await page.goto('/profile');
      const orgRow = page.getByRole('table', { name: 'Your organizations' }).getByRole('row').nth(1);
      await expect.poll(() => orgRow.textContent()).toContain('Editor');
      await screenshot(page, 'ldap-signed-in');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The team page marks the member team sync added with its provider's label.
    const admin = await newPage(server);
    try {
      await openSignedIn(admin.page, `/org/teams/edit/${team.body.teamId}`);
      const table = admin.page.getByRole('table', { name: 'Team members' });
      await table.locator('tr', { hasText: 'lena@example.org' }).getByText('LDAP', { exact: true }).waitFor();
      const adminRow = table.locator('tr', { hasText: 'admin@localhost' });
      await adminRow.getByText('Team admin').waitFor();
      expect(await adminRow.getByText('LDAP', { exact: true }).count()).toBe(0);
      await screenshot(admin.page, 'ldap-synced-team-member');
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
  });
});
