import { PostgresAdapter, sql, type InsertQueryBuilder, type InsertResult } from 'kysely';
import type { Db } from './database.js';
import type { Tables } from './tables.js';

/**
 * Runs an INSERT and returns the new row's id on every dialect: PostgreSQL and SQLite through
 * RETURNING, MySQL (which has no RETURNING) through the insert id of its OK packet.
 */
export async function insertReturningId<T extends keyof Tables>(
  db: Db,
  query: InsertQueryBuilder<Tables, T, InsertResult>,
): Promise<number> {
  if (db.getExecutor().adapter.supportsReturning) {
    const row = await query.returning(sql<number>`id`.as('id')).executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const result = await query.executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/**
 * Runs an INSERT that a concurrent writer may have beaten to a unique key, without failing the
 * transaction: PostgreSQL and SQLite skip the row (ON CONFLICT DO NOTHING), MySQL through INSERT
 * IGNORE (only for rows whose values the caller controls: IGNORE also turns other errors into
 * warnings). Returns whether the row was inserted; when it was not, the winner's row is committed
 * and visible to the next statement (read committed on every dialect).
 */
export async function insertUnlessDuplicate<T extends keyof Tables>(
  db: Db,
  query: InsertQueryBuilder<Tables, T, InsertResult>,
): Promise<boolean> {
  const guarded = db.getExecutor().adapter.supportsReturning
    ? query.onConflict((conflict) => conflict.doNothing())
    : query.ignore();
  const result = await guarded.executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * After an INSERT that chose its own id: PostgreSQL's serial sequence does not move on its own
 * (MySQL's AUTO_INCREMENT and SQLite's AUTOINCREMENT do), so the next insert without an id would
 * take one already used. Moves it past the largest id of `table`.
 */
export async function advanceIdSequence(db: Db, table: keyof Tables): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(
    db,
  );
}
