import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

async function folder(server: TestServer, uid: string, title: string, parentUid?: string) {
  const created = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { uid, title, parentUid } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { id: number };
}

async function dashboard(
  server: TestServer,
  title: string,
  folderUid = '',
  tags: string[] = [],
  as: Caller = ADMIN,
) {
  const saved = await call(server, 'POST', '/api/dashboards/db', {
    as,
    body: { dashboard: { title, tags }, folderUid },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as { uid: string; id: number };
}

const titles = (body: { title: string }[]) => body.map((h) => h.title);

describe('GET /api/search', () => {
  it('returns folders then dashboards with Grafana hit fields, filtered and sorted', async () => {
    const server = await startTestServer({ overrides: { metrics: { enabled: 'true' } } });
    const ops = await folder(server, 'ops', 'Ops');
    await folder(server, 'net', 'Network', 'ops');
    const web = await dashboard(server, 'Web Server', 'ops', ['prod', 'web']);
    const db = await dashboard(server, 'Database', '', ['prod']);
    await dashboard(server, 'web_100% ready', 'net', ['web']);

    const all = await call(server, 'GET', '/api/search', { as: ADMIN });
    expect(all.status).toBe(200);
    expect(titles(all.body)).toEqual(['Network', 'Ops', 'Database', 'Web Server', 'web_100% ready']);
    expect(all.body.find((h: { uid: string }) => h.uid === web.uid)).toEqual({
      id: web.id,
      uid: web.uid,
      orgId: 1,
      title: 'Web Server',
      uri: 'db/web-server',
      url: `/d/${web.uid}/web-server`,
      slug: 'web-server',
      type: 'dash-db',
      tags: ['prod', 'web'],
      isStarred: false,
      folderId: ops.id,
      folderUid: 'ops',
      folderTitle: 'Ops',
      folderUrl: '/dashboards/f/ops/ops',
      sortMeta: 0,
    });
    expect(all.body.find((h: { uid: string }) => h.uid === 'ops')).toEqual({
      id: ops.id,
      uid: 'ops',
      orgId: 1,
      title: 'Ops',
      uri: 'db/ops',
      url: '/dashboards/f/ops/ops',
      slug: 'ops',
      type: 'dash-folder',
      tags: [],
      isStarred: false,
      sortMeta: 0,
    });

    const search = async (qs: string) => {
      const res = await call(server, 'GET', `/api/search?${qs}`, { as: ADMIN });
      expect(res.status, qs).toBe(200);
      return titles(res.body);
    };
    expect(await search('query=WEB')).toEqual(['Web Server', 'web_100% ready']);
    expect(await search('query=100%25')).toEqual(['web_100% ready']);
    expect(await search('query=_')).toEqual(['web_100% ready']);
    expect(await search('tag=prod')).toEqual(['Database', 'Web Server']);
    expect(await search('tag=prod&tag=web')).toEqual(['Web Server']);
    expect(await search('tag=prod&query=data')).toEqual(['Database']);
    expect(await search('tag=Prod')).toEqual([]);
    expect(await search('type=dash-folder')).toEqual(['Network', 'Ops']);
    expect(await search('sort=alpha-desc')).toEqual([
      'Ops',
      'Network',
      'web_100% ready',
      'Web Server',
      'Database',
    ]);
    expect(await search('type=dash-db&sort=alpha-desc')).toEqual([
      'web_100% ready',
      'Web Server',
      'Database',
    ]);
    expect(await search('folderUIDs=ops&type=dash-db')).toEqual(['Web Server']);
    expect(await search('folderUIDs=general&type=dash-db')).toEqual(['Database']);
    expect(await search(`dashboardUIDs=${db.uid}&dashboardUIDs=${web.uid}`)).toEqual([
      'Database',
      'Web Server',
    ]);
    expect(await search('limit=2&page=2')).toEqual(['Database', 'Web Server']);
    expect(await search('limit=2&page=3')).toEqual(['web_100% ready']);

    // Tags changed by a save are what the very next search filters on.
    const retagged = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid: db.uid, title: 'Database', tags: ['staging'] }, overwrite: true },
    });
    expect(retagged.status).toBe(200);
    expect(await search('tag=prod')).toEqual(['Web Server']);
    expect(await search('tag=staging')).toEqual(['Database']);

    // A rename is what the very next search shows, with its slug; tags are listed sorted.
    const renamed = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid: db.uid, title: 'Data Lake', tags: ['zeta', 'alpha'] }, overwrite: true },
    });
    expect(renamed.status).toBe(200);
    const lake = await call(server, 'GET', '/api/search?query=lake', { as: ADMIN });
    expect(lake.body).toEqual([
      expect.objectContaining({
        uid: db.uid,
        title: 'Data Lake',
        uri: 'db/data-lake',
        url: `/d/${db.uid}/data-lake`,
        slug: 'data-lake',
        tags: ['alpha', 'zeta'],
      }),
    ]);
    expect(await search('query=database')).toEqual([]);

    await call(server, 'POST', `/api/user/stars/dashboard/uid/${db.uid}`, { as: ADMIN });
    const starred = await call(server, 'GET', '/api/search?starred=true', { as: ADMIN });
    expect(starred.body).toEqual([expect.objectContaining({ uid: db.uid, isStarred: true })]);

    const bad = await call(server, 'GET', '/api/search?type=nope', { as: ADMIN });
    expect(bad.status).toBe(500);
    expect(bad.body).toEqual({ message: 'Search failed', messageId: 'search.failed' });
    expect((await call(server, 'GET', '/api/search')).status).toBe(401);

    const metrics = await fetch(`${server.url}/metrics`);
    expect(await metrics.text()).toMatch(/svc_api_dashboard_search_milliseconds_count [1-9]/);
  });

  it('shows a viewer only what folder, team and dashboard grants allow', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    await folder(server, 'open', 'Open');
    await folder(server, 'closed', 'Closed');
    await folder(server, 'team', 'Team area');
    await folder(server, 'team-sub', 'Team sub', 'team');
    for (const uid of ['closed', 'team']) {
      const cleared = await call(server, 'POST', `/api/folders/${uid}/permissions`, {
        as: ADMIN,
        body: { items: [] },
      });
      expect(cleared.status).toBe(200);
    }
    await dashboard(server, 'In open', 'open');
    await dashboard(server, 'In closed', 'closed');
    const single = await dashboard(server, 'Single grant', 'closed');
    await dashboard(server, 'Deep team', 'team-sub');
    await dashboard(server, 'Root', '');

    const before = await call(server, 'GET', '/api/search?type=dash-db', { as: viewer.as });
    expect(titles(before.body)).toEqual(['In open', 'Root']);

    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'T' } });
    await call(server, 'POST', `/api/teams/${team.body.teamId}/members`, {
      as: ADMIN,
      body: { userId: viewer.id },
    });
    await call(server, 'POST', '/api/folders/team/permissions', {
      as: ADMIN,
      body: { items: [{ teamId: team.body.teamId, permission: 1 }] },
    });
    await call(server, 'POST', `/api/dashboards/uid/${single.uid}/permissions`, {
      as: ADMIN,
      body: { items: [{ userId: viewer.id, permission: 1 }] },
    });
    const after = await call(server, 'GET', '/api/search', { as: viewer.as });
    expect(titles(after.body)).toEqual([
      'Open',
      'Team area',
      'Team sub',
      'Deep team',
      'In open',
      'Root',
      'Single grant',
    ]);
    const editable = await call(server, 'GET', '/api/search?permission=Edit&type=dash-db', { as: viewer.as });
    expect(editable.body).toEqual([]);
    const admin = await call(server, 'GET', '/api/search?type=dash-db', { as: ADMIN });
    expect(admin.body).toHaveLength(5);
  });

  it('answers each hit as it is now: renamed and moved dashboards, renamed folders, stars per caller', async () => {
    const server = await startTestServer();
    await folder(server, 'ops', 'Ops');
    await folder(server, 'apps', 'Apps');
    const web = await dashboard(server, 'Web', 'ops');
    const viewer = await createUser(server, { orgRole: 'Viewer' });
    const hitOf = async (as: Caller) => {
      const found = await call(server, 'GET', '/api/search?type=dash-db', { as });
      expect(found.status).toBe(200);
      return found.body.find((h: { uid: string }) => h.uid === web.uid);
    };
    expect(await hitOf(ADMIN)).toMatchObject({ title: 'Web', folderTitle: 'Ops', isStarred: false });

    const renamed = await call(server, 'PUT', '/api/folders/ops', {
      as: ADMIN,
      body: { title: 'Operations', version: 1 },
    });
    expect(renamed.status).toBe(200);
    expect(await hitOf(ADMIN)).toMatchObject({
      folderTitle: 'Operations',
      folderUrl: '/dashboards/f/ops/operations',
    });

    const saved = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: {
        dashboard: { uid: web.uid, title: 'Web 2', tags: ['new'] },
        folderUid: 'apps',
        overwrite: true,
      },
    });
    expect(saved.status).toBe(200);
    expect(await hitOf(ADMIN)).toMatchObject({
      title: 'Web 2',
      slug: 'web-2',
      url: `/d/${web.uid}/web-2`,
      tags: ['new'],
      folderUid: 'apps',
      folderTitle: 'Apps',
    });

    const star = await call(server, 'POST', `/api/user/stars/dashboard/uid/${web.uid}`, { as: ADMIN });
    expect(star.status).toBe(200);
    expect(await hitOf(ADMIN)).toMatchObject({ isStarred: true });
    expect(await hitOf(viewer.as)).toMatchObject({ title: 'Web 2', isStarred: false });
  });

  it('never shows another org', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    await dashboard(server, 'Mine');
    await dashboard(server, 'Theirs', '', [], inOrg(ADMIN, org2));
    expect(titles((await call(server, 'GET', '/api/search', { as: ADMIN })).body)).toEqual(['Mine']);
    expect(titles((await call(server, 'GET', '/api/search', { as: inOrg(ADMIN, org2) })).body)).toEqual([
      'Theirs',
    ]);
  });
});
