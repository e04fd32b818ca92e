import { useEffect, useState } from 'react';
import { errorText } from '../../api/client.js';
import { searchDashboards, type SearchHit } from '../../api/dashboards.js';
import { Modal } from '../../app/Modal.js';
import { navigate } from '../../app/router.js';
import { addToExistingDashboard, addToNewDashboard, type ExplorePanelSource } from './add-to-dashboard.js';

/** Grafana's "Add panel to dashboard" dialog: a new dashboard, or one picked by title. */
export function AddToDashboard({ source, onClose }: { source: ExplorePanelSource; onClose: () => void }) {
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [picked, setPicked] = useState('');
  const [state, setState] = useState<'idle' | 'saving' | { error: string }>('idle');

  useEffect(() => {
    if (target !== 'existing') return;
    const abort = new AbortController();
    const params = new URLSearchParams({ type: 'dash-db', query, limit: '50' });
    searchDashboards(params, abort.signal).then(
      (found) => {
        setHits(found);
        setPicked((current) => (found.some((h) => h.uid === current) ? current : (found[0]?.uid ?? '')));
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ error: errorText(error) });
      },
    );
    return () => abort.abort();
  }, [target, query]);

  const open = async () => {
    setState('saving');
    try {
      const uid =
        target === 'new' ? await addToNewDashboard(source) : await addToExistingDashboard(picked, source);
      navigate(`/d/${encodeURIComponent(uid)}`);
    } catch (error) {
      setState({ error: errorText(error) });
    }
  };

  return (
    <Modal title="Add panel to dashboard" onClose={onClose}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void open();
        }}
      >
        <fieldset className="field">
          <legend>Target dashboard</legend>
          <label>
            <input type="radio" checked={target === 'new'} onChange={() => setTarget('new')} /> New dashboard
          </label>
          <label>
            <input type="radio" checked={target === 'existing'} onChange={() => setTarget('existing')} />{' '}
            Existing dashboard
          </label>
        </fieldset>
        {target === 'existing' && (
          <>
            <label className="field">
              <span>Search dashboards</span>
              <input
                type="search"
                aria-label="Search dashboards"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </label>
            <label className="field">
              <span>Dashboard</span>
              <select
                aria-label="Dashboard"
                value={picked}
                onChange={(event) => setPicked(event.target.value)}
              >
                {hits.map((hit) => (
                  <option key={hit.uid} value={hit.uid}>
                    {hit.folderTitle ? `${hit.folderTitle} / ${hit.title}` : hit.title}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {typeof state === 'object' && (
          <div className="field-error" role="alert">
            {state.error}
          </div>
        )}
        <div className="form-actions">
          <button
            type="submit"
            className="primary"
            disabled={state === 'saving' || (target === 'existing' && picked === '')}
          >
            Open dashboard
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
