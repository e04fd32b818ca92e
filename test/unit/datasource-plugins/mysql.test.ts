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
import { createMysqlFixture, type Fixture } from './sql-fixtures.js';

// 2024-01-15T10:00:00Z = 1705312800 s (2024-01-01 is 1704067200, + 14 d + 10 h)
const T0 = 1_705_312_800_000;
const MIN = 60_000;
/** 10:00 .. 10:05 */
const range = { from: T0, to: T0 + 5 * MIN };

let fixture: Fixture;

beforeAll(async () => {
  fixture = await createMysqlFixture([
    'CREATE TABLE metrics (ts DATETIME(3) NOT NULL, host VARCHAR(10) NOT NULL, cpu DOUBLE, mem BIGINT)',
    `INSERT INTO metrics VALUES
      ('2024-01-15 10:00:00', 'a', 1.5, 100),
      ('2024-01-15 10:01:00', 'a', 2.5, 110),
      ('2024-01-15 10:02:00', 'a', 3.5, 120),
      ('2024-01-15 10:00:30', 'b', 10, 200),
      ('2024-01-15 10:02:30', 'b', 30, 300),
      ('2024-01-15 11:00:00', 'a', 99, 999)`,
    `CREATE TABLE events (id INT, at DATETIME(3), day DATE, name VARCHAR(20), price DECIMAL(10,2), flag TINYINT,
      body TEXT, doc JSON)`,
    `INSERT INTO events VALUES
      (1, '2024-01-15 10:00:00.250', '2024-01-15', 'first', 12.34, 1, 'text', '{"k": [1, 2]}'),
      (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
  ]);
});

afterAll(async () => {
  await closeAllPools();
  await fixture?.drop();
});

function myDs(overrides: Partial<DataSourceSettings> = {}): DataSourceSettings {
  return {
    uid: `my-${fixture.name}`,
    type: 'mysql',
    name: 'MySQL',
    url: '127.0.0.1:3306',
    user: 'root',
    jsonData: { database: fixture.name },
    secureJsonData: {},
    ...overrides,
  };
}

function sql(rawSql: string, format: 'table' | 'time_series', refId = 'A'): DataQuery {
  return { refId, rawSql, format, intervalMs: 60_000, maxDataPoints: 100 };
}

describe('MySQL health', () => {
  it('is OK with working credentials', async () => {
    expect(await checkDataSourceHealth(myDs())).toEqual({ status: 'OK', message: 'Database Connection OK' });
  });

  it('names a wrong password and a missing database', async () => {
    const wrong = await checkDataSourceHealth(
      myDs({ uid: 'my-wrong', secureJsonData: { password: 'not-it' } }),
    );
    expect(wrong.status).toBe('ERROR');
    expect(wrong.message).toMatch(
      /^Access denied for user 'root'@'(localhost|127\.0\.0\.1)' \(using password: YES\)$/,
    );
    expect(
      await checkDataSourceHealth(myDs({ uid: 'my-no-db', jsonData: { database: 'svc_no_such_db' } })),
    ).toEqual({
      status: 'ERROR',
      message: "Unknown database 'svc_no_such_db'",
    });
  });

  it('answers ERROR at once when nothing listens', async () => {
    const port = await freePort();
    const { result, ms } = await timed(() =>
      checkDataSourceHealth(myDs({ uid: 'my-refused', url: `127.0.0.1:${port}` })),
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
        checkDataSourceHealth(myDs({ uid: 'my-silent', url: `127.0.0.1:${silent.port}` }), {
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
});

describe('MySQL queries', () => {
  it('reuses pooled connections instead of reconnecting', async () => {
    const ds = myDs({ uid: 'my-pool' });
    const first = await queryDataSource(ds, [sql('SELECT CONNECTION_ID() AS id', 'table')], range);
    const second = await queryDataSource(ds, [sql('SELECT CONNECTION_ID() AS id', 'table')], range);
    expect(second.A!.frames[0]!.data.values).toEqual(first.A!.frames[0]!.data.values);
  });

  it('returns a table with typed fields, DATETIME read as UTC', async () => {
    const results = await queryDataSource(
      myDs(),
      [sql('SELECT id, at, day, name, price, flag, body, doc FROM events ORDER BY id', 'table')],
      range,
    );
    const frame = results.A!.frames[0]!;
    expect(frame.schema.fields.map((f) => [f.name, f.type, f.typeInfo?.frame])).toEqual([
      ['id', 'number', 'int64'],
      ['at', 'time', 'time.Time'],
      ['day', 'time', 'time.Time'],
      ['name', 'string', 'string'],
      ['price', 'number', 'float64'],
      ['flag', 'number', 'int64'],
      ['body', 'string', 'string'],
      // MariaDB's JSON is LONGTEXT underneath, recognised by its parsed values
      ['doc', 'other', 'json.RawMessage'],
    ]);
    expect(frame.data.values).toEqual([
      [1, 2],
      [T0 + 250, null],
      [T0 - 10 * 60 * MIN, null],
      ['first', null],
      [12.34, null],
      [1, null],
      ['text', null],
      [{ k: [1, 2] }, null],
    ]);
  });

  it('splits a time series by its metric column, one wide frame', async () => {
    const rawSql =
      'SELECT $__timeGroupAlias(ts, 1m), host AS metric, avg(cpu) AS cpu FROM metrics WHERE $__timeFilter(ts) GROUP BY 1, 2 ORDER BY 1, 2';
    const results = await queryDataSource(myDs(), [sql(rawSql, 'time_series')], range);
    const frame = results.A!.frames[0]!;
    expect(frame.schema.meta).toEqual({
      executedQueryString:
        'SELECT UNIX_TIMESTAMP(ts) DIV 60 * 60 AS "time", host AS metric, avg(cpu) AS cpu FROM metrics ' +
        'WHERE ts BETWEEN FROM_UNIXTIME(1705312800) AND FROM_UNIXTIME(1705313100) GROUP BY 1, 2 ORDER BY 1, 2',
      type: 'timeseries-wide',
    });
    expect(frame.schema.fields.map((f) => f.name)).toEqual(['Time', 'a', 'b']);
    expect(frame.data.values).toEqual([
      [T0, T0 + MIN, T0 + 2 * MIN],
      [1.5, 2.5, 3.5],
      [10, null, 30],
    ]);
  });

  it('accepts time_sec as the time column ($__time)', async () => {
    const results = await queryDataSource(
      myDs(),
      [
        sql(
          "SELECT $__time(ts), cpu FROM metrics WHERE host = 'b' AND $__timeFilter(ts) ORDER BY ts",
          'time_series',
        ),
      ],
      range,
    );
    const frame = results.A!.frames[0]!;
    expect(frame.schema.fields.map((f) => f.name)).toEqual(['Time', 'cpu']);
    expect(frame.data.values).toEqual([
      [T0 + MIN / 2, T0 + 2.5 * MIN],
      [10, 30],
    ]);
  });

  it.each([
    ['0', [1.5, 2.5, 3.5, 0, 0, 0]],
    ['previous', [1.5, 2.5, 3.5, 3.5, 3.5, 3.5]],
  ])('fills empty buckets with fill %s', async (fill, expected) => {
    const rawSql = `SELECT $__timeGroupAlias(ts, 1m, ${fill}), avg(cpu) AS cpu FROM metrics WHERE host = 'a' AND $__timeFilter(ts) GROUP BY 1 ORDER BY 1`;
    const results = await queryDataSource(myDs(), [sql(rawSql, 'time_series')], range);
    expect(results.A!.frames[0]!.data.values).toEqual([
      [0, 1, 2, 3, 4, 5].map((m) => T0 + m * MIN),
      expected,
    ]);
  });

  it('reports SQL errors per query as 400s', async () => {
    const results = await queryDataSource(myDs(), [sql('SELECT * FROM nope', 'table')], range);
    expect(results.A).toEqual({
      status: 400,
      frames: [],
      error: `Table '${fixture.name}.nope' doesn't exist`,
    });
  });

  it('kills a slow statement on the server when the timeout hits', async () => {
    const ds = myDs({ uid: 'my-slow' });
    const { result, ms } = await timed(() =>
      queryDataSource(ds, [sql('SELECT SLEEP(20) AS slept', 'table')], range, { timeoutMs: 1_000 }),
    );
    expect(result).toEqual({
      A: { status: 500, frames: [], error: 'Query timed out after 1 s; it was cancelled' },
    });
    expect(ms).toBeLessThan(2_500);
    let running: unknown[] = [];
    for (let i = 0; i < 20; i++) {
      running = await fixture.query(
        "SELECT id FROM information_schema.processlist WHERE info = 'SELECT SLEEP(20) AS slept'",
      );
      if (running.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(running).toEqual([]);
    const after = await queryDataSource(ds, [sql('SELECT 2 AS two', 'table')], range);
    expect(after.A!.frames[0]!.data.values).toEqual([[2]]);
  });
});
