import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/databases.js';
import { testConfig } from '../helpers/config.js';
import { openDatabase, type Database } from '../../src/store/database.js';
import { migrations } from '../../src/store/migrations/index.js';
import { runExclusively } from '../../src/store/server-lock.js';
import { ensureDefaultOrgAndAdmin } from '../../src/features/users/bootstrap.js';
import { verifyPassword } from '../../src/lib/password.js';

const execFileAsync = promisify(execFile);
const opened: Database[] = [];
let testDb: TestDatabase | undefined;

afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
  await testDb?.drop();
  testDb = undefined;
});

async function freshDatabases(count: number, overrides: Record<string, Record<string, string>> = {}) {
  testDb = await createTestDatabase();
  const config = testConfig({ ...testDb.overrides, ...overrides });
  const databases = Array.from({ length: count }, () => openDatabase(config.database));
  opened.push(...databases);
  return { config, databases };
}

describe('migrations', () => {
  it('apply every step once and are a no-op the second time', async () => {
    const { databases } = await freshDatabases(1);
    const [database] = databases as [Database];
    expect(await database.migrate()).toEqual(Object.keys(migrations));
    expect(await database.migrate()).toEqual([]);
    const tables = (await database.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['org', 'users', 'org_user', 'server_lock']));
  });

  it('are safe when several instances start at once', async () => {
    if (testDialect() === 'sqlite3') return migrateSqliteFromSeveralProcesses();
    const { databases } = await freshDatabases(3);
    const results = await Promise.all(databases.map((d) => d.migrate()));
    // exactly one instance applied each step; the others found them done
    expect(results.flat().sort()).toEqual(Object.keys(migrations).sort());
    const log = await databases[0]!.db
      .selectFrom('migration_log' as never)
      .selectAll()
      .execute();
    expect(log).toHaveLength(Object.keys(migrations).length);
  });
});

/** SQLite's driver is synchronous, so concurrent instances must be separate processes. */
async function migrateSqliteFromSeveralProcesses() {
  testDb = await createTestDatabase('sqlite3');
  const dataDir = testDb.overrides.paths!.data!;
  const script = fileURLToPath(new URL('../helpers/migrate-process.ts', import.meta.url));
  const run = async () => {
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', script, dataDir]);
    return JSON.parse(stdout) as string[];
  };
  const results = await Promise.all([run(), run(), run(), run()]);
  expect(results.flat().sort()).toEqual(Object.keys(migrations).sort());
  const database = openDatabase(testConfig(testDb.overrides).database);
  opened.push(database);
  const log = await database.db
    .selectFrom('migration_log' as never)
    .selectAll()
    .execute();
  expect(log).toHaveLength(Object.keys(migrations).length);
}

describe('first start', () => {
  it('creates Main Org. and the configured admin once, only while there is no user', async () => {
    const { config, databases } = await freshDatabases(2, {
      security: { admin_user: 'Root', admin_password: 'p4ss', admin_email: 'Root@Example.com' },
    });
    const clock = new ManualClock();
    await databases[0]!.migrate();
    await Promise.all(databases.map((d) => ensureDefaultOrgAndAdmin(d.db, config, clock)));
    await ensureDefaultOrgAndAdmin(databases[0]!.db, config, clock);
    const db = databases[0]!.db;
    const orgs = await db.selectFrom('org').selectAll().execute();
    expect(orgs.map((o) => [o.id, o.name])).toEqual([[1, 'Main Org.']]);
    const users = await db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ login: 'root', email: 'root@example.com', is_admin: 1, org_id: 1 });
    expect((await verifyPassword(users[0]!.password, users[0]!.salt, 'p4ss')).ok).toBe(true);
    const members = await db.selectFrom('org_user').selectAll().execute();
    expect(members.map((m) => [m.org_id, m.user_id, m.role])).toEqual([[1, users[0]!.id, 'Admin']]);
  });
});

describe('server lock for background jobs', () => {
  it('lets one instance run a job per interval', async () => {
    const { databases } = await freshDatabases(3);
    await databases[0]!.migrate();
    const clock = new ManualClock();
    let runs = 0;
    const job = () => {
      runs++;
      return Promise.resolve();
    };
    const attempt = () =>
      Promise.all(databases.map((d) => runExclusively(d.db, clock, 'cleanup', 60_000, job)));
    expect((await attempt()).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    clock.advance(30_000);
    expect((await attempt()).filter(Boolean)).toHaveLength(0);
    clock.advance(30_000);
    expect((await attempt()).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
  });
});
