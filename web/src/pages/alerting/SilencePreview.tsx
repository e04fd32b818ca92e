import { useEffect, useState } from 'react';
import { errorText } from '../../api/client.js';
import { currentAlerts, type GettableAlert } from '../../api/silences.js';
import { LabelChips } from './LabelChips.js';
import { matcherText, type LabelMatcher } from './labelMatchers.js';

const DEBOUNCE_MS = 400;

/**
 * The current alerts the matchers being edited select, asked of the Alertmanager (its own
 * matching, so the preview agrees with what the silence will do); re-asked as the matchers change.
 */
export function SilencePreview({ matchers }: { matchers: LabelMatcher[] }) {
  const [alerts, setAlerts] = useState<GettableAlert[]>();
  const [error, setError] = useState<string>();
  const complete = matchers.filter((m) => m.name !== '');
  const key = JSON.stringify(complete);

  useEffect(() => {
    if (complete.length === 0) {
      setAlerts(undefined);
      setError(undefined);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      currentAlerts(complete.map(matcherText), controller.signal).then(
        (found) => {
          setAlerts(found);
          setError(undefined);
        },
        (caught: unknown) => {
          if (!controller.signal.aborted) setError(errorText(caught));
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` stands for the matchers' content.
  }, [key]);

  return (
    <section className="silence-preview" aria-label="Affected alerts">
      <h2>Affected alerts</h2>
      {complete.length === 0 && <p className="muted">Add a matcher to see the alerts it selects.</p>}
      {error && <div className="error-box">{error}</div>}
      {complete.length > 0 && alerts && !error && (
        <>
          <p className="muted" role="status">
            {alerts.length === 1 ? '1 alert matches' : `${alerts.length} alerts match`}
          </p>
          {alerts.length > 0 && (
            <table className="alerting-table">
              <tbody>
                {alerts.map((alert) => (
                  <tr key={alert.fingerprint} data-fingerprint={alert.fingerprint}>
                    <td>
                      <LabelChips labels={alert.labels} />
                    </td>
                    <td>{alert.status.state}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
