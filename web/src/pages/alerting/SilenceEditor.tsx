import { useState } from 'react';
import { ApiError, errorText } from '../../api/client.js';
import { saveSilence, silence as loadSilence, type Silence } from '../../api/silences.js';
import { Link } from '../../app/Link.js';
import { navigate, useLocation } from '../../app/router.js';
import { useSession } from '../../app/session.js';
import { useLoad } from '../../app/useLoad.js';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { fromTuple, parseMatcher, toTuple, type LabelMatcher } from './labelMatchers.js';
import { MatchersEditor } from './MatchersEditor.js';
import { SilencePreview } from './SilencePreview.js';

const DEFAULT_DURATION_MS = 2 * 3600_000;

/** `<input type="datetime-local">` text for an instant, in the browser's time zone. */
function localInput(ms: number): string {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

interface Draft {
  id?: string;
  matchers: LabelMatcher[];
  startsAt: string;
  endsAt: string;
  comment: string;
  createdBy: string;
}

/**
 * `/alerting/silence/new` (`?matcher=name=value`, repeated, prefills it: "Silence" on an alert)
 * and `/alerting/silence/{id}/edit`.
 */
export default function SilenceEditor({ id }: { id?: string }) {
  const { data, error } = useLoad(
    id === undefined
      ? undefined
      : (signal) =>
          loadSilence(id, signal).catch((caught: unknown) => {
            if (caught instanceof ApiError && caught.status === 404) return null;
            throw caught;
          }),
  );
  return (
    <div className="alerting-page">
      <h1>{id === undefined ? 'New silence' : 'Edit silence'}</h1>
      <AlertingNav current="/alerting/silences" />
      {error && <div className="error-box">Could not load the silence: {error}</div>}
      {id !== undefined && data === null && <div className="error-box">No silence with id {id}.</div>}
      {id !== undefined && data === undefined && !error && <p>Loading…</p>}
      {(id === undefined || data) && <SilenceForm key={id} stored={data ?? undefined} />}
    </div>
  );
}

function SilenceForm({ stored }: { stored: Silence | undefined }) {
  const access = useAlertingAccess();
  const { user } = useSession();
  const { search } = useLocation();
  const [draft, setDraft] = useState<Draft>(() => {
    const now = Date.now();
    if (stored) {
      // An expired silence is recreated from now on with its old length.
      const expired = stored.status.state === 'expired';
      const length = Date.parse(stored.endsAt) - Date.parse(stored.startsAt);
      return {
        id: expired ? undefined : stored.id,
        matchers: stored.matchers,
        startsAt: localInput(expired ? now : Date.parse(stored.startsAt)),
        endsAt: localInput(expired ? now + length : Date.parse(stored.endsAt)),
        comment: stored.comment,
        createdBy: stored.createdBy,
      };
    }
    const prefilled = search
      .getAll('matcher')
      .map(parseMatcher)
      .filter((m) => m !== undefined);
    return {
      matchers: prefilled.length ? prefilled : [{ name: '', value: '', isRegex: false, isEqual: true }],
      startsAt: localInput(now),
      endsAt: localInput(now + DEFAULT_DURATION_MS),
      comment: '',
      createdBy: user.login,
    };
  });
  const [status, setStatus] = useState<string>();
  const [saving, setSaving] = useState(false);
  const canWrite = stored ? (stored.accessControl?.write ?? false) : access.createSilence;
  const set = (part: Partial<Draft>) => setDraft((d) => ({ ...d, ...part }));

  /**
   * The instant of a time field: the stored one while the field still shows it (the input keeps
   * minutes only, and the Alertmanager edits an active silence in place only if its start is
   * unchanged), else what was typed.
   */
  const instant = (typed: string, original: string | undefined) =>
    original !== undefined && draft.id !== undefined && typed === localInput(Date.parse(original))
      ? new Date(original)
      : new Date(typed);

  const save = async () => {
    setStatus(undefined);
    const startsAt = instant(draft.startsAt, stored?.startsAt);
    const endsAt = instant(draft.endsAt, stored?.endsAt);
    if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) {
      setStatus('Start and end must be dates.');
      return;
    }
    setSaving(true);
    try {
      await saveSilence({
        ...(draft.id ? { id: draft.id } : {}),
        matchers: draft.matchers.filter((m) => m.name !== ''),
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        comment: draft.comment,
        createdBy: draft.createdBy,
      });
      navigate('/alerting/silences');
    } catch (caught) {
      setStatus(`Could not save the silence: ${errorText(caught)}`);
      setSaving(false);
    }
  };

  return (
    <div className="silence-form">
      {!canWrite && <div className="info-box">You may look at this silence but not change it.</div>}
      <MatchersEditor
        matchers={draft.matchers.map(toTuple)}
        disabled={!canWrite}
        onChange={(tuples) => set({ matchers: tuples.map(fromTuple) })}
        emptyText="A silence needs at least one matcher."
      />
      <div className="silence-times">
        <label className="cp-field">
          Starts
          <input
            type="datetime-local"
            value={draft.startsAt}
            disabled={!canWrite}
            onChange={(event) => set({ startsAt: event.target.value })}
          />
        </label>
        <label className="cp-field">
          Ends
          <input
            type="datetime-local"
            value={draft.endsAt}
            disabled={!canWrite}
            onChange={(event) => set({ endsAt: event.target.value })}
          />
        </label>
      </div>
      <label className="cp-field">
        Comment
        <textarea
          value={draft.comment}
          disabled={!canWrite}
          onChange={(event) => set({ comment: event.target.value })}
        />
      </label>
      <label className="cp-field">
        Created by
        <input
          value={draft.createdBy}
          disabled={!canWrite}
          onChange={(event) => set({ createdBy: event.target.value })}
        />
      </label>
      {status && (
        <div className="error-box" role="alert">
          {status}
        </div>
      )}
      <div className="cp-form-actions">
        {canWrite && (
          <button type="button" className="primary" disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save silence'}
          </button>
        )}
        <Link to="/alerting/silences" className="button">
          Cancel
        </Link>
      </div>
      <SilencePreview matchers={draft.matchers} />
    </div>
  );
}
