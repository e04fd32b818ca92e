import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';

/**
 * A managed role's grant on one resource is found by role and scope (every set, on every grant
 * request). With one index per column the planner walked all of the role's rows — a team granted
 * on thousands of dashboards made each of its grant requests slower than the last. The composite
 * index also serves the role-only lookups (and MySQL's foreign key), so the single one goes.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await db.schema
    .createIndex('ix_permission_role_scope')
    .on('permission')
    .columns(['role_id', 'scope'])
    .execute();
  const drop = db.schema.dropIndex('ix_permission_role');
  // MySQL names the table of an index; the others refuse the clause
  await (dialect === 'mysql' ? drop.on('permission') : drop).execute();
}
