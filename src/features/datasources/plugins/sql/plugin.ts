import { DeadlineError, startDeadline } from '../deadline.js';
import { describeError, failAll, queryError } from '../errors.js';
import { queryIntervalMs } from '../interval.js';
import type {
  CallOptions,
  DataQuery,
  DataSourcePlugin,
  DataSourceSettings,
  HealthResult,
  QueryResult,
  QueryResults,
  TimeRange,
} from '../types.js';
import { convertTimeColumns, tableFrame } from './frames.js';
import { interpolateSql, MacroError, type MacroExpander } from './macros.js';
import { SqlError, type SqlResult } from './result.js';
import { TimeSeriesError, timeSeriesFrame } from './timeseries.js';

interface SqlEngine {
  /** macros of this dialect, per data source (PostgreSQL's depend on jsonData.timescaledb) */
  macros(ds: DataSourceSettings): MacroExpander;
  /** column names that hold the time of a row */
  timeColumnNames: string[];
  /** runs one statement; throws SqlError or DeadlineError */
  run(ds: DataSourceSettings, sql: string, signal: AbortSignal): Promise<SqlResult>;
}

interface SqlPluginMeta {
  type: string;
  aliases?: string[];
  name: string;
  logoUrl: string;
}

/**
 * A SQL data source: health runs `SELECT 1`; queries run `rawSql` after Grafana's macros and
 * come back as a table or a wide time series frame. Every call is bounded by the deadline.
 */
export function createSqlPlugin(meta: SqlPluginMeta, engine: SqlEngine): DataSourcePlugin {
  return {
    ...meta,
    async checkHealth(ds: DataSourceSettings, opts: CallOptions): Promise<HealthResult> {
      const deadline = startDeadline(opts);
      try {
        await engine.run(ds, 'SELECT 1', deadline.signal);
        return { status: 'OK', message: 'Database Connection OK' };
      } catch (error) {
        if (error instanceof DeadlineError && error.kind === 'timeout') {
          return { status: 'ERROR', message: `The database did not answer: health check ${error.message}` };
        }
        return { status: 'ERROR', message: describeError(error) };
      } finally {
        deadline.dispose();
      }
    },

    async query(
      ds: DataSourceSettings,
      queries: DataQuery[],
      range: TimeRange,
      opts: CallOptions,
    ): Promise<QueryResults> {
      const deadline = startDeadline(opts);
      try {
        const entries = await Promise.all(
          queries.map(
            async (query) => [query.refId, await runOne(engine, ds, query, range, deadline.signal)] as const,
          ),
        );
        return Object.fromEntries(entries);
      } catch (error) {
        return failAll(queries, 500, describeError(error));
      } finally {
        deadline.dispose();
      }
    },
  };
}

async function runOne(
  engine: SqlEngine,
  ds: DataSourceSettings,
  query: DataQuery,
  range: TimeRange,
  signal: AbortSignal,
): Promise<QueryResult> {
  const rawSql = typeof query.rawSql === 'string' ? query.rawSql : '';
  if (rawSql.trim() === '') return { status: 200, frames: [] };
  // Grafana: anything but "time_series" is a table.
  const format = query.format === 'time_series' ? 'time_series' : 'table';

  let interpolated;
  try {
    interpolated = interpolateSql(rawSql, engine.macros(ds), { range, intervalMs: queryIntervalMs(query) });
  } catch (error) {
    if (error instanceof MacroError) return queryError(400, error.message);
    throw error;
  }
  const meta = { executedQueryString: interpolated.sql };

  let result: SqlResult;
  try {
    result = await engine.run(ds, interpolated.sql, signal);
  } catch (error) {
    if (error instanceof DeadlineError) {
      return queryError(
        500,
        error.kind === 'timeout' ? `Query ${error.message}; it was cancelled` : `Query ${error.message}`,
      );
    }
    if (error instanceof SqlError) return queryError(error.fromServer ? 400 : 500, error.message);
    return queryError(500, describeError(error));
  }

  result = convertTimeColumns(result, engine.timeColumnNames);
  if (format === 'table') return { status: 200, frames: [tableFrame(result, query.refId, meta)] };

  const timeIndex = result.columns.findIndex((column) =>
    engine.timeColumnNames.includes(column.name.toLowerCase()),
  );
  if (timeIndex === -1) {
    const names = engine.timeColumnNames.map((name) => `"${name}"`).join(' or ');
    return queryError(400, `Found no column named ${names}: time_series results need one`);
  }
  try {
    const frame = timeSeriesFrame(result, query.refId, meta, { timeIndex, fill: interpolated.fill, range });
    return { status: 200, frames: [frame] };
  } catch (error) {
    if (error instanceof TimeSeriesError) return queryError(400, error.message);
    throw error;
  }
}
