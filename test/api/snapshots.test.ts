import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const DELETED = "Snapshot deleted. It might take an hour before it's cleared from any CDN caches.";
const NOT_FOUND = { message: 'Snapshot not found', messageId: 'snapshot.not-found' };
const HOUR = 3_600_000;

/** A dashboard as Grafana's UI posts it for a snapshot: each panel carries its frozen data. */
const frozen = (title: string, uid?: string) => ({
  uid,
  title,
  panels: [
    {
      id: 1,
      type: 'timeseries',
      title: 'CPU',
      snapshotData: [
        {
          fields: [
            { name: 'time', type: 'time', values: [1_700_000_000_000, 1_700_000_060_000] },
            { name: 'cpu', type: 'number', values: [0.25, 0.5] },
          ],
        },
      ],
    },
  ],
});

async function snapshot(server: TestServer, body: Record<string, unknown>, as: Caller = ADMIN) {
  const created = await call(server, 'POST', '/api/snapshots', { as, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { key: string; deleteKey: string; url: string; deleteUrl: string; id: number };
}

describe('/api/snapshots', () => {
  it('stores a dashboard with its data and serves it by key as {dashboard, meta}', async () => {
    const server = await startTestServer();
    const model = frozen('Production');
    const created = await snapshot(server, { dashboard: model, name: 'Incident 42' });
    expect(created).toEqual({
      key: expect.stringMatching(/^[a-zA-Z0-9]{32}$/),
      deleteKey: expect.stringMatching(/^[a-zA-Z0-9]{32}$/),
      url: expect.stringMatching(/^https?:\/\/.+\/dashboard\/snapshot\/[a-zA-Z0-9]{32}$/),
      deleteUrl: expect.stringMatching(/^https?:\/\/.+\/api\/snapshots-delete\/[a-zA-Z0-9]{32}$/),
      id: expect.any(Number),
    });
    expect(created.url.endsWith(`/dashboard/snapshot/${created.key}`)).toBe(true);
    expect(created.deleteUrl.endsWith(`/api/snapshots-delete/${created.deleteKey}`)).toBe(true);
    expect(created.key).not.toBe(created.deleteKey);

    const read = await call(server, 'GET', `/api/snapshots/${created.key}`, { as: ADMIN });
    expect(read.status).toBe(200);
    expect(read.body.dashboard).toEqual(JSON.parse(JSON.stringify(model)));
    expect(read.body.meta).toMatchObject({
      type: 'snapshot',
      isSnapshot: true,
      canSave: false,
      canEdit: false,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Never expiring: Grafana's 50 years.
    const years =
      (Date.parse(read.body.meta.expires) - Date.parse(read.body.meta.created)) / (365 * 24 * HOUR);
    expect(Math.round(years)).toBe(50);

    // A Viewer may read it (snapshots:read), not create one.
    const viewer = await createUser(server);
    expect((await call(server, 'GET', `/api/snapshots/${created.key}`, { as: viewer.as })).status).toBe(200);
    const refused = await call(server, 'POST', '/api/snapshots', {
      as: viewer.as,
      body: { dashboard: model },
    });
    expect(refused.status).toBe(403);

    const unknown = await call(server, 'GET', '/api/snapshots/nope', { as: ADMIN });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    expect((await call(server, 'GET', `/api/snapshots/${created.key}`)).status).toBe(401);
  });

  it('takes the caller’s key and deleteKey, refuses one in use (409) and bad input (400)', async () => {
    const server = await startTestServer();
    const created = await snapshot(server, {
      dashboard: frozen('Mine'),
      key: 'my-key_1',
      deleteKey: 'my-delete-key',
    });
    expect(created).toMatchObject({ key: 'my-key_1', deleteKey: 'my-delete-key' });
    expect((await call(server, 'GET', '/api/snapshots/my-key_1', { as: ADMIN })).body.dashboard.title).toBe(
      'Mine',
    );

    const taken = await call(server, 'POST', '/api/snapshots', {
      as: ADMIN,
      body: { dashboard: frozen('Again'), key: 'my-key_1' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A snapshot with this key already exists');
    // Keys are unique across orgs.
    const orgId = await createOrg(server);
    const elsewhere = await call(server, 'POST', '/api/snapshots', {
      as: inOrg(ADMIN, orgId),
      body: { dashboard: frozen('Other'), deleteKey: 'my-delete-key' },
    });
    expect(elsewhere.status).toBe(409);

    for (const body of [
      {},
      { dashboard: 'x' },
      { dashboard: {}, expires: -1 },
      { dashboard: {}, expires: 1.5 },
      { dashboard: {}, expires: 99_999_999_999 },
      { dashboard: {}, key: 'has space' },
      { dashboard: {}, key: '' },
      { dashboard: {}, name: 'x'.repeat(191) },
    ]) {
      const response = await call(server, 'POST', '/api/snapshots', { as: ADMIN, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toEqual(expect.any(String));
    }
  });

  it('refuses external snapshots: svc has no external snapshot server', async () => {
    const server = await startTestServer();
    const response = await call(server, 'POST', '/api/snapshots', {
      as: ADMIN,
      body: { dashboard: frozen('Out'), external: true },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('External dashboard creation is disabled');
    expect((await call(server, 'GET', '/api/dashboard/snapshots', { as: ADMIN })).body).toEqual([]);
  });

  it('a snapshot of a stored dashboard needs dashboards:read on it', async () => {
    const server = await startTestServer();
    const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Secret' } });
    await call(server, 'POST', `/api/folders/${folder.body.uid}/permissions`, {
      as: ADMIN,
      body: { items: [] },
    });
    const saved = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { title: 'Hidden' }, folderUid: folder.body.uid },
    });
    const editor = await createUser(server, { orgRole: 'Editor' });
    const denied = await call(server, 'POST', '/api/snapshots', {
      as: editor.as,
      body: { dashboard: frozen('Hidden', saved.body.uid) },
    });
    expect(denied.status).toBe(403);
    // An unsaved (or another org's) dashboard is just the model the caller sends.
    await snapshot(server, { dashboard: frozen('Draft', 'not-stored') }, editor.as);
    await call(server, 'POST', `/api/folders/${folder.body.uid}/permissions`, {
      as: ADMIN,
      body: { items: [{ userId: editor.id, permission: 1 }] },
    });
    await snapshot(server, { dashboard: frozen('Hidden', saved.body.uid) }, editor.as);
  });

  it('expires: not served after `expires` seconds, then deleted by the clean-up job', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    const short = await snapshot(server, { dashboard: frozen('Short'), expires: 3600 });
    const forever = await snapshot(server, { dashboard: frozen('Forever'), expires: 0 });
    const read = await call(server, 'GET', `/api/snapshots/${short.key}`, { as: ADMIN });
    expect(Date.parse(read.body.meta.expires) - Date.parse(read.body.meta.created)).toBe(HOUR);

    clock.advance(HOUR - 1);
    expect((await call(server, 'GET', `/api/snapshots/${short.key}`, { as: ADMIN })).status).toBe(200);
    clock.advance(1);
    const expired = await call(server, 'GET', `/api/snapshots/${short.key}`, { as: ADMIN });
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(NOT_FOUND);
    const listed = await call(server, 'GET', '/api/dashboard/snapshots', { as: ADMIN });
    expect(listed.body.map((s: { key: string }) => s.key)).toEqual([forever.key]);
    expect((await call(server, 'DELETE', `/api/snapshots/${short.key}`, { as: ADMIN })).status).toBe(404);

    const job = server.jobs.find((j) => j.name === 'dashboard-snapshots-cleanup')!;
    await job.run();
    const rows = await server.database.db.selectFrom('dashboard_snapshot').select('snapshot_key').execute();
    expect(rows.map((r) => r.snapshot_key)).toEqual([forever.key]);
    // The delete key of a removed snapshot names nothing any more.
    const gone = await call(server, 'GET', `/api/snapshots-delete/${short.deleteKey}`, { as: ADMIN });
    expect(gone.status).toBe(404);
  });

  it('lists by name with a limit: an org Admin sees all, others their own, never another org’s', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    const editor = await createUser(server, { orgRole: 'Editor' });
    const a = await snapshot(server, { dashboard: frozen('A'), name: 'Night incident' });
    clock.advance(1000);
    const b = await snapshot(server, { dashboard: frozen('B'), name: 'Day report', expires: 60 }, editor.as);
    clock.advance(1000);
    const c = await snapshot(server, { dashboard: frozen('Defaults to the title') });
    const orgId = await createOrg(server);
    await snapshot(server, { dashboard: frozen('Elsewhere'), name: 'Night elsewhere' }, inOrg(ADMIN, orgId));

    const all = await call(server, 'GET', '/api/dashboard/snapshots', { as: ADMIN });
    expect(all.status).toBe(200);
    expect(all.body.map((s: { key: string }) => s.key)).toEqual([c.key, b.key, a.key]);
    expect(all.body[1]).toEqual({
      id: b.id,
      name: 'Day report',
      key: b.key,
      orgId: 1,
      userId: editor.id,
      external: false,
      externalUrl: '',
      expires: new Date(clock.now() - 1000 + 60_000).toISOString(),
      created: new Date(clock.now() - 1000).toISOString(),
      updated: new Date(clock.now() - 1000).toISOString(),
    });
    expect(all.body[0].name).toBe('Defaults to the title');
    expect(JSON.stringify(all.body)).not.toContain(b.deleteKey);

    const names = async (query: string, as: Caller = ADMIN) =>
      (
        (await call(server, 'GET', `/api/dashboard/snapshots?${query}`, { as })).body as { name: string }[]
      ).map((s) => s.name);
    expect(await names('query=night')).toEqual(['Night incident']);
    expect(await names('query=NIGHT%20INC')).toEqual(['Night incident']);
    expect(await names('query=%25')).toEqual([]);
    expect(await names('limit=1')).toEqual(['Defaults to the title']);
    expect(await names('', editor.as)).toEqual(['Day report']);
    expect(await names('', inOrg(ADMIN, orgId))).toEqual(['Night elsewhere']);
    const viewer = await createUser(server);
    expect(await names('', viewer.as)).toEqual([]);
    expect((await call(server, 'GET', '/api/dashboard/snapshots?limit=x', { as: ADMIN })).status).toBe(400);
  });

  it('deletes by key (creator, or editor of the source dashboard) and by delete key, within the org', async () => {
    const server = await startTestServer();
    const saved = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { title: 'Source' } },
    });
    const uid = saved.body.uid as string;
    const editor = await createUser(server, { orgRole: 'Editor' });
    const other = await createUser(server, { orgRole: 'Editor' });
    const viewer = await createUser(server);
    const mine = await snapshot(server, { dashboard: frozen('Source', uid) }, editor.as);

    // Viewers hold no snapshots:delete.
    expect((await call(server, 'DELETE', `/api/snapshots/${mine.key}`, { as: viewer.as })).status).toBe(403);
    // Another org does not see it.
    const orgId = await createOrg(server);
    const foreign = await call(server, 'DELETE', `/api/snapshots/${mine.key}`, { as: inOrg(ADMIN, orgId) });
    expect(foreign.status).toBe(404);
    expect(
      (await call(server, 'GET', `/api/snapshots-delete/${mine.deleteKey}`, { as: inOrg(ADMIN, orgId) }))
        .status,
    ).toBe(404);

    // Another Editor who may not edit the source dashboard is refused.
    await call(server, 'POST', `/api/dashboards/uid/${uid}/permissions`, {
      as: ADMIN,
      body: { items: [{ userId: editor.id, permission: 1 }] },
    });
    const denied = await call(server, 'DELETE', `/api/snapshots/${mine.key}`, { as: other.as });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Access denied to this snapshot');

    // Its creator may, though it can only view the dashboard now.
    const deleted = await call(server, 'DELETE', `/api/snapshots/${mine.key}`, { as: editor.as });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: DELETED, id: mine.id });
    expect((await call(server, 'GET', `/api/snapshots/${mine.key}`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'DELETE', `/api/snapshots/${mine.key}`, { as: editor.as })).body).toEqual(
      NOT_FOUND,
    );

    // The delete key works for anyone holding snapshots:delete in the org.
    const again = await snapshot(server, { dashboard: frozen('Source', uid) }, editor.as);
    const byDeleteKey = await call(server, 'GET', `/api/snapshots-delete/${again.deleteKey}`, {
      as: other.as,
    });
    expect(byDeleteKey.status).toBe(200);
    expect(byDeleteKey.body).toEqual({ message: DELETED, id: again.id });
    expect((await call(server, 'GET', `/api/snapshots/${again.key}`, { as: ADMIN })).status).toBe(404);
    // The key itself is no delete key.
    const third = await snapshot(server, { dashboard: frozen('Third') });
    expect((await call(server, 'GET', `/api/snapshots-delete/${third.key}`, { as: ADMIN })).status).toBe(404);
  });

  it('go with their org', async () => {
    const server = await startTestServer();
    const orgId = await createOrg(server);
    await snapshot(server, { dashboard: frozen('Doomed') }, inOrg(ADMIN, orgId));
    expect((await call(server, 'DELETE', `/api/orgs/${orgId}`, { as: ADMIN })).status).toBe(200);
    const rows = await server.database.db.selectFrom('dashboard_snapshot').select('id').execute();
    expect(rows).toEqual([]);
  });
});
