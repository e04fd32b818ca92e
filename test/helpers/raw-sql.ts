import SQLite from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { Config } from '../../src/config/load.js';

/**
 * A read-only connection of its own to a test server's database, outside the server's code: for
 * tests that check the server's answers against what is stored. Column values come back as the
 * driver gives them (PostgreSQL BIGINTs as strings): convert with Number().
 */
export interface RawSql {
  /** `"name"` on SQLite and PostgreSQL, `` `name` `` on MySQL */
  quote: (identifier: string) => string;
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

function hostAndPort(host: string, fallbackPort: number): { host: string; port: number } {
  const [name, port] = host.split(':');
  return { host: name || '127.0.0.1', port: port ? Number(port) : fallbackPort };
}

export async function openRawSql(config: Config): Promise<RawSql> {
  const database = config.database;
  if (database.type === 'sqlite3') {
    const sqlite = new SQLite(database.path, { readonly: true, fileMustExist: true });
    return {
      quote: (identifier) => `"${identifier}"`,
      query: <T>(sql: string) => Promise.resolve(sqlite.prepare(sql).all() as T[]),
      close: () => Promise.resolve(void sqlite.close()),
    };
  }
  if (database.type === 'postgres') {
    const client = new pg.Client({
      ...hostAndPort(database.host, 5432),
      user: database.user,
      password: database.password || undefined,
      database: database.name,
    });
    await client.connect();
    await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
    return {
      quote: (identifier) => `"${identifier}"`,
      query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
      close: () => client.end(),
    };
  }
  const connection = await createConnection({
    ...hostAndPort(database.host, 3306),
    user: database.user,
    password: database.password || undefined,
    database: database.name,
  });
  await connection.query('SET SESSION TRANSACTION READ ONLY');
  return {
    quote: (identifier) => `\`${identifier}\``,
    query: async <T>(sql: string) => (await connection.query(sql))[0] as T[],
    close: () => connection.end(),
  };
}
