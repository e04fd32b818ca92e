import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createTestDatabase } from '../helpers/databases.js';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** A provisioning folder with datasources/<name> files, and a log folder. */
function folders(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'svc-prov-'));
  dirs.push(root);
  mkdirSync(join(root, 'provisioning', 'datasources'), { recursive: true });
  mkdirSync(join(root, 'logs'));
  writeFiles(root, files);
  return root;
}

function writeFiles(root: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(root, 'provisioning', 'datasources', name), text);
  }
}

const overridesFor = (root: string) => ({
  paths: { provisioning: join(root, 'provisioning'), logs: join(root, 'logs') },
  log: { mode: 'file', level: 'error' },
});

const MAIN = `
apiVersion: 1
datasources:
  - name: Prometheus
    type: prometheus
    uid: prov-prom
    url: $SVC_PROV_URL
    isDefault: true
    basicAuth: true
    basicAuthUser: admin
    jsonData:
      httpMethod: POST
      note: "cost $$5 for \${SVC_PROV_URL}"
    secureJsonData:
      basicAuthPassword: \${SVC_PROV_SECRET}
  - name: Editable testdata
    type: testdata
    editable: true
  - name: Broken
    type: prometheus
    access: browser
`;

describe('data source provisioning', () => {
  it('applies files at start-up: read-only unless editable, env expanded, secrets encrypted, bad files skipped', async () => {
    const env = { SVC_PROV_URL: 'http://prom.example:9090', SVC_PROV_SECRET: 'prov-secret-value' };
    const root = folders({
      'main.yaml': MAIN,
      'broken.yaml': 'apiVersion: 1\ndatasources: [ {name: x\n',
      'ignored.txt': 'not yaml at all',
    });
    const server = await startTestServer({ overrides: overridesFor(root), env });

    const list = await call(server, 'GET', '/api/datasources', { as: ADMIN });
    expect(list.status).toBe(200);
    expect(list.body.map((d: { name: string; readOnly: boolean }) => [d.name, d.readOnly])).toEqual([
      ['Editable testdata', false],
      ['Prometheus', true],
    ]);
    const prom = await call(server, 'GET', '/api/datasources/uid/prov-prom', { as: ADMIN });
    expect(prom.body).toMatchObject({
      url: 'http://prom.example:9090',
      isDefault: true,
      basicAuthUser: 'admin',
      readOnly: true,
      access: 'proxy',
      jsonData: { httpMethod: 'POST', note: 'cost $5 for http://prom.example:9090' },
      secureJsonFields: { basicAuthPassword: true },
    });
    const stored = await server.database.db
      .selectFrom('data_source')
      .select('secure_json_data')
      .where('uid', '=', 'prov-prom')
      .executeTakeFirstOrThrow();
    expect(stored.secure_json_data).not.toContain('prov-secret-value');

    const put = await call(server, 'PUT', '/api/datasources/uid/prov-prom', {
      as: ADMIN,
      body: { name: 'Prometheus', type: 'prometheus', url: 'http://x' },
    });
    expect(put).toMatchObject({
      status: 403,
      body: { message: 'Cannot update read-only data source', messageId: 'datasource.read-only' },
    });
    const del = await call(server, 'DELETE', '/api/datasources/uid/prov-prom', { as: ADMIN });
    expect(del).toMatchObject({
      status: 403,
      body: { message: 'Cannot delete read-only data source', messageId: 'datasource.read-only' },
    });
    const delByName = await call(server, 'DELETE', '/api/datasources/name/Prometheus', { as: ADMIN });
    expect(delByName.status).toBe(403);
    const editable = list.body.find((d: { name: string }) => d.name === 'Editable testdata');
    const putEditable = await call(server, 'PUT', `/api/datasources/uid/${editable.uid}`, {
      as: ADMIN,
      body: { name: 'Editable testdata', type: 'testdata', jsonData: { x: 1 } },
    });
    expect(putEditable.status).toBe(200);

    await server.shutdown();
    const log = readFileSync(join(root, 'logs', 'svc.log'), 'utf8');
    expect(log).toContain(join(root, 'provisioning', 'datasources', 'broken.yaml'));
    expect(log).toContain('Broken');
    expect(log).not.toContain('ignored.txt');
    expect(log).not.toContain('prov-secret-value');
  });

  it('updates on the next start, keeps secrets not given, deletes deleteDatasources, per org', async () => {
    const env = { SVC_PROV_URL: 'http://prom.example:9090', SVC_PROV_SECRET: 'first-secret' };
    const root = folders({ 'main.yaml': MAIN });
    const database = await createTestDatabase();
    try {
      const first = await startTestServer({ database, overrides: overridesFor(root), env });
      const before = await call(first, 'GET', '/api/datasources/uid/prov-prom', { as: ADMIN });
      expect(before.body.version).toBe(1);
      const org2 = await call(first, 'POST', '/api/orgs', { as: ADMIN, body: { name: 'Second' } });
      expect(org2.status).toBe(200);
      await first.shutdown();

      env.SVC_PROV_URL = 'http://prom2.example:9090';
      writeFiles(root, {
        'main.yaml': `
apiVersion: 1
deleteDatasources:
  - name: Editable testdata
    orgId: 1
datasources:
  - name: Prometheus
    type: prometheus
    uid: prov-prom
    url: $SVC_PROV_URL
    basicAuth: true
    basicAuthUser: admin
  - name: In org 2
    type: testdata
    orgId: ${org2.body.orgId as number}
  - name: Nowhere
    type: testdata
    orgId: 999
`,
      });
      const second = await startTestServer({ database, overrides: overridesFor(root), env });
      const after = await call(second, 'GET', '/api/datasources/uid/prov-prom', { as: ADMIN });
      expect(after.body).toMatchObject({
        url: 'http://prom2.example:9090',
        version: 2,
        isDefault: false,
        secureJsonFields: { basicAuthPassword: true },
      });
      const names = (await call(second, 'GET', '/api/datasources', { as: ADMIN })).body.map(
        (d: { name: string }) => d.name,
      );
      expect(names).toEqual(['Prometheus']);
      const inOrg2 = await call(second, 'GET', '/api/datasources', {
        as: { ...ADMIN, headers: { 'X-Grafana-Org-Id': String(org2.body.orgId) } },
      });
      expect(inOrg2.body.map((d: { name: string; readOnly: boolean }) => [d.name, d.readOnly])).toEqual([
        ['In org 2', true],
      ]);
      await second.shutdown();
      expect(readFileSync(join(root, 'logs', 'svc.log'), 'utf8')).toContain(
        'organization 999 does not exist',
      );
    } finally {
      await database.drop();
    }
  });
});
