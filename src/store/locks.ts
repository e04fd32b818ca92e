import { PostgresAdapter, SqliteAdapter } from 'kysely';
import type { Db } from './database.js';

/**
 * Locks a parent row until the current transaction ends, so that check-then-insert sequences
 * under it (a title unique within a folder, say) run one at a time. Take it first in the unit of
 * work: a lock taken after others is how deadlocks start. PostgreSQL takes FOR NO KEY UPDATE,
 * which does not block inserts of child rows referencing the parent; MySQL FOR UPDATE; SQLite
 * needs nothing, its transactions hold the database's write lock from BEGIN IMMEDIATE.
 */
export async function lockParentRow(db: Db, table: 'org' | 'dashboard' | 'team', id: number): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await forWrite(db, db.selectFrom(table).select('id').where('id', '=', id)).execute();
}

/**
 * `query` reading rows the unit of work is about to update, locked until it ends: FOR NO KEY
 * UPDATE on PostgreSQL (what its UPDATE of non-key columns takes), FOR UPDATE on MySQL, as is on
 * SQLite (BEGIN IMMEDIATE holds the write lock).
 */
export function forWrite<Q extends { forUpdate(): Q; forNoKeyUpdate(): Q }>(db: Db, query: Q): Q {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return query;
  return adapter instanceof PostgresAdapter ? query.forNoKeyUpdate() : query.forUpdate();
}
