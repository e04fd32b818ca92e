import { describe, expect, it } from 'vitest';
import { interpolateSql, MacroError } from '../../../src/features/datasources/plugins/sql/macros.js';
import { mysqlMacros } from '../../../src/features/datasources/plugins/sql/mysql-macros.js';
import { postgresMacros } from '../../../src/features/datasources/plugins/sql/postgres-macros.js';

// 2024-01-15T10:00:00.500Z .. 2024-01-15T11:30:00Z
// 2024-01-01T00:00:00Z is 1704067200 s; + 14 days (1209600) + 10 h (36000) = 1705312800
const range = { from: 1_705_312_800_500, to: 1_705_318_200_000 };
const context = { range, intervalMs: 90_000 };
const pg = postgresMacros({ timescaledb: false });
const timescale = postgresMacros({ timescaledb: true });

const expandPg = (sql: string) => interpolateSql(sql, pg, context).sql;
const expandMysql = (sql: string) => interpolateSql(sql, mysqlMacros, context).sql;

describe('SQL variables shared by both dialects', () => {
  it.each([
    ['$__interval', '1m'], // 90 s, truncated to whole minutes as Grafana's FormatInterval does
    ['$__interval_ms', '90000'],
    ['$__unixEpochFrom()', '1705312800'],
    ['$__unixEpochTo()', '1705318200'],
    ['x > $__interval_ms AND y = $__interval', 'x > 90000 AND y = 1m'],
  ])('%s -> %s', (sql, expected) => {
    expect(expandPg(sql)).toBe(expected);
    expect(expandMysql(sql)).toBe(expected);
  });
});

describe('PostgreSQL macros', () => {
  it.each([
    ['$__time(ts)', 'ts AS "time"'],
    ['$__timeEpoch(ts)', 'extract(epoch from ts) as "time"'],
    ['$__timeFilter(ts)', `ts BETWEEN '2024-01-15T10:00:00.5Z' AND '2024-01-15T11:30:00Z'`],
    ['$__timeFrom()', `'2024-01-15T10:00:00.5Z'`],
    ['$__timeTo()', `'2024-01-15T11:30:00Z'`],
    ['$__timeGroup(ts, 5m)', 'floor(extract(epoch from ts)/300)*300'],
    [`$__timeGroup(ts,'1h')`, 'floor(extract(epoch from ts)/3600)*3600'],
    ['$__timeGroup(ts, 500ms)', 'floor(extract(epoch from ts)/0.5)*0.5'],
    // Go prints floats of a million and more in exponent form
    ['$__timeGroup(ts, 14d)', 'floor(extract(epoch from ts)/1.2096e+06)*1.2096e+06'],
    ['$__timeGroupAlias(ts, 30s)', 'floor(extract(epoch from ts)/30)*30 AS "time"'],
    ['$__timeGroup(ts, $__interval)', 'floor(extract(epoch from ts)/60)*60'],
    ['$__unixEpochFilter(epoch)', 'epoch >= 1705312800 AND epoch <= 1705318200'],
    ['$__unixEpochNanoFilter(ns)', 'ns >= 1705312800500000000 AND ns <= 1705318200000000000'],
    ['$__unixEpochNanoFrom()', '1705312800500000000'],
    ['$__unixEpochNanoTo()', '1705318200000000000'],
    ['$__unixEpochGroup(epoch, 1m)', 'floor((epoch)/60)*60'],
    ['$__unixEpochGroupAlias(epoch, 1m)', 'floor((epoch)/60)*60 AS "time"'],
    [
      `$__timeFilter(date_trunc('day', ts))`,
      `date_trunc('day', ts) BETWEEN '2024-01-15T10:00:00.5Z' AND '2024-01-15T11:30:00Z'`,
    ],
    [
      `$__timeFilter("Weird, Name")`,
      `"Weird, Name" BETWEEN '2024-01-15T10:00:00.5Z' AND '2024-01-15T11:30:00Z'`,
    ],
  ])('%s -> %s', (sql, expected) => {
    expect(expandPg(sql)).toBe(expected);
  });

  it('uses time_bucket with TimescaleDB', () => {
    expect(interpolateSql('$__timeGroup(ts, 5m)', timescale, context).sql).toBe(`time_bucket('300s',ts)`);
  });

  it('expands every macro of a whole statement', () => {
    const sql =
      'SELECT $__timeGroupAlias(ts, 5m), avg(v) FROM t WHERE $__timeFilter(ts) AND $__unixEpochFilter(e) GROUP BY 1';
    expect(expandPg(sql)).toBe(
      'SELECT floor(extract(epoch from ts)/300)*300 AS "time", avg(v) FROM t WHERE ' +
        `ts BETWEEN '2024-01-15T10:00:00.5Z' AND '2024-01-15T11:30:00Z' AND e >= 1705312800 AND e <= 1705318200 GROUP BY 1`,
    );
  });
});

describe('MySQL macros', () => {
  it.each([
    ['$__time(ts)', 'UNIX_TIMESTAMP(ts) as time_sec'],
    ['$__timeEpoch(ts)', 'UNIX_TIMESTAMP(ts) as time_sec'],
    ['$__timeFilter(ts)', 'ts BETWEEN FROM_UNIXTIME(1705312800) AND FROM_UNIXTIME(1705318200)'],
    ['$__timeFrom()', 'FROM_UNIXTIME(1705312800)'],
    ['$__timeTo()', 'FROM_UNIXTIME(1705318200)'],
    ['$__timeGroup(ts, 5m)', 'UNIX_TIMESTAMP(ts) DIV 300 * 300'],
    ['$__timeGroupAlias(ts, 1h)', 'UNIX_TIMESTAMP(ts) DIV 3600 * 3600 AS "time"'],
    ['$__unixEpochFilter(epoch)', 'epoch >= 1705312800 AND epoch <= 1705318200'],
    ['$__unixEpochNanoFilter(ns)', 'ns >= 1705312800500000000 AND ns <= 1705318200000000000'],
    ['$__unixEpochGroup(epoch, 1m)', 'epoch DIV 60 * 60'],
    ['$__unixEpochGroupAlias(epoch, 1m)', 'epoch DIV 60 * 60 AS "time"'],
  ])('%s -> %s', (sql, expected) => {
    expect(expandMysql(sql)).toBe(expected);
  });
});

describe('fill modes and macro errors', () => {
  it.each([
    ['$__timeGroup(ts, 5m, NULL)', { mode: 'null', intervalMs: 300_000 }],
    ['$__timeGroup(ts, 5m, previous)', { mode: 'previous', intervalMs: 300_000 }],
    ['$__timeGroupAlias(ts, 1m, 0)', { mode: 'value', value: 0, intervalMs: 60_000 }],
    ['$__timeGroup(ts, 1m, -2.5)', { mode: 'value', value: -2.5, intervalMs: 60_000 }],
  ])('%s asks for fill %j', (sql, fill) => {
    expect(interpolateSql(sql, pg, context).fill).toEqual(fill);
    expect(interpolateSql(sql, mysqlMacros, context).fill).toEqual(fill);
  });

  it('asks for no fill without a third argument', () => {
    expect(interpolateSql('$__timeGroup(ts, 5m)', pg, context).fill).toBeUndefined();
  });

  it.each([
    ['$__timeFilter()', 'missing time column argument for macro __timeFilter'],
    ['$__timeGroup(ts)', 'macro __timeGroup needs time column and interval and optional fill value'],
    ['$__timeGroup(ts, fast)', 'error parsing interval fast'],
    ['$__timeGroup(ts, 5m, sometimes)', 'error parsing fill value sometimes'],
    ['$__nope(x)', 'undefined macro: $__nope'],
    ['$__timeFilter(ts', 'unclosed parenthesis in macro $__timeFilter'],
  ])('%s fails with "%s"', (sql, message) => {
    for (const dialect of [pg, mysqlMacros]) {
      expect(() => interpolateSql(sql, dialect, context)).toThrow(new MacroError(message));
    }
  });

  it('leaves template variables and other dollar signs alone', () => {
    expect(expandPg("SELECT '$5' AS price, $host FROM t")).toBe("SELECT '$5' AS price, $host FROM t");
  });
});
