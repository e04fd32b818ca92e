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
  // SQLite has no lock that a second process waits on before reading the migration state, so a
  // process that loses the race rolls back and finds the steps applied on its next attempt.
  const attempts = dialect === 'sqlite3' ? 5 : 1;
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (attempt >= attempts)
      throw error instanceof Error ? error : new Error('migration failed', { cause: error });
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}
