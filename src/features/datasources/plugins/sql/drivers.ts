// The SQL drivers (pg, mysql2) are imported at a data source's first query, not at start-up:
// loading them cost a large share of the start-up time, and most servers never query SQL.
import type { DataSourceSettings } from '../types.js';
import type { SqlResult } from './result.js';

interface Driver {
  run(ds: DataSourceSettings, sql: string, signal: AbortSignal): Promise<SqlResult>;
  closeAll(): Promise<void>;
  drop(uid: string): Promise<void>;
}

let postgres: Promise<Driver> | undefined;
let mysql: Promise<Driver> | undefined;

const postgresDriver = () =>
  (postgres ??= import('./postgres-driver.js').then(
    ({ runPostgres, closePostgresPools, dropPostgresPool }) => ({
      run: runPostgres,
      closeAll: closePostgresPools,
      drop: dropPostgresPool,
    }),
  ));

const mysqlDriver = () =>
  (mysql ??= import('./mysql-driver.js').then(({ runMysql, closeMysqlPools, dropMysqlPool }) => ({
    run: runMysql,
    closeAll: closeMysqlPools,
    drop: dropMysqlPool,
  })));

export async function runPostgres(
  ds: DataSourceSettings,
  sql: string,
  signal: AbortSignal,
): Promise<SqlResult> {
  return (await postgresDriver()).run(ds, sql, signal);
}

export async function runMysql(ds: DataSourceSettings, sql: string, signal: AbortSignal): Promise<SqlResult> {
  return (await mysqlDriver()).run(ds, sql, signal);
}

/** Closes the connection pools of every SQL data source (none when no driver was loaded). */
export async function closeSqlPools(): Promise<void> {
  for (const driver of [postgres, mysql]) if (driver) await (await driver).closeAll();
}

/** Closes one data source's pools, e.g. after it was deleted or its settings changed. */
export async function dropSqlPools(uid: string): Promise<void> {
  for (const driver of [postgres, mysql]) if (driver) await (await driver).drop(uid);
}
