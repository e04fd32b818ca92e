import { useEffect, useMemo, useRef, useState } from 'react';
import { usePermissions } from '../../app/permissions.js';
import { testTemplate } from '../../api/alerting.js';
import { errorText } from '../../api/client.js';
import './TemplatePreview.css';

const DEBOUNCE_MS = 500;
const MAX_ALERTS = 1000;

type Strings = Record<string, string>;

/** One alert of the preview payload, as the test endpoint takes it. */
interface PreviewAlert {
  labels: Strings;
  annotations?: Strings;
  startsAt?: string;
  endsAt?: string;
  generatorURL?: string;
}

/** Grafana's TestTemplatesResults (empty lists are left out). */
interface PreviewOutcome {
  results?: { name: string; text: string; scope: string }[];
  errors?: { name?: string; kind: string; message: string }[];
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** Two firing alerts, as Grafana's template editor offers, started five minutes ago. */
function sampleAlerts(): string {
  const startsAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 5 * 60_000).toISOString();
  const alert = (instance: string): PreviewAlert => ({
    labels: { alertname: 'InstanceDown', instance },
    annotations: { summary: `Instance ${instance} has been down for more than 5 minutes` },
    startsAt: startsAt.replace('.000Z', 'Z'),
  });
  return JSON.stringify([alert('instance1'), alert('instance2')], null, 2);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStrings = (value: unknown): value is Strings =>
  isObject(value) && Object.values(value).every((v) => typeof v === 'string');

/** Checks the alerts JSON against what the endpoint accepts; a message naming the problem otherwise. */
function parseAlerts(text: string): { alerts: PreviewAlert[] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (caught) {
    return { error: `Alerts are not valid JSON: ${errorText(caught)}` };
  }
  if (!Array.isArray(value)) return { error: 'Alerts must be a JSON array of alerts' };
  if (value.length > MAX_ALERTS) return { error: `At most ${MAX_ALERTS} alerts can be previewed` };
  for (const [index, alert] of value.entries()) {
    const at = `Alert ${index + 1}`;
    if (!isObject(alert)) return { error: `${at} must be an object` };
    if (!isStrings(alert.labels)) return { error: `${at}: "labels" must be an object of strings` };
    if (alert.annotations !== undefined && !isStrings(alert.annotations))
      return { error: `${at}: "annotations" must be an object of strings` };
    for (const key of ['startsAt', 'endsAt'] as const) {
      const time = alert[key];
      if (time !== undefined && (typeof time !== 'string' || !RFC3339.test(time)))
        return { error: `${at}: "${key}" must be an RFC 3339 time such as 2024-01-02T15:04:05Z` };
    }
    if (alert.generatorURL !== undefined && typeof alert.generatorURL !== 'string')
      return { error: `${at}: "generatorURL" must be a string` };
  }
  return { alerts: value as PreviewAlert[] };
}

/**
 * Live preview of a notification template group: renders each template the content defines
 * against an editable alerts payload, next to the org's other saved groups, without saving.
 * Runs on the Preview button and, debounced, whenever the content, name or alerts change.
 */
export function TemplatePreview({ name, content }: { name: string; content: string }) {
  const can = usePermissions();
  const allowed = can('alert.notifications:write');
  const [alertsText, setAlertsText] = useState(sampleAlerts);
  const parsed = useMemo(() => parseAlerts(alertsText), [alertsText]);
  const [state, setState] = useState<{ outcome?: PreviewOutcome; error?: string; running: boolean }>({
    running: false,
  });
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const empty = content.trim() === '';
  const ready = allowed && !empty && !('error' in parsed);

  const run = async () => {
    clearTimeout(timer.current);
    if (!ready || 'error' in parsed) return;
    const id = ++latest.current;
    setState((current) => ({ ...current, running: true }));
    try {
      const outcome = await testTemplate<PreviewOutcome>({
        name: name.trim() || 'untitled',
        template: content,
        alerts: parsed.alerts,
      });
      if (id === latest.current) setState({ outcome, running: false });
    } catch (caught) {
      if (id === latest.current) setState({ error: errorText(caught), running: false });
    }
  };

  useEffect(() => {
    if (!ready) return undefined;
    timer.current = setTimeout(() => void run(), DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
    // `run` is a fresh closure each render over these inputs.
  }, [ready, name, content, parsed]);

  if (!allowed) {
    return (
      <section className="template-preview" aria-labelledby="template-preview-heading">
        <h2 id="template-preview-heading">Preview</h2>
        <p className="muted">Previewing templates needs the alert.notifications:write permission.</p>
      </section>
    );
  }

  const invalid = 'error' in parsed ? parsed.error : undefined;
  let output;
  if (invalid) output = <p className="muted">Fix the alerts JSON to preview.</p>;
  else if (empty) output = <p className="muted">Enter template content to preview.</p>;
  else if (state.error)
    output = (
      <div className="template-preview-error" data-kind="request">
        <strong>Preview failed:</strong> {state.error}
      </div>
    );
  else if (!state.outcome)
    output = <p className="muted">{state.running ? 'Rendering…' : 'No preview yet.'}</p>;
  else output = <Outcome outcome={state.outcome} />;

  return (
    <section
      className="template-preview"
      aria-labelledby="template-preview-heading"
      data-state={state.running ? 'running' : 'idle'}
    >
      <div className="template-preview-head">
        <h2 id="template-preview-heading">Preview</h2>
        <button type="button" disabled={Boolean(invalid) || empty} onClick={() => void run()}>
          Preview
        </button>
        {state.running && <span className="muted">Rendering…</span>}
      </div>
      <div className="template-preview-body">
        <div className="template-preview-output" aria-live="polite" aria-label="Preview output">
          {output}
        </div>
        <div className={`cp-field${invalid ? ' has-error' : ''}`}>
          <label htmlFor="template-preview-alerts">Preview alerts (JSON)</label>
          <textarea
            id="template-preview-alerts"
            rows={14}
            spellCheck={false}
            value={alertsText}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? 'template-preview-alerts-error' : undefined}
            onChange={(event) => setAlertsText(event.target.value)}
          />
          {invalid && (
            <div className="field-error" id="template-preview-alerts-error" role="alert">
              {invalid}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

function Outcome({ outcome }: { outcome: PreviewOutcome }) {
  const results = outcome.results ?? [];
  const errors = outcome.errors ?? [];
  if (!results.length && !errors.length) return <p className="muted">The template renders nothing.</p>;
  return (
    <>
      {errors.map((error, index) => (
        <div
          key={`error-${index}`}
          className="template-preview-error"
          data-kind={error.kind}
          data-name={error.name ?? ''}
        >
          <strong>
            {error.kind === 'invalid_template' ? 'Invalid template' : 'Execution error'}
            {error.name ? ` in "${error.name}"` : ''} ({error.kind}):
          </strong>{' '}
          {error.message}
        </div>
      ))}
      {results.map((result) => (
        <div key={result.name} className="template-preview-result" data-result={result.name}>
          <div className="template-preview-name">{result.name}</div>
          <pre>{result.text}</pre>
        </div>
      ))}
    </>
  );
}
