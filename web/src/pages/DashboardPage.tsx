import { useEffect, useState } from 'react';
import { ApiError, get } from '../app/api.js';
import { rememberDashboard } from '../app/recent.js';
import { DashboardView } from '../dashboard/DashboardView.js';
import type { DashboardMeta, DashboardModel } from '../lib/model.js';

interface DashboardResponse {
  dashboard: DashboardModel;
  meta: DashboardMeta;
}

export default function DashboardPage({ uid }: { uid: string }) {
  const [result, setResult] = useState<DashboardResponse>();
  const [error, setError] = useState<{ status?: number; message: string }>();

  useEffect(() => {
    const controller = new AbortController();
    get<DashboardResponse>(`/api/dashboards/uid/${encodeURIComponent(uid)}`, controller.signal).then(
      (response) => {
        setResult(response);
        const title = response.dashboard.title ?? uid;
        document.title = `${title} - svc`;
        rememberDashboard({ uid, title, url: response.meta.url ?? `/d/${uid}` });
      },
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        setError(
          caught instanceof ApiError
            ? { status: caught.status, message: caught.message }
            : { message: String(caught) },
        );
      },
    );
    return () => controller.abort();
  }, [uid]);

  if (error) {
    return (
      <div className="page-error">
        <h2>
          {error.status === 404
            ? 'Dashboard not found'
            : error.status === 403
              ? 'Access denied'
              : 'Could not load the dashboard'}
        </h2>
        <p>{error.message}</p>
      </div>
    );
  }
  if (!result) return <div className="page-loading">Loading dashboard…</div>;
  return <DashboardView model={result.dashboard} meta={result.meta} uid={uid} />;
}
