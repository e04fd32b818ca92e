import { describe, expect, it } from 'vitest';
import { resolveHomeDashboardUid } from '../../src/features/preferences/preferences.feature.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const DEFAULTS = {
  theme: '',
  homeDashboardId: 0,
  homeDashboardUID: '',
  timezone: '',
  weekStart: '',
  language: '',
  regionalFormat: '',
};

const UPDATED = { message: 'Preferences updated' };

async function createTeam(server: TestServer, name: string, as: Caller = ADMIN): Promise<number> {
  const created = await call(server, 'POST', '/api/teams', { as, body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.teamId as number;
}

/** A dashboard to point home preferences at; returns its id. */
async function dashboard(server: TestServer, uid: string, as: Caller = ADMIN): Promise<number> {
  const saved = await call(server, 'POST', '/api/dashboards/db', {
    as,
    body: { dashboard: { uid, title: uid } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.id as number;
}

async function put(server: TestServer, path: string, as: Caller, body: unknown) {
  const response = await call(server, 'PUT', path, { as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body).toEqual(UPDATED);
}

describe('/api/user/preferences', () => {
  it('starts with Grafana defaults; PUT replaces, PATCH merges', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);

    const initial = await call(server, 'GET', '/api/user/preferences', { as: viewer.as });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual(DEFAULTS);
    const homeId = await dashboard(server, 'home-uid');

    await put(server, '/api/user/preferences', viewer.as, {
      theme: 'dark',
      timezone: 'Europe/Berlin',
      weekStart: 'monday',
      homeDashboardUID: 'home-uid',
      language: 'de-DE',
      queryHistory: { homeTab: 'starred' },
      navbar: { bookmarkUrls: ['/d/abc'] },
      cookiePreferences: ['analytics', 'functional'],
    });
    const full = await call(server, 'GET', '/api/user/preferences', { as: viewer.as });
    expect(full.body).toEqual({
      ...DEFAULTS,
      theme: 'dark',
      timezone: 'Europe/Berlin',
      weekStart: 'monday',
      homeDashboardId: homeId,
      homeDashboardUID: 'home-uid',
      language: 'de-DE',
      queryHistory: { homeTab: 'starred' },
      navbar: { bookmarkUrls: ['/d/abc'] },
      cookiePreferences: { analytics: {}, functional: {} },
    });

    const patched = await call(server, 'PATCH', '/api/user/preferences', {
      as: viewer.as,
      body: { theme: 'light', timezone: 'utc' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual(UPDATED);
    const merged = (await call(server, 'GET', '/api/user/preferences', { as: viewer.as })).body;
    expect(merged).toMatchObject({
      theme: 'light',
      timezone: 'utc',
      weekStart: 'monday',
      homeDashboardUID: 'home-uid',
    });
    expect(merged.queryHistory).toEqual({ homeTab: 'starred' });

    // The deprecated numeric id is looked up and stored as the uid.
    const otherId = await dashboard(server, 'other-home');
    await put(server, '/api/user/preferences', viewer.as, { homeDashboardId: otherId });
    expect((await call(server, 'GET', '/api/user/preferences', { as: viewer.as })).body).toMatchObject({
      homeDashboardId: otherId,
      homeDashboardUID: 'other-home',
    });

    await put(server, '/api/user/preferences', viewer.as, { theme: 'system', homeDashboardId: 0 });
    const replaced = await call(server, 'GET', '/api/user/preferences', { as: viewer.as });
    expect(replaced.body).toEqual({ ...DEFAULTS, theme: 'system' });

    // Preferences belong to their user: the admin's are untouched.
    expect((await call(server, 'GET', '/api/user/preferences', { as: ADMIN })).body).toEqual(DEFAULTS);
  });

  it('refuses invalid values with 400 naming the field, writing nothing', async () => {
    const server = await startTestServer();
    await put(server, '/api/user/preferences', ADMIN, {
      theme: 'dark',
      timezone: 'browser',
      weekStart: 'sunday',
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ theme: 'purple' }, 'Invalid theme', 'preferences.invalid-theme'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'Invalid timezone', 'preferences.invalid-timezone'],
      [{ weekStart: 'friday' }, 'Invalid weekStart', 'preferences.invalid-week-start'],
    ];
    for (const method of ['PUT', 'PATCH']) {
      for (const [body, text, messageId] of cases) {
        const response = await call(server, method, '/api/user/preferences', { as: ADMIN, body });
        expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body).toEqual({ message: text, messageId });
      }
      const typed = await call(server, method, '/api/user/preferences', { as: ADMIN, body: { theme: 3 } });
      expect(typed.status).toBe(400);
      expect(typed.body.message).toContain('theme');
      const cookie = await call(server, method, '/api/user/preferences', {
        as: ADMIN,
        body: { cookiePreferences: ['tracking'] },
      });
      expect(cookie.status).toBe(400);
      expect(cookie.body.message).toContain('cookiePreferences');
    }
    // Unknown numeric home dashboards do not exist (Grafana looks the id up).
    const byId = await call(server, 'PUT', '/api/user/preferences', {
      as: ADMIN,
      body: { homeDashboardId: 42 },
    });
    expect(byId.status).toBe(404);
    expect(byId.body).toEqual({ message: 'Dashboard not found', messageId: 'dashboard.not-found' });
    const badUid = await call(server, 'PATCH', '/api/user/preferences', {
      as: ADMIN,
      body: { homeDashboardUID: 'x'.repeat(41) },
    });
    // longer than any uid: refused before the lookup
    expect(badUid.status).toBe(400);
    expect(badUid.body).toEqual({
      message: 'bad request data: body.homeDashboardUID must NOT have more than 40 characters',
    });
    const missingUid = await call(server, 'PATCH', '/api/user/preferences', {
      as: ADMIN,
      body: { homeDashboardUID: 'no-such-dashboard' },
    });
    expect(missingUid.status).toBe(404);
    expect(missingUid.body).toEqual({ message: 'Dashboard not found', messageId: 'dashboard.not-found' });
    // Each bookmark fits, but together they do not fit the column that keeps them with the rest.
    const bookmarks = Array.from({ length: 5 }, (_, i) => `https://example.com/${i}/${'p'.repeat(450)}`);
    const tooMany = await call(server, 'PATCH', '/api/user/preferences', {
      as: ADMIN,
      body: { navbar: { bookmarkUrls: bookmarks } },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/navbar.* must NOT have more than 2048 characters/);

    const unchanged = (await call(server, 'GET', '/api/user/preferences', { as: ADMIN })).body;
    expect(unchanged).toMatchObject({ theme: 'dark', timezone: 'browser', weekStart: 'sunday' });
    // Every timezone name the runtime knows is accepted.
    await put(server, '/api/user/preferences', ADMIN, { timezone: 'America/Argentina/Buenos_Aires' });
  });

  it('keeps a user’s preferences per org', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    await put(server, '/api/user/preferences', ADMIN, { theme: 'dark' });
    await put(server, '/api/user/preferences', inOrg(ADMIN, org2), { theme: 'light' });
    expect((await call(server, 'GET', '/api/user/preferences', { as: ADMIN })).body.theme).toBe('dark');
    expect((await call(server, 'GET', '/api/user/preferences', { as: inOrg(ADMIN, org2) })).body.theme).toBe(
      'light',
    );
  });
});

describe('/api/org/preferences', () => {
  it('is read and written by org Admins only', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });

    expect((await call(server, 'GET', '/api/org/preferences', { as: ADMIN })).body).toEqual(DEFAULTS);
    await put(server, '/api/org/preferences', ADMIN, { theme: 'light', weekStart: 'saturday' });
    const patched = await call(server, 'PATCH', '/api/org/preferences', {
      as: ADMIN,
      body: { timezone: 'utc' },
    });
    expect(patched.body).toEqual(UPDATED);
    expect((await call(server, 'GET', '/api/org/preferences', { as: ADMIN })).body).toEqual({
      ...DEFAULTS,
      theme: 'light',
      weekStart: 'saturday',
      timezone: 'utc',
    });

    for (const caller of [viewer, editor]) {
      const read = await call(server, 'GET', '/api/org/preferences', { as: caller.as });
      expect(read.status).toBe(403);
      expect(read.body).toMatchObject({
        title: 'Access denied',
        message:
          "You'll need additional permissions to perform this action. Permissions needed: orgs.preferences:read",
      });
      for (const method of ['PUT', 'PATCH']) {
        const write = await call(server, method, '/api/org/preferences', {
          as: caller.as,
          body: { theme: 'dark' },
        });
        expect(write.status).toBe(403);
        expect(write.body.message).toMatch(/Permissions needed: orgs\.preferences:write$/);
      }
    }
    expect((await call(server, 'GET', '/api/org/preferences', { as: ADMIN })).body.theme).toBe('light');

    // Another org has its own.
    const org2 = await createOrg(server);
    expect((await call(server, 'GET', '/api/org/preferences', { as: inOrg(ADMIN, org2) })).body).toEqual(
      DEFAULTS,
    );
  });
});

describe('/api/teams/{id}/preferences', () => {
  it('needs teams:read / teams:write and a team of the org', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const team = await createTeam(server, 'Ops');
    await call(server, 'POST', `/api/teams/${team}/members`, { as: ADMIN, body: { userId: viewer.id } });
    const path = `/api/teams/${team}/preferences`;

    expect((await call(server, 'GET', path, { as: ADMIN })).body).toEqual(DEFAULTS);
    const teamHome = await dashboard(server, 'team-home');
    await put(server, path, ADMIN, { theme: 'dark', homeDashboardUID: 'team-home' });
    const patched = await call(server, 'PATCH', path, { as: ADMIN, body: { weekStart: 'monday' } });
    expect(patched.body).toEqual(UPDATED);
    expect((await call(server, 'GET', path, { as: ADMIN })).body).toEqual({
      ...DEFAULTS,
      theme: 'dark',
      homeDashboardId: teamHome,
      homeDashboardUID: 'team-home',
      weekStart: 'monday',
    });

    // A member reads their team (Grafana's Member permission) but may not change it; others may not read.
    const read = await call(server, 'GET', path, { as: viewer.as });
    expect(read.status).toBe(200);
    const outsider = await createUser(server);
    const denied = await call(server, 'GET', path, { as: outsider.as });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/Permissions needed: teams:read$/);
    const write = await call(server, 'PUT', path, { as: viewer.as, body: { theme: 'light' } });
    expect(write.status).toBe(403);
    expect(write.body.message).toMatch(/Permissions needed: teams:write$/);

    const unknown = await call(server, 'GET', '/api/teams/9999/preferences', { as: ADMIN });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Team not found', messageId: 'team.not-found' });
    const unknownWrite = await call(server, 'PUT', '/api/teams/9999/preferences', { as: ADMIN, body: {} });
    expect(unknownWrite.status).toBe(404);
    const bad = await call(server, 'GET', '/api/teams/abc/preferences', { as: ADMIN });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'teamId is invalid', messageId: 'team.invalid-team-id' });
  });

  it('does not reach teams of another org', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    const other = await createTeam(server, 'Theirs', inOrg(ADMIN, org2));
    await put(server, `/api/teams/${other}/preferences`, inOrg(ADMIN, org2), { theme: 'light' });
    for (const method of ['GET', 'PUT', 'PATCH']) {
      const response = await call(server, method, `/api/teams/${other}/preferences`, {
        as: ADMIN,
        body: method === 'GET' ? undefined : { theme: 'dark' },
      });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual({ message: 'Team not found', messageId: 'team.not-found' });
    }
    expect(
      (await call(server, 'GET', `/api/teams/${other}/preferences`, { as: inOrg(ADMIN, org2) })).body.theme,
    ).toBe('light');
  });
});

describe('preference access', () => {
  it('answers 401 without credentials', async () => {
    const server = await startTestServer();
    const team = await createTeam(server, 'T');
    for (const path of ['/api/user/preferences', '/api/org/preferences', `/api/teams/${team}/preferences`]) {
      for (const method of ['GET', 'PUT', 'PATCH']) {
        const response = await call(server, method, path, {
          body: method === 'GET' ? undefined : { theme: 'dark' },
        });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.body.message).toEqual(expect.any(String));
      }
    }
  });
});

describe('resolveHomeDashboardUid', () => {
  it('prefers the user, then their lowest team, then the org', async () => {
    const server = await startTestServer();
    const db = server.database.db;
    const viewer = await createUser(server);
    const other = await createUser(server);
    const first = await createTeam(server, 'First');
    const second = await createTeam(server, 'Second');
    const notMine = await createTeam(server, 'Not mine');
    for (const team of [first, second]) {
      await call(server, 'POST', `/api/teams/${team}/members`, { as: ADMIN, body: { userId: viewer.id } });
    }
    const resolve = (userId: number, orgId = 1) => resolveHomeDashboardUid(db, { userId, orgId });
    for (const uid of ['org-home', 'not-mine', 'second-home', 'first-home', 'my-home'])
      await dashboard(server, uid);

    expect(await resolve(viewer.id)).toBe('');
    await put(server, '/api/org/preferences', ADMIN, { homeDashboardUID: 'org-home', theme: 'dark' });
    expect(await resolve(viewer.id)).toBe('org-home');

    // A team preference without a home dashboard does not hide the org's.
    await put(server, `/api/teams/${first}/preferences`, ADMIN, { theme: 'light' });
    expect(await resolve(viewer.id)).toBe('org-home');

    await put(server, `/api/teams/${notMine}/preferences`, ADMIN, { homeDashboardUID: 'not-mine' });
    await put(server, `/api/teams/${second}/preferences`, ADMIN, { homeDashboardUID: 'second-home' });
    expect(await resolve(viewer.id)).toBe('second-home');
    await put(server, `/api/teams/${first}/preferences`, ADMIN, { homeDashboardUID: 'first-home' });
    expect(await resolve(viewer.id)).toBe('first-home');
    expect(await resolve(other.id)).toBe('org-home');

    await put(server, '/api/user/preferences', viewer.as, { homeDashboardUID: 'my-home' });
    expect(await resolve(viewer.id)).toBe('my-home');
    expect(await resolve(other.id)).toBe('org-home');

    // Clearing the user's falls back to the teams; deleting a team drops its preferences.
    const cleared = await call(server, 'PATCH', '/api/user/preferences', {
      as: viewer.as,
      body: { homeDashboardUID: '' },
    });
    expect(cleared.status).toBe(200);
    expect(await resolve(viewer.id)).toBe('first-home');
    expect((await call(server, 'DELETE', `/api/teams/${first}`, { as: ADMIN })).status).toBe(200);
    expect(await resolve(viewer.id)).toBe('second-home');

    // Another org sees none of it.
    const org2 = await createOrg(server);
    expect(await resolve(viewer.id, org2)).toBe('');
  });
});
