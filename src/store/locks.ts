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
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return;
  const query = db.selectFrom(table).select('id').where('id', '=', id);
  await (adapter instanceof PostgresAdapter ? query.forNoKeyUpdate() : query.forUpdate()).execute();
}
