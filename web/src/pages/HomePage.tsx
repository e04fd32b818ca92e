import { useEffect, useState } from 'react';
import { homeDashboard, searchDashboards, type SearchHit } from '../api/dashboards.js';
import { DatabaseIcon, ImportIcon, PlusIcon, StarIcon } from '../app/icons.js';
import { Link } from '../app/Link.js';
import { usePermissions } from '../app/permissions.js';
import { recentDashboards } from '../app/recent.js';
import { navigate } from '../app/router.js';
import { DashboardView } from '../dashboard/DashboardView.js';
import type { HomeResponse } from '../api/dashboards.js';
import type { DashboardModel } from '../lib/model.js';

/**
 * The server's built-in home (Grafana's: a welcome text, a dashboard list and a blog feed the
 * server cannot reach here). The UI shows its own home page in its place; a home dashboard chosen
 * in the preferences (a redirect) or configured as `default_home_dashboard_path` is drawn as is.
 */
function isBuiltInHome(model: DashboardModel): boolean {
  return (
    !model.uid &&
    model.title === 'Home' &&
    (model.panels ?? []).some(
      (p) =>
        p.type === 'news' &&
        (p.options as { feedUrl?: string } | undefined)?.feedUrl?.includes('grafana.com'),
    )
  );
}

/** `/`: the home dashboard from preferences (a redirect), a configured one, or the welcome page. */
export default function HomePage() {
  const [home, setHome] = useState<HomeResponse>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    document.title = 'Home - svc';
    homeDashboard().then(
      (response) => {
        if (response.redirectUri) navigate(response.redirectUri, { replace: true });
        else setHome(response);
      },
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
  }, []);
  if (error) return <div className="page-error">Could not load the home dashboard: {error}</div>;
  if (!home?.dashboard) return <div className="page-loading">Loading…</div>;
  if (!isBuiltInHome(home.dashboard))
    return <DashboardView model={home.dashboard} meta={home.meta ?? {}} uid="" />;
  return <WelcomePage />;
}

/** Starred and recently viewed dashboards, and the first steps for a new user. */
function WelcomePage() {
  const can = usePermissions();
  const [starred, setStarred] = useState<SearchHit[]>();
  const [starredError, setStarredError] = useState<string>();
  const recent = recentDashboards();
  useEffect(() => {
    const controller = new AbortController();
    searchDashboards(
      new URLSearchParams({ starred: 'true', type: 'dash-db', limit: '30' }),
      controller.signal,
    ).then(setStarred, (caught: unknown) => {
      if (!controller.signal.aborted)
        setStarredError(caught instanceof Error ? caught.message : String(caught));
    });
    return () => controller.abort();
  }, []);
  const steps = [
    can('datasources:create') && {
      to: '/connections/datasources/new',
      icon: <DatabaseIcon size={20} />,
      title: 'Add a data source',
      text: 'Connect Prometheus, a SQL database or the test data source.',
    },
    can('dashboards:create') && {
      to: '/dashboard/new',
      icon: <PlusIcon size={20} />,
      title: 'Create a dashboard',
      text: 'Start from an empty dashboard and add visualizations.',
    },
    can('dashboards:create') && {
      to: '/dashboard/import',
      icon: <ImportIcon size={20} />,
      title: 'Import a dashboard',
      text: 'Paste the JSON of a dashboard, e.g. one from the community.',
    },
  ].filter((step) => step !== false);

  return (
    <div className="page home-page">
      <h1>Welcome to svc</h1>
      {steps.length > 0 && (
        <section className="home-section" aria-labelledby="home-getting-started">
          <h2 id="home-getting-started">Getting started</h2>
          <ul className="home-steps">
            {steps.map((step) => (
              <li key={step.to}>
                <Link to={step.to} className="home-step">
                  {step.icon}
                  <span>
                    <strong>{step.title}</strong>
                    <span className="muted">{step.text}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="home-lists">
        <section className="home-section" aria-labelledby="home-starred">
          <h2 id="home-starred">Starred dashboards</h2>
          {starredError && (
            <div className="error-box">Starred dashboards could not be loaded: {starredError}</div>
          )}
          {!starred && !starredError && <p className="muted">Loading…</p>}
          {starred?.length === 0 && (
            <p className="muted">
              Mark a dashboard with <StarIcon size={14} /> to find it here.
            </p>
          )}
          {starred && starred.length > 0 && (
            <ul className="home-list" data-list="starred">
              {starred.map((hit) => (
                <li key={hit.uid}>
                  <Link to={hit.url}>{hit.title}</Link>
                  {hit.folderTitle && <span className="muted"> · {hit.folderTitle}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="home-section" aria-labelledby="home-recent">
          <h2 id="home-recent">Recently viewed dashboards</h2>
          {recent.length === 0 ? (
            <p className="muted">
              The dashboards you open appear here. <Link to="/dashboards">Browse dashboards</Link>
            </p>
          ) : (
            <ul className="home-list" data-list="recent">
              {recent.map((entry) => (
                <li key={entry.uid}>
                  <Link to={entry.url}>{entry.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
