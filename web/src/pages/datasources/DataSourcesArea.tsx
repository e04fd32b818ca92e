import { lazy, useEffect } from 'react';
import { navigate } from '../../app/router.js';
import './datasources.css';

const DataSourcesList = lazy(() => import('./DataSourcesList.js'));
const NewDataSource = lazy(() => import('./NewDataSource.js'));
const EditDataSource = lazy(() => import('./EditDataSource.js'));

const LIST_PATH = '/connections/datasources';

/** Replaces the URL (no history entry) once rendered. */
function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/** Data sources (/connections/datasources): the area's own router. */
export default function DataSourcesArea({ path }: { path: string }) {
  // Grafana compat: the pre-10 paths /datasources/... still lead to the same pages.
  const legacy = /^\/datasources(\/.*)?$/.exec(path);
  if (legacy) return <Redirect to={`${LIST_PATH}${legacy[1] ?? ''}${location.search}`} />;
  if (path === '/connections' || path === '/connections/') return <Redirect to={LIST_PATH} />;
  const rest = path.startsWith(LIST_PATH) ? path.slice(LIST_PATH.length).replace(/\/$/, '') : undefined;
  if (rest === '') return <DataSourcesList />;
  if (rest === '/new') return <NewDataSource />;
  const edit = rest === undefined ? null : /^\/edit\/([^/]+)$/.exec(rest);
  if (edit) {
    const uid = decodeURIComponent(edit[1]!);
    return <EditDataSource key={uid} uid={uid} />;
  }
  return (
    <div className="page-error">
      <h2>Page not found</h2>
      <p>
        Nothing lives at <code>{path}</code>. <a href={LIST_PATH}>Data sources</a>
      </p>
    </div>
  );
}
