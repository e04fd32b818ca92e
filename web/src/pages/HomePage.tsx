import { useEffect, useState } from 'react';
import { get } from '../app/api.js';
import { navigate } from '../app/router.js';
import { DashboardView } from '../dashboard/DashboardView.js';
import type { DashboardMeta, DashboardModel } from '../lib/model.js';

interface HomeResponse {
  redirectUri?: string;
  dashboard?: DashboardModel;
  meta?: DashboardMeta;
}

/** `/`: the home dashboard from preferences (a redirect) or the server's default home dashboard. */
export default function HomePage() {
  const [home, setHome] = useState<HomeResponse>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    get<HomeResponse>('/api/dashboards/home').then(
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
