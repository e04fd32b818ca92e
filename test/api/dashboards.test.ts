import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const ACCESS_DENIED = {
  accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
  message: expect.stringMatching(
    /^You'll need additional permissions to perform this action\. Permissions needed: /,
  ),
  title: 'Access denied',
};

/** A published dashboard from test/fixtures/dashboards/ (see its README). */
const realWorld = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/dashboards/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

async function save(server: TestServer, body: Record<string, unknown>, as: Caller = ADMIN) {
  const saved = await call(server, 'POST', '/api/dashboards/db', { as, body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as { id: number; uid: string; version: number; slug: string; url: string };
}

describe('POST /api/dashboards/db', () => {
  it('creates version 1 with a generated uid, then every save is a new version', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { title: 'Production Overview', tags: ['prod', 'web'] }, message: 'first' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      slug: 'production-overview',
      status: 'success',
      uid: expect.stringMatching(/^[a-zA-Z0-9]{14}$/),
      url: `/d/${created.body.uid}/production-overview`,
      version: 1,
      folderUid: '',
    });
    const uid = created.body.uid as string;

    const updated = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: {
        dashboard: { uid, title: 'Production Overview', version: 1, tags: ['prod'] },
        message: 'second',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, uid, version: 2 });

    const got = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN });
    expect(got.status).toBe(200);
    expect(got.body.dashboard).toEqual({
      uid,
      title: 'Production Overview',
      version: 2,
      tags: ['prod'],
      id: created.body.id,
    });
    expect(got.body.meta).toMatchObject({
      type: 'db',
      isStarred: false,
      canSave: true,
      canEdit: true,
      canAdmin: true,
      canDelete: true,
      canStar: true,
      slug: 'production-overview',
      url: `/d/${uid}/production-overview`,
      folderUid: '',
      folderTitle: 'General',
      folderId: 0,
      folderUrl: '',
      version: 2,
      createdBy: 'admin',
      updatedBy: 'admin',
      provisioned: false,
      isFolder: false,
      hasAcl: false,
    });
    expect(got.body.meta.created).toMatch(/^\d{4}-\d\d-\d\dT/);

    const versions = await call(server, 'GET', `/api/dashboards/uid/${uid}/versions`, { as: ADMIN });
    expect(versions.status).toBe(200);
    expect(
      versions.body.versions.map((v: { version: number; message: string }) => [v.version, v.message]),
    ).toEqual([
      [2, 'second'],
      [1, 'first'],
    ]);
    expect(versions.body.versions[0]).toEqual({
      id: expect.any(Number),
      dashboardId: created.body.id,
      dashboardUid: uid,
      uid,
      parentVersion: 1,
      restoredFrom: 0,
      version: 2,
      created: expect.any(String),
      createdBy: 'admin',
      message: 'second',
    });
  });

  it('refuses a stale version (412 version-mismatch) unless overwrite', async () => {
    const server = await startTestServer();
    const { uid } = await save(server, { dashboard: { title: 'A' } });
    await save(server, { dashboard: { uid, title: 'A', version: 1 } });
    const stale = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid, title: 'A', version: 1 } },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      status: 'version-mismatch',
      message: 'The dashboard has been changed by someone else',
      messageId: 'dashboard.version-mismatch',
    });
    const forced = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid, title: 'A', version: 1 }, overwrite: true },
    });
    expect(forced.status).toBe(200);
    expect(forced.body.version).toBe(3);
  });

  it('refuses the same title in the same folder (412 name-exists)', async () => {
    const server = await startTestServer();
    await save(server, { dashboard: { title: 'Same' } });
    const dup = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { title: 'Same' } },
    });
    expect(dup.status).toBe(412);
    expect(dup.body).toEqual({
      status: 'name-exists',
      message: 'A dashboard with the same name in the folder already exists',
      messageId: 'dashboard.name-exists',
    });
  });

  it('validates title, uid, message, tags and folder', async () => {
    const server = await startTestServer();
    const cases: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [
        { dashboard: { title: '' } },
        400,
        {
          status: 'empty-name',
          message: 'Dashboard title cannot be empty',
          messageId: 'dashboard.empty-name',
        },
      ],
      [
        { dashboard: {} },
        400,
        {
          status: 'empty-name',
          message: 'Dashboard title cannot be empty',
          messageId: 'dashboard.empty-name',
        },
      ],
      [
        { dashboard: { title: 'x'.repeat(5001) } },
        400,
        { status: 'title-too-long', message: expect.any(String), messageId: 'dashboard.title-too-long' },
      ],
      [
        { dashboard: { title: 'T', uid: 'u'.repeat(41) } },
        400,
        { message: 'uid too long, max 40 characters', messageId: 'dashboard.uid-too-long' },
      ],
      [
        { dashboard: { title: 'T', uid: 'bad uid!' } },
        400,
        { message: 'uid contains illegal characters', messageId: 'dashboard.uid-invalid' },
      ],
      [
        { dashboard: { title: 'T' }, message: 'm'.repeat(501) },
        400,
        { message: 'message too long, max 500 characters', messageId: 'dashboard.message-too-long' },
      ],
      [
        { dashboard: { title: 'T', tags: ['t'.repeat(51)] } },
        400,
        { status: 'tag-too-long', message: expect.any(String), messageId: 'dashboard.tag-too-long' },
      ],
      [
        { dashboard: { title: 'T' }, folderUid: 'nope' },
        400,
        { message: 'folder not found', messageId: 'dashboard.folder-not-found' },
      ],
      [
        { dashboard: { title: 'T', isFolder: true } },
        400,
        { message: 'Use folders endpoint for saving folders.', messageId: 'dashboard.folder-payload' },
      ],
      [
        { dashboard: { title: 'T', id: 999999 } },
        404,
        { message: 'Dashboard not found', messageId: 'dashboard.not-found' },
      ],
      [{}, 400, { message: expect.stringMatching(/^bad request data/) }],
    ];
    for (const [body, status, expected] of cases) {
      const res = await call(server, 'POST', '/api/dashboards/db', { as: ADMIN, body });
      expect([res.status, res.body], JSON.stringify(body).slice(0, 80)).toEqual([status, expected]);
    }
  });

  it('stores titles up to 5000 characters on every dialect', async () => {
    const server = await startTestServer();
    const title = `Long ${'é'.repeat(4990)}`;
    const saved = await save(server, { dashboard: { title } });
    const got = await call(server, 'GET', `/api/dashboards/uid/${saved.uid}`, { as: ADMIN });
    expect(got.body.dashboard.title).toBe(title);
    const found = await call(server, 'GET', '/api/search?query=long%20%C3%A9', { as: ADMIN });
    expect(found.body.map((h: { uid: string }) => h.uid)).toEqual([saved.uid]);
  });

  it('round-trips real-world dashboards unchanged apart from id, uid and version', async () => {
    const server = await startTestServer();
    for (const name of ['apache-full.json', 'unbound-full.json']) {
      const model = realWorld(name);
      const saved = await save(server, { dashboard: model, overwrite: true });
      const got = await call(server, 'GET', `/api/dashboards/uid/${saved.uid}`, { as: ADMIN });
      expect(got.status).toBe(200);
      expect(got.body.dashboard).toEqual({ ...model, id: saved.id, uid: saved.uid, version: saved.version });
      expect(Object.keys(got.body.dashboard)).toEqual(Object.keys({ ...model, id: 0, uid: '', version: 0 }));
    }
  });

  it('never gives two concurrent saves the same version and never loses one', async () => {
    const server = await startTestServer();
    const { uid } = await save(server, { dashboard: { title: 'Busy' } });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(server, 'POST', '/api/dashboards/db', {
          as: ADMIN,
          body: { dashboard: { uid, title: 'Busy', n: i }, overwrite: true, message: `save ${i}` },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const versions = results.map((r) => r.body.version as number).sort((a, b) => a - b);
    expect(versions).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const listed = await call(server, 'GET', `/api/dashboards/uid/${uid}/versions`, { as: ADMIN });
    expect(listed.body.versions.map((v: { version: number }) => v.version)).toEqual([
      9, 8, 7, 6, 5, 4, 3, 2, 1,
    ]);

    const stale = await Promise.all(
      [0, 1].map(() =>
        call(server, 'POST', '/api/dashboards/db', {
          as: ADMIN,
          body: { dashboard: { uid, title: 'Busy', version: 9 } },
        }),
      ),
    );
    expect(stale.map((r) => r.status).sort()).toEqual([200, 412]);
  });

  it('keeps only [dashboards] versions_to_keep versions', async () => {
    const server = await startTestServer({ overrides: { dashboards: { versions_to_keep: '3' } } });
    const { uid } = await save(server, { dashboard: { title: 'Kept' } });
    for (let v = 1; v <= 5; v++) await save(server, { dashboard: { uid, title: 'Kept', version: v } });
    const listed = await call(server, 'GET', `/api/dashboards/uid/${uid}/versions`, { as: ADMIN });
    expect(listed.body.versions.map((v: { version: number }) => v.version)).toEqual([6, 5, 4]);
    // SPEC: `start` is the version number to start from, newest first.
    const versions = async (query: string) => {
      const res = await call(server, 'GET', `/api/dashboards/uid/${uid}/versions?${query}`, { as: ADMIN });
      expect(res.status, query).toBe(200);
      return res.body.versions.map((v: { version: number }) => v.version);
    };
    expect(await versions('limit=1&start=5')).toEqual([5]);
    expect(await versions('start=5')).toEqual([5, 4]);
    expect(await versions('start=100')).toEqual([6, 5, 4]);
    expect(await versions('start=3')).toEqual([]);
    expect(await versions('limit=2')).toEqual([6, 5]);
  });

  it('lets an Editor create at the root and refuses a Viewer', async () => {
    const server = await startTestServer();
    const editor = await createUser(server, { orgRole: 'Editor' });
    const viewer = await createUser(server);
    const created = await save(server, { dashboard: { title: 'By editor' } }, editor.as);
    const denied = await call(server, 'POST', '/api/dashboards/db', {
      as: viewer.as,
      body: { dashboard: { title: 'V' } },
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      ...ACCESS_DENIED,
      message: expect.stringContaining('any of dashboards:create, dashboards:write'),
    });
    const viewerUpdate = await call(server, 'POST', '/api/dashboards/db', {
      as: viewer.as,
      body: { dashboard: { uid: created.uid, title: 'X' }, overwrite: true },
    });
    expect(viewerUpdate.status).toBe(403);
    const read = await call(server, 'GET', `/api/dashboards/uid/${created.uid}`, { as: viewer.as });
    expect(read.status).toBe(200);
    expect(read.body.meta).toMatchObject({
      canSave: false,
      canEdit: false,
      canDelete: false,
      canAdmin: false,
    });
    const del = await call(server, 'DELETE', `/api/dashboards/uid/${created.uid}`, { as: viewer.as });
    expect(del.status).toBe(403);
    expect(del.body).toEqual(ACCESS_DENIED);
    const versions = await call(server, 'GET', `/api/dashboards/uid/${created.uid}/versions`, {
      as: viewer.as,
    });
    expect(versions.status).toBe(403);
    const unauthenticated = await call(server, 'GET', `/api/dashboards/uid/${created.uid}`);
    expect(unauthenticated.status).toBe(401);
    const unknown = await call(server, 'GET', '/api/dashboards/uid/does-not-exist', { as: viewer.as });
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { message: 'Dashboard not found', messageId: 'dashboard.not-found' },
    ]);
  });

  it('hides the dashboards of another org', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    const { uid } = await save(
      server,
      { dashboard: { title: 'Other org', tags: ['hidden'] } },
      inOrg(ADMIN, org2),
    );
    const got = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN });
    expect(got.status).toBe(404);
    expect(got.body).toEqual({ message: 'Dashboard not found', messageId: 'dashboard.not-found' });
    expect((await call(server, 'GET', '/api/dashboards/tags', { as: ADMIN })).body).toEqual([]);
    expect((await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: inOrg(ADMIN, org2) })).status).toBe(
      200,
    );
    const del = await call(server, 'DELETE', `/api/dashboards/uid/${uid}`, { as: ADMIN });
    expect(del.status).toBe(404);
  });
});

describe('DELETE /api/dashboards/uid/{uid}', () => {
  it('deletes the dashboard with its versions', async () => {
    const server = await startTestServer();
    const { uid } = await save(server, { dashboard: { title: 'Doomed' } });
    const del = await call(server, 'DELETE', `/api/dashboards/uid/${uid}`, { as: ADMIN });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ title: 'Doomed', message: 'Dashboard Doomed deleted', uid });
    expect((await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', `/api/dashboards/uid/${uid}/versions`, { as: ADMIN })).status).toBe(
      404,
    );
    const again = await call(server, 'DELETE', `/api/dashboards/uid/${uid}`, { as: ADMIN });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Dashboard not found', messageId: 'dashboard.not-found' });
  });
});

describe('versions and restore', () => {
  it('reads one version with its data and restores it as a new version', async () => {
    const server = await startTestServer();
    const { uid, id } = await save(server, {
      dashboard: { title: 'V', panels: [{ id: 1 }] },
      message: 'one',
    });
    await save(server, { dashboard: { uid, title: 'V', version: 1, panels: [] } });
    const v1 = await call(server, 'GET', `/api/dashboards/uid/${uid}/versions/1`, { as: ADMIN });
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ version: 1, dashboardId: id, uid, message: 'one' });
    expect(v1.body.data).toEqual({ title: 'V', panels: [{ id: 1 }], id, uid, version: 1 });
    expect((await call(server, 'GET', `/api/dashboards/uid/${uid}/versions/9`, { as: ADMIN })).status).toBe(
      404,
    );
    expect((await call(server, 'GET', `/api/dashboards/uid/${uid}/versions/x`, { as: ADMIN })).status).toBe(
      400,
    );

    const restored = await call(server, 'POST', `/api/dashboards/uid/${uid}/restore`, {
      as: ADMIN,
      body: { version: 1 },
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ status: 'success', uid, version: 3, url: `/d/${uid}/v` });
    const got = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN });
    expect(got.body.dashboard.panels).toEqual([{ id: 1 }]);
    const listed = await call(server, 'GET', `/api/dashboards/uid/${uid}/versions?limit=1`, { as: ADMIN });
    expect(listed.body.versions[0]).toMatchObject({
      version: 3,
      restoredFrom: 1,
      message: 'Restored from version 1',
    });
    const identical = await call(server, 'POST', `/api/dashboards/uid/${uid}/restore`, {
      as: ADMIN,
      body: { version: 3 },
    });
    expect(identical.status).toBe(400);
    expect(identical.body).toEqual({
      message: 'Current dashboard is identical to the specified version',
      messageId: 'dashboard.identical-version',
    });
  });
});

describe('POST /api/dashboards/calculate-diff', () => {
  it('compares two versions as HTML without restoring', async () => {
    const server = await startTestServer();
    const { uid } = await save(server, { dashboard: { title: 'D', refresh: '5s', panels: [{ id: 1 }] } });
    await save(server, { dashboard: { uid, title: 'D', version: 1, refresh: '1m', panels: [] } });
    const sides = { base: { dashboardUid: uid, version: 1 }, new: { dashboardUid: uid, version: 2 } };
    const basic = await call(server, 'POST', '/api/dashboards/calculate-diff', {
      as: ADMIN,
      body: { ...sides, diffType: 'basic' },
    });
    expect(basic.status).toBe(200);
    expect(basic.headers.get('content-type')).toMatch(/^text\/html/);
    expect(basic.body).toContain('refresh');
    expect(basic.body).toContain('&quot;5s&quot; → &quot;1m&quot;');
    expect(basic.body).toContain('panels[0]');
    const json = await call(server, 'POST', '/api/dashboards/calculate-diff', {
      as: ADMIN,
      body: { ...sides, diffType: 'json' },
    });
    expect(json.body).toContain('- refresh: &quot;5s&quot;');
    expect(json.body).toContain('+ refresh: &quot;1m&quot;');
    const missing = await call(server, 'POST', '/api/dashboards/calculate-diff', {
      as: ADMIN,
      body: { ...sides, new: { dashboardUid: uid, version: 7 } },
    });
    expect(missing.status).toBe(404);
    const viewer = await createUser(server);
    await call(server, 'POST', `/api/dashboards/uid/${uid}/permissions`, { as: ADMIN, body: { items: [] } });
    const denied = await call(server, 'POST', '/api/dashboards/calculate-diff', {
      as: viewer.as,
      body: sides,
    });
    expect(denied.status).toBe(403);
  });
});

describe('tags, stars and home', () => {
  it('counts tags of the current org', async () => {
    const server = await startTestServer();
    await save(server, { dashboard: { title: 'A', tags: ['foobar', 'bazqux'] } });
    await save(server, { dashboard: { title: 'B', tags: ['foobar'] } });
    const tags = await call(server, 'GET', '/api/dashboards/tags', { as: ADMIN });
    expect(tags.status).toBe(200);
    expect(tags.body).toEqual([
      { term: 'bazqux', count: 1 },
      { term: 'foobar', count: 2 },
    ]);
    expect((await call(server, 'GET', '/api/dashboards/tags')).status).toBe(401);
  });

  it('stars and unstars dashboards', async () => {
    const server = await startTestServer();
    const { uid } = await save(server, { dashboard: { title: 'Star me' } });
    const starred = await call(server, 'POST', `/api/user/stars/dashboard/uid/${uid}`, { as: ADMIN });
    expect(starred.status).toBe(200);
    expect(starred.body).toEqual({ message: 'Dashboard starred!' });
    expect((await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN })).body.meta.isStarred).toBe(
      true,
    );
    expect((await call(server, 'GET', '/api/user/stars', { as: ADMIN })).body).toEqual([uid]);
    const unstarred = await call(server, 'DELETE', `/api/user/stars/dashboard/uid/${uid}`, { as: ADMIN });
    expect(unstarred.body).toEqual({ message: 'Dashboard unstarred' });
    expect((await call(server, 'GET', '/api/user/stars', { as: ADMIN })).body).toEqual([]);
    const unknown = await call(server, 'POST', '/api/user/stars/dashboard/uid/nope', { as: ADMIN });
    expect(unknown.status).toBe(404);
  });

  it('serves the built-in home, or redirects to the preferred dashboard', async () => {
    const server = await startTestServer();
    const home = await call(server, 'GET', '/api/dashboards/home', { as: ADMIN });
    expect(home.status).toBe(200);
    expect(home.body.dashboard).toMatchObject({ title: 'Home', uid: null });
    expect(home.body.meta).toMatchObject({ folderTitle: 'General', canEdit: true, isHome: true });
    const { uid } = await save(server, { dashboard: { title: 'My Home' } });
    const pref = await call(server, 'PATCH', '/api/user/preferences', {
      as: ADMIN,
      body: { homeDashboardUID: uid },
    });
    expect(pref.status).toBe(200);
    const redirected = await call(server, 'GET', '/api/dashboards/home', { as: ADMIN });
    expect(redirected.body).toEqual({ redirectUri: `/d/${uid}/my-home` });
  });
});
