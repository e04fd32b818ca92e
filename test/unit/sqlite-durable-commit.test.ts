import { mkdtempSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import { withRetryingDriver } from '../../src/store/retrying-driver.js';
import { testConfig } from '../helpers/config.js';

interface Probe {
  note: { id: number; text: string };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  vi.restoreAllMocks();
});

/** SQLite behind the retrying driver, whose durability step is `afterWrite`. */
async function probeDatabase(afterWrite: () => Promise<void>): Promise<Kysely<Probe>> {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-durable-')), 'probe.db');
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  const db = new Kysely<Probe>({
    dialect: withRetryingDriver(new SqliteDialect({ database }), () => {}, 'begin immediate', afterWrite),
  });
  await sql`create table note (id integer primary key, text text not null)`.execute(db);
  closers.push(() => db.destroy());
  return db;
}

/** An afterWrite that counts its calls and, after `hold()`, keeps its callers until `release()`. */
function heldSync() {
  let gate: Promise<void> | undefined;
  let open = () => {};
  const sync = {
    calls: 0,
    hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => open(),
    afterWrite: () => (sync.calls++, gate ?? Promise.resolve()),
  };
  return sync;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe('durable commits on SQLite (store/sqlite-wal-sync.ts)', () => {
  it('answers a commit only once the log is synced, and lets the next writer commit meanwhile', async () => {
    const sync = heldSync();
    const db = await probeDatabase(sync.afterWrite);
    const callsAtStart = sync.calls;
    sync.hold();

    let firstAnswered = false;
    const first = db
      .transaction()
      .execute((trx) => trx.insertInto('note').values({ id: 1, text: 'first' }).execute())
      .then(() => (firstAnswered = true));
    await until(() => sync.calls === callsAtStart + 1);
    expect(firstAnswered).toBe(false);

    // The connection is free while the first commit waits for the disk: a second one goes in.
    let secondAnswered = false;
    const second = db
      .transaction()
      .execute((trx) => trx.insertInto('note').values({ id: 2, text: 'second' }).execute())
      .then(() => (secondAnswered = true));
    await until(() => sync.calls === callsAtStart + 2);
    expect(secondAnswered).toBe(false);

    // A read waits for no sync.
    const rows = await db.selectFrom('note').select('text').orderBy('id').execute();
    expect(rows.map((row) => row.text)).toEqual(['first', 'second']);
    expect(sync.calls).toBe(callsAtStart + 2);

    sync.release();
    await Promise.all([first, second]);
    expect([firstAnswered, secondAnswered]).toEqual([true, true]);
  });

  it('syncs after an autocommitted write, never after a read', async () => {
    const sync = heldSync();
    const db = await probeDatabase(sync.afterWrite);
    const before = sync.calls;
    await db.insertInto('note').values({ id: 1, text: 'a' }).execute();
    await db.updateTable('note').set({ text: 'b' }).where('id', '=', 1).execute();
    expect(sync.calls).toBe(before + 2);
    await db.selectFrom('note').selectAll().execute();
    await sql`select count(*) from note`.execute(db);
    expect(sync.calls).toBe(before + 2);
  });

  it('fails the answer when the sync fails, without rolling back what committed', async () => {
    let failing = false;
    const db = await probeDatabase(() =>
      failing ? Promise.reject(new Error('disk gone')) : Promise.resolve(),
    );
    failing = true;
    await expect(
      db.transaction().execute((trx) => trx.insertInto('note').values({ id: 7, text: 'kept' }).execute()),
    ).rejects.toThrow('disk gone');
    failing = false;
    const row = await db.selectFrom('note').select('text').where('id', '=', 7).executeTakeFirst();
    expect(row?.text).toBe('kept');
  });

  it('runs the server database with synchronous = NORMAL and a datasync of the log per write', async () => {
    const probe = await open(join(mkdtempSync(join(tmpdir(), 'svc-durable-')), 'handle'), 'w');
    const datasync = vi.spyOn(Object.getPrototypeOf(probe) as { datasync(): Promise<void> }, 'datasync');
    await probe.close();

    for (const [setting, synced] of [
      ['full', true],
      ['normal', false],
    ] as const) {
      const config = testConfig({
        paths: { data: mkdtempSync(join(tmpdir(), 'svc-durable-')) },
        database: { type: 'sqlite3', path: 'svc.db', sqlite_synchronous: setting },
      });
      const database = openDatabase(config.database);
      closers.push(() => database.close());
      const mode = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
      expect(mode.rows[0]?.synchronous).toBe(1); // NORMAL
      datasync.mockClear();
      await sql`create table probe (id integer primary key)`.execute(database.db);
      await database.db.transaction().execute((trx) => sql`insert into probe values (1)`.execute(trx));
      expect(datasync.mock.calls.length).toBe(synced ? 2 : 0);
    }
  });
});
