import { lazy, useMemo } from 'react';
import { usePermissions } from '../app/permissions.js';
import { navigate } from '../app/router.js';
import { emptyDashboard } from './model/defaults.js';

const DashboardEditor = lazy(() => import('./DashboardEditor.js'));
const ImportPage = lazy(() => import('./import/ImportPage.js'));

/** Dashboard editor (/dashboard/new, /dashboard/import): the area's own router. */
export default function EditorArea({ path }: { path: string }) {
  const can = usePermissions();
  const blank = useMemo(() => emptyDashboard(), []);
  const route = path.replace(/\/+$/, '');
  if (route === '/dashboard/import') return <ImportPage />;
  if (route === '/dashboard/new') {
    if (!can('dashboards:create'))
      return (
        <div className="page-error">
          <h2>Access denied</h2>
          <p>You do not have permission to create dashboards.</p>
        </div>
      );
    return (
      <DashboardEditor
        dashboard={blank}
        meta={{
          canSave: true,
          canEdit: true,
          folderUid: new URLSearchParams(location.search).get('folderUid') ?? '',
        }}
        uid=""
        onExit={() => navigate('/dashboards')}
      />
    );
  }
  return (
    <div className="page-error">
      <h2>Page not found</h2>
      <p>
        Nothing lives at <code>{path}</code>. <a href="/">Go home</a>
      </p>
    </div>
  );
}
