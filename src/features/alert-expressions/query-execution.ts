import type { AlertQuery } from '../alert-rules/alert-rule.js';
import type { DataQuery, QueryResult, QueryResults, TimeRange } from '../datasources/plugins/types.js';

export type QueryRunner = (
  datasourceUid: string,
  queries: DataQuery[],
  range: TimeRange,
) => Promise<QueryResults>;

/** Grafana's defaults for alert queries: a 1 s interval and up to 43200 points (12 h of seconds). */
const DEFAULT_INTERVAL_MS = 1000;
const DEFAULT_MAX_DATA_POINTS = 43200;

/** A query's absolute range: `relativeTimeRange` counts seconds back from the evaluation time. */
export function queryRange(query: AlertQuery, now: number): TimeRange {
  return { from: now - query.relativeTimeRange.from * 1000, to: now - query.relativeTimeRange.to * 1000 };
}

function toDataQuery(query: AlertQuery): DataQuery {
  const model = query.model;
  return {
    ...(query.queryType ? { queryType: query.queryType } : {}),
    ...model,
    refId: query.refId,
    datasource: { uid: query.datasourceUid },
    intervalMs: typeof model.intervalMs === 'number' ? model.intervalMs : DEFAULT_INTERVAL_MS,
    maxDataPoints: typeof model.maxDataPoints === 'number' ? model.maxDataPoints : DEFAULT_MAX_DATA_POINTS,
  };
}

/**
 * Runs a rule's data source queries: one call per data source (and time range, since a call
 * carries one range), all calls at once. A call that throws fails each of its refIds; a refId
 * the data source did not answer has no frames.
 */
export async function runDataQueries(
  queries: AlertQuery[],
  now: number,
  runner: QueryRunner,
): Promise<Map<string, QueryResult>> {
  const groups = new Map<string, { uid: string; range: TimeRange; queries: AlertQuery[] }>();
  for (const query of queries) {
    const range = queryRange(query, now);
    const key = JSON.stringify([query.datasourceUid, range.from, range.to]);
    const group = groups.get(key) ?? { uid: query.datasourceUid, range, queries: [] };
    group.queries.push(query);
    groups.set(key, group);
  }
  const answers = await Promise.all(
    [...groups.values()].map(async (group) => {
      let results: QueryResults;
      try {
        results = await runner(group.uid, group.queries.map(toDataQuery), group.range);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        results = Object.fromEntries(
          group.queries.map((q) => [q.refId, { status: 500, frames: [], error: message }]),
        );
      }
      return group.queries.map((q) => [q.refId, results[q.refId] ?? { status: 200, frames: [] }] as const);
    }),
  );
  return new Map(answers.flat());
}
