import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.js';
import {
  calculateDiff,
  dashboardVersions,
  restoreVersion,
  type VersionsResult,
} from '../../api/dashboards.js';
import { DiffHtml } from '../save/DiffHtml.js';

type Version = VersionsResult['versions'][number];

/** The saved versions: pick two to compare (calculate-diff), restore an older one. */
export function VersionsView({
  uid,
  dirty,
  onRestored,
}: {
  uid: string;
  dirty: boolean;
  onRestored: () => void;
}) {
  const [versions, setVersions] = useState<Version[]>();
  const [picked, setPicked] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ html: string; base: number; next: number; type: 'basic' | 'json' }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dashboardVersions(uid).then(
      (response) => setVersions(response.versions),
      (caught: unknown) => setError(caught instanceof ApiError ? caught.message : String(caught)),
    );
  }, [uid]);

  const compare = async (type: 'basic' | 'json') => {
    const [base, next] = [...picked].sort((a, b) => a - b) as [number, number];
    setBusy(true);
    try {
      const html = await calculateDiff(
        { dashboardUid: uid, version: base },
        { dashboardUid: uid, version: next },
        type,
      );
      setDiff({ html, base, next, type });
      setError(undefined);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const restore = async (version: number) => {
    const warning = dirty ? ' Your unsaved changes will be lost.' : '';
    if (!window.confirm(`Restore version ${version}? It becomes the newest version.${warning}`)) return;
    try {
      await restoreVersion(uid, version);
      onRestored();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    }
  };

  if (diff) {
    return (
      <div className="versions-diff">
        <div className="form-actions">
          <button onClick={() => setDiff(undefined)}>Back to versions</button>
          <button onClick={() => void compare(diff.type === 'basic' ? 'json' : 'basic')} disabled={busy}>
            {diff.type === 'basic' ? 'View JSON diff' : 'View summary'}
          </button>
        </div>
        <h3>
          Comparing version {diff.base} with version {diff.next}
        </h3>
        <DiffHtml html={diff.html} />
      </div>
    );
  }
  const latest = versions?.[0]?.version;
  return (
    <div className="versions">
      {error && <div className="error-box">{error}</div>}
      {!versions && !error && <div className="muted">Loading versions…</div>}
      {versions && (
        <table className="list-table" aria-label="Versions">
          <thead>
            <tr>
              <th />
              <th>Version</th>
              <th>Date</th>
              <th>Updated by</th>
              <th>Notes</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.id} data-version={v.version}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select version ${v.version}`}
                    checked={picked.includes(v.version)}
                    disabled={!picked.includes(v.version) && picked.length >= 2}
                    onChange={(event) =>
                      setPicked(
                        event.target.checked ? [...picked, v.version] : picked.filter((n) => n !== v.version),
                      )
                    }
                  />
                </td>
                <td>{v.version}</td>
                <td>{new Date(v.created).toLocaleString()}</td>
                <td>{v.createdBy}</td>
                <td>{v.message}</td>
                <td>
                  {v.version === latest ? (
                    <span className="muted">Latest</span>
                  ) : (
                    <button onClick={() => void restore(v.version)}>Restore version {v.version}</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button
        className="primary"
        disabled={picked.length !== 2 || busy}
        onClick={() => void compare('basic')}
      >
        Compare versions
      </button>
    </div>
  );
}
