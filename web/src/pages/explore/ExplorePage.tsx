import { useState } from 'react';
import { listDataSources } from '../../api/datasources.js';
import { usePermissions } from '../../app/permissions.js';
import { replaceSearch } from '../../app/router.js';
import { useSession } from '../../app/session.js';
import { useLoad } from '../../app/useLoad.js';
import { ExplorePane } from './ExplorePane.js';
import './explore.css';
import { addToHistory, clearHistory, readHistory, type HistoryEntry } from './history.js';
import { DEFAULT_RANGE, paneParam, parsePane, type PaneState } from './url-state.js';

interface Panes {
  left: PaneState;
  right?: PaneState;
}

const blankPane = (): PaneState => ({ datasource: '', queries: [], range: DEFAULT_RANGE });

function fromUrl(): { panes: Panes; fromLink: { left: boolean; right: boolean } } {
  const search = new URLSearchParams(location.search);
  const left = parsePane(search.get('left'));
  const right = parsePane(search.get('right'));
  return {
    panes: { left: left ?? blankPane(), right },
    fromLink: { left: (left?.queries.length ?? 0) > 0, right: (right?.queries.length ?? 0) > 0 },
  };
}

/** Explore (`/explore`): ad-hoc queries against a data source, one pane or two side by side. */
export default function ExplorePage() {
  const can = usePermissions();
  if (!can('datasources:explore'))
    return (
      <div className="page-error">
        <h2>Access denied</h2>
        <p>You do not have permission to use Explore (datasources:explore).</p>
      </div>
    );
  return <Explore />;
}

function Explore() {
  const can = usePermissions();
  const { user } = useSession();
  const [initial] = useState(fromUrl);
  const [panes, setPanes] = useState<Panes>(initial.panes);
  // a pane opened by the split button runs at once, like one from a link
  const [runOnMount, setRunOnMount] = useState(initial.fromLink);
  // bumps when a pane closes, so the pane left over mounts afresh and runs its own queries
  const [generation, setGeneration] = useState(0);
  const close = (kept: PaneState) => {
    setRunOnMount({ left: true, right: false });
    setGeneration((g) => g + 1);
    update({ left: kept });
  };
  const [history, setHistory] = useState<HistoryEntry[]>(() => readHistory(user.id, user.orgId));
  const list = useLoad((signal) => listDataSources(signal), []);
  const datasources = (list.data ?? []).filter((d) => can('datasources:query', `datasources:uid:${d.uid}`));

  const update = (next: Panes) => {
    setPanes(next);
    const params = new URLSearchParams({ left: paneParam(next.left) });
    if (next.right) params.set('right', paneParam(next.right));
    replaceSearch(params);
  };
  const paneProps = {
    datasources,
    history,
    onRan: (entry: HistoryEntry) => setHistory(addToHistory(user.id, user.orgId, entry)),
    onClearHistory: () => {
      clearHistory(user.id, user.orgId);
      setHistory([]);
    },
  };

  if (list.error) return <div className="page-error">Could not load the data sources: {list.error}</div>;
  if (!list.data) return <div className="page-loading">Loading…</div>;
  return (
    <div className="explore-page">
      <header className="explore-header">
        <h1>Explore</h1>
        <div className="spacer" />
        {!panes.right && (
          <button
            type="button"
            onClick={() => {
              setRunOnMount({ ...runOnMount, right: true });
              update({ ...panes, right: { ...panes.left } });
            }}
          >
            Split
          </button>
        )}
      </header>
      <div className={`explore-panes ${panes.right ? 'split' : ''}`}>
        <ExplorePane
          key={`left-${generation}`}
          name="Left"
          pane={panes.left}
          runOnMount={runOnMount.left}
          onChange={(left) => update({ ...panes, left })}
          onClose={panes.right ? () => close(panes.right!) : undefined}
          {...paneProps}
        />
        {panes.right && (
          <ExplorePane
            key={`right-${generation}`}
            name="Right"
            pane={panes.right}
            runOnMount={runOnMount.right}
            onChange={(right) => update({ ...panes, right })}
            onClose={() => close(panes.left)}
            {...paneProps}
          />
        )}
      </div>
    </div>
  );
}
