/**
 * Running Explore's queries through `POST /api/ds/query` with the dashboards' request builder.
 * A Prometheus range query also runs as an instant query in table format, as Grafana's Explore
 * does: the graph draws the range, the table lists the series with their labels.
 */

import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.js';
import { queryData, type DataSourceInfo } from '../../api/datasources.js';
import { PROMETHEUS_TYPES } from '../../editor/model/defaults.js';
import { toPanelData, type Frame, type PanelData } from '../../lib/frames.js';
import type { Target } from '../../lib/model.js';
import { buildQueries } from '../../lib/queries.js';
import { calculateInterval, type TimeRange } from '../../lib/time.js';
import { scopedVars } from '../../lib/variable-state.js';

const TABLE_SUFFIX = '-Table';
const MAX_DATA_POINTS = 1000;

export interface QueryRun {
  datasource: DataSourceInfo;
  queries: Target[];
  range: TimeRange;
  /** bumps on every run, so running the same query again asks again */
  count: number;
}

export type RunState =
  | { status: 'idle' }
  | { status: 'loading'; graph?: PanelData; table?: PanelData }
  | { status: 'done'; graph: PanelData; table: PanelData }
  | { status: 'error'; message: string };

/** The targets to send: Prometheus range queries get an instant table twin. */
function withTableTwins(datasource: DataSourceInfo, queries: Target[]): Target[] {
  if (!PROMETHEUS_TYPES.has(datasource.type)) return queries;
  return queries.flatMap((q) =>
    q.instant === true
      ? [q]
      : [
          q,
          {
            ...q,
            refId: `${q.refId}${TABLE_SUFFIX}`,
            instant: true,
            range: false,
            format: 'table',
            exemplar: false,
          },
        ],
  );
}

/** Graph frames and table frames: the twins go to the table, everything else to both. */
function splitFrames(data: PanelData): { graph: PanelData; table: PanelData } {
  const twin = (f: Frame) => (f.refId ?? '').endsWith(TABLE_SUFFIX);
  const hasTwins = data.frames.some(twin);
  return {
    graph: { ...data, frames: data.frames.filter((f) => !twin(f)) },
    table: { ...data, frames: hasTwins ? data.frames.filter(twin) : data.frames },
  };
}

const hasQuery = (q: Target) => !q.hide;

export function useExploreQuery(run: QueryRun | undefined): RunState {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  useEffect(() => {
    if (!run) return;
    const { datasource, range } = run;
    const intervalMs = calculateInterval(range.to - range.from, MAX_DATA_POINTS, 0);
    const vars = scopedVars([], { from: range.from, to: range.to, intervalMs });
    const ref = { type: datasource.type, uid: datasource.uid };
    const targets = withTableTwins(
      datasource,
      run.queries.filter(hasQuery).map((q) => ({ ...q, datasource: ref })),
    );
    const built = buildQueries(targets, ref, [datasource], vars, {
      intervalMs,
      maxDataPoints: MAX_DATA_POINTS,
    });
    if (built.queries.length === 0) {
      setState({ status: 'error', message: built.problems[0] ?? 'There is no query to run' });
      return;
    }
    const controller = new AbortController();
    // The last results stay drawn while the next run loads, also when a run starts before the
    // previous one answered (leaving the query field runs it): the graph and table never blink out.
    setState((old) =>
      old.status === 'done' || old.status === 'loading'
        ? { status: 'loading', graph: old.graph, table: old.table }
        : { status: 'loading' },
    );
    queryData(
      { queries: built.queries, from: String(range.from), to: String(range.to) },
      controller.signal,
    ).then(
      (response) => {
        const data = toPanelData(response);
        if (data.errors.length > 0 && data.frames.length === 0) {
          setState({
            status: 'error',
            message: data.errors.map((e) => `${e.refId}: ${e.message}`).join('; '),
          });
        } else setState({ status: 'done', ...splitFrames(data) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof ApiError ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [run]);
  return state;
}
