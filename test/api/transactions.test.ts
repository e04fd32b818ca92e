import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { testConfig } from '../helpers/config.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/databases.js';
import { openDatabase, type Database } from '../../src/store/database.js';
import { afterCommit, inTransaction } from '../../src/store/transaction.js';
import type { RetryReason } from '../../src/store/retry.js';

let testDb: TestDatabase | undefined;
let database: Database | undefined;

afterEach(async () => {
  await database?.close();
  await testDb?.drop();
  database = testDb = undefined;
});

async function migratedDatabase(): Promise<Database> {
  testDb = await createTestDatabase();
  database = openDatabase(testConfig(testDb.overrides).database);
  await database.migrate();
  for (const name of ['first', 'second']) {
    await database.db
      .insertInto('org')
      .values({ name, version: 0, created: 0, updated: 0 } as never)
      .execute();
  }
  return database;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('inTransaction', () => {
  it('re-runs the whole unit of a deadlock victim; both units commit, after-commit tasks run once each', async () => {
    const opened = await migratedDatabase();
    const retries: RetryReason[] = [];
    opened.onRetry((reason) => retries.push(reason));
    const { db } = opened;
    const [first, second] = (await db.selectFrom('org').select('id').orderBy('id').execute()).slice(-2);
    const runs = { a: 0, b: 0 };
    const committed: string[] = [];

    // Two units that lock the same two rows in opposite orders: on PostgreSQL and MySQL one of
    // them is chosen as the deadlock victim and must be re-run whole.
    const unit = (name: 'a' | 'b', ids: number[]) =>
      inTransaction(db, async (trx, onCommit) => {
        runs[name] += 1;
        for (const id of ids) {
          await trx
            .updateTable('org')
            .set({ name: `${name}-${id}` })
            .where('id', '=', id)
            .execute();
          await pause(100);
        }
        onCommit(() => void committed.push(name));
      });
    await Promise.all([unit('a', [first!.id, second!.id]), unit('b', [second!.id, first!.id])]);

    expect(committed.sort()).toEqual(['a', 'b']);
    const names = await db
      .selectFrom('org')
      .select('name')
      .where('id', 'in', [first!.id, second!.id])
      .execute();
    // every row was last written by one unit that ran to the end
    const writers = new Set(names.map((row) => row.name.split('-')[0]));
    expect(writers.size).toBe(1);
    if (testDialect() === 'sqlite3') {
      // BEGIN IMMEDIATE: the second unit waits for the first; nothing to retry
      expect(retries).toEqual([]);
      expect(runs).toEqual({ a: 1, b: 1 });
    } else {
      expect(retries).toEqual(['deadlock']);
      expect(runs.a + runs.b).toBe(3);
    }
  });

  it('joins an outer unit: stores on the plain database see its writes, a failure rolls back all of it', async () => {
    const { db } = await migratedDatabase();
    const later: string[] = [];
    await expect(
      inTransaction(db, async (trx) => {
        await trx.updateTable('org').set({ name: 'renamed' }).where('name', '=', 'first').execute();
        // a query on the plain database inside the unit runs on the unit's connection
        const seen = await db.selectFrom('org').select('id').where('name', '=', 'renamed').execute();
        expect(seen).toHaveLength(1);
        await inTransaction(db, async (_inner, onCommit) => {
          await db.updateTable('org').set({ name: 'also' }).where('name', '=', 'second').execute();
          onCommit(() => void later.push('inner'));
        });
        await afterCommit(() => void later.push('outer'));
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    const names = (await db.selectFrom('org').select('name').execute()).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['first', 'second']));
    expect(names).not.toContain('renamed');
    expect(names).not.toContain('also');
    expect(later).toEqual([]);
  });
});

describe('svc_database_retries_total', () => {
  it('is exported for every reason from the start', async () => {
    const server = await startTestServer({ overrides: { metrics: { enabled: 'true' } } });
    const metrics = await call(server, 'GET', '/metrics', { as: ADMIN });
    for (const reason of ['deadlock', 'serialization', 'lock_timeout', 'busy']) {
      expect(metrics.body).toContain(`svc_database_retries_total{reason="${reason}"} 0`);
    }
  });
});
