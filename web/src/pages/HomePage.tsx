import { useEffect, useState } from 'react';
import { homeDashboard } from '../api/dashboards.js';
import { navigate } from '../app/router.js';
import { DashboardView } from '../dashboard/DashboardView.js';
import type { HomeResponse } from '../api/dashboards.js';

/** `/`: the home dashboard from preferences (a redirect) or the server's default home dashboard. */
export default function HomePage() {
  const [home, setHome] = useState<HomeResponse>();
  const [error, setError] = useState<string>();
  useEffect(() => {
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
  return <DashboardView model={home.dashboard} meta={home.meta ?? {}} uid="" />;
}
