import pg from 'pg';
import type { ConnectionOptions } from 'node:tls';
import { DeadlineError, raceSignal } from '../deadline.js';
import { describeError } from '../errors.js';
import type { DataSourceSettings } from '../types.js';
import { PoolCache } from './pool-cache.js';
import { SqlError, type ColumnKind, type SqlColumn, type SqlResult } from './result.js';
import { readConnectionSettings, readTlsMaterial, type SqlConnectionSettings } from './settings.js';

/** Bounds the TCP + startup handshake of a pooled connection, whatever the caller's timeout. */
const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_CONNECTION_MS = 30_000;

const pools = new PoolCache<pg.Pool>((pool) => pool.end());

/** Closes every PostgreSQL pool (shutdown, tests). */
export function closePostgresPools(): Promise<void> {
  return pools.closeAll();
}

/** Closes the pool of one data source, e.g. when it is deleted. */
export function dropPostgresPool(uid: string): Promise<void> {
  return pools.drop(uid);
}

/** OIDs of the built-in types whose values become something other than strings. */
const KIND_BY_OID = new Map<number, ColumnKind>([
  [16, 'bool'],
  [20, 'int'],
  [21, 'int'],
  [23, 'int'],
  [26, 'int'],
  [700, 'float'],
  [701, 'float'],
  [1700, 'float'],
  [1082, 'time'],
  [1114, 'time'],
  [1184, 'time'],
  [114, 'json'],
  [3802, 'json'],
]);

/**
 * Values as frames want them: 64-bit integers and numerics as numbers (JSON cannot carry more
 * anyway), timestamps as epoch ms. `timestamp without time zone` is read as UTC, like Grafana's
 * Go driver, not in the server machine's zone.
 */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    switch (oid) {
      case 20:
      case 1700:
        return (text: string) => Number(text);
      case 1114:
        return (text: string) => parseUtc(text);
      case 1082:
        return (text: string) => parseUtc(`${text} 00:00:00`);
      case 1184: {
        const parse = pg.types.getTypeParser(1184) as (text: string) => Date;
        return (text: string) => dateToMs(parse(text));
      }
      default:
        return pg.types.getTypeParser(oid, format as 'text') as (text: string) => unknown;
    }
  }) as pg.CustomTypesConfig['getTypeParser'],
};

function parseUtc(text: string): number | null {
  if (text === 'infinity' || text === '-infinity') return null;
  const ms = Date.parse(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : ms;
}

function dateToMs(date: Date): number | null {
  const ms = date.getTime();
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Grafana compat: an unset sslmode means verify-full, so a plain-text server needs "disable"
 * spelled out. allow/prefer (no TLS negotiation in node-pg) connect without TLS.
 */
function sslMode(ds: DataSourceSettings): string {
  const configured = ds.jsonData.sslmode;
  return typeof configured === 'string' && configured !== '' ? configured.toLowerCase() : 'verify-full';
}

async function sslOptions(ds: DataSourceSettings): Promise<false | ConnectionOptions> {
  const mode = sslMode(ds);
  if (mode === 'disable' || mode === 'allow' || mode === 'prefer') return false;
  const tls = await readTlsMaterial(ds);
  const options: ConnectionOptions = { ...tls };
  if (mode === 'require') options.rejectUnauthorized = false;
  // verify-ca checks the chain but not the host name
  else if (mode === 'verify-ca') options.checkServerIdentity = () => undefined;
  return options;
}

function createPool(settings: SqlConnectionSettings, ssl: false | ConnectionOptions): pg.Pool {
  const pool = new pg.Pool({
    host: settings.socketPath ?? settings.host,
    port: settings.port,
    user: settings.user,
    password: settings.password,
    database: settings.database || undefined,
    ssl,
    max: settings.maxConnections,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'svc',
    types: typeParsers,
  });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

async function getPool(ds: DataSourceSettings): Promise<{ pool: pg.Pool; settings: SqlConnectionSettings }> {
  const settings = readConnectionSettings(ds, 5432);
  if (typeof settings === 'string') throw new SqlError(settings, false);
  const sslmode = ds.jsonData.sslmode;
  const tlsKey = [
    sslmode,
    ds.jsonData.tlsConfigurationMethod,
    ds.secureJsonData.tlsCACert,
    ds.jsonData.sslRootCertFile,
  ];
  const pool = await pools.get(ds.uid, { settings, tlsKey }, async () =>
    createPool(settings, await sslOptions(ds)),
  );
  return { pool, settings };
}

/**
 * Runs `sql` on the data source's pool. When `signal` fires first the statement is cancelled on
 * the server (pg_cancel_backend from a side connection) and the connection discarded, so a
 * runaway query neither holds the caller nor a pool slot. Throws SqlError or DeadlineError.
 */
export async function runPostgres(
  ds: DataSourceSettings,
  sql: string,
  signal: AbortSignal,
): Promise<SqlResult> {
  const { pool, settings } = await getPool(ds);
  let client: pg.PoolClient;
  try {
    client = await raceSignal(pool.connect(), signal, { onLate: (late) => late.release() });
  } catch (error) {
    const failure = toSqlError(error, `Could not connect to ${where(settings)}: `);
    if (/does not support SSL/.test(failure.message)) {
      failure.message += `; sslmode is "${sslMode(ds)}", use "disable" for a server without TLS`;
    }
    throw failure;
  }
  let released = false;
  const pid = (client as unknown as { processID?: number }).processID;
  try {
    const result = await raceSignal(client.query({ text: sql, rowMode: 'array' }), signal, {
      onAbort: () => {
        released = true;
        client.release(new Error('query cancelled'));
        if (pid !== undefined) void cancelBackend(settings, ds, pid);
      },
    });
    return normalize(result);
  } catch (error) {
    throw toSqlError(error, '');
  } finally {
    if (!released) client.release();
  }
}

function where(settings: SqlConnectionSettings): string {
  return settings.socketPath ?? `${settings.host}:${settings.port}`;
}

async function cancelBackend(
  settings: SqlConnectionSettings,
  ds: DataSourceSettings,
  pid: number,
): Promise<void> {
  const client = new pg.Client({
    host: settings.socketPath ?? settings.host,
    port: settings.port,
    user: settings.user,
    password: settings.password,
    database: settings.database || undefined,
    ssl: await sslOptions(ds).catch(() => false as const),
    connectionTimeoutMillis: 5_000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT pg_cancel_backend($1)', [pid]);
  } catch {
    // Best effort: the discarded connection ends the statement at the latest when it finishes.
  } finally {
    await client.end().catch(() => undefined);
  }
}

function normalize(result: pg.QueryArrayResult | pg.QueryArrayResult[]): SqlResult {
  // Several statements give several results; the last one that returns rows is the answer.
  const results = Array.isArray(result) ? result : [result];
  const chosen = [...results].reverse().find((r) => r.fields.length > 0) ?? results[results.length - 1];
  if (!chosen) return { columns: [], rows: [] };
  const columns: SqlColumn[] = chosen.fields.map((field) => ({
    name: field.name,
    kind: KIND_BY_OID.get(field.dataTypeID) ?? 'string',
    dbType: `oid ${field.dataTypeID}`,
  }));
  const rows = chosen.rows.map((row: unknown[]) =>
    row.map((value, index): unknown => (columns[index]!.kind === 'string' ? stringify(value) : value)),
  );
  return { columns, rows };
}

/** Types without a parser above arrive as text, arrays as JS arrays: both become strings. */
function stringify(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return JSON.stringify(value);
}

/** Server errors keep the server's words; transport errors get `prefix` (where we tried). */
function toSqlError(error: unknown, prefix: string): Error {
  if (error instanceof SqlError || error instanceof DeadlineError) return error;
  if (error instanceof pg.DatabaseError) return new SqlError(error.message, true);
  return new SqlError(prefix + describeError(error), false);
}
