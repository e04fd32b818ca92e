import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { DatabaseType } from '../../src/config/config.js';

export const PG_ADMIN = { host: '127.0.0.1', port: 5432, user: 'postgres', password: '' };
export const MYSQL_ADMIN = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

/** The dialect this test project runs on (vitest.config.ts sets it per project). */
export function testDialect(): DatabaseType {
  const dialect = process.env.SVC_TEST_DIALECT ?? 'sqlite3';
  if (dialect !== 'sqlite3' && dialect !== 'postgres' && dialect !== 'mysql') {
    throw new Error(`unknown SVC_TEST_DIALECT ${dialect}`);
  }
  return dialect;
}

export interface TestDatabase {
  /** [database] (and [paths] data) settings pointing at the fresh database */
  overrides: Record<string, Record<string, string>>;
  drop(): Promise<void>;
}

/**
 * A brand-new, empty database of the given dialect; every test gets its own. On PostgreSQL,
 * `postgresTemplate` makes it a copy of that database instead (test/helpers/database-templates.ts).
 */
export async function createTestDatabase(
  dialect: DatabaseType = testDialect(),
  options: { postgresTemplate?: string } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  const name = `svc_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });

  if (dialect === 'sqlite3') {
    return {
      overrides: { paths: { data: dataDir }, database: { type: 'sqlite3', path: 'svc.db' } },
      drop: () => Promise.resolve(removeDataDir()),
    };
  }
  if (dialect === 'postgres') {
    const template = options.postgresTemplate ? ` TEMPLATE ${options.postgresTemplate}` : '';
    await withPostgres((client) => client.query(`CREATE DATABASE ${name}${template}`));
    return {
      overrides: {
        paths: { data: dataDir },
        database: { type: 'postgres', host: `${PG_ADMIN.host}:${PG_ADMIN.port}`, name, user: PG_ADMIN.user },
      },
      drop: async () => {
        await withPostgres((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        removeDataDir();
      },
    };
  }
  await withMysql((conn) => conn.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`));
  return {
    overrides: {
      paths: { data: dataDir },
      database: {
        type: 'mysql',
        host: `${MYSQL_ADMIN.host}:${MYSQL_ADMIN.port}`,
        name,
        user: MYSQL_ADMIN.user,
      },
    },
    drop: async () => {
      await withMysql((conn) => conn.query(`DROP DATABASE IF EXISTS ${name}`));
      removeDataDir();
    },
  };
}

async function withPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...PG_ADMIN, database: 'postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function withMysql<T>(
  work: (conn: Awaited<ReturnType<typeof createConnection>>) => Promise<T>,
  options: { multipleStatements?: boolean } = {},
): Promise<T> {
  const conn = await createConnection({ ...MYSQL_ADMIN, ...options });
  try {
    return await work(conn);
  } finally {
    await conn.end();
  }
}
