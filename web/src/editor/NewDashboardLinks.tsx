import { Link } from '../app/Link.js';
import { usePermissions } from '../app/permissions.js';

/** "New dashboard" and "Import" for users who may create dashboards (shown on the browse page). */
export function NewDashboardLinks() {
  const can = usePermissions();
  if (!can('dashboards:create')) return null;
  return (
    <div className="new-dashboard-links" style={{ display: 'flex', gap: 12, margin: '0 0 8px' }}>
      <Link to="/dashboard/new">New dashboard</Link>
      <Link to="/dashboard/import">Import</Link>
    </div>
  );
}
