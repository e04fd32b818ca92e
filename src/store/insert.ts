import { sql, type InsertQueryBuilder, type InsertResult } from 'kysely';
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
