import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.js';
import { calculateDiff } from '../../api/dashboards.js';
import type { DashboardModel } from '../../lib/model.js';
import { DiffHtml } from './DiffHtml.js';

/** What the unsaved model changes against the saved version, as the server's calculate-diff shows it. */
export function ChangesView({
  uid,
  version,
  model,
}: {
  uid: string;
  version: number;
  model: DashboardModel;
}) {
  const [html, setHtml] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    calculateDiff(
      { dashboardUid: uid, version },
      { dashboardUid: uid, version, unsavedDashboard: model },
      'basic',
    ).then(setHtml, (caught: unknown) =>
      setError(caught instanceof ApiError ? caught.message : String(caught)),
    );
  }, [uid, version, model]);
  if (error) return <div className="error-box">{error}</div>;
  if (html === undefined) return <div className="muted">Comparing…</div>;
  return <DiffHtml html={html} />;
}
