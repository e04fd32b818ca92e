import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ApiError, setUnauthorizedHandler } from '../api/client.js';
import type { UserOrg } from '../api/user.js';
import { myOrgs, myPermissions, myPreferences, signedInUser } from '../api/user.js';
import type { PermissionMap } from './permissions.js';
import { navigate, useLocation } from './router.js';
import { resolveTheme, SessionContext, type Session } from './session.js';
import { TopBar } from './TopBar.js';

const LoginPage = lazy(() => import('../pages/LoginPage.js'));
const BrowsePage = lazy(() => import('../pages/BrowsePage.js'));
const DashboardPage = lazy(() => import('../pages/DashboardPage.js'));
const SnapshotPage = lazy(() => import('../pages/SnapshotPage.js'));
const HomePage = lazy(() => import('../pages/HomePage.js'));
// Each area of the building half owns its folder and its own sub-routes.
const EditorArea = lazy(() => import('../editor/EditorArea.js'));
const AdminArea = lazy(() => import('../pages/admin/AdminArea.js'));
const DataSourcesArea = lazy(() => import('../pages/datasources/DataSourcesArea.js'));
const AlertingArea = lazy(() => import('../pages/alerting/AlertingArea.js'));
const ExplorePage = lazy(() => import('../pages/explore/ExplorePage.js'));

const under = (path: string, ...prefixes: string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

type State =
  | { phase: 'loading' }
  | { phase: 'anonymous' }
  | { phase: 'signed-in'; session: Omit<Session, 'reload'> }
  | { phase: 'error'; message: string };

function loginUrl(): string {
  const here = location.pathname + location.search;
  return here === '/' || here.startsWith('/login')
    ? '/login'
    : `/login?redirectTo=${encodeURIComponent(here)}`;
}

export function App() {
  const { path } = useLocation();
  const [state, setState] = useState<State>({ phase: 'loading' });

  const load = useCallback(async () => {
    try {
      const user = await signedInUser();
      const [orgs, preferences, permissions] = await Promise.all([
        myOrgs().catch(() => [] as UserOrg[]),
        myPreferences().catch(() => ({ theme: '', timezone: '' })),
        myPermissions().catch((): PermissionMap => ({})),
      ]);
      setState({
        phase: 'signed-in',
        session: {
          user,
          orgs,
          theme: resolveTheme(preferences.theme),
          timezone: preferences.timezone ?? '',
          permissions,
        },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setState({ phase: 'anonymous' });
      else setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setState({ phase: 'anonymous' });
    });
    void load();
  }, [load]);

  const theme = state.phase === 'signed-in' ? state.session.theme : 'dark';
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    if (state.phase === 'anonymous' && !path.startsWith('/login')) navigate(loginUrl(), { replace: true });
  }, [state.phase, path]);

  if (state.phase === 'loading') return <div className="page-loading">Loading…</div>;
  if (state.phase === 'error') return <div className="page-error">svc could not load: {state.message}</div>;
  if (state.phase === 'anonymous' || path.startsWith('/login')) {
    return (
      <Suspense fallback={<div className="page-loading">Loading…</div>}>
        <LoginPage onSignedIn={() => void load()} signedIn={state.phase === 'signed-in'} />
      </Suspense>
    );
  }

  const session: Session = { ...state.session, reload: () => void load() };
  return (
    <SessionContext.Provider value={session}>
      <TopBar />
      <main className="page">
        <Suspense fallback={<div className="page-loading">Loading…</div>}>
          <Route path={path} />
        </Suspense>
      </main>
    </SessionContext.Provider>
  );
}

function Route({ path }: { path: string }) {
  if (path === '/') return <HomePage />;
  if (under(path, '/dashboards')) return <BrowsePage />;
  const snapshot = /^\/dashboard\/snapshot\/([^/]+)\/?$/.exec(path);
  if (snapshot) return <SnapshotPage key={snapshot[1]} snapshotKey={decodeURIComponent(snapshot[1]!)} />;
  if (under(path, '/dashboard')) return <EditorArea path={path} />;
  if (under(path, '/admin', '/org', '/profile')) return <AdminArea path={path} />;
  if (under(path, '/connections', '/datasources')) return <DataSourcesArea path={path} />;
  if (under(path, '/alerting')) return <AlertingArea path={path} />;
  if (path === '/explore' || path === '/explore/') return <ExplorePage />;
  const dashboard = /^\/d\/([^/]+)(?:\/[^/]*)?\/?$/.exec(path);
  if (dashboard) return <DashboardPage key={dashboard[1]} uid={decodeURIComponent(dashboard[1]!)} />;
  return (
    <div className="page-error">
      <h2>Page not found</h2>
      <p>
        Nothing lives at <code>{path}</code>. <a href="/">Go home</a>
      </p>
    </div>
  );
}
