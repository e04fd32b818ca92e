import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.js';
import { prometheusMetricNames } from '../../api/datasources.js';

/** Metric names of a Prometheus data source, through its proxy, filtered as the user types. */
export function MetricBrowser({ uid, onPick }: { uid: string; onPick: (metric: string) => void }) {
  const [names, setNames] = useState<string[]>();
  const [error, setError] = useState<string>();
  const [filter, setFilter] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    prometheusMetricNames(uid, controller.signal).then(
      (response) => setNames(Array.isArray(response.data) ? response.data : []),
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        setError(caught instanceof ApiError ? caught.message : String(caught));
      },
    );
    return () => controller.abort();
  }, [uid]);

  const needle = filter.trim().toLowerCase();
  const shown = (names ?? []).filter((name) => name.toLowerCase().includes(needle)).slice(0, 200);
  return (
    <div className="metric-browser" role="region" aria-label="Metrics browser">
      <input
        type="search"
        aria-label="Filter metrics"
        placeholder="Filter metrics"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        autoFocus
      />
      {error && <div className="field-error">Metric names could not be loaded: {error}</div>}
      {!names && !error && <div className="muted">Loading metric names…</div>}
      {names && (
        <ul className="metric-list" aria-label="Metrics">
          {shown.map((name) => (
            <li key={name}>
              <button type="button" onClick={() => onPick(name)}>
                {name}
              </button>
            </li>
          ))}
          {shown.length === 0 && <li className="muted">No metrics match</li>}
        </ul>
      )}
      {names && <div className="muted">{names.length} metrics</div>}
    </div>
  );
}
