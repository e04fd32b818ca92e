import type { DeliveryAttempt } from '../../api/alert-rules.js';

/** The notifications a rule caused: each delivery attempt of a group holding its alerts. */
export function RuleNotifications({ attempts }: { attempts: DeliveryAttempt[] }) {
  if (attempts.length === 0) return <p className="muted">No notifications sent for this rule yet.</p>;
  return (
    <table className="alerting-table rule-notifications">
      <thead>
        <tr>
          <th>Time</th>
          <th>Contact point</th>
          <th>Integration</th>
          <th>Alerts</th>
          <th>Delivery</th>
        </tr>
      </thead>
      <tbody>
        {attempts.map((attempt) => (
          <tr key={attempt.id} data-receiver={attempt.receiver}>
            <td>{new Date(attempt.time).toLocaleString()}</td>
            <td>{attempt.receiver}</td>
            <td>{attempt.integrationType}</td>
            <td>
              {attempt.alerts ? `${attempt.alerts.firing} firing, ${attempt.alerts.resolved} resolved` : '—'}
            </td>
            <td>
              {attempt.status === 'failed' ? (
                <span className="cp-status failed">Failed: {attempt.error}</span>
              ) : attempt.status === 'skipped' ? (
                <span className="cp-status never">Skipped</span>
              ) : (
                <span className="cp-status ok">Sent ({attempt.duration})</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
