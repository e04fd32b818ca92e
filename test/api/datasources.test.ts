import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const ACCESS_DENIED = (permission: string) => ({
  accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
  message: `You'll need additional permissions to perform this action. Permissions needed: ${permission}`,
  title: 'Access denied',
});

async function createDataSource(server: TestServer, body: Record<string, unknown>, as: Caller = ADMIN) {
  const created = await call(server, 'POST', '/api/datasources', { as, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { id: number; uid: string; name: string; datasource: Record<string, unknown> };
}

const prometheus = (name = 'Prom', extra: Record<string, unknown> = {}) => ({
  name,
  type: 'prometheus',
  url: 'http://127.0.0.1:9090',
  ...extra,
});

describe('POST /api/datasources', () => {
  it('creates a data source with defaults and answers with Grafana shape plus a top-level uid', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/datasources', { as: ADMIN, body: prometheus() });
    expect(created.status).toBe(200);
    const { id, uid } = created.body;
    expect(uid).toMatch(/^[a-zA-Z0-9]{14}$/);
    expect(created.body).toEqual({
      message: 'Datasource added',
      id: expect.any(Number),
      uid,
      name: 'Prom',
      datasource: {
        id,
        uid,
        orgId: 1,
        name: 'Prom',
        type: 'prometheus',
        typeLogoUrl: expect.stringContaining('prometheus'),
        access: 'proxy',
        url: 'http://127.0.0.1:9090',
        user: '',
        database: '',
        basicAuth: false,
        basicAuthUser: '',
        withCredentials: false,
        isDefault: false,
        jsonData: {},
        secureJsonFields: {},
        version: 1,
        readOnly: false,
      },
    });

    const got = await call(server, 'GET', `/api/datasources/uid/${uid}`, { as: ADMIN });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      ...created.body.datasource,
      accessControl: {
        'datasources:read': true,
        'datasources:query': true,
        'datasources:write': true,
        'datasources:delete': true,
        'datasources.id:read': true,
        'datasources.permissions:read': true,
        'datasources.permissions:write': true,
      },
    });
  });

  it('keeps a chosen uid, validates name, url, uid and type, and refuses duplicates with 409', async () => {
    const server = await startTestServer();
    const first = await createDataSource(server, prometheus('A', { uid: 'my-prom_1', access: 'direct' }));
    expect(first.uid).toBe('my-prom_1');
    expect(first.datasource.access).toBe('direct');

    const cases: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [
        prometheus('A'),
        409,
        { message: 'data source with the same name already exists', messageId: 'datasource.name-exists' },
      ],
      [
        prometheus('B', { uid: 'my-prom_1' }),
        409,
        { message: 'data source with the same uid already exists', messageId: 'datasource.uid-exists' },
      ],
      [
        prometheus('C', { uid: 'bad uid!' }),
        400,
        { message: 'Invalid datasource uid.', messageId: 'datasource.uidInvalid', statusCode: 400 },
      ],
      [
        prometheus('x'.repeat(191)),
        400,
        { message: 'Invalid datasource name.', messageId: 'datasource.nameInvalid', statusCode: 400 },
      ],
      [
        prometheus('D', { url: `http://h/${'p'.repeat(300)}` }),
        400,
        { message: 'Invalid datasource url.', messageId: 'datasource.urlInvalid', statusCode: 400 },
      ],
      [
        prometheus('E', { url: 'http://[::1' }),
        400,
        { message: 'Validation error, invalid URL: "http://[::1"', messageId: 'datasource.invalid-url' },
      ],
      [{ name: 'F' }, 400, { message: expect.stringContaining('type') }],
      // SPEC: url is required on create ('' is allowed)
      [{ name: 'H', type: 'testdata' }, 400, { message: 'bad request data: body.url is required' }],
      [prometheus('I', { name: 12345 }), 400, { message: 'bad request data: body.name must be string' }],
      [{ type: 'prometheus' }, 400, { message: expect.stringContaining('name') }],
      [prometheus('G', { access: 'browser' }), 400, { message: expect.stringContaining('access') }],
    ];
    for (const [body, status, expected] of cases) {
      const response = await call(server, 'POST', '/api/datasources', { as: ADMIN, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body).toEqual(expected);
    }
    const list = await call(server, 'GET', '/api/datasources', { as: ADMIN });
    expect(list.body.map((d: { name: string }) => d.name)).toEqual(['A']);
  });

  it('keeps one default per org and accepts a data source with an empty url (testdata)', async () => {
    const server = await startTestServer();
    const a = await createDataSource(server, prometheus('A', { isDefault: true }));
    const b = await createDataSource(server, { name: 'B', type: 'testdata', url: '', isDefault: true });
    expect(b.datasource.url).toBe('');
    const list = await call(server, 'GET', '/api/datasources', { as: ADMIN });
    expect(list.body.map((d: { uid: string; isDefault: boolean }) => [d.uid, d.isDefault])).toEqual([
      [a.uid, false],
      [b.uid, true],
    ]);
    const updated = await call(server, 'PUT', `/api/datasources/uid/${a.uid}`, {
      as: ADMIN,
      body: prometheus('A', { isDefault: true }),
    });
    expect(updated.status).toBe(200);
    const after = await call(server, 'GET', `/api/datasources/uid/${b.uid}`, { as: ADMIN });
    expect(after.body.isDefault).toBe(false);
  });
});

describe('GET /api/datasources', () => {
  it('lists by name, case-insensitively, with typeName and typeLogoUrl and without secrets', async () => {
    const server = await startTestServer();
    await createDataSource(
      server,
      prometheus('beta', {
        basicAuth: true,
        basicAuthUser: 'u',
        secureJsonData: { basicAuthPassword: 'pw' },
      }),
    );
    await createDataSource(server, {
      name: 'Alpha',
      type: 'postgres',
      url: 'localhost:5432',
      database: 'db',
      user: 'me',
      jsonData: { sslmode: 'disable' },
    });
    await createDataSource(server, { name: 'Custom', type: 'my-plugin', url: 'http://x' });
    const list = await call(server, 'GET', '/api/datasources', { as: ADMIN });
    expect(list.status).toBe(200);
    expect(list.body.map((d: { name: string }) => d.name)).toEqual(['Alpha', 'beta', 'Custom']);
    const [alpha, beta, custom] = list.body;
    expect(Object.keys(alpha).sort()).toEqual(
      [
        'access',
        'basicAuth',
        'database',
        'id',
        'isDefault',
        'jsonData',
        'name',
        'orgId',
        'readOnly',
        'type',
        'typeLogoUrl',
        'typeName',
        'uid',
        'url',
        'user',
      ].sort(),
    );
    expect(alpha).toMatchObject({
      type: 'postgres',
      database: 'db',
      user: 'me',
      jsonData: { sslmode: 'disable' },
    });
    expect(beta).toMatchObject({ typeName: 'Prometheus', basicAuth: true });
    expect(custom).toMatchObject({ typeName: 'my-plugin', typeLogoUrl: 'public/img/icn-datasource.svg' });
    expect(JSON.stringify(list.body)).not.toContain('pw');
  });

  it('401 without credentials; a Viewer lists and reads but cannot create, update or delete', async () => {
    const server = await startTestServer();
    const ds = await createDataSource(server, prometheus());
    expect((await call(server, 'GET', '/api/datasources')).status).toBe(401);
    const viewer = await createUser(server, { orgRole: 'Viewer' });
    const list = await call(server, 'GET', '/api/datasources', { as: viewer.as });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const got = await call(server, 'GET', `/api/datasources/uid/${ds.uid}`, { as: viewer.as });
    expect(got.status).toBe(200);
    expect(got.body.accessControl).toEqual({
      'datasources:read': true,
      'datasources:query': true,
      'datasources.id:read': true,
    });

    const create = await call(server, 'POST', '/api/datasources', { as: viewer.as, body: prometheus('V') });
    expect(create.status).toBe(403);
    expect(create.body).toEqual(ACCESS_DENIED('datasources:create'));
    const update = await call(server, 'PUT', `/api/datasources/uid/${ds.uid}`, {
      as: viewer.as,
      body: prometheus('V'),
    });
    expect(update.status).toBe(403);
    expect(update.body).toEqual(ACCESS_DENIED('datasources:write'));
    const remove = await call(server, 'DELETE', `/api/datasources/uid/${ds.uid}`, { as: viewer.as });
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual(ACCESS_DENIED('datasources:delete'));
    const editor = await createUser(server, { orgRole: 'Editor' });
    expect(
      (await call(server, 'POST', '/api/datasources', { as: editor.as, body: prometheus('E') })).status,
    ).toBe(403);
    expect((await call(server, 'GET', '/api/datasources', { as: ADMIN })).body).toHaveLength(1);
  });

  it('keeps organizations apart', async () => {
    const server = await startTestServer();
    const mine = await createDataSource(server, prometheus('Shared name'));
    const org2 = await createOrg(server);
    const theirs = await createDataSource(server, prometheus('Shared name'), inOrg(ADMIN, org2));
    expect(theirs.datasource.orgId).toBe(org2);
    const list1 = await call(server, 'GET', '/api/datasources', { as: ADMIN });
    expect(list1.body.map((d: { uid: string }) => d.uid)).toEqual([mine.uid]);
    const list2 = await call(server, 'GET', '/api/datasources', { as: inOrg(ADMIN, org2) });
    expect(list2.body.map((d: { uid: string }) => d.uid)).toEqual([theirs.uid]);
    for (const [method, path] of [
      ['GET', `/api/datasources/uid/${theirs.uid}`],
      ['DELETE', `/api/datasources/uid/${theirs.uid}`],
      ['GET', `/api/datasources/${theirs.id}`],
    ] as const) {
      const response = await call(server, method, path, { as: ADMIN });
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({
        message: 'Data source not found',
        messageId: 'datasource.not-found',
      });
    }
    const put = await call(server, 'PUT', `/api/datasources/uid/${theirs.uid}`, {
      as: ADMIN,
      body: prometheus('X'),
    });
    expect(put.status).toBe(404);
    expect(
      (await call(server, 'GET', `/api/datasources/uid/${theirs.uid}`, { as: inOrg(ADMIN, org2) })).status,
    ).toBe(200);
  });
});

describe('PUT /api/datasources/uid/{uid}', () => {
  it('updates, increments the version, refuses stale versions and taken names', async () => {
    const server = await startTestServer();
    const ds = await createDataSource(server, prometheus('A', { jsonData: { httpMethod: 'POST' } }));
    await createDataSource(server, prometheus('B'));
    const updated = await call(server, 'PUT', `/api/datasources/uid/${ds.uid}`, {
      as: ADMIN,
      body: {
        name: 'A2',
        type: 'prometheus',
        url: 'http://other:9090',
        version: 1,
        jsonData: { timeInterval: '30s' },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      message: 'Datasource updated',
      id: ds.id,
      name: 'A2',
      datasource: expect.objectContaining({
        uid: ds.uid,
        name: 'A2',
        url: 'http://other:9090',
        version: 2,
        jsonData: { timeInterval: '30s' },
      }),
    });
    const stale = await call(server, 'PUT', `/api/datasources/uid/${ds.uid}`, {
      as: ADMIN,
      body: prometheus('A3', { version: 1 }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: 'Datasource has already been updated by someone else. Please reload and try again',
      messageId: 'datasource.version-conflict',
    });
    const taken = await call(server, 'PUT', `/api/datasources/uid/${ds.uid}`, {
      as: ADMIN,
      body: prometheus('B'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      message: 'Failed to update datasource: data source with the same name already exists',
      messageId: 'datasource.name-exists',
    });
    // Without a version the update is unconditional.
    const forced = await call(server, 'PUT', `/api/datasources/uid/${ds.uid}`, {
      as: ADMIN,
      body: prometheus('A4'),
    });
    expect(forced.status).toBe(200);
    expect(forced.body.datasource.version).toBe(3);
    const got = await call(server, 'GET', `/api/datasources/uid/${ds.uid}`, { as: ADMIN });
    expect(got.body).toMatchObject({ name: 'A4', version: 3, url: 'http://127.0.0.1:9090' });
    const missing = await call(server, 'PUT', '/api/datasources/uid/nope', {
      as: ADMIN,
      body: prometheus('Z'),
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: 'Data source not found',
      messageId: 'datasource.not-found',
    });
  });
});

describe('DELETE /api/datasources/uid/{uid}', () => {
  it('deletes with Grafana messages by uid, name and id, and 404s afterwards', async () => {
    const server = await startTestServer();
    const a = await createDataSource(server, prometheus('A'));
    const b = await createDataSource(server, prometheus('B'));
    const c = await createDataSource(server, prometheus('C'));
    const byUid = await call(server, 'DELETE', `/api/datasources/uid/${a.uid}`, { as: ADMIN });
    expect(byUid.status).toBe(200);
    expect(byUid.body).toEqual({ message: 'Data source deleted', id: a.id });
    const byName = await call(server, 'DELETE', '/api/datasources/name/B', { as: ADMIN });
    expect(byName.body).toEqual({ message: 'Data source deleted', id: b.id });
    const byId = await call(server, 'DELETE', `/api/datasources/${c.id}`, { as: ADMIN });
    expect(byId.body).toEqual({ message: 'Data source deleted' });
    const again = await call(server, 'DELETE', `/api/datasources/uid/${a.uid}`, { as: ADMIN });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Data source not found', messageId: 'datasource.not-found' });
    expect((await call(server, 'GET', '/api/datasources', { as: ADMIN })).body).toEqual([]);
  });
});

describe('deprecated lookups', () => {
  it('by name, id and id-by-name', async () => {
    const server = await startTestServer();
    const ds = await createDataSource(server, prometheus('My Prom: main'));
    const byName = await call(server, 'GET', `/api/datasources/name/${encodeURIComponent('My Prom: main')}`, {
      as: ADMIN,
    });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual(ds.datasource);
    const idByName = await call(server, 'GET', `/api/datasources/id/${encodeURIComponent('My Prom: main')}`, {
      as: ADMIN,
    });
    expect(idByName.body).toEqual({ id: ds.id });
    const byId = await call(server, 'GET', `/api/datasources/${ds.id}`, { as: ADMIN });
    expect(byId.body).toEqual(ds.datasource);
    const invalid = await call(server, 'GET', '/api/datasources/abc', { as: ADMIN });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: 'id is invalid', messageId: 'datasource.invalid-id' });
    for (const path of [
      '/api/datasources/name/nope',
      '/api/datasources/id/nope',
      '/api/datasources/999999',
    ]) {
      const response = await call(server, 'GET', path, { as: ADMIN });
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({
        message: 'Data source not found',
        messageId: 'datasource.not-found',
      });
    }
  });
});
