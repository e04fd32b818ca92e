import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

/** Grafana's "Export for sharing externally" of the Unbound dashboard: `${DS_PROMETHEUS}` inputs. */
const unbound = () =>
  JSON.parse(
    readFileSync(new URL('../fixtures/dashboards/unbound-full.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

/** Every string of a JSON value, depth first. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsOf(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => stringsOf(v, out));
  return out;
}

async function prometheus(server: TestServer, as = ADMIN) {
  const created = await call(server, 'POST', '/api/datasources', {
    as,
    body: { name: 'Prom', type: 'prometheus', url: 'http://127.0.0.1:9090', access: 'proxy' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return (created.body as { datasource: { uid: string } }).datasource.uid;
}

const count = async (server: TestServer) =>
  ((await call(server, 'GET', '/api/search?type=dash-db', { as: ADMIN })).body as unknown[]).length;

describe('POST /api/dashboards/import', () => {
  it('maps the __inputs to the given data source, drops the import-only keys and saves like a save', async () => {
    const server = await startTestServer();
    const dsUid = await prometheus(server);
    const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Imported' } });
    expect(folder.status).toBe(200);
    const template = unbound();
    const panelsBefore = (template.panels as unknown[]).length;

    const imported = await call(server, 'POST', '/api/dashboards/import', {
      as: ADMIN,
      body: {
        dashboard: template,
        overwrite: false,
        folderUid: folder.body.uid,
        inputs: [{ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus', value: dsUid }],
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({
      uid: '9FQf4fEWz',
      title: 'Unbound Full',
      imported: true,
      importedUri: 'db/unbound-full',
      importedUrl: '/d/9FQf4fEWz/unbound-full',
      slug: 'unbound-full',
      folderUid: folder.body.uid,
      folderId: folder.body.id,
      pluginId: '',
      removed: false,
    });
    expect(imported.body.dashboardId).toBeGreaterThan(0);

    const stored = await call(server, 'GET', '/api/dashboards/uid/9FQf4fEWz', { as: ADMIN });
    expect(stored.status).toBe(200);
    const model = stored.body.dashboard as Record<string, unknown>;
    expect(model).not.toHaveProperty('__inputs');
    expect(model).not.toHaveProperty('__requires');
    expect(stored.body.meta.folderUid).toBe(folder.body.uid);
    expect((model.panels as unknown[]).length).toBe(panelsBefore);
    const strings = stringsOf(model);
    expect(strings.filter((s) => s.includes('${DS_PROMETHEUS}'))).toEqual([]);
    // the template's references became the chosen data source; dashboard variables stay variables
    const before = stringsOf(template).filter((s) => s === '${DS_PROMETHEUS}').length;
    expect(before).toBeGreaterThan(0);
    expect(strings.filter((s) => s === dsUid).length).toBe(before);
    expect(strings.filter((s) => /\$\{?[a-z]/i.test(s)).length).toBeGreaterThan(0);

    // again without overwrite: the save's own conflict, nothing changed; with overwrite: version 2
    const again = await call(server, 'POST', '/api/dashboards/import', {
      as: ADMIN,
      body: { dashboard: template, inputs: [{ name: '*', type: 'datasource', value: dsUid }] },
    });
    expect(again.status).toBe(412);
    const overwritten = await call(server, 'POST', '/api/dashboards/import', {
      as: ADMIN,
      body: {
        dashboard: { ...template, title: 'Unbound again' },
        overwrite: true,
        inputs: [{ name: '*', type: 'datasource', value: dsUid }],
      },
    });
    expect(overwritten.status, JSON.stringify(overwritten.body)).toBe(200);
    expect(overwritten.body).toMatchObject({
      uid: '9FQf4fEWz',
      title: 'Unbound again',
      folderUid: '',
      folderId: 0,
    });
    const versions = await call(server, 'GET', '/api/dashboards/uid/9FQf4fEWz/versions', { as: ADMIN });
    expect((versions.body as { versions: unknown[] }).versions.length).toBe(2);
  });

  it('refuses a missing input, a missing dashboard and callers who may not create, saving nothing', async () => {
    const server = await startTestServer();
    const template = unbound();
    const missing = await call(server, 'POST', '/api/dashboards/import', {
      as: ADMIN,
      // an input of another type does not answer a datasource input
      body: { dashboard: template, inputs: [{ name: 'DS_PROMETHEUS', type: 'constant', value: 'x' }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Dashboard input variable: DS_PROMETHEUS missing from import command');

    const noDashboard = await call(server, 'POST', '/api/dashboards/import', {
      as: ADMIN,
      body: { inputs: [] },
    });
    expect(noDashboard.status).toBe(422);
    expect(noDashboard.body.message).toBe('Dashboard must be set');

    const badInput = await call(server, 'POST', '/api/dashboards/import', {
      as: ADMIN,
      body: { dashboard: { title: 'x' }, inputs: [{ name: 'A', value: 7 }] },
    });
    expect(badInput.status).toBe(400);
    expect(badInput.body.message).toMatch(/inputs\/0\/value|inputs\.0\.value/);

    const viewer = await createUser(server);
    const denied = await call(server, 'POST', '/api/dashboards/import', {
      as: viewer.as,
      body: { dashboard: { title: 'Viewer import' } },
    });
    expect(denied.status).toBe(403);
    expect(await count(server)).toBe(0);
  });

  it('imports into the caller’s org only, with constants and expression inputs', async () => {
    const server = await startTestServer();
    const orgId = await createOrg(server);
    const template = {
      __inputs: [
        { name: 'VAR_ENV', type: 'constant', value: 'default' },
        { name: 'DS_EXPR', type: 'datasource', pluginId: '__expr__' },
      ],
      title: 'Env ${VAR_ENV}',
      panels: [{ id: 1, type: 'stat', datasource: { uid: '${DS_EXPR}' }, title: '${VAR_ENV} ${unknown}' }],
    };
    const imported = await call(server, 'POST', '/api/dashboards/import', {
      as: inOrg(ADMIN, orgId),
      body: { dashboard: template, inputs: [{ name: 'VAR_ENV', type: 'constant', value: 'prod' }] },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.title).toBe('Env prod');
    const stored = await call(server, 'GET', `/api/dashboards/uid/${imported.body.uid}`, {
      as: inOrg(ADMIN, orgId),
    });
    expect(stored.body.dashboard.panels[0]).toMatchObject({
      datasource: { uid: '__expr__' },
      title: 'prod ${unknown}',
    });
    expect(await count(server)).toBe(0);
  });

  it('creates the library panels of __elements the org lacks, in the dashboard’s folder, all or nothing', async () => {
    const server = await startTestServer();
    const dsUid = await prometheus(server);
    const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Shared' } });
    expect(folder.status).toBe(200);
    const element = (uid: string, name: string) => ({
      name,
      uid,
      kind: 1,
      model: {
        type: 'timeseries',
        title: name,
        datasource: { type: 'prometheus', uid: '${DS_PROM}' },
        targets: [{ refId: 'A', expr: 'up' }],
      },
    });
    const template = (elements: Record<string, unknown>, uid = 'with-elements') => ({
      __inputs: [{ name: 'DS_PROM', type: 'datasource', pluginId: 'prometheus' }],
      __elements: elements,
      uid,
      title: `Uses library panels ${uid}`,
      panels: [
        { id: 1, gridPos: { h: 8, w: 12, x: 0, y: 0 }, libraryPanel: { uid: 'lib-cpu', name: 'CPU' } },
        { id: 2, gridPos: { h: 8, w: 12, x: 12, y: 0 }, libraryPanel: { uid: 'lib-mem', name: 'Memory' } },
      ],
    });
    const importIt = (dashboard: unknown, overwrite = false) =>
      call(server, 'POST', '/api/dashboards/import', {
        as: ADMIN,
        body: {
          dashboard,
          overwrite,
          folderUid: folder.body.uid,
          inputs: [{ name: 'DS_PROM', type: 'datasource', pluginId: 'prometheus', value: dsUid }],
        },
      });
    const elements = { 'lib-cpu': element('lib-cpu', 'CPU'), 'lib-mem': element('lib-mem', 'Memory') };

    // a bad element refuses the whole import: no element, no dashboard
    const refused = await importIt(template({ ...elements, broken: { uid: 'broken', kind: 1, model: {} } }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('__elements.broken: name is required');
    expect((await call(server, 'GET', '/api/library-elements/lib-cpu', { as: ADMIN })).status).toBe(404);
    expect(await count(server)).toBe(0);

    const imported = await importIt(template(elements));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const cpu = await call(server, 'GET', '/api/library-elements/lib-cpu', { as: ADMIN });
    expect(cpu.status).toBe(200);
    expect(cpu.body.result).toMatchObject({
      uid: 'lib-cpu',
      name: 'CPU',
      kind: 1,
      type: 'timeseries',
      folderUid: folder.body.uid,
      version: 1,
      meta: { connectedDashboards: 1 },
    });
    // the element's inputs are answered like the dashboard's
    expect(cpu.body.result.model.datasource).toEqual({ type: 'prometheus', uid: dsUid });
    const connections = await call(server, 'GET', '/api/library-elements/lib-mem/connections', { as: ADMIN });
    expect(connections.body.result.map((c: { connectionUid: string }) => c.connectionUid)).toEqual([
      'with-elements',
    ]);
    // the stored dashboard keeps no import-only keys
    const stored = await call(server, 'GET', '/api/dashboards/uid/with-elements', { as: ADMIN });
    expect(stored.body.dashboard.__elements).toBeUndefined();

    // an element the org has is left as it is
    const renamed = { ...elements, 'lib-cpu': element('lib-cpu', 'CPU renamed') };
    const again = await importIt(template(renamed, 'second'));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const unchanged = await call(server, 'GET', '/api/library-elements/lib-cpu', { as: ADMIN });
    expect(unchanged.body.result).toMatchObject({
      name: 'CPU',
      version: 1,
      meta: { connectedDashboards: 2 },
    });
  });
});
