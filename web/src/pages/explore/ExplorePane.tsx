import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { DataSourceInfo } from '../../api/datasources.js';
import { usePermissions } from '../../app/permissions.js';
import '../../dashboard/dashboard.css';
import { TimePicker } from '../../dashboard/TimePicker.js';
import '../../editor/editor.css';
import { defaultTarget, nextRefId, SQL_TYPES } from '../../editor/model/defaults.js';
import { editorFor } from '../../editor/panel/Queries.js';
import type { Target } from '../../lib/model.js';
import { parseDuration, resolveRange, type RawTimeRange } from '../../lib/time.js';
import type { ExplorePanelSource } from './add-to-dashboard.js';
import { AddToDashboard } from './AddToDashboard.js';
import { DataSourcePicker } from './DataSourcePicker.js';
import type { HistoryEntry } from './history.js';
import { QueryHistory } from './QueryHistory.js';
import { Results } from './Results.js';
import { useExploreQuery, type QueryRun } from './run-query.js';
import type { PaneState } from './url-state.js';
import { CloseIcon } from '../../app/icons.js';

interface Props {
  /** "Left" or "Right": names the pane for screen readers and tests */
  name: string;
  pane: PaneState;
  datasources: DataSourceInfo[];
  /** run the pane's queries once on mount (they came from the URL) */
  runOnMount: boolean;
  history: HistoryEntry[];
  onChange: (pane: PaneState) => void;
  onRan: (entry: HistoryEntry) => void;
  onClearHistory: () => void;
  onClose?: () => void;
}

/** One Explore pane: data source, the panel editor's query editor for it, time range, results. */
export function ExplorePane(props: Props) {
  const { name, pane, datasources, history, onChange, onRan, onClearHistory, onClose } = props;
  const can = usePermissions();
  const datasource =
    datasources.find((d) => d.uid === pane.datasource) ??
    datasources.find((d) => d.isDefault) ??
    datasources[0];
  const queries = pane.queries.length > 0 ? pane.queries : [defaultTarget(datasource, 'A')];
  const [run, setRun] = useState<QueryRun>();
  const [refresh, setRefresh] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  /** the panel the "Add to dashboard" dialog is open for */
  const [adding, setAdding] = useState<ExplorePanelSource>();
  const state = useExploreQuery(run);
  const range = useMemo(() => run?.range ?? resolveRange(pane.range, Date.now()), [run, pane.range]);

  const execute = (next: { queries?: Target[]; range?: RawTimeRange; datasource?: DataSourceInfo } = {}) => {
    const ds = next.datasource ?? datasource;
    const resolved = resolveRange(next.range ?? pane.range, Date.now());
    if (!ds || !resolved) return;
    const ran = next.queries ?? queries;
    setRun((old) => ({ datasource: ds, queries: ran, range: resolved, count: (old?.count ?? 0) + 1 }));
    onRan({ datasource: ds.uid, datasourceName: ds.name, queries: ran, time: Date.now() });
  };

  useEffect(() => {
    if (props.runOnMount) execute();
    // only once: later runs are asked for
  }, []);

  useEffect(() => {
    const every = refresh ? parseDuration(refresh) : undefined;
    if (!every) return;
    const timer = setInterval(() => execute(), every);
    return () => clearInterval(timer);
  });

  const setQueries = (next: Target[], runNow = false) => {
    onChange({ ...pane, datasource: datasource?.uid ?? '', queries: next });
    if (runNow) execute({ queries: next });
  };

  const chooseDataSource = (uid: string) => {
    const next = datasources.find((d) => d.uid === uid);
    if (!next) return;
    const keep = next.type === datasource?.type;
    const nextQueries = keep ? queries : [defaultTarget(next, 'A')];
    onChange({ ...pane, datasource: uid, queries: nextQueries });
    if (keep) execute({ datasource: next, queries: nextQueries });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      execute();
    }
  };

  /** what "Add to dashboard" would add: the pane's queries as a graph, or a table for table data */
  const panelSource = (): ExplorePanelSource | undefined => {
    if (!datasource) return undefined;
    const graphable =
      state.status === 'done' && state.graph.frames.some((f) => f.fields.some((x) => x.type === 'time'));
    const tableFormat = SQL_TYPES.has(datasource.type) && queries.every((q) => q.format !== 'time_series');
    return {
      datasource,
      queries,
      range: pane.range,
      panelType: tableFormat || (state.status === 'done' && !graphable) ? 'table' : 'timeseries',
    };
  };

  const Editor = editorFor(datasource?.type ?? '');
  return (
    <section className="explore-pane" role="region" aria-label={`${name} pane`}>
      <header className="explore-pane-header">
        <DataSourcePicker
          value={datasource?.uid ?? ''}
          datasources={datasources}
          onChange={chooseDataSource}
        />
        <div className="spacer" />
        <TimePicker
          raw={pane.range}
          timeZone="browser"
          range={range}
          onChange={(raw) => {
            onChange({ ...pane, range: raw });
            execute({ range: raw });
          }}
          refresh={refresh}
          onRefreshChange={setRefresh}
          onRefresh={() => execute()}
        />
        {onClose && (
          <button type="button" onClick={onClose} aria-label={`Close ${name.toLowerCase()} pane`}>
            Close
          </button>
        )}
      </header>
      <div className="explore-queries" onKeyDownCapture={onKeyDown}>
        {datasource ? (
          queries.map((target, index) => (
            <div
              key={`${target.refId}-${index}`}
              className="query-row"
              role="group"
              aria-label={`Query ${target.refId}`}
            >
              <div className="query-row-header">
                <strong>{target.refId}</strong>
                <div className="spacer" />
                {queries.length > 1 && (
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Remove query ${target.refId}`}
                    onClick={() => setQueries(queries.filter((_, i) => i !== index))}
                  >
                    <CloseIcon />
                  </button>
                )}
              </div>
              <Editor
                target={target}
                datasource={{ uid: datasource.uid, type: datasource.type, name: datasource.name }}
                onChange={(next, runNow) =>
                  setQueries(
                    queries.map((t, i) => (i === index ? next : t)),
                    runNow,
                  )
                }
                onRun={() => execute()}
              />
            </div>
          ))
        ) : (
          <p className="muted">There is no data source you may query.</p>
        )}
      </div>
      <div className="explore-actions">
        <button
          type="button"
          onClick={() => setQueries([...queries, defaultTarget(datasource, nextRefId(queries))])}
        >
          + Add query
        </button>
        <button type="button" aria-expanded={showHistory} onClick={() => setShowHistory(!showHistory)}>
          Query history
        </button>
        {can('dashboards:create') && (
          <button type="button" disabled={!datasource} onClick={() => setAdding(panelSource())}>
            Add to dashboard
          </button>
        )}
        <div className="spacer" />
        <button type="button" className="primary" title="Shift+Enter" onClick={() => execute()}>
          Run query
        </button>
      </div>
      {adding && <AddToDashboard source={adding} onClose={() => setAdding(undefined)} />}
      {showHistory && (
        <QueryHistory
          entries={history}
          onPick={(entry) => {
            const ds = datasources.find((d) => d.uid === entry.datasource);
            if (!ds) return;
            onChange({ ...pane, datasource: ds.uid, queries: entry.queries });
            execute({ datasource: ds, queries: entry.queries });
          }}
          onClear={onClearHistory}
        />
      )}
      <Results
        state={state}
        range={run?.range}
        onZoom={(from, to) => {
          const raw = { from: String(Math.round(from)), to: String(Math.round(to)) };
          onChange({ ...pane, range: raw });
          execute({ range: raw });
        }}
      />
    </section>
  );
}
