import { sql, type Kysely } from 'kysely';
import type { DatabaseConfig, DatabaseType } from '../config/config.js';
import { ChangeTracker, type TableChange } from './change-tracker.js';
import { createKysely } from './connect.js';
import { migrateToLatest } from './migrate.js';
import type { RetryListener } from './retry.js';
import { reportRetries } from './transaction.js';
import type { Tables } from './tables.js';

export type Db = Kysely<Tables>;

/** The open database: the typed query builder plus what operations need to know about it. */
export interface Database {
  db: Db;
  type: DatabaseType;
  /** runs `SELECT 1`; rejects when the database does not answer within `timeoutMs` */
  ping(timeoutMs?: number): Promise<void>;
  migrate(): Promise<string[]>;
  /** called after every write with the tables it touched (see ChangeTracker) */
  onTablesChanged(listener: (change: TableChange) => void): void;
  /** called each time a statement or a transaction is re-run on the database's request */
  onRetry(listener: RetryListener): void;
  close(): Promise<void>;
}

export function openDatabase(config: DatabaseConfig, onPoolError: (err: Error) => void = () => {}): Database {
  const changes = new ChangeTracker();
  const retryListeners: RetryListener[] = [];
  const onRetry: RetryListener = (reason) => {
    for (const listener of retryListeners) listener(reason);
  };
  const db = createKysely<Tables>(config, onPoolError, [changes], onRetry);
  reportRetries(db, onRetry);
  let closed = false;
  return {
    db,
    type: config.type,
    async ping(timeoutMs = 3_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`database did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([sql`SELECT 1`.execute(db), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    migrate: () => migrateToLatest(db as unknown as Kysely<unknown>, config.type),
    onTablesChanged: (listener) => changes.onChange(listener),
    onRetry: (listener) => retryListeners.push(listener),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
