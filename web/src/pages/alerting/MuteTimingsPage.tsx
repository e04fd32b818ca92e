import { useState } from 'react';
import { errorText } from '../../api/client.js';
import { deleteMuteTiming, muteTimings, type MuteTiming } from '../../api/mute-timings.js';
import { useLoad } from '../../app/useLoad.js';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { ListToolbar } from './ListToolbar.js';
import { intervalSummary } from './muteTimingForm.js';
import { RowActions } from './RowActions.js';

const muteTimingEditUrl = (name: string) => `/alerting/mute-timings/${encodeURIComponent(name)}/edit`;

/** `/alerting/mute-timings`: the time intervals policies mute (or activate) their notifications in. */
export default function MuteTimingsPage() {
  const access = useAlertingAccess();
  const { data, error, reload } = useLoad((signal) => muteTimings(signal));
  const [confirming, setConfirming] = useState<string>();
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string }>();

  const remove = async (timing: MuteTiming) => {
    setMessage(undefined);
    try {
      // The server refuses while a policy or a rule names it.
      await deleteMuteTiming(timing.name);
      setMessage({ kind: 'info', text: `Mute timing "${timing.name}" deleted.` });
    } catch (caught) {
      setMessage({ kind: 'error', text: `Could not delete "${timing.name}": ${errorText(caught)}` });
    }
    reload();
  };

  return (
    <div className="alerting-page">
      <h1>Mute timings</h1>
      <AlertingNav current="/alerting/mute-timings" />
      <ListToolbar
        add={access.writeMuteTimings && { to: '/alerting/mute-timings/new', label: 'Add mute timing' }}
      >
        Named time intervals; a notification policy names them to mute or activate its notifications.
      </ListToolbar>
      {message && (
        <div className={message.kind === 'error' ? 'error-box' : 'info-box'} role="alert">
          {message.text}
        </div>
      )}
      {error && <div className="error-box">Could not load the mute timings: {error}</div>}
      {!data && !error && <p>Loading…</p>}
      {data?.length === 0 && <p>No mute timings yet.</p>}
      {data && data.length > 0 && (
        <table className="alerting-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Time intervals</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.map((timing) => {
              const provisioned = Boolean(timing.provenance);
              return (
                <tr key={timing.name} data-mute-timing={timing.name}>
                  <td>
                    <strong>{timing.name}</strong>
                    {provisioned && <span className="cp-badge">Provisioned</span>}
                  </td>
                  <td>
                    {timing.time_intervals.length === 0 ? (
                      <span className="muted">Always</span>
                    ) : (
                      <ul className="cp-integrations">
                        {timing.time_intervals.map((interval, i) => (
                          <li key={i}>{intervalSummary(interval)}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <RowActions
                    name={timing.name}
                    editUrl={muteTimingEditUrl(timing.name)}
                    canEdit={access.writeMuteTimings && !provisioned}
                    canDelete={access.deleteMuteTimings && !provisioned}
                    confirming={confirming === timing.name}
                    onConfirming={(on) => setConfirming(on ? timing.name : undefined)}
                    onDelete={() => void remove(timing)}
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
