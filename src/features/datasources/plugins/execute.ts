import { DEFAULT_TIMEOUT_MS } from './deadline.js';
import { describeError, failAll, queryError } from './errors.js';
import { getPlugin } from './registry.js';
import { InvalidTimeError, parseTimeRange } from './time-range.js';
import type {
  CallOptions,
  DataQuery,
  DataSourceSettings,
  HealthResult,
  QueryRequest,
  QueryResults,
  TimeRange,
} from './types.js';

/**
 * The entry points the routes call. None of them throws for anything a data source or its
 * back end does: unsupported types, unreachable servers and bad queries all come back as values.
 */

/**
 * `GET /api/datasources/uid/{uid}/health`: answer HTTP 200 when `status` is OK, else 400.
 * Types without a health check (and unknown types) give UNKNOWN.
 */
export async function checkDataSourceHealth(
  ds: DataSourceSettings,
  opts: CallOptions = {},
): Promise<HealthResult> {
  const plugin = getPlugin(ds.type);
  if (!plugin) {
    return {
      status: 'UNKNOWN',
      message: `Unknown data source type "${ds.type}": no plugin is installed for it`,
    };
  }
  if (!plugin.checkHealth) {
    return {
      status: 'UNKNOWN',
      message: `Health check is not supported for data sources of type "${ds.type}"`,
    };
  }
  try {
    return await plugin.checkHealth(ds, { timeoutMs: DEFAULT_TIMEOUT_MS, ...opts });
  } catch (error) {
    // A plugin bug must still answer the health request, not crash it.
    return { status: 'ERROR', message: `Health check failed: ${describeError(error)}` };
  }
}

/** Runs queries that all target `ds`; every refId gets a result. */
export async function queryDataSource(
  ds: DataSourceSettings,
  queries: DataQuery[],
  range: TimeRange,
  opts: CallOptions = {},
): Promise<QueryResults> {
  const plugin = getPlugin(ds.type);
  if (!plugin)
    return failAll(queries, 400, `Unknown data source type "${ds.type}": no plugin is installed for it`);
  if (!plugin.query)
    return failAll(queries, 400, `Query is not supported for data sources of type "${ds.type}"`);
  try {
    const results = await plugin.query(ds, queries, range, { timeoutMs: DEFAULT_TIMEOUT_MS, ...opts });
    for (const query of queries)
      results[query.refId] ??= queryError(500, 'The data source returned no result');
    return results;
  } catch (error) {
    return failAll(queries, 500, describeError(error));
  }
}

/** What the route's lookup answers for a query's data source uid. */
export type DataSourceLookup =
  /** `timeoutMs`: this data source's own bound (e.g. its jsonData.timeout), else the caller's */
  | { ok: true; ds: DataSourceSettings; timeoutMs?: number }
  /** e.g. 404 "Data source not found", 403 for a missing datasources:query permission */
  | { ok: false; status: number; message: string };

type QueryRequestOutcome =
  | { ok: true; status: 200 | 207; body: { results: QueryResults } }
  /** the request itself is bad: answer `status` with {message} */
  | { ok: false; status: 400; message: string };

/**
 * `POST /api/ds/query`: parses the time range, groups the queries by data source uid (asking
 * `lookup` once per uid, which is where the route checks `datasources:query`), runs the groups
 * concurrently and merges the results. 207 when any query failed, as Grafana.
 */
export async function executeQueryRequest(
  request: QueryRequest,
  lookup: (uid: string) => Promise<DataSourceLookup>,
  opts: CallOptions & { now?: number } = {},
): Promise<QueryRequestOutcome> {
  if (!Array.isArray(request.queries) || request.queries.length === 0) {
    return { ok: false, status: 400, message: 'No queries found in query' };
  }
  let range: TimeRange;
  try {
    range = parseTimeRange(request.from, request.to, opts.now ?? Date.now());
  } catch (error) {
    if (error instanceof InvalidTimeError) return { ok: false, status: 400, message: error.message };
    throw error;
  }

  const groups = new Map<string, DataQuery[]>();
  for (const query of request.queries) {
    if (typeof query.refId !== 'string' || query.refId === '') {
      return { ok: false, status: 400, message: 'Every query needs a refId' };
    }
    const uid = query.datasource?.uid;
    if (typeof uid !== 'string' || uid === '') {
      return { ok: false, status: 400, message: `Query ${query.refId} names no data source uid` };
    }
    groups.set(uid, [...(groups.get(uid) ?? []), query]);
  }

  const parts = await Promise.all(
    [...groups].map(async ([uid, queries]) => {
      const found = await lookup(uid);
      if (!found.ok) return failAll(queries, found.status, found.message);
      return queryDataSource(found.ds, queries, range, {
        ...opts,
        timeoutMs: found.timeoutMs ?? opts.timeoutMs,
      });
    }),
  );
  const results: QueryResults = Object.assign({}, ...parts) as QueryResults;
  return { ok: true, status: queryResponseStatus(results), body: { results } };
}

/** Grafana answers 207 Multi-Status as soon as one query carries an error. */
export function queryResponseStatus(results: QueryResults): 200 | 207 {
  return Object.values(results).some((result) => result.error !== undefined) ? 207 : 200;
}
