import type { HistoryLine } from '../../api/alert-rules.js';
import { LabelChips } from './LabelChips.js';
import { instanceState } from './ruleState.js';
import { StateBadge } from './StateBadge.js';

interface Transition {
  time: number;
  line: HistoryLine;
}

/** Per instance (fingerprint): its transitions in time order. */
function byInstance(transitions: Transition[]) {
  const instances = new Map<string, { labels: Record<string, string>; transitions: Transition[] }>();
  for (const t of transitions) {
    const entry = instances.get(t.line.fingerprint) ?? { labels: t.line.labels, transitions: [] };
    entry.transitions.push(t);
    instances.set(t.line.fingerprint, entry);
  }
  return [...instances.entries()];
}

/** Segments of one instance's bar over [from, to]: each state from its transition to the next. */
function segments(transitions: Transition[], from: number, to: number) {
  const span = Math.max(1, to - from);
  return transitions.map((t, i) => {
    const start = Math.max(from, t.time);
    const end = transitions[i + 1]?.time ?? to;
    return {
      state: instanceState(t.line.current).state,
      start,
      width: (100 * Math.max(0, end - start)) / span,
    };
  });
}

const when = (ms: number) => new Date(ms).toLocaleString();

/**
 * The state history of a rule: one bar per alert instance (coloured by state, from the first
 * transition in range to now) and the list of transitions, newest first.
 */
export function StateTimeline({ transitions, now }: { transitions: Transition[]; now: number }) {
  if (transitions.length === 0) return <p className="muted">No state changes in this time range.</p>;
  const from = transitions[0]!.time;
  const to = Math.max(now, transitions[transitions.length - 1]!.time);
  return (
    <>
      {byInstance(transitions).map(([fingerprint, instance]) => (
        <div key={fingerprint} className="timeline-instance" data-fingerprint={fingerprint}>
          <LabelChips labels={instance.labels} />
          <div className="state-timeline" role="img" aria-label={`State timeline ${fingerprint}`}>
            {segments(instance.transitions, from, to).map((segment, i) => (
              <span
                key={i}
                className={`state-${segment.state.toLowerCase()}`}
                style={{ width: `${segment.width}%` }}
                title={`${segment.state} from ${when(segment.start)}`}
              />
            ))}
          </div>
        </div>
      ))}
      <table className="alerting-table state-history">
        <thead>
          <tr>
            <th>Time</th>
            <th>Transition</th>
            <th>Labels</th>
            <th>Values</th>
          </tr>
        </thead>
        <tbody>
          {[...transitions].reverse().map((t, i) => {
            const previous = instanceState(t.line.previous);
            const current = instanceState(t.line.current);
            return (
              <tr key={i} data-transition={`${previous.state}->${current.state}`}>
                <td>{when(t.time)}</td>
                <td>
                  <StateBadge state={previous.state} reason={previous.reason} /> →{' '}
                  <StateBadge state={current.state} reason={current.reason} />
                  {t.line.error && <div className="cp-status failed">{t.line.error}</div>}
                </td>
                <td>
                  <LabelChips labels={t.line.labels} />
                </td>
                <td className="instance-value">
                  {Object.entries(t.line.values ?? {})
                    .map(([refId, value]) => `${refId}=${value ?? 'null'}`)
                    .join(', ')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
