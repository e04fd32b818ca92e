import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import {
  Kysely,
  MysqlDialect,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type KyselyPlugin,
  type SqliteDatabase,
  type Dialect,
} from 'kysely';
import type { DatabaseConfig } from '../config/config.js';
import type { RetryListener } from './retry.js';
import { withRetryingDriver } from './retrying-driver.js';
import { createWalSync, type WalSync } from './sqlite-wal-sync.js';

const DEFAULT_PORT = { postgres: 5432, mysql: 3306 } as const;
const CONNECT_TIMEOUT_MS = 5_000;

interface Endpoint {
  host: string;
  port: number;
  name: string;
  user: string;
  password: string;
}

/**
 * Builds the Kysely dialect for `[database] type`, with the pool settings applied. The pg and
 * mysql2 drivers are imported when Kysely first asks for the pool: a server on SQLite never loads
 * them (they were a large share of its start-up time).
 */
function createDialect(
  config: DatabaseConfig,
  onPoolError: (err: Error) => void,
  walSync: WalSync | undefined,
): Dialect {
  if (config.type === 'sqlite3') {
    return new SerialMigrationsSqliteDialect({
      database: withStatementCache(openSqlite(config, walSync !== undefined), walSync),
    });
  }
  const endpoint = resolveEndpoint(config);
  const max = config.maxOpenConn || 10;
  if (config.type === 'postgres') {
    return new PostgresDialect({ pool: () => createPostgresPool(config, endpoint, max, onPoolError) });
  }
  return new MysqlDialect({ pool: () => createMysqlPool(config, endpoint, max, onPoolError) });
}

async function createPostgresPool(
  config: DatabaseConfig,
  endpoint: Endpoint,
  max: number,
  onPoolError: (err: Error) => void,
) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    ...endpoint,
    database: endpoint.name,
    max,
    idleTimeoutMillis: 30_000,
    maxLifetimeSeconds: config.connMaxLifetimeSeconds,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: config.queryTimeoutMs || undefined,
    ssl: tlsOptions(config) ?? false,
    types: { getTypeParser: postgresTypeParser(pg.types) },
  });
  // A broken connection (database restart, network cut) must not crash the process: the pool
  // listens on idle ones; one checked out by a query (a background job at start) needs its own.
  pool.on('error', onPoolError);
  pool.on('connect', (client) => client.on('error', onPoolError));
  return pool;
}

async function createMysqlPool(
  config: DatabaseConfig,
  endpoint: Endpoint,
  max: number,
  onPoolError: (err: Error) => void,
) {
  const { createPool } = await import('mysql2');
  const pool = createPool({
    host: endpoint.host,
    port: endpoint.port,
    user: endpoint.user,
    password: endpoint.password,
    database: endpoint.name,
    connectionLimit: max,
    maxIdle: Math.min(config.maxIdleConn, max),
    idleTimeout: config.connMaxLifetimeSeconds * 1000,
    connectTimeout: CONNECT_TIMEOUT_MS,
    ssl: tlsOptions(config),
    timezone: 'Z',
    charset: 'utf8mb4',
    supportBigNumbers: true,
  });
  pool.on('connection', (connection) => {
    connection.on('error', onPoolError);
    // PostgreSQL's default, and what every unit of work is written for: each statement sees what
    // committed before it, and InnoDB takes no gap locks, which REPEATABLE READ uses to deadlock
    // concurrent inserts into one index range.
    connection.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
  });
  return pool;
}

/**
 * Kysely assumes one process per SQLite file: its SQLite adapter runs the steps outside a
 * transaction and its "lock" is an autocommitted row update that excludes nobody. SQLite's DDL is
 * transactional, so every pending step runs in one transaction instead: of processes starting at
 * the same moment, one commits; the others fail on SQLite's write lock, roll back whole, and on
 * their next attempt (migrateToLatest) find the steps applied. Nothing is half-applied or twice.
 */
class SerialMigrationsSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class SerialMigrationsSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new SerialMigrationsSqliteAdapter();
  }
}

/** `walSynced`: the driver fsyncs the log after each write (store/sqlite-wal-sync.ts). */
function openSqlite(config: DatabaseConfig, walSynced: boolean): SQLite.Database {
  mkdirSync(dirname(config.path), { recursive: true });
  const database = new SQLite(config.path, { timeout: config.busyTimeoutMs });
  database.pragma('journal_mode = WAL');
  database.pragma(`synchronous = ${walSynced ? 'NORMAL' : config.sqliteSynchronous.toUpperCase()}`);
  database.pragma('foreign_keys = ON');
  database.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
  return database;
}

/**
 * SQLite's page cache for the one connection, in KiB. better-sqlite3 builds SQLite with 16 MB,
 * which a server with 100 000 dashboards filled and kept (a twelfth of its resident memory). The
 * hot reads are answered above SQLite (title index, row and permission caches), and what misses
 * this cache is read from the operating system's file cache.
 */
const SQLITE_PAGE_CACHE_KIB = 4_000;

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and SQLite's prepare costs more than running a simple indexed
 * lookup. Statements are reusable, so the compiled SQL text is the cache key. Queries are never
 * streamed here, so one statement is never busy twice at once.
 */
function withStatementCache(database: SQLite.Database, walSync: WalSync | undefined): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => {
      database.close();
      void walSync?.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

// BIGINT (times in ms, ids) must come back as numbers, not strings.
const BIGINT_OID = 20;
const NUMERIC_OID = 1700;
function postgresTypeParser(types: typeof import('pg').types) {
  return (oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) => {
    if (oid === BIGINT_OID || oid === NUMERIC_OID) return Number;
    return types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  };
}

function resolveEndpoint(config: DatabaseConfig): Endpoint {
  const type = config.type as 'postgres' | 'mysql';
  if (config.url) {
    const url = new URL(config.url);
    return {
      host: url.hostname,
      port: Number(url.port) || DEFAULT_PORT[type],
      name: decodeURIComponent(url.pathname.replace(/^\//, '')) || config.name,
      user: decodeURIComponent(url.username) || config.user,
      password: decodeURIComponent(url.password) || config.password,
    };
  }
  const [host, port] = splitHostPort(config.host);
  return {
    host: host || '127.0.0.1',
    port: port ?? DEFAULT_PORT[type],
    name: config.name,
    user: config.user,
    password: config.password,
  };
}

function splitHostPort(value: string): [string, number | undefined] {
  const match = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(value.trim());
  if (!match) return [value, undefined];
  return [match[1] ?? '', match[2] ? Number(match[2]) : undefined];
}

/** TLS options from `ssl_mode`: none, encrypted without verification, or verified (optionally with our CA). */
function tlsOptions(config: DatabaseConfig): { rejectUnauthorized: boolean; ca?: Buffer } | undefined {
  if (config.sslMode === 'disable') return undefined;
  if (config.sslMode === 'require') return { rejectUnauthorized: false };
  return { rejectUnauthorized: true, ca: config.caCertPath ? readFileSync(config.caCertPath) : undefined };
}

export function createKysely<T>(
  config: DatabaseConfig,
  onPoolError: (err: Error) => void,
  plugins: KyselyPlugin[] = [],
  onRetry: RetryListener = () => {},
): Kysely<T> {
  const begin = config.type === 'sqlite3' ? 'begin immediate' : undefined;
  // An in-memory database has no log to sync.
  const walSync =
    config.type === 'sqlite3' && config.sqliteSynchronous === 'full' && config.path !== ':memory:'
      ? createWalSync(config.path)
      : undefined;
  const dialect = withRetryingDriver(
    createDialect(config, onPoolError, walSync),
    onRetry,
    begin,
    walSync && (() => walSync.sync()),
  );
  return new Kysely<T>({ dialect, plugins });
}
