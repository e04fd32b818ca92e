import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** A provisioning directory with dashboards/<files> and a dashboard folder of JSON files. */
function provisioningDir(providerYaml: (jsonDir: string) => string, files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'svc-prov-'));
  dirs.push(root);
  const jsonDir = join(root, 'json');
  mkdirSync(join(root, 'dashboards'), { recursive: true });
  mkdirSync(jsonDir, { recursive: true });
  writeFileSync(join(root, 'dashboards', 'provider.yaml'), providerYaml(jsonDir));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(jsonDir, name, '..'), { recursive: true });
    writeFileSync(join(jsonDir, name), content);
  }
  return { root, jsonDir };
}

const provider = (options: string) => (jsonDir: string) => `apiVersion: 1
providers:
  - name: files
    orgId: 1
    type: file
${options}
    options:
      path: ${jsonDir}
`;

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const get = (server: TestServer, uid: string) =>
  call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN });

describe('dashboard file provisioning', () => {
  it('loads dashboards before ready, marks them provisioned and refuses API saves and deletes', async () => {
    const { root } = provisioningDir(provider('    folder: Provisioned\n    updateIntervalSeconds: 60'), {
      'a.json': JSON.stringify({ uid: 'prov-a', title: 'Provisioned A', panels: [{ id: 1, type: 'text' }] }),
      'broken.json': '{ not json',
      'sub/b.json': JSON.stringify({ uid: 'prov-b', title: 'Provisioned B' }),
    });
    writeFileSync(join(root, 'dashboards', 'bad.yaml'), 'providers: [\n');
    const server = await startTestServer({ overrides: { paths: { provisioning: root } } });

    const a = await get(server, 'prov-a');
    expect(a.status).toBe(200);
    expect(a.body.meta).toMatchObject({
      provisioned: true,
      provisionedExternalId: expect.stringMatching(/a\.json$/),
      folderTitle: 'Provisioned',
    });
    expect(a.body.dashboard).toMatchObject({
      uid: 'prov-a',
      title: 'Provisioned A',
      panels: [{ id: 1, type: 'text' }],
    });
    expect((await get(server, 'prov-b')).status).toBe(200);

    const saved = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid: 'prov-a', title: 'Changed' }, overwrite: true },
    });
    expect(saved.status).toBe(400);
    expect(saved.body).toEqual({
      message: 'Cannot save provisioned dashboard',
      messageId: 'dashboard.provisioned-save',
    });
    const deleted = await call(server, 'DELETE', '/api/dashboards/uid/prov-a', { as: ADMIN });
    expect(deleted.status).toBe(400);
    expect(deleted.body).toEqual({
      message: 'provisioned dashboard cannot be deleted',
      messageId: 'dashboard.provisioned-delete',
    });
  });

  it('applies file changes and removals on the update interval', async () => {
    const { root, jsonDir } = provisioningDir(provider('    updateIntervalSeconds: 1'), {
      'a.json': JSON.stringify({ uid: 'live', title: 'Live v1' }),
      'gone.json': JSON.stringify({ uid: 'gone', title: 'Gone soon' }),
    });
    const server = await startTestServer({ overrides: { paths: { provisioning: root } } });
    expect((await get(server, 'live')).body.dashboard.title).toBe('Live v1');

    writeFileSync(join(jsonDir, 'a.json'), JSON.stringify({ uid: 'live', title: 'Live v2' }));
    rmSync(join(jsonDir, 'gone.json'));
    const updated = await waitFor(
      () => get(server, 'live'),
      (r) => r.body.dashboard?.title === 'Live v2',
    );
    expect(updated.body.dashboard.title).toBe('Live v2');
    expect(updated.body.meta.version).toBe(2);
    const gone = await waitFor(
      () => get(server, 'gone'),
      (r) => r.status === 404,
    );
    expect(gone.status).toBe(404);
  });

  it('lets the API save when allowUiUpdates, and builds folders from the file structure', async () => {
    const { root } = provisioningDir(
      (jsonDir) => `apiVersion: 1
providers:
  - name: tree
    allowUiUpdates: true
    updateIntervalSeconds: 60
    options:
      path: ${jsonDir}
      foldersFromFilesStructure: true
`,
      { 'team-a/x.json': JSON.stringify({ uid: 'x', title: 'X' }) },
    );
    const server = await startTestServer({ overrides: { paths: { provisioning: root } } });
    const x = await get(server, 'x');
    expect(x.status).toBe(200);
    expect(x.body.meta).toMatchObject({ provisioned: true, folderTitle: 'team-a' });
    const saved = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid: 'x', title: 'X edited' }, folderUid: x.body.meta.folderUid, overwrite: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
  });
});
