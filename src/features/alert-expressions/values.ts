/**
 * The values expressions compute with, Grafana's `mathexp` kinds: a labelled number, a labelled
 * time series, or "no data". Frames are converted to these once at the boundary (see
 * frame-conversion.ts) and back for display (frame-output.ts).
 */

export type Labels = Record<string, string>;

export interface NumberValue {
  kind: 'number';
  labels: Labels;
  /** null is a missing value; NaN and ±Infinity are real results */
  value: number | null;
  /** the field name the number came from (classic conditions show it as `metric`) */
  name?: string;
}

export interface SeriesValue {
  kind: 'series';
  labels: Labels;
  /** epoch ms, ascending */
  times: number[];
  values: (number | null)[];
  name?: string;
}

export type Value = NumberValue | SeriesValue;

/** A classic condition's matching series: becomes `$values` entries `<refId>0`, `<refId>1`, ... */
export interface ClassicMatch {
  metric: string;
  labels: Labels;
  value: number | null;
}

/** Everything one refId produced. `noData` stands for Grafana's NoData value, which propagates. */
export type Results =
  | { kind: 'noData'; notices?: string[] }
  | { kind: 'values'; values: Value[]; notices?: string[]; matches?: ClassicMatch[] };

export const NO_DATA: Results = { kind: 'noData' };

/** Every label of `subset` is in `superset` with the same value. */
export function labelsContain(superset: Labels, subset: Labels): boolean {
  return Object.entries(subset).every(([key, value]) => superset[key] === value);
}

/** Grafana's Labels.String(): `{a=x, b=y}`, keys sorted; also a stable identity for a label set. */
export function formatLabels(labels: Labels): string {
  const keys = Object.keys(labels).sort();
  return `{${keys.map((key) => `${key}=${labels[key]}`).join(', ')}}`;
}

/** An exact identity for a label set (formatLabels can collide when values hold `, ` or `=`). */
export function labelsKey(labels: Labels): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
