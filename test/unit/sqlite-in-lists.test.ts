import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../src/store/database.js';
import { padParameters, planInLists } from '../../src/store/sqlite-in-lists.js';
import { testConfig } from '../helpers/config.js';

interface Probe {
  probe: { id: number; kind: string };
}

const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');

describe('planInLists', () => {
  it('leaves short lists and texts without lists as written', () => {
    expect(planInLists('select 1 from t where a = ?')).toBeUndefined();
    expect(planInLists(`select 1 from t where a in (${list(8)})`)).toBeUndefined();
  });

  it('pads each long list to the next power of two with copies of its last value', () => {
    const text = `select x from t where k = ? and a in (${list(9)}) and b = ? and c not in (${list(20)}) and d in (?, ?)`;
    const plan = planInLists(text)!;
    expect(plan.sql).toBe(
      `select x from t where k = ? and a in (${list(16)}) and b = ? and c not in (${list(32)}) and d in (?, ?)`,
    );
    expect(plan.parameters).toBe(1 + 9 + 1 + 20 + 2);
    const values = Array.from({ length: plan.parameters }, (_, i) => i);
    const padded = padParameters(values, plan)!;
    expect(padded).toEqual([
      0,
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 9, 9, 9, 9],
      10,
      ...Array.from({ length: 20 }, (_, i) => 11 + i),
      ...Array.from({ length: 12 }, () => 30),
      31,
      32,
    ]);
    expect(padded.length).toBe(plan.sql.split('?').length - 1);
    // a list of a length between 9 and 16 has the same padded text
    expect(planInLists(text.replace(list(9), list(13)))!.sql).toBe(plan.sql);
  });

  it('refuses parameters that do not fit the plan (a ? it did not count)', () => {
    const plan = planInLists(`select 1 from t where a in (${list(10)})`)!;
    expect(
      padParameters(
        Array.from({ length: 11 }, () => 1),
        plan,
      ),
    ).toBeUndefined();
  });
});

describe('the SQLite statement cache with padded IN lists', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    vi.restoreAllMocks();
  });

  it('answers every list length as written, preparing one statement per padded length', async () => {
    const config = testConfig({
      paths: { data: mkdtempSync(join(tmpdir(), 'svc-in-lists-')) },
      database: { type: 'sqlite3', path: 'svc.db' },
    });
    const prepare = vi.spyOn(SQLite.prototype, 'prepare');
    const database = openDatabase(config.database);
    closers.push(() => database.close());
    const db = database.db as unknown as Kysely<Probe>;
    await sql`create table probe (id integer primary key, kind text not null)`.execute(db);
    for (let id = 1; id <= 100; id++)
      await sql`insert into probe (id, kind) values (${id}, ${id % 2 ? 'odd' : 'even'})`.execute(db);
    prepare.mockClear();

    for (let n = 1; n <= 100; n++) {
      const ids = Array.from({ length: n }, (_, i) => 100 - 2 * i);
      const rows = await db
        .selectFrom('probe')
        .select('id')
        .where('id', 'in', ids)
        .where('kind', 'not in', ['odd'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.id)).toEqual(ids.filter((id) => id > 0).sort((a, b) => a - b));
    }
    // 8 exact lengths, then 16, 32, 64 and 128
    expect(prepare.mock.calls.length).toBe(12);
  });
});
