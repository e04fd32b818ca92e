import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, basic, call, type Caller } from '../helpers/client.js';

// GET /api/dashboards/uid serves rows from a cache (features/dashboards/dashboard-read-cache.ts).
// A save or delete drops only its own dashboard's row; any other write to the table or to users
// drops every row. To see which rows were kept, a row is changed behind the cache's back with
// raw SQL, which the change tracker does not see: a kept row still shows the old text.

// A single instance: its caches serve on every dialect.
const single = { database: { high_availability: 'false' } };

async function ok(server: TestServer, method: string, path: string, body?: unknown) {
  const response = await call(server, method, path, { as: ADMIN, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

async function read(server: TestServer, uid: string, as: Caller = ADMIN) {
  const response = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as });
  return {
    status: response.status,
    title: response.body?.dashboard?.title as string | undefined,
    createdBy: response.body?.meta?.createdBy as string | undefined,
  };
}

/** Sets a dashboard's stored title without the server knowing. */
async function retitleBehindTheCache(server: TestServer, uid: string, title: string) {
  const db = server.database.db;
  const { rows } = await sql<{ data: string }>`SELECT data FROM dashboard WHERE uid = ${uid}`.execute(db);
  const data = JSON.stringify({ ...JSON.parse(rows[0]!.data), title });
  await sql`UPDATE dashboard SET data = ${data} WHERE uid = ${uid}`.execute(db);
}

describe('dashboard read cache', () => {
  it('drops only the saved or deleted dashboard’s row; other writes drop every row', async () => {
    const server = await startTestServer({ overrides: single });
    for (const uid of ['rc-a', 'rc-b'])
      await ok(server, 'POST', '/api/dashboards/db', { dashboard: { uid, title: `Title ${uid}` } });
    expect(await read(server, 'rc-a')).toMatchObject({ status: 200, title: 'Title rc-a' });
    await retitleBehindTheCache(server, 'rc-a', 'Behind');

    // another dashboard saved, one created and one deleted: rc-a's row stays cached
    await ok(server, 'POST', '/api/dashboards/db', {
      dashboard: { uid: 'rc-b', title: 'Title rc-b 2' },
      overwrite: true,
    });
    await ok(server, 'POST', '/api/dashboards/db', { dashboard: { uid: 'rc-c', title: 'Title rc-c' } });
    await ok(server, 'DELETE', '/api/dashboards/uid/rc-c');
    expect(await read(server, 'rc-a')).toMatchObject({ status: 200, title: 'Title rc-a' });
    expect(await read(server, 'rc-b')).toMatchObject({ status: 200, title: 'Title rc-b 2' });
    expect((await read(server, 'rc-c')).status).toBe(404);

    // its own save drops it
    await ok(server, 'POST', '/api/dashboards/db', {
      dashboard: { uid: 'rc-a', title: 'Title rc-a 2' },
      overwrite: true,
    });
    expect(await read(server, 'rc-a')).toMatchObject({ status: 200, title: 'Title rc-a 2' });

    // a write to users (the authors' logins) drops every row
    expect((await read(server, 'rc-b')).createdBy).toBe('admin');
    await retitleBehindTheCache(server, 'rc-b', 'Behind b');
    await ok(server, 'PUT', '/api/user', { login: 'root', email: 'admin@localhost', name: 'Admin' });
    const root = basic('root', 'admin');
    expect(await read(server, 'rc-b', root)).toMatchObject({
      status: 200,
      title: 'Behind b',
      createdBy: 'root',
    });

    // a delete drops its row at once
    const deleted = await call(server, 'DELETE', '/api/dashboards/uid/rc-a', { as: root });
    expect(deleted.status).toBe(200);
    expect((await read(server, 'rc-a', root)).status).toBe(404);
  });

  it('answers a uid spelled another way as the database finds it, after a save too', async () => {
    const server = await startTestServer({ overrides: single });
    await ok(server, 'POST', '/api/dashboards/db', { dashboard: { uid: 'rc-case', title: 'First' } });
    // MySQL compares varchar padded with spaces (and folds case under its default collation):
    // a uid spelled another way may find the row there, never on SQLite or PostgreSQL
    const mysql = server.config.database.type === 'mysql';
    for (const other of ['rc-case%20', 'RC-CASE']) {
      const first = await read(server, other);
      expect(first.status === 200, `${other}: ${first.status}`).toBe(mysql && other === 'rc-case%20');
      if (first.status === 200) expect(first.title).toBe('First');
    }
    await ok(server, 'POST', '/api/dashboards/db', {
      dashboard: { uid: 'rc-case', title: 'Second' },
      overwrite: true,
    });
    const padded = await read(server, 'rc-case%20');
    expect(padded).toMatchObject(mysql ? { status: 200, title: 'Second' } : { status: 404 });

    // an unknown uid, then created: the next read finds it
    expect((await read(server, 'rc-later')).status).toBe(404);
    await ok(server, 'POST', '/api/dashboards/db', { dashboard: { uid: 'rc-later', title: 'Later' } });
    expect(await read(server, 'rc-later')).toMatchObject({ status: 200, title: 'Later' });
  });
});
