import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSqliteCheckpointer, type SqliteCheckpointer } from '../../src/store/sqlite-checkpointer.js';

const opened: { database: SQLite.Database; checkpointer?: SqliteCheckpointer }[] = [];
afterEach(() => {
  for (const { database, checkpointer } of opened.splice(0)) {
    checkpointer?.close();
    database.close();
  }
});

/** A serving connection in WAL mode, as store/connect.ts opens it, on a new file. */
function servingDatabase(): { path: string; database: SQLite.Database } {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-checkpoint-')), 'probe.db');
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.exec('create table note (id integer primary key, text text not null)');
  opened.push({ database });
  return { path, database };
}

const MB = 1024 * 1024;
const PAGE_TEXT = 'x'.repeat(3_000);

/** Commits `batches` batches of about 0.6 MB each, pausing between them as a busy server would. */
async function writeBatches(database: SQLite.Database, batches: number): Promise<void> {
  const insert = database.prepare('insert into note (text) values (?)');
  const batch = database.transaction(() => {
    for (let i = 0; i < 200; i++) insert.run(PAGE_TEXT);
  });
  for (let b = 0; b < batches; b++) {
    batch();
    await sleep(300);
  }
}

describe('checkpoints off the serving thread (store/sqlite-checkpointer.ts)', () => {
  it('keeps the log bounded although the serving connection no longer checkpoints', async () => {
    const { path, database } = servingDatabase();
    const errors: Error[] = [];
    opened[0]!.checkpointer = startSqliteCheckpointer(path, database, (err) => errors.push(err));

    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await writeBatches(database, 10);

    // 6 MB were committed; each batch finds the log checkpointed and starts it again from the top
    expect(statSync(`${path}-wal`).size).toBeLessThan(2 * MB);
    expect(database.prepare('select count(*) as n from note').get()).toEqual({ n: 2_000 });
    expect(errors).toEqual([]);
  });

  it('without it, the same writes grow the log by all they wrote (what the first test rules out)', async () => {
    const { path, database } = servingDatabase();
    database.pragma('wal_autocheckpoint = 0');
    await writeBatches(database, 10);
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(5 * MB);
  });

  it('hands checkpoints back to the serving connection, and reports why, when the worker fails', async () => {
    const { database } = servingDatabase();
    const errors: Error[] = [];
    // a file the worker cannot open: it fails at once
    const unopenable = join(mkdtempSync(join(tmpdir(), 'svc-checkpoint-')), 'missing', 'probe.db');
    opened[0]!.checkpointer = startSqliteCheckpointer(unopenable, database, (err) => errors.push(err));
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    for (let i = 0; i < 200 && errors.length === 0; i++) await sleep(10);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/directory does not exist|unable to open/i);
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
  });
});
