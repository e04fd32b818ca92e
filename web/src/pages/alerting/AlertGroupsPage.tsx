import { alertGroups, type AlertGroup } from '../../api/silences.js';
import { Link } from '../../app/Link.js';
import { useLoad } from '../../app/useLoad.js';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { useAutoReload } from './useAutoReload.js';
import { LabelChips } from './LabelChips.js';
import { newSilenceUrl } from './labelMatchers.js';
import { ListToolbar } from './ListToolbar.js';
import { StateBadge } from './StateBadge.js';

/** The groups per receiver, receivers in the API's order (it sorts by receiver, then labels). */
function byReceiver(groups: AlertGroup[]): [string, AlertGroup[]][] {
  const receivers = new Map<string, AlertGroup[]>();
  for (const group of groups) {
    const list = receivers.get(group.receiver.name) ?? [];
    list.push(group);
    receivers.set(group.receiver.name, list);
  }
  return [...receivers.entries()];
}

/** `/alerting/groups`: the Alertmanager's aggregation groups per contact point, with their alerts. */
export default function AlertGroupsPage() {
  const { data, error, reload } = useLoad((signal) => alertGroups(signal));
  useAutoReload(reload);
  return (
    <div className="alerting-page">
      <h1>Alert groups</h1>
      <AlertingNav current="/alerting/groups" />
      <ListToolbar add={false}>
        Alerts as the notification policies group them: one notification per group and contact point.
      </ListToolbar>
      {error && <div className="error-box">Could not load the alert groups: {error}</div>}
      {!data && !error && <p>Loading…</p>}
      {data?.length === 0 && <p>No alerts are firing.</p>}
      {data &&
        byReceiver(data).map(([receiver, groups]) => (
          <section key={receiver} aria-label={`Contact point ${receiver}`} className="rule-folder">
            <h2>{receiver}</h2>
            {groups.map((group) => (
              <GroupAlerts key={JSON.stringify(group.labels)} group={group} />
            ))}
          </section>
        ))}
    </div>
  );
}

function GroupAlerts({ group }: { group: AlertGroup }) {
  const access = useAlertingAccess();
  const grouping = Object.keys(group.labels).length > 0;
  return (
    <section className="rule-group" aria-label={`Group ${JSON.stringify(group.labels)}`} data-group>
      <h3>
        {grouping ? <LabelChips labels={group.labels} /> : 'No grouping'}{' '}
        <span className="muted">
          {group.alerts.length} {group.alerts.length === 1 ? 'alert' : 'alerts'}
        </span>
      </h3>
      <table className="alerting-table">
        <thead>
          <tr>
            <th>State</th>
            <th>Labels</th>
            <th>Since</th>
            {access.createSilence && <th>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {group.alerts.map((alert) => (
            <tr key={alert.fingerprint} data-fingerprint={alert.fingerprint}>
              <td>
                {alert.status.state === 'suppressed' ? (
                  <span className="cp-badge" title={`Silenced by ${alert.status.silencedBy.join(', ')}`}>
                    Silenced
                  </span>
                ) : (
                  <StateBadge state="Firing" />
                )}
              </td>
              <td>
                <LabelChips labels={alert.labels} />
              </td>
              <td>{new Date(alert.startsAt).toLocaleString()}</td>
              {access.createSilence && (
                <td className="alerting-actions">
                  <Link to={newSilenceUrl(alert.labels)} className="button">
                    Silence
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
