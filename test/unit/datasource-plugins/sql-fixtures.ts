import mysql from 'mysql2/promise';
import pg from 'pg';
import { MYSQL_ADMIN, PG_ADMIN } from '../../helpers/databases.js';

/**
 * Throwaway databases with known rows for the SQL plugin tests. Names start with `svc_test_` so
 * .ci/run sweeps away whatever an interrupted run leaves behind.
 */
export interface Fixture {
  name: string;
  /** runs SQL as the admin user in the fixture database */
  query(sql: string): Promise<unknown[]>;
  drop(): Promise<void>;
}

function fixtureName(): string {
  return `svc_test_dsp_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function createPostgresFixture(statements: string[]): Promise<Fixture> {
  const name = fixtureName();
  const admin = new pg.Client({ ...PG_ADMIN, database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const client = new pg.Client({ ...PG_ADMIN, database: name });
  await client.connect();
  for (const statement of statements) await client.query(statement);
  return {
    name,
    query: async (sql) => (await client.query({ text: sql, rowMode: 'array' })).rows,
    async drop() {
      await client.end();
      const dropper = new pg.Client({ ...PG_ADMIN, database: 'postgres' });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function createMysqlFixture(statements: string[]): Promise<Fixture> {
  const name = fixtureName();
  const conn = await mysql.createConnection({ ...MYSQL_ADMIN, timezone: 'Z' });
  await conn.query(`CREATE DATABASE ${name}`);
  await conn.query(`USE ${name}`);
  await conn.query(`SET time_zone = '+00:00'`);
  for (const statement of statements) await conn.query(statement);
  return {
    name,
    query: async (sql) => {
      const [rows] = await conn.query({ sql, rowsAsArray: true });
      return rows as unknown[];
    },
    async drop() {
      await conn.query(`DROP DATABASE IF EXISTS ${name}`);
      await conn.end();
    },
  };
}
