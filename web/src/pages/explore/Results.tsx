import { Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/session.js';
import type { PanelData } from '../../lib/frames.js';
import type { Panel } from '../../lib/model.js';
import type { TimeRange } from '../../lib/time.js';
import { panelComponent } from '../../panels/registry.js';
import type { RunState } from './run-query.js';

const GRAPH: Panel = { type: 'timeseries', fieldConfig: { defaults: {}, overrides: [] }, options: {} };
const TABLE: Panel = { type: 'table', fieldConfig: { defaults: {}, overrides: [] }, options: {} };
const GRAPH_HEIGHT = 280;
const TABLE_HEIGHT = 300;

const TimeSeriesPanel = panelComponent('timeseries');
const TablePanel = panelComponent('table');

/** The measured width of an element (0 until laid out). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

const graphable = (data: PanelData) =>
  data.frames.some(
    (f) => f.fields.some((x) => x.type === 'time') && f.fields.some((x) => x.type === 'number'),
  );

const empty = (data: PanelData | undefined) => !data || data.frames.every((f) => f.length === 0);

/** A query's result drawn by the dashboards' own renderers: a time series graph and a table. */
export function Results({
  state,
  range,
  onZoom,
}: {
  state: RunState;
  range: TimeRange | undefined;
  onZoom: (from: number, to: number) => void;
}) {
  const { timezone } = useSession();
  const timeZone = timezone || 'browser';
  const { ref, width } = useWidth();
  const graph = state.status === 'done' || state.status === 'loading' ? state.graph : undefined;
  const table = state.status === 'done' || state.status === 'loading' ? state.table : undefined;
  const common = { range, annotations: [], onZoom, vars: {}, timeZone, width };
  return (
    <div className="explore-results" ref={ref} data-state={state.status}>
      {state.status === 'error' && (
        <div className="panel-error" role="alert">
          {state.message}
        </div>
      )}
      {state.status === 'done' && state.graph.errors.length > 0 && (
        <div className="field-error" role="alert">
          {state.graph.errors.map((e) => `${e.refId}: ${e.message}`).join('; ')}
        </div>
      )}
      {state.status === 'loading' && <div className="muted">Running the query…</div>}
      <section className="explore-graph" aria-label="Graph">
        <h3>Graph</h3>
        {graph && graphable(graph) && width > 0 ? (
          <Suspense fallback={null}>
            <TimeSeriesPanel {...common} panel={GRAPH} data={graph} height={GRAPH_HEIGHT} />
          </Suspense>
        ) : (
          state.status === 'done' && <p className="muted">No time series to draw</p>
        )}
      </section>
      <section className="explore-table" aria-label="Table">
        <h3>Table</h3>
        {table && !empty(table) && width > 0 ? (
          <Suspense fallback={null}>
            <TablePanel {...common} panel={TABLE} data={table} height={TABLE_HEIGHT} />
          </Suspense>
        ) : (
          state.status === 'done' && <p className="muted">No data</p>
        )}
      </section>
    </div>
  );
}
