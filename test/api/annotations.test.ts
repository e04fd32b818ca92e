import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import { addAnnotationActions } from '../../src/store/migrations/0008-annotations.js';
import type { TestServer } from '../helpers/app.js';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { testConfig } from '../helpers/config.js';
import { createTestDatabase } from '../helpers/databases.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const HOUR = 3_600_000;
const T0 = 1_700_000_000_000;

async function saveDashboard(server: TestServer, uid: string, folderUid?: string): Promise<number> {
  const saved = await call(server, 'POST', '/api/dashboards/db', {
    as: ADMIN,
    body: { dashboard: { uid, title: `Dashboard ${uid}` }, folderUid },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.id as number;
}

async function annotate(server: TestServer, as: Caller, body: Record<string, unknown>): Promise<number> {
  const created = await call(server, 'POST', '/api/annotations', { as, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body).toEqual({ message: 'Annotation added', id: expect.any(Number) });
  return created.body.id as number;
}

async function ids(server: TestServer, as: Caller, query = ''): Promise<number[]> {
  const list = await call(server, 'GET', `/api/annotations${query}`, { as });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return (list.body as { id: number }[]).map((a) => a.id);
}

/** A user without an org role, holding exactly these permissions through a custom role. */
async function userWith(server: TestServer, uid: string, permissions: { action: string; scope: string }[]) {
  const user = await createUser(server);
  expect(
    (await call(server, 'PATCH', `/api/org/users/${user.id}`, { as: ADMIN, body: { role: 'None' } })).status,
  ).toBe(200);
  const role = await call(server, 'POST', '/api/access-control/roles', {
    as: ADMIN,
    body: { name: `custom:${uid}`, uid, permissions },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const assigned = await call(server, 'POST', `/api/access-control/users/${user.id}/roles`, {
    as: ADMIN,
    body: { roleUid: uid },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  return user;
}

describe('/api/annotations CRUD', () => {
  it('creates, reads, replaces, patches and deletes an organization annotation', async () => {
    const server = await startTestServer();
    const editor = await createUser(server, { orgRole: 'Editor', login: 'ed', email: 'Ed@Example.com' });
    const id = await annotate(server, editor.as, {
      time: T0,
      timeEnd: T0 + HOUR,
      text: 'Deploy v1',
      tags: ['deploy', ' env : prod ', 'deploy'],
      data: { source: 'ci' },
    });

    const got = await call(server, 'GET', `/api/annotations/${id}`, { as: editor.as });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id,
      alertId: 0,
      alertName: '',
      dashboardId: 0,
      dashboardUID: null,
      panelId: 0,
      userId: editor.id,
      newState: '',
      prevState: '',
      created: expect.any(Number),
      updated: expect.any(Number),
      time: T0,
      timeEnd: T0 + HOUR,
      text: 'Deploy v1',
      tags: ['deploy', 'env:prod'],
      login: 'ed',
      email: 'ed@example.com',
      avatarUrl: expect.stringMatching(/^\/avatar\/[0-9a-f]{32}$/),
      data: { source: 'ci' },
    });

    // PUT: the text is replaced, tags and data when given; a missing time keeps the stored one.
    const put = await call(server, 'PUT', `/api/annotations/${id}`, {
      as: editor.as,
      body: { text: 'Deploy v2', tags: ['release'], timeEnd: T0 + 2 * HOUR },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ message: 'Annotation updated' });
    let after = (await call(server, 'GET', `/api/annotations/${id}`, { as: editor.as })).body;
    expect(after).toMatchObject({
      text: 'Deploy v2',
      tags: ['release'],
      time: T0,
      timeEnd: T0 + 2 * HOUR,
      data: { source: 'ci' },
    });

    // PATCH: only what it carries.
    const patch = await call(server, 'PATCH', `/api/annotations/${id}`, {
      as: editor.as,
      body: { data: { source: 'manual' } },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body).toEqual({ message: 'Annotation patched' });
    after = (await call(server, 'GET', `/api/annotations/${id}`, { as: editor.as })).body;
    expect(after).toMatchObject({ text: 'Deploy v2', tags: ['release'], data: { source: 'manual' } });
    await call(server, 'PATCH', `/api/annotations/${id}`, {
      as: editor.as,
      body: { text: 'Deploy v3', time: T0 + HOUR, tags: [] },
    });
    after = (await call(server, 'GET', `/api/annotations/${id}`, { as: editor.as })).body;
    expect(after).toMatchObject({ text: 'Deploy v3', tags: [], time: T0 + HOUR, timeEnd: T0 + 2 * HOUR });

    const deleted = await call(server, 'DELETE', `/api/annotations/${id}`, { as: editor.as });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Annotation deleted' });
    const gone = await call(server, 'GET', `/api/annotations/${id}`, { as: editor.as });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Annotation not found', messageId: 'annotation.not-found' });
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const missing = await call(server, method, `/api/annotations/${id}`, {
        as: editor.as,
        body: method === 'DELETE' ? undefined : { text: 'x' },
      });
      expect(missing.status, method).toBe(404);
    }
  });

  it('defaults the time to now and the end to the time, and turns a reversed span around', async () => {
    const server = await startTestServer();
    const before = Date.now();
    const now = await annotate(server, ADMIN, { text: 'now' });
    const got = (await call(server, 'GET', `/api/annotations/${now}`, { as: ADMIN })).body;
    expect(got.time).toBeGreaterThanOrEqual(before);
    expect(got.timeEnd).toBe(got.time);
    expect(got.created).toBe(got.updated);
    expect(got.data).toEqual({});
    expect(got.tags).toEqual([]);

    const reversed = await annotate(server, ADMIN, { text: 'r', time: T0 + HOUR, timeEnd: T0 });
    expect((await call(server, 'GET', `/api/annotations/${reversed}`, { as: ADMIN })).body).toMatchObject({
      time: T0,
      timeEnd: T0 + HOUR,
    });
  });

  it('refuses bad input with a 4xx naming the problem', async () => {
    const server = await startTestServer();
    for (const body of [{}, { text: '' }, { text: '   ' }, { time: T0 }]) {
      const res = await call(server, 'POST', '/api/annotations', { as: ADMIN, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({
        message: 'text field should not be empty',
        messageId: 'annotation.empty-text',
      });
    }
    const badTime = await call(server, 'POST', '/api/annotations', {
      as: ADMIN,
      body: { text: 'x', time: -5 },
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toMatch(/time/);
    const badTags = await call(server, 'POST', '/api/annotations', {
      as: ADMIN,
      body: { text: 'x', tags: { a: 1 } },
    });
    expect(badTags.status).toBe(400);
    expect(badTags.body.message).toMatch(/tags/);
    const badData = await call(server, 'POST', '/api/annotations', {
      as: ADMIN,
      body: { text: 'x', data: [1] },
    });
    expect(badData.status).toBe(400);
    const longTag = await call(server, 'POST', '/api/annotations', {
      as: ADMIN,
      body: { text: 'x', tags: ['k'.repeat(101)] },
    });
    expect(longTag.status).toBe(400);
    expect(longTag.body.message).toMatch(/at most 100 characters/);
    const manyTags = await call(server, 'POST', '/api/annotations', {
      as: ADMIN,
      body: { text: 'x', tags: Array.from({ length: 30 }, (_, i) => `tag-number-${i}-${'x'.repeat(10)}`) },
    });
    expect(manyTags.status).toBe(400);
    expect(manyTags.body.message).toMatch(/^Tags length \(\d+\) exceeds the maximum allowed \(500\)$/);
    const noDashboard = await call(server, 'POST', '/api/annotations', {
      as: ADMIN,
      body: { text: 'x', dashboardUID: 'nope' },
    });
    expect(noDashboard.status).toBe(404);
    expect(noDashboard.body).toEqual({ message: 'Dashboard not found', messageId: 'dashboard.not-found' });
    const noDashboardId = await call(server, 'POST', '/api/annotations', {
      as: ADMIN,
      body: { text: 'x', dashboardId: 424242 },
    });
    expect(noDashboardId.status).toBe(404);

    const id = await annotate(server, ADMIN, { text: 'ok' });
    const emptyPut = await call(server, 'PUT', `/api/annotations/${id}`, { as: ADMIN, body: { text: '' } });
    expect(emptyPut.status).toBe(400);
    expect(emptyPut.body).toEqual({
      message: 'text field should not be empty',
      messageId: 'annotation.empty-text',
    });
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const bad = await call(server, method, '/api/annotations/abc', {
        as: ADMIN,
        body: method === 'GET' || method === 'DELETE' ? undefined : { text: 'x' },
      });
      expect(bad.status, method).toBe(400);
      expect(bad.body).toEqual({ message: 'annotationId is invalid', messageId: 'annotation.invalid-id' });
    }
    expect((await call(server, 'GET', '/api/annotations/99999999999', { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/annotations')).status).toBe(401);
  });
});

describe('GET /api/annotations filters', () => {
  it('filters by time overlap, dashboard, panel, user, type, tags (all or any) and limit, newest first', async () => {
    const server = await startTestServer();
    const editor = await createUser(server, { orgRole: 'Editor' });
    const dashId = await saveDashboard(server, 'dash-a');
    await saveDashboard(server, 'dash-b');

    const early = await annotate(server, ADMIN, { text: 'early', time: T0, tags: ['deploy', 'env:prod'] });
    // a region from before the window into it
    const region = await annotate(server, ADMIN, {
      text: 'region',
      time: T0 + HOUR,
      timeEnd: T0 + 5 * HOUR,
      tags: ['outage', 'env:dev'],
    });
    const inside = await annotate(server, editor.as, {
      text: 'inside',
      time: T0 + 4 * HOUR,
      dashboardUID: 'dash-a',
      panelId: 2,
      tags: ['deploy', 'env:dev'],
    });
    const later = await annotate(server, editor.as, {
      text: 'later',
      time: T0 + 10 * HOUR,
      dashboardId: dashId,
      panelId: 3,
    });
    const other = await annotate(server, ADMIN, {
      text: 'other dashboard',
      time: T0 + 2 * HOUR,
      dashboardUID: 'dash-b',
    });

    expect(await ids(server, ADMIN)).toEqual([later, inside, other, region, early]);
    // [T0+3h, T0+6h] overlaps the region (T0+1h..T0+5h) and "inside", not "early" or "later"
    expect(await ids(server, ADMIN, `?from=${T0 + 3 * HOUR}&to=${T0 + 6 * HOUR}`)).toEqual([inside, region]);
    // the bounds are inclusive
    expect(await ids(server, ADMIN, `?from=${T0 + 5 * HOUR}&to=${T0 + 10 * HOUR}`)).toEqual([later, region]);
    expect(await ids(server, ADMIN, `?from=${T0 - HOUR}&to=${T0 - 1}`)).toEqual([]);

    expect(await ids(server, ADMIN, '?dashboardUID=dash-a')).toEqual([later, inside]);
    expect(await ids(server, ADMIN, `?dashboardId=${dashId}`)).toEqual([later, inside]);
    expect(await ids(server, ADMIN, '?dashboardUID=unknown')).toEqual([]);
    expect(await ids(server, ADMIN, '?dashboardUID=dash-a&panelId=2')).toEqual([inside]);
    expect(await ids(server, ADMIN, `?userId=${editor.id}`)).toEqual([later, inside]);
    expect(await ids(server, ADMIN, '?type=alert')).toEqual([]);
    expect(await ids(server, ADMIN, '?type=annotation&limit=2')).toEqual([later, inside]);
    expect(await ids(server, ADMIN, '?limit=1')).toEqual([later]);

    // tags: all by default, any with matchAny; a key alone matches every value of it
    expect(await ids(server, ADMIN, '?tags=deploy')).toEqual([inside, early]);
    expect(await ids(server, ADMIN, '?tags=deploy&tags=env:dev')).toEqual([inside]);
    expect(await ids(server, ADMIN, '?tags=deploy&tags=env:dev&matchAny=true')).toEqual([
      inside,
      region,
      early,
    ]);
    expect(await ids(server, ADMIN, '?tags=env')).toEqual([inside, region, early]);
    expect(await ids(server, ADMIN, '?tags=env:prod&tags=outage&matchAny=true')).toEqual([region, early]);
    expect(await ids(server, ADMIN, '?tags=nothing')).toEqual([]);
    expect(
      await ids(server, ADMIN, `?tags=deploy&from=${T0 + 3 * HOUR}&to=${T0 + 6 * HOUR}&dashboardUID=dash-a`),
    ).toEqual([inside]);

    const list = await call(server, 'GET', '/api/annotations?dashboardUID=dash-a&limit=1', { as: ADMIN });
    expect(list.body[0]).toMatchObject({
      dashboardId: dashId,
      dashboardUID: 'dash-a',
      panelId: 3,
      text: 'later',
    });
  });

  it('lists tags with their counts, filtered by a part of the key or value, limited', async () => {
    const server = await startTestServer();
    await annotate(server, ADMIN, { text: 'a', tags: ['deploy', 'env:prod'] });
    await annotate(server, ADMIN, { text: 'b', tags: ['deploy', 'env:dev'] });
    await annotate(server, ADMIN, { text: 'c', tags: ['outage'] });
    const org2 = await createOrg(server);
    await annotate(server, inOrg(ADMIN, org2), { text: 'elsewhere', tags: ['deploy', 'secret'] });

    const all = await call(server, 'GET', '/api/annotations/tags', { as: ADMIN });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      result: {
        tags: [
          { tag: 'deploy', count: 2 },
          { tag: 'env:dev', count: 1 },
          { tag: 'env:prod', count: 1 },
          { tag: 'outage', count: 1 },
        ],
      },
    });
    const env = await call(server, 'GET', '/api/annotations/tags?tag=env', { as: ADMIN });
    expect(env.body.result.tags).toEqual([
      { tag: 'env:dev', count: 1 },
      { tag: 'env:prod', count: 1 },
    ]);
    const value = await call(server, 'GET', '/api/annotations/tags?tag=pro', { as: ADMIN });
    expect(value.body.result.tags).toEqual([{ tag: 'env:prod', count: 1 }]);
    const caseless = await call(server, 'GET', '/api/annotations/tags?tag=OUT', { as: ADMIN });
    expect(caseless.body.result.tags).toEqual([{ tag: 'outage', count: 1 }]);
    const wildcard = await call(server, 'GET', '/api/annotations/tags?tag=%25', { as: ADMIN });
    expect(wildcard.body.result.tags).toEqual([]);
    const limited = await call(server, 'GET', '/api/annotations/tags?limit=1', { as: ADMIN });
    expect(limited.body.result.tags).toHaveLength(1);
    const viewer = await createUser(server);
    expect((await call(server, 'GET', '/api/annotations/tags', { as: viewer.as })).status).toBe(200);
  });
});

describe('annotation permissions', () => {
  it('keeps organizations apart', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    const theirs = await annotate(server, inOrg(ADMIN, org2), { text: 'theirs', time: T0 });
    const ours = await annotate(server, ADMIN, { text: 'ours', time: T0 });
    expect(await ids(server, ADMIN)).toEqual([ours]);
    expect(await ids(server, inOrg(ADMIN, org2))).toEqual([theirs]);
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const res = await call(server, method, `/api/annotations/${theirs}`, {
        as: ADMIN,
        body: method === 'GET' || method === 'DELETE' ? undefined : { text: 'hijack' },
      });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ message: 'Annotation not found', messageId: 'annotation.not-found' });
    }
    expect(
      (await call(server, 'GET', `/api/annotations/${theirs}`, { as: inOrg(ADMIN, org2) })).body.text,
    ).toBe('theirs');

    // an organization with annotations can be deleted (they go by cascade)
    expect((await call(server, 'DELETE', `/api/orgs/${org2}`, { as: ADMIN })).status).toBe(200);
    expect(await ids(server, ADMIN)).toEqual([ours]);
  });

  it('lets Viewers read and Editors write organization and dashboard annotations', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    await saveDashboard(server, 'shared');

    const org = await annotate(server, editor.as, { text: 'org', time: T0 });
    const dash = await annotate(server, editor.as, { text: 'dash', time: T0 + 1, dashboardUID: 'shared' });
    expect(await ids(server, viewer.as)).toEqual([dash, org]);
    expect((await call(server, 'GET', `/api/annotations/${dash}`, { as: viewer.as })).status).toBe(200);

    for (const body of [{ text: 'x' }, { text: 'x', dashboardUID: 'shared' }]) {
      const refused = await call(server, 'POST', '/api/annotations', { as: viewer.as, body });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/Permissions needed: annotations:create/);
    }
    for (const id of [org, dash]) {
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const refused = await call(server, method, `/api/annotations/${id}`, {
          as: viewer.as,
          body: method === 'DELETE' ? undefined : { text: 'viewer' },
        });
        expect(refused.status, `${method} ${id}`).toBe(403);
      }
    }

    for (const id of [org, dash]) {
      const put = await call(server, 'PUT', `/api/annotations/${id}`, {
        as: editor.as,
        body: { text: 'edited' },
      });
      expect(put.status).toBe(200);
    }
    expect((await call(server, 'DELETE', `/api/annotations/${dash}`, { as: editor.as })).status).toBe(200);

    // the dashboard's meta agrees
    const meta = (await call(server, 'GET', '/api/dashboards/uid/shared', { as: editor.as })).body.meta;
    expect(meta.annotationsPermissions).toEqual({
      dashboard: { canAdd: true, canEdit: true, canDelete: true },
      organization: { canAdd: true, canEdit: true, canDelete: true },
    });
    const viewerMeta = (await call(server, 'GET', '/api/dashboards/uid/shared', { as: viewer.as })).body.meta;
    expect(viewerMeta.annotationsPermissions.dashboard).toEqual({
      canAdd: false,
      canEdit: false,
      canDelete: false,
    });
  });

  it('shows dashboard annotations only to callers who may read the dashboard and its annotations', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    const folder = await call(server, 'POST', '/api/folders', {
      as: ADMIN,
      body: { uid: 'ops', title: 'Ops' },
    });
    expect(folder.status).toBe(200);
    await saveDashboard(server, 'open');
    await saveDashboard(server, 'secret', 'ops');
    // nobody but admins on the folder (and so on its dashboard)
    for (const role of ['Viewer', 'Editor']) {
      const cleared = await call(server, 'POST', `/api/access-control/folders/ops/builtInRoles/${role}`, {
        as: ADMIN,
        body: { permission: '' },
      });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    }

    const open = await annotate(server, ADMIN, { text: 'open', time: T0, dashboardUID: 'open' });
    const secret = await annotate(server, ADMIN, { text: 'secret', time: T0 + 1, dashboardUID: 'secret' });
    const org = await annotate(server, ADMIN, { text: 'org', time: T0 + 2 });
    expect(await ids(server, ADMIN)).toEqual([org, secret, open]);
    expect(await ids(server, viewer.as)).toEqual([org, open]);
    expect(await ids(server, viewer.as, '?dashboardUID=secret')).toEqual([]);
    expect((await call(server, 'GET', `/api/annotations/${secret}`, { as: viewer.as })).status).toBe(404);
    // Editors cannot change what they cannot see, nor annotate it
    expect(
      (await call(server, 'PUT', `/api/annotations/${secret}`, { as: editor.as, body: { text: 'x' } }))
        .status,
    ).toBe(404);
    const add = await call(server, 'POST', '/api/annotations', {
      as: editor.as,
      body: { text: 'x', dashboardUID: 'secret' },
    });
    expect(add.status).toBe(403);

    // View on the folder: the dashboard and its annotations become readable, still not writable
    const granted = await call(server, 'POST', `/api/access-control/folders/ops/users/${viewer.id}`, {
      as: ADMIN,
      body: { permission: 'View' },
    });
    expect(granted.status).toBe(200);
    expect(await ids(server, viewer.as)).toEqual([org, secret, open]);
    expect((await call(server, 'GET', `/api/annotations/${secret}`, { as: viewer.as })).status).toBe(200);
    expect((await call(server, 'DELETE', `/api/annotations/${secret}`, { as: viewer.as })).status).toBe(403);
    // Edit on the dashboard itself: writable
    const edit = await call(server, 'POST', `/api/access-control/dashboards/secret/users/${editor.id}`, {
      as: ADMIN,
      body: { permission: 'Edit' },
    });
    expect(edit.status).toBe(200);
    expect(
      (await call(server, 'PATCH', `/api/annotations/${secret}`, { as: editor.as, body: { text: 'ok' } }))
        .status,
    ).toBe(200);

    // Dashboard read access alone is not enough, nor is annotation read access alone.
    const readsDashboards = await userWith(server, 'dashboards-only', [
      { action: 'dashboards:read', scope: 'dashboards:*' },
      { action: 'annotations:read', scope: 'annotations:type:organization' },
    ]);
    expect(await ids(server, readsDashboards.as)).toEqual([org]);
    const readsAnnotations = await userWith(server, 'annotations-only', [
      { action: 'annotations:read', scope: 'annotations:type:dashboard' },
    ]);
    expect(await ids(server, readsAnnotations.as)).toEqual([]);
    const readsBoth = await userWith(server, 'both', [
      { action: 'annotations:read', scope: 'annotations:type:dashboard' },
      { action: 'dashboards:read', scope: 'dashboards:uid:secret' },
    ]);
    expect(await ids(server, readsBoth.as)).toEqual([secret]);
    const nobody = await userWith(server, 'nothing', []);
    expect((await call(server, 'GET', '/api/annotations', { as: nobody.as })).status).toBe(403);
  });

  it("deletes a dashboard's annotations with the dashboard, and a folder's dashboards' with the folder", async () => {
    const server = await startTestServer();
    await saveDashboard(server, 'doomed');
    const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { uid: 'f', title: 'F' } });
    expect(folder.status).toBe(200);
    await saveDashboard(server, 'nested', 'f');
    await saveDashboard(server, 'kept');
    const doomed = await annotate(server, ADMIN, {
      text: 'doomed',
      time: T0,
      dashboardUID: 'doomed',
      tags: ['x'],
    });
    const nested = await annotate(server, ADMIN, { text: 'nested', time: T0 + 1, dashboardUID: 'nested' });
    const kept = await annotate(server, ADMIN, {
      text: 'kept',
      time: T0 + 2,
      dashboardUID: 'kept',
      tags: ['x'],
    });
    const org = await annotate(server, ADMIN, { text: 'org', time: T0 + 3, tags: ['x'] });

    expect((await call(server, 'DELETE', '/api/dashboards/uid/doomed', { as: ADMIN })).status).toBe(200);
    expect(await ids(server, ADMIN)).toEqual([org, kept, nested]);
    expect((await call(server, 'GET', `/api/annotations/${doomed}`, { as: ADMIN })).status).toBe(404);
    // its tags went too
    const tags = await call(server, 'GET', '/api/annotations/tags', { as: ADMIN });
    expect(tags.body.result.tags).toEqual([{ tag: 'x', count: 2 }]);

    expect((await call(server, 'DELETE', '/api/folders/f', { as: ADMIN })).status).toBe(200);
    expect(await ids(server, ADMIN)).toEqual([org, kept]);
    expect((await call(server, 'GET', `/api/annotations/${nested}`, { as: ADMIN })).status).toBe(404);
  });
});

describe('migration 0008', () => {
  it('gives stored managed dashboard and folder permissions the annotation actions of their level', async () => {
    const testDb = await createTestDatabase();
    const database = openDatabase(testConfig(testDb.overrides).database);
    try {
      await database.migrate();
      const { db } = database;
      const role = async (name: string, uid: string) => {
        await db
          .insertInto('role')
          .values({
            org_id: 1,
            uid,
            name,
            display_name: '',
            description: '',
            group_name: '',
            hidden: 0,
            version: 0,
            created: 1,
            updated: 1,
          })
          .execute();
        return (await db.selectFrom('role').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;
      };
      const managed = await role('managed:users:7:permissions', 'm7');
      const custom = await role('custom:readers', 'c1');
      const grant = (role_id: number, action: string, scope: string) =>
        db.insertInto('permission').values({ role_id, action, scope, created: 1, updated: 1 }).execute();
      await grant(managed, 'dashboards:read', 'dashboards:uid:d1');
      await grant(managed, 'dashboards:write', 'dashboards:uid:d1');
      await grant(managed, 'dashboards:read', 'folders:uid:f1');
      await grant(managed, 'annotations:read', 'folders:uid:f1');
      await grant(managed, 'datasources:read', 'datasources:uid:x');
      await grant(custom, 'dashboards:read', 'dashboards:*');

      const held = async (roleId: number) =>
        (
          await db
            .selectFrom('permission')
            .select(['action', 'scope'])
            .where('role_id', '=', roleId)
            .execute()
        )
          .map((p) => `${p.action} ${p.scope}`)
          .sort();
      for (let run = 0; run < 2; run++) {
        await addAnnotationActions(database.db as unknown as Kysely<unknown>);
        expect(await held(managed)).toEqual([
          'annotations:create dashboards:uid:d1',
          'annotations:delete dashboards:uid:d1',
          'annotations:read dashboards:uid:d1',
          'annotations:read folders:uid:f1',
          'annotations:write dashboards:uid:d1',
          'dashboards:read dashboards:uid:d1',
          'dashboards:read folders:uid:f1',
          'dashboards:write dashboards:uid:d1',
          'datasources:read datasources:uid:x',
        ]);
        expect(await held(custom)).toEqual(['dashboards:read dashboards:*']);
      }
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});
