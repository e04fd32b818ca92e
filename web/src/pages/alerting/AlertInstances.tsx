import type { PromAlert } from '../../api/alert-rules.js';
import { Link } from '../../app/Link.js';
import { sentLabels, type AlertIndex } from './alertIndex.js';
import { LabelChips } from './LabelChips.js';
import { newSilenceUrl } from './labelMatchers.js';
import { instanceState } from './ruleState.js';
import { StateBadge } from './StateBadge.js';

const NEVER = '0001-01-01';

/**
 * The alert instances of a rule: state, labels, value, since when; whether the Alertmanager has
 * it silenced; and, for callers who may, a link to silence exactly the label set it was sent with.
 */
export function AlertInstances({
  alerts,
  index,
  canSilence,
}: {
  alerts: PromAlert[];
  /** the Alertmanager's alerts, to show silenced instances (absent without alert.instances:read) */
  index: AlertIndex | undefined;
  canSilence: boolean;
}) {
  if (alerts.length === 0) return <p className="muted">No alert instances.</p>;
  return (
    <table className="alerting-table alert-instances">
      <thead>
        <tr>
          <th>State</th>
          <th>Labels</th>
          <th>Value</th>
          <th>Active since</th>
          {canSilence && <th>Actions</th>}
        </tr>
      </thead>
      <tbody>
        {alerts.map((alert) => {
          const { state, reason } = instanceState(alert.state);
          // a NoData or Error instance reached the Alertmanager relabelled (DatasourceNoData, …)
          const labels = sentLabels(alert);
          const sent = index?.find(labels);
          const silencedBy = sent?.status.silencedBy ?? [];
          return (
            <tr key={JSON.stringify(alert.labels)} data-instance={JSON.stringify(alert.labels)}>
              <td>
                <StateBadge state={state} reason={reason} />
                {silencedBy.length > 0 && (
                  <span className="cp-badge" title={`Silenced by ${silencedBy.join(', ')}`}>
                    Silenced
                  </span>
                )}
              </td>
              <td>
                <LabelChips labels={alert.labels} />
              </td>
              <td className="instance-value">{alert.value || '—'}</td>
              <td>{alert.activeAt.startsWith(NEVER) ? '—' : new Date(alert.activeAt).toLocaleString()}</td>
              {canSilence && (
                <td className="alerting-actions">
                  <Link to={newSilenceUrl(labels)} className="button">
                    Silence
                  </Link>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
