import { switchOrg as selectOrg } from '../api/user.js';
import { Link } from './Link.js';
import { usePermissions } from './permissions.js';
import { navigate } from './router.js';
import { useSession } from './session.js';

export function TopBar() {
  const { user, orgs, reload } = useSession();
  const can = usePermissions();
  const switchOrg = async (orgId: number) => {
    await selectOrg(orgId);
    // Grafana compat: switching organizations goes home; the page shown belongs to the old one.
    navigate('/');
    reload();
  };
  return (
    <header className="topbar">
      <Link to="/" className="brand">
        svc
      </Link>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/dashboards">Dashboards</Link>
        {can('datasources:explore') && <Link to="/explore">Explore</Link>}
        {can('datasources:read') && <Link to="/connections/datasources">Data sources</Link>}
        {/* Grafana's alerting home is the rule list; contact points for a caller who sees only them */}
        {can('alert.rules:read') ? (
          <Link to="/alerting/list">Alerting</Link>
        ) : (
          can('alert.notifications.receivers:read') && <Link to="/alerting/notifications">Alerting</Link>
        )}
        {(can('users:read') || can('org.users:read') || can('teams:read') || can('serviceaccounts:read')) && (
          <Link to="/admin">Administration</Link>
        )}
      </nav>
      <div className="spacer" />
      {orgs.length > 1 && (
        <label className="org-switcher">
          <span>Organization</span>
          <select
            aria-label="Organization"
            value={user.orgId}
            onChange={(event) => void switchOrg(Number(event.target.value))}
          >
            {orgs.map((org) => (
              <option key={org.orgId} value={org.orgId}>
                {org.name} ({org.role})
              </option>
            ))}
          </select>
        </label>
      )}
      <Link to="/profile" className="user">
        {user.name || user.login}
      </Link>
      <a href="/logout" className="signout">
        Sign out
      </a>
    </header>
  );
}
