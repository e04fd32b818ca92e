import { switchOrg } from '../../../api/user.js';
import { navigate } from '../../../app/router.js';
import { useSession } from '../../../app/session.js';
import { Notice } from '../shared/Notice.js';
import { useAction } from '../shared/useAction.js';

/** The user's organizations and roles; switching makes another one current. */
export function OrgsSection() {
  const { user, orgs, reload } = useSession();
  const action = useAction();
  const switchTo = async (orgId: number) => {
    if (await action.run(() => switchOrg(orgId))) {
      // Grafana compat: switching organizations goes home, as the top bar's switcher does.
      navigate('/');
      reload();
    }
  };
  return (
    <div>
      <Notice error={action.error} />
      <table className="admin-table" aria-label="Your organizations">
        <thead>
          <tr>
            <th>Name</th>
            <th>Role</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {orgs.map((org) => (
            <tr key={org.orgId}>
              <td>{org.name}</td>
              <td>{org.role}</td>
              <td>
                {org.orgId === user.orgId ? (
                  <span className="admin-badge">Current</span>
                ) : (
                  <button
                    type="button"
                    aria-label={`Switch to ${org.name}`}
                    onClick={() => void switchTo(org.orgId)}
                  >
                    Switch
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
