import mysql from 'mysql2';
import type { FieldPacket, Pool as PromisePool, PoolConnection } from 'mysql2/promise';
import { DeadlineError, raceSignal } from '../deadline.js';
import { describeError } from '../errors.js';
import type { DataSourceSettings } from '../types.js';
import { PoolCache } from './pool-cache.js';
import { SqlError, type ColumnKind, type SqlColumn, type SqlResult } from './result.js';
import { readConnectionSettings, readTlsMaterial, type SqlConnectionSettings } from './settings.js';

const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_CONNECTION_MS = 30_000;

const pools = new PoolCache<PromisePool>((pool) => pool.end());

/** Closes every MySQL pool (shutdown, tests). */
export function closeMysqlPools(): Promise<void> {
  return pools.closeAll();
}

/** Closes the pool of one data source, e.g. when it is deleted. */
export function dropMysqlPool(uid: string): Promise<void> {
  return pools.drop(uid);
}

/** MySQL protocol column type codes (mysql2's Types) by what frames make of them. */
const KIND_BY_TYPE = new Map<number, ColumnKind>([
  [0, 'float'], // DECIMAL
  [246, 'float'], // NEWDECIMAL
  [4, 'float'], // FLOAT
  [5, 'float'], // DOUBLE
  [1, 'int'], // TINY
  [2, 'int'], // SHORT
  [3, 'int'], // LONG
  [8, 'int'], // LONGLONG
  [9, 'int'], // INT24
  [13, 'int'], // YEAR
  [7, 'time'], // TIMESTAMP
  [10, 'time'], // DATE
  [12, 'time'], // DATETIME
  [14, 'time'], // NEWDATE
  [245, 'json'], // JSON
]);

interface Connection {
  settings: SqlConnectionSettings;
  options: mysql.PoolOptions;
}

async function connectionOptions(ds: DataSourceSettings): Promise<Connection> {
  const settings = readConnectionSettings(ds, 3306);
  if (typeof settings === 'string') throw new SqlError(settings, false);
  const options: mysql.PoolOptions = {
    host: settings.host,
    port: settings.port,
    socketPath: settings.socketPath,
    user: settings.user,
    password: settings.password,
    database: settings.database || undefined,
    connectionLimit: settings.maxConnections,
    maxIdle: settings.maxConnections,
    idleTimeout: IDLE_CONNECTION_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // DATETIME values carry no zone; like Grafana's driver (loc=UTC) they are read as UTC.
    timezone: 'Z',
    decimalNumbers: true,
    supportBigNumbers: true,
    dateStrings: false,
    multipleStatements: false,
  };
  if (
    ds.jsonData.tlsAuth === true ||
    ds.jsonData.tlsAuthWithCACert === true ||
    ds.jsonData.tlsSkipVerify === true
  ) {
    const tls = await readTlsMaterial(ds);
    const ssl: mysql.SslOptions = { ...tls };
    if (ds.jsonData.tlsSkipVerify === true) ssl.rejectUnauthorized = false;
    options.ssl = ssl;
  }
  return { settings, options };
}

/**
 * The session zone makes UNIX_TIMESTAMP()/FROM_UNIXTIME() in the macros agree with the UTC
 * reading of DATETIME values; jsonData.timezone (Grafana's "session timezone") overrides it.
 */
function sessionTimeZone(ds: DataSourceSettings): string {
  const zone = ds.jsonData.timezone;
  return typeof zone === 'string' && zone.trim() !== '' ? zone.trim() : '+00:00';
}

async function getPool(ds: DataSourceSettings): Promise<{ pool: PromisePool; connection: Connection }> {
  const connection = await connectionOptions(ds);
  const zone = sessionTimeZone(ds);
  const pool = await pools.get(ds.uid, { options: connection.options, zone }, () => {
    const core = mysql.createPool(connection.options);
    core.on('connection', (conn) => {
      // Idle connections dropped by the server must not crash the process.
      conn.on('error', () => undefined);
      conn.query('SET time_zone = ?', [zone], () => undefined);
    });
    return Promise.resolve(core.promise());
  });
  return { pool, connection };
}

/**
 * Runs `sql` on the data source's pool. When `signal` fires first the statement is killed on
 * the server (KILL QUERY from a side connection) and the connection discarded. Throws SqlError
 * or DeadlineError.
 */
export async function runMysql(ds: DataSourceSettings, sql: string, signal: AbortSignal): Promise<SqlResult> {
  const { pool, connection } = await getPool(ds);
  let conn: PoolConnection;
  try {
    conn = await raceSignal(pool.getConnection(), signal, { onLate: (late) => late.release() });
  } catch (error) {
    throw toSqlError(error, `Could not connect to ${where(connection.settings)}: `);
  }
  let released = false;
  const threadId = conn.threadId;
  try {
    const [rows, fields] = await raceSignal(conn.query({ sql, rowsAsArray: true }), signal, {
      onAbort: () => {
        released = true;
        conn.destroy();
        void killQuery(connection.options, threadId);
      },
    });
    return normalize(rows, fields);
  } catch (error) {
    throw toSqlError(error, '');
  } finally {
    if (!released) conn.release();
  }
}

function where(settings: SqlConnectionSettings): string {
  return settings.socketPath ?? `${settings.host}:${settings.port}`;
}

async function killQuery(options: mysql.PoolOptions, threadId: number): Promise<void> {
  const core = mysql.createConnection({ ...options, connectTimeout: 5_000 });
  core.on('error', () => undefined);
  const side = core.promise();
  try {
    await side.query('KILL QUERY ?', [threadId]);
  } catch {
    // Best effort: the destroyed connection ends the statement at the latest when it finishes.
  } finally {
    side.destroy();
  }
}

function normalize(rows: unknown, fields: FieldPacket[] | undefined): SqlResult {
  if (!Array.isArray(rows) || !fields) return { columns: [], rows: [] };
  const columns: SqlColumn[] = fields.map((field) => {
    const code = field.columnType ?? field.type ?? -1;
    return { name: field.name, kind: KIND_BY_TYPE.get(code) ?? 'string', dbType: `type ${code}` };
  });
  // MariaDB's JSON is LONGTEXT on the wire but mysql2 parses it (extended metadata): a text
  // column holding parsed objects is a JSON column.
  const rawRows = rows as unknown[][];
  columns.forEach((column, index) => {
    if (column.kind === 'string' && rawRows.some((row) => isParsedJson(row[index]))) column.kind = 'json';
  });
  const normalized = rawRows.map((row) =>
    row.map((value, index) => normalizeValue(value, columns[index]!.kind)),
  );
  return { columns, rows: normalized };
}

function isParsedJson(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Buffer.isBuffer(value) && !(value instanceof Date);
}

function normalizeValue(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'time': {
      const ms =
        value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isNaN(ms) ? null : ms;
    }
    case 'int':
    case 'float':
      return Number(value);
    case 'json':
      return value;
    default:
      if (Buffer.isBuffer(value)) return value.toString('utf8');
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

function toSqlError(error: unknown, prefix: string): Error {
  if (error instanceof SqlError || error instanceof DeadlineError) return error;
  const sqlState = (error as { sqlState?: unknown }).sqlState;
  if (error instanceof Error && typeof sqlState === 'string') return new SqlError(error.message, true);
  return new SqlError(prefix + describeError(error), false);
}
