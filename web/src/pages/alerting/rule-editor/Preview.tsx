import type { EvalFrame, EvalResponse } from '../../../api/rule-editor.js';

const COLORS = ['#3274d9', '#e0752d', '#56a64b', '#a352cc', '#e02f44', '#f2cc0c', '#8ab8ff'];
const WIDTH = 320;
const HEIGHT = 90;

interface Series {
  name: string;
  times?: number[];
  values: (number | null)[];
}

export const labelsText = (labels: Record<string, string> | undefined) => {
  const entries = Object.entries(labels ?? {});
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${v}"`).join(', ')}}` : '';
};

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A frame's number fields as series (with the frame's time field when it has one). */
function seriesOf(frames: EvalFrame[], refId: string): Series[] {
  const out: Series[] = [];
  for (const frame of frames) {
    const fields = frame.schema.fields;
    const timeIndex = fields.findIndex((f) => f.type === 'time');
    fields.forEach((field, index) => {
      if (field.type !== 'number') return;
      const name = labelsText(field.labels) || frame.schema.name || field.name || refId;
      out.push({
        name,
        ...(timeIndex >= 0 ? { times: (frame.data.values[timeIndex] ?? []) as number[] } : {}),
        values: (frame.data.values[index] ?? []).map(numberOrNull),
      });
    });
  }
  return out;
}

const lastValue = (values: (number | null)[]): number | null => {
  for (let i = values.length - 1; i >= 0; i--) {
    const value = values[i];
    if (value !== null && value !== undefined) return value;
  }
  return null;
};

const format = (value: number | null) =>
  value === null
    ? 'null'
    : Math.abs(value) >= 1e6 || (value !== 0 && Math.abs(value) < 1e-3)
      ? value.toExponential(3)
      : String(Math.round(value * 1000) / 1000);

/** Time series as lines over the series' own time and value ranges. */
function Graph({ series, label }: { series: Series[]; label: string }) {
  const lines = series.filter((s) => s.times && s.times.length > 1);
  if (!lines.length) return null;
  const times = lines.flatMap((s) => s.times!);
  const values = lines.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  let [v0, v1] = values.length ? [Math.min(...values), Math.max(...values)] : [0, 1];
  if (v0 === v1) [v0, v1] = [v0 - 1, v1 + 1];
  const x = (t: number) => ((t - t0) / (t1 - t0 || 1)) * WIDTH;
  const y = (v: number) => HEIGHT - ((v - v0) / (v1 - v0)) * HEIGHT;
  return (
    <svg
      className="re-graph"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
    >
      {lines.map((s, i) => (
        <polyline
          key={i}
          fill="none"
          stroke={COLORS[i % COLORS.length]}
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
          points={s
            .times!.map((t, j) =>
              s.values[j] === null ? '' : `${x(t).toFixed(1)},${y(s.values[j]!).toFixed(1)}`,
            )
            .filter(Boolean)
            .join(' ')}
        />
      ))}
    </svg>
  );
}

/** What one query or expression gave in the last preview: a small graph and one row per series. */
export function RefIdPreview({ refId, response }: { refId: string; response: EvalResponse | undefined }) {
  const result = response?.results[refId];
  if (!result) return null;
  if (result.error) {
    return (
      <div className="re-preview error-box" role="status" aria-label={`Preview of ${refId}`}>
        {result.error}
      </div>
    );
  }
  const series = seriesOf(result.frames, refId);
  return (
    <div className="re-preview" role="region" aria-label={`Preview of ${refId}`}>
      {series.length === 0 ? (
        <div className="muted">No data</div>
      ) : (
        <>
          <Graph series={series} label={`Graph of ${refId}`} />
          <table className="re-table">
            <thead>
              <tr>
                <th>Series</th>
                <th>{series.some((s) => s.times) ? 'Last value' : 'Value'}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((s, i) => (
                <tr key={i}>
                  <td>
                    <span className="re-swatch" style={{ background: COLORS[i % COLORS.length] }} />
                    {s.name}
                  </td>
                  <td>{format(lastValue(s.values))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

const STATE_TEXT: Record<string, string> = {
  Alerting: 'Firing',
  Normal: 'Normal',
  NoData: 'No data',
  Error: 'Error',
};

/** Which series the condition would fire for, now. */
export function ConditionPreview({ response }: { response: EvalResponse }) {
  const results = response.condition.results;
  const firing = results.filter((r) => r.state === 'Alerting').length;
  return (
    <div className="re-preview" role="region" aria-label="Condition preview">
      <p>
        Condition {response.condition.refId}: <strong>{firing}</strong> of {results.length} series would fire.
      </p>
      <table className="re-table">
        <thead>
          <tr>
            <th>State</th>
            <th>Series</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r, i) => (
            <tr key={i} data-state={r.state}>
              <td>
                <span className={`re-state re-state-${r.state.toLowerCase()}`}>
                  {STATE_TEXT[r.state] ?? r.state}
                </span>
              </td>
              <td>{labelsText(r.labels) || '(no labels)'}</td>
              <td>{r.error ?? format(r.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
