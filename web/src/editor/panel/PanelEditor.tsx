import { useMemo, useState } from 'react';
import { useShortcuts } from '../../app/shortcuts.js';
import { PanelFrame } from '../../dashboard/PanelFrame.js';
import type { ViewContext } from '../../dashboard/edit-hooks.js';
import type { Panel } from '../../lib/model.js';
import { queriesData } from '../../panels/registry.js';
import '../editor.css';
import { PanelOptions } from './PanelOptions.js';
import { Queries } from './Queries.js';

/**
 * Editing one panel: a live preview over its queries, the options pane beside. Option changes show
 * at once; queries run when asked (Run queries, leaving a field, picking from a list).
 */
export default function PanelEditor({
  panel,
  context,
  onApply,
  onDiscard,
}: {
  panel: Panel;
  context: ViewContext;
  onApply: (panel: Panel) => void;
  onDiscard: () => void;
}) {
  const [draft, setDraft] = useState<Panel>(panel);
  const [run, setRun] = useState({ targets: panel.targets, datasource: panel.datasource, count: 0 });
  const runQueries = (from: Panel) =>
    setRun((r) => ({ targets: from.targets, datasource: from.datasource, count: r.count + 1 }));
  const update = (next: Panel, runNow = false) => {
    setDraft(next);
    if (runNow) runQueries(next);
  };
  const preview = useMemo(
    () => ({
      ...draft,
      targets: run.targets,
      datasource: run.datasource,
      gridPos: { ...draft.gridPos, w: 24 },
    }),
    [draft, run],
  );
  const type = draft.type ?? 'timeseries';
  // Escape goes back to the dashboard keeping the changes, as Grafana's does (fields keep their own
  // Escape: the shortcut skips keys typed into them).
  useShortcuts({ Escape: () => onApply(draft) });

  return (
    <div className="panel-editor" role="dialog" aria-label="Edit panel">
      <header className="panel-editor-header">
        <h2>Edit panel</h2>
        <div className="spacer" />
        <button onClick={onDiscard}>Discard</button>
        <button className="primary" onClick={() => onApply(draft)}>
          Apply
        </button>
      </header>
      <div className="panel-editor-main">
        <div className="panel-editor-left">
          <div className="panel-editor-preview" aria-label="Panel preview">
            <PanelFrame
              panel={preview}
              range={context.range}
              ready={context.ready}
              tick={context.tick + run.count}
              datasources={context.datasources}
              variables={context.variables}
              annotations={context.annotations}
              dashboardTitle={context.dashboardTitle}
              timeZone={context.timeZone}
              onZoom={context.onZoom}
            />
          </div>
          {queriesData(type) ? (
            <Queries
              panel={draft}
              datasources={context.datasources}
              variables={context.variables}
              onChange={update}
              onRun={() => runQueries(draft)}
            />
          ) : (
            <p className="muted">This visualization runs no queries.</p>
          )}
        </div>
        <aside className="panel-editor-options" aria-label="Panel options">
          <PanelOptions panel={draft} onChange={(next) => update(next)} />
        </aside>
      </div>
    </div>
  );
}
