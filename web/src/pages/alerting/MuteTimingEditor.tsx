import { useState } from 'react';
import { ApiError, errorText } from '../../api/client.js';
import { createMuteTiming, muteTiming, updateMuteTiming, type MuteTiming } from '../../api/mute-timings.js';
import { Link } from '../../app/Link.js';
import { navigate } from '../../app/router.js';
import { useLoad } from '../../app/useLoad.js';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { EMPTY_INTERVAL, fromForm, toForm, type IntervalForm } from './muteTimingForm.js';

const FIELDS: { key: keyof IntervalForm; label: string; placeholder: string }[] = [
  { key: 'times', label: 'Times', placeholder: '09:00-17:00, 18:00-20:00' },
  { key: 'weekdays', label: 'Weekdays', placeholder: 'monday:friday, sunday' },
  { key: 'days_of_month', label: 'Days of the month', placeholder: '1:5, -1' },
  { key: 'months', label: 'Months', placeholder: 'january:march, december' },
  { key: 'years', label: 'Years', placeholder: '2026:2027' },
  { key: 'location', label: 'Location', placeholder: 'Europe/Berlin' },
];

/** `/alerting/mute-timings/new` and `/alerting/mute-timings/{name}/edit`. */
export default function MuteTimingEditor({ name }: { name?: string }) {
  const { data, error } = useLoad(
    name === undefined
      ? undefined
      : (signal) =>
          muteTiming(name, signal).catch((caught: unknown) => {
            if (caught instanceof ApiError && caught.status === 404) return null;
            throw caught;
          }),
  );
  return (
    <div className="alerting-page">
      <h1>{name === undefined ? 'New mute timing' : 'Edit mute timing'}</h1>
      <AlertingNav current="/alerting/mute-timings" />
      {error && <div className="error-box">Could not load the mute timing: {error}</div>}
      {name !== undefined && data === null && <div className="error-box">No mute timing named {name}.</div>}
      {name !== undefined && data === undefined && !error && <p>Loading…</p>}
      {(name === undefined || data) && <MuteTimingForm stored={data ?? undefined} />}
    </div>
  );
}

function MuteTimingForm({ stored }: { stored: MuteTiming | undefined }) {
  const access = useAlertingAccess();
  const canWrite = access.writeMuteTimings && !stored?.provenance;
  const [name, setName] = useState(stored?.name ?? '');
  const [intervals, setIntervals] = useState<IntervalForm[]>(
    stored ? stored.time_intervals.map(toForm) : [EMPTY_INTERVAL],
  );
  const [status, setStatus] = useState<string>();
  const [saving, setSaving] = useState(false);

  const setPart = (index: number, key: keyof IntervalForm, value: string) => {
    // The server's last refusal no longer describes what is being edited.
    setStatus(undefined);
    setIntervals((all) => all.map((form, i) => (i === index ? { ...form, [key]: value } : form)));
  };

  const save = async () => {
    setStatus(undefined);
    setSaving(true);
    const body = { name: name.trim(), time_intervals: intervals.map(fromForm) };
    try {
      if (stored) await updateMuteTiming(stored.name, { ...body, version: stored.version });
      else await createMuteTiming(body);
      navigate('/alerting/mute-timings');
    } catch (caught) {
      setStatus(`Could not save the mute timing: ${errorText(caught)}`);
      setSaving(false);
    }
  };

  return (
    <div className="cp-form">
      {stored?.provenance && (
        <div className="info-box">
          This mute timing is provisioned ({stored.provenance}) and cannot be edited here.
        </div>
      )}
      <label className="cp-field">
        Name
        <input value={name} disabled={!canWrite} onChange={(event) => setName(event.target.value)} />
      </label>
      {intervals.length === 0 && <p className="muted">No time intervals: the timing covers all time.</p>}
      {intervals.map((form, index) => (
        <fieldset key={index} className="time-interval" aria-label={`Time interval ${index + 1}`}>
          <legend>Time interval {index + 1}</legend>
          {FIELDS.map((field) => (
            <label key={field.key} className="cp-field">
              {field.label}
              <input
                value={form[field.key]}
                placeholder={field.placeholder}
                disabled={!canWrite}
                onChange={(event) => setPart(index, field.key, event.target.value)}
              />
            </label>
          ))}
          {canWrite && (
            <button type="button" onClick={() => setIntervals((all) => all.filter((_, i) => i !== index))}>
              Remove time interval {index + 1}
            </button>
          )}
        </fieldset>
      ))}
      {canWrite && (
        <button type="button" onClick={() => setIntervals((all) => [...all, EMPTY_INTERVAL])}>
          Add time interval
        </button>
      )}
      {status && (
        <div className="error-box" role="alert">
          {status}
        </div>
      )}
      <div className="cp-form-actions">
        {canWrite && (
          <button type="button" className="primary" disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save mute timing'}
          </button>
        )}
        <Link to="/alerting/mute-timings" className="button">
          Cancel
        </Link>
      </div>
    </div>
  );
}
