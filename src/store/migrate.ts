import { Migrator, type Kysely, type Migration } from 'kysely';
import type { DatabaseType } from '../config/config.js';
import { migrations } from './migrations/index.js';

/**
 * Applies every pending migration. Kysely's migrator serialises concurrent runs (a PostgreSQL
 * advisory lock, MySQL GET_LOCK, SQLite's single writer), so several instances may start at once.
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: DatabaseType): Promise<string[]> {
  const migrator = new Migrator({
    db,
    migrationTableName: 'migration_log',
    migrationLockTableName: 'migration_lock',
    provider: {
      getMigrations: () =>
        Promise.resolve(
          Object.fromEntries(
            Object.entries(migrations).map(([name, step]): [string, Migration] => [
              name,
              { up: (trx) => step.up(trx, dialect) },
            ]),
          ),
        ),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
