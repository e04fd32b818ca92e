import { useState } from 'react';
import { errorText } from '../../api/client.js';
import { currentAlerts, expireSilence, silences, type Silence } from '../../api/silences.js';
import { Link } from '../../app/Link.js';
import { useLoad } from '../../app/useLoad.js';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { useAutoReload } from './useAutoReload.js';
import { matcherText } from './labelMatchers.js';
import { ListToolbar } from './ListToolbar.js';
import { ruleViewUrl } from './ruleLinks.js';

const STATES = ['active', 'pending', 'expired'] as const;
const TITLES: Record<(typeof STATES)[number], string> = {
  active: 'Active',
  pending: 'Pending',
  expired: 'Expired',
};

const silenceEditUrl = (id: string) => `/alerting/silence/${encodeURIComponent(id)}/edit`;

/** `/alerting/silences`: silences by state (the API's order within each), edit and expire. */
export default function SilencesPage() {
  const access = useAlertingAccess();
  const { data, error, reload } = useLoad(async (signal) => {
    const [list, alerts] = await Promise.all([
      silences(signal),
      access.readInstances ? currentAlerts([], signal).catch(() => undefined) : undefined,
    ]);
    // How many current alerts each silence suppresses (the Alertmanager names them per alert).
    const silenced = new Map<string, number>();
    for (const alert of alerts ?? [])
      for (const id of alert.status.silencedBy) silenced.set(id, (silenced.get(id) ?? 0) + 1);
    return { list, silenced: alerts && silenced };
  });
  // pending silences become active, active ones expire, as time passes
  useAutoReload(reload);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string }>();

  const expire = async (silence: Silence) => {
    setMessage(undefined);
    try {
      await expireSilence(silence.id);
      setMessage({ kind: 'info', text: 'Silence expired.' });
    } catch (caught) {
      setMessage({ kind: 'error', text: `Could not expire the silence: ${errorText(caught)}` });
    }
    reload();
  };

  return (
    <div className="alerting-page">
      <h1>Silences</h1>
      <AlertingNav current="/alerting/silences" />
      <ListToolbar add={access.createSilence && { to: '/alerting/silence/new', label: 'Add silence' }}>
        Silences stop notifications for the alerts their matchers select, between their start and end.
      </ListToolbar>
      {message && (
        <div className={message.kind === 'error' ? 'error-box' : 'info-box'} role="alert">
          {message.text}
        </div>
      )}
      {error && <div className="error-box">Could not load the silences: {error}</div>}
      {!data && !error && <p>Loading…</p>}
      {data?.list.length === 0 && <p>No silences yet.</p>}
      {data &&
        STATES.map((state) => {
          const shown = data.list.filter((s) => s.status.state === state);
          if (shown.length === 0) return null;
          return (
            <section key={state} aria-label={`${TITLES[state]} silences`}>
              <h2>
                {TITLES[state]} <span className="muted">({shown.length})</span>
              </h2>
              <SilencesTable silences={shown} silenced={data.silenced} onExpire={(s) => void expire(s)} />
            </section>
          );
        })}
    </div>
  );
}

function SilencesTable({
  silences,
  silenced,
  onExpire,
}: {
  silences: Silence[];
  /** current alerts suppressed per silence id, when the caller may read alerts */
  silenced: Map<string, number> | undefined;
  onExpire: (silence: Silence) => void;
}) {
  return (
    <table className="alerting-table">
      <thead>
        <tr>
          <th>Matchers</th>
          {silenced && <th>Silenced alerts</th>}
          <th>Starts</th>
          <th>Ends</th>
          <th>Comment</th>
          <th>Created by</th>
          <th>Actions</th>
        </tr>
      </thead>
      <tbody>
        {silences.map((silence) => {
          const canWrite = silence.accessControl?.write ?? false;
          const expired = silence.status.state === 'expired';
          return (
            <tr key={silence.id} data-silence={silence.id}>
              <td>
                <span className="label-chips">
                  {silence.matchers.map((m, i) => (
                    <span key={i} className="policy-chip">
                      {matcherText(m)}
                    </span>
                  ))}
                </span>
                {silence.metadata?.rule_title && (
                  <div className="muted">
                    Rule{' '}
                    <Link to={ruleViewUrl(silence.metadata.rule_uid)}>{silence.metadata.rule_title}</Link>
                  </div>
                )}
              </td>
              {silenced && <td data-silenced-alerts>{silenced.get(silence.id) ?? 0}</td>}
              <td>{new Date(silence.startsAt).toLocaleString()}</td>
              <td>{new Date(silence.endsAt).toLocaleString()}</td>
              <td>{silence.comment}</td>
              <td>{silence.createdBy}</td>
              <td className="alerting-actions">
                {canWrite && (
                  <Link to={silenceEditUrl(silence.id)} className="button">
                    {expired ? 'Recreate' : 'Edit'}
                  </Link>
                )}
                {canWrite && !expired && (
                  <button type="button" className="danger" onClick={() => onExpire(silence)}>
                    Expire
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
