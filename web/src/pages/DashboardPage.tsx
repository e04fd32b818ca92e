import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.js';
import { dashboardByUid } from '../api/dashboards.js';
import { rememberDashboard } from '../app/recent.js';
import { navigate, replaceSearch } from '../app/router.js';
import { DashboardView } from '../dashboard/DashboardView.js';
import type { DashboardResponse } from '../api/dashboards.js';

// The editor and the export dialog load only when asked for.
const DashboardEditor = lazy(() => import('../editor/DashboardEditor.js'));
const ExportDialog = lazy(() => import('../editor/export/ExportDialog.js'));

export default function DashboardPage({ uid }: { uid: string }) {
  const [result, setResult] = useState<DashboardResponse>();
  const [error, setError] = useState<{ status?: number; message: string }>();
  const [loads, setLoads] = useState(0);
  // `?editPanel=<id>` (Grafana's) opens the panel editor: a link or a reload lands there again.
  const [editPanel, setEditPanel] = useState<number | undefined>(() => urlEditPanel());
  const [mode, setMode] = useState<'view' | 'edit' | 'export'>(() =>
    editPanel === undefined ? 'view' : 'edit',
  );
  const onEditPanel = useCallback((id: number) => {
    const params = new URLSearchParams(location.search);
    params.set('editPanel', String(id));
    navigate(`${location.pathname}?${params.toString()}`);
    setEditPanel(id);
    setMode('edit');
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    dashboardByUid(uid, controller.signal).then(
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
  }, [uid, loads]);

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
  const { dashboard, meta } = result;
  const reload = () => {
    setMode('view');
    setEditPanel(undefined);
    dropEditPanel();
    setLoads((n) => n + 1);
  };
  const canEdit = meta.canEdit === true && meta.canSave === true;
  // `?editPanel=` in a link for someone who may not edit: the dashboard as they may see it.
  if (mode === 'edit' && canEdit) {
    return (
      <Suspense fallback={<div className="page-loading">Loading editor…</div>}>
        <DashboardEditor
          dashboard={dashboard}
          meta={meta}
          uid={uid}
          onExit={reload}
          initialPanel={editPanel}
        />
      </Suspense>
    );
  }
  return (
    <>
      <DashboardView
        key={`${uid}-${dashboard.version ?? 0}-${loads}`}
        model={dashboard}
        meta={meta}
        uid={uid}
        onEditPanel={canEdit ? onEditPanel : undefined}
        actions={
          <>
            <button onClick={() => setMode('export')}>Export</button>
            {canEdit && (
              <button className="primary" onClick={() => setMode('edit')}>
                Edit
              </button>
            )}
          </>
        }
      />
      {mode === 'export' && (
        <Suspense fallback={null}>
          <ExportDialog model={dashboard} onClose={() => setMode('view')} />
        </Suspense>
      )}
    </>
  );
}

function urlEditPanel(): number | undefined {
  const id = Number(new URLSearchParams(location.search).get('editPanel') ?? '');
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function dropEditPanel(): void {
  const params = new URLSearchParams(location.search);
  params.delete('editPanel');
  replaceSearch(params);
}
