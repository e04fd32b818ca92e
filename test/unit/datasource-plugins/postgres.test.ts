import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDataSourceHealth,
  closeAllPools,
  queryDataSource,
  type DataQuery,
  type DataSourceSettings,
} from '../../../src/features/datasources/plugins/index.js';
import { freePort } from '../../helpers/prometheus.js';
import { startSilentServer, timed } from '../../helpers/peers/datasource-peers.js';
import { createPostgresFixture, type Fixture } from './sql-fixtures.js';

// 2024-01-15T10:00:00Z = 1705312800 s (2024-01-01 is 1704067200, + 14 d + 10 h)
const T0 = 1_705_312_800_000;
const MIN = 60_000;
/** 10:00 .. 10:05 */
const range = { from: T0, to: T0 + 5 * MIN };

let fixture: Fixture;

beforeAll(async () => {
  fixture = await createPostgresFixture([
    'CREATE TABLE metrics (ts timestamptz NOT NULL, host text NOT NULL, cpu double precision, mem bigint)',
    `INSERT INTO metrics VALUES
      ('2024-01-15T10:00:00Z', 'a', 1.5, 100),
      ('2024-01-15T10:01:00Z', 'a', 2.5, 110),
      ('2024-01-15T10:02:00Z', 'a', 3.5, 120),
      ('2024-01-15T10:00:30Z', 'b', 10, 200),
      ('2024-01-15T10:02:30Z', 'b', 30, 300),
      ('2024-01-15T11:00:00Z', 'a', 99, 999)`,
    `CREATE TABLE events (id int, at timestamp, day date, name varchar(20), ok boolean, price numeric(10,2),
      big bigint, doc jsonb)`,
    `INSERT INTO events VALUES
      (1, '2024-01-15 10:00:00.25', '2024-01-15', 'first', true, 12.34, 9007199254740991, '{"k": [1, 2]}'),
      (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
  ]);
});

afterAll(async () => {
  await closeAllPools();
  await fixture?.drop();
});

function pgDs(overrides: Partial<DataSourceSettings> = {}): DataSourceSettings {
  return {
    uid: `pg-${fixture.name}`,
    type: 'grafana-postgresql-datasource',
    name: 'PG',
    url: '127.0.0.1:5432',
    user: 'postgres',
    jsonData: { database: fixture.name, sslmode: 'disable' },
    secureJsonData: {},
    ...overrides,
  };
}

function sql(rawSql: string, format: 'table' | 'time_series', refId = 'A'): DataQuery {
  return { refId, rawSql, format, intervalMs: 60_000, maxDataPoints: 100 };
}

describe('PostgreSQL health', () => {
  it('is OK with working credentials, under both type ids', async () => {
    const ok = { status: 'OK', message: 'Database Connection OK' };
    expect(await checkDataSourceHealth(pgDs())).toEqual(ok);
    expect(await checkDataSourceHealth(pgDs({ type: 'postgres', uid: 'pg-legacy-type' }))).toEqual(ok);
  });

  it('names a missing role or database', async () => {
    expect(await checkDataSourceHealth(pgDs({ uid: 'pg-no-role', user: 'nobody_here' }))).toEqual({
      status: 'ERROR',
      message: 'role "nobody_here" does not exist',
    });
    expect(
      await checkDataSourceHealth(
        pgDs({ uid: 'pg-no-db', jsonData: { database: 'svc_no_such_db', sslmode: 'disable' } }),
      ),
    ).toEqual({ status: 'ERROR', message: 'database "svc_no_such_db" does not exist' });
  });

  it('reads the legacy top-level database when jsonData has none', async () => {
    const ds = pgDs({ uid: 'pg-legacy-db', database: fixture.name, jsonData: { sslmode: 'disable' } });
    const results = await queryDataSource(ds, [sql('SELECT current_database() AS db', 'table')], range);
    expect(results.A!.frames[0]!.data.values).toEqual([[fixture.name]]);
  });

  it('defaults to sslmode verify-full like Grafana, which a plain-text server refuses', async () => {
    expect(
      await checkDataSourceHealth(pgDs({ uid: 'pg-ssl', jsonData: { database: fixture.name } })),
    ).toEqual({
      status: 'ERROR',
      message:
        'Could not connect to 127.0.0.1:5432: The server does not support SSL connections; sslmode is "verify-full", use "disable" for a server without TLS',
    });
  });

  it('answers ERROR at once when nothing listens', async () => {
    const port = await freePort();
    const { result, ms } = await timed(() =>
      checkDataSourceHealth(pgDs({ uid: 'pg-refused', url: `127.0.0.1:${port}` })),
    );
    expect(result).toEqual({
      status: 'ERROR',
      message: `Could not connect to 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
    });
    expect(ms).toBeLessThan(2_000);
  });

  it('answers ERROR within the timeout when the server never answers', async () => {
    const silent = await startSilentServer();
    try {
      const { result, ms } = await timed(() =>
        checkDataSourceHealth(pgDs({ uid: 'pg-silent', url: `127.0.0.1:${silent.port}` }), {
          timeoutMs: 1_000,
        }),
      );
      expect(result).toEqual({
        status: 'ERROR',
        message: 'The database did not answer: health check timed out after 1 s',
      });
      expect(ms).toBeGreaterThanOrEqual(950);
      expect(ms).toBeLessThan(2_500);
    } finally {
      await silent.close();
    }
  });

  it('rejects a malformed host', async () => {
    expect(await checkDataSourceHealth(pgDs({ uid: 'pg-bad-url', url: 'db:port' }))).toEqual({
      status: 'ERROR',
      message: 'The data source host "db:port" is not of the form host:port',
    });
  });
});

describe('PostgreSQL queries', () => {
  it('reuses pooled connections instead of reconnecting', async () => {
    const ds = pgDs({ uid: 'pg-pool' });
    const first = await queryDataSource(ds, [sql('SELECT pg_backend_pid() AS pid', 'table')], range);
    const second = await queryDataSource(ds, [sql('SELECT pg_backend_pid() AS pid', 'table')], range);
    expect(second.A!.frames[0]!.data.values).toEqual(first.A!.frames[0]!.data.values);
  });

  it('returns a table with typed fields', async () => {
    const results = await queryDataSource(
      pgDs(),
      [sql('SELECT id, at, day, name, ok, price, big, doc FROM events ORDER BY id', 'table')],
      range,
    );
    const frame = results.A!.frames[0]!;
    expect(frame.schema).toEqual({
      refId: 'A',
      meta: { executedQueryString: 'SELECT id, at, day, name, ok, price, big, doc FROM events ORDER BY id' },
      fields: [
        { name: 'id', type: 'number', typeInfo: { frame: 'int64', nullable: true } },
        { name: 'at', type: 'time', typeInfo: { frame: 'time.Time', nullable: true } },
        { name: 'day', type: 'time', typeInfo: { frame: 'time.Time', nullable: true } },
        { name: 'name', type: 'string', typeInfo: { frame: 'string', nullable: true } },
        { name: 'ok', type: 'boolean', typeInfo: { frame: 'bool', nullable: true } },
        { name: 'price', type: 'number', typeInfo: { frame: 'float64', nullable: true } },
        { name: 'big', type: 'number', typeInfo: { frame: 'int64', nullable: true } },
        { name: 'doc', type: 'other', typeInfo: { frame: 'json.RawMessage', nullable: true } },
      ],
    });
    expect(frame.data.values).toEqual([
      [1, 2],
      // timestamp without time zone is read as UTC
      [T0 + 250, null],
      [T0 - 10 * 60 * MIN, null],
      ['first', null],
      [true, null],
      [12.34, null],
      [9007199254740991, null],
      [{ k: [1, 2] }, null],
    ]);
  });

  it('turns a numeric column named time into epoch ms (seconds detected by magnitude)', async () => {
    const results = await queryDataSource(
      pgDs(),
      [sql('SELECT 1705312800 AS time, 1705312800123 AS "timeEnd", 7 AS v', 'table')],
      range,
    );
    const frame = results.A!.frames[0]!;
    expect(frame.schema.fields.map((f) => f.type)).toEqual(['time', 'time', 'number']);
    expect(frame.data.values).toEqual([[T0], [T0 + 123], [7]]);
  });

  it('splits a time series by its metric column, one wide frame', async () => {
    const rawSql =
      'SELECT $__timeGroupAlias(ts, 1m), host AS metric, avg(cpu) AS cpu FROM metrics WHERE $__timeFilter(ts) GROUP BY 1, 2 ORDER BY 1, 2';
    const results = await queryDataSource(pgDs(), [sql(rawSql, 'time_series')], range);
    const frame = results.A!.frames[0]!;
    expect(frame.schema).toEqual({
      refId: 'A',
      meta: {
        executedQueryString:
          'SELECT floor(extract(epoch from ts)/60)*60 AS "time", host AS metric, avg(cpu) AS cpu FROM metrics ' +
          "WHERE ts BETWEEN '2024-01-15T10:00:00Z' AND '2024-01-15T10:05:00Z' GROUP BY 1, 2 ORDER BY 1, 2",
        type: 'timeseries-wide',
      },
      fields: [
        { name: 'Time', type: 'time', typeInfo: { frame: 'time.Time', nullable: true } },
        { name: 'a', type: 'number', typeInfo: { frame: 'float64', nullable: true } },
        { name: 'b', type: 'number', typeInfo: { frame: 'float64', nullable: true } },
      ],
    });
    // b's 10:00:30 and 10:02:30 rows fall into the 10:00 and 10:02 buckets
    expect(frame.data.values).toEqual([
      [T0, T0 + MIN, T0 + 2 * MIN],
      [1.5, 2.5, 3.5],
      [10, null, 30],
    ]);
  });

  it('keeps text columns as labels when there are several value columns', async () => {
    const results = await queryDataSource(
      pgDs(),
      [
        sql(
          'SELECT ts AS time, host, cpu, mem FROM metrics WHERE $__timeFilter(ts) ORDER BY ts',
          'time_series',
        ),
      ],
      range,
    );
    const frame = results.A!.frames[0]!;
    expect(frame.schema.fields.map((f) => [f.name, f.labels])).toEqual([
      ['Time', undefined],
      ['cpu', { host: 'a' }],
      ['cpu', { host: 'b' }],
      ['mem', { host: 'a' }],
      ['mem', { host: 'b' }],
    ]);
    expect(frame.data.values).toEqual([
      [T0, T0 + MIN / 2, T0 + MIN, T0 + 2 * MIN, T0 + 2.5 * MIN],
      [1.5, null, 2.5, 3.5, null],
      [null, 10, null, null, 30],
      [100, null, 110, 120, null],
      [null, 200, null, null, 300],
    ]);
  });

  it.each([
    ['0', [1.5, 2.5, 3.5, 0, 0, 0]],
    ['previous', [1.5, 2.5, 3.5, 3.5, 3.5, 3.5]],
    ['NULL', [1.5, 2.5, 3.5, null, null, null]],
  ])('fills empty buckets up to the range end with fill %s', async (fill, expected) => {
    const rawSql = `SELECT $__timeGroupAlias(ts, 1m, ${fill}), avg(cpu) AS cpu FROM metrics WHERE host = 'a' AND $__timeFilter(ts) GROUP BY 1 ORDER BY 1`;
    const results = await queryDataSource(pgDs(), [sql(rawSql, 'time_series')], range);
    const frame = results.A!.frames[0]!;
    expect(frame.data.values).toEqual([[0, 1, 2, 3, 4, 5].map((m) => T0 + m * MIN), expected]);
  });

  it('needs a time column for time series', async () => {
    const results = await queryDataSource(pgDs(), [sql('SELECT 1 AS value', 'time_series')], range);
    expect(results.A).toEqual({
      status: 400,
      frames: [],
      error: 'Found no column named "time": time_series results need one',
    });
  });

  it('reports SQL and macro errors per query, as 400s', async () => {
    const results = await queryDataSource(
      pgDs(),
      [
        sql('SELECT * FROM nope', 'table'),
        sql('SELECT $__timeGroup(ts) FROM metrics', 'table', 'B'),
        sql('SELECT 1 AS one', 'table', 'C'),
      ],
      range,
    );
    expect(results.A).toEqual({ status: 400, frames: [], error: 'relation "nope" does not exist' });
    expect(results.B).toEqual({
      status: 400,
      frames: [],
      error: 'macro __timeGroup needs time column and interval and optional fill value',
    });
    expect(results.C!.frames[0]!.data.values).toEqual([[1]]);
  });

  it('answers an empty rawSql with no frames', async () => {
    expect(await queryDataSource(pgDs(), [sql('  ', 'table')], range)).toEqual({
      A: { status: 200, frames: [] },
    });
  });

  it('cancels a slow statement on the server when the timeout hits', async () => {
    const ds = pgDs({ uid: 'pg-slow' });
    const { result, ms } = await timed(() =>
      queryDataSource(ds, [sql('SELECT pg_sleep(20) AS slept', 'table')], range, { timeoutMs: 1_000 }),
    );
    expect(result).toEqual({
      A: { status: 500, frames: [], error: 'Query timed out after 1 s; it was cancelled' },
    });
    expect(ms).toBeLessThan(2_500);
    // the statement does not keep running on the server
    let running: unknown[] = [];
    for (let i = 0; i < 20; i++) {
      running = await fixture.query(
        "SELECT pid FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(20) AS slept' AND state = 'active'",
      );
      if (running.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(running).toEqual([]);
    // and the pool still works afterwards
    const after = await queryDataSource(ds, [sql('SELECT 2 AS two', 'table')], range);
    expect(after.A!.frames[0]!.data.values).toEqual([[2]]);
  });
});
