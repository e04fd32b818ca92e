/** Time series from data frames: one series per numeric field with a time field, aligned and stacked. */

import { effectiveConfig, type FieldConfigSource } from './field-config.js';
import { asNumber, displayName, type FieldConfig, type PanelData } from './frames.js';

interface Series {
  name: string;
  config: FieldConfig;
  times: number[];
  /** finite numbers to draw (NaN and ±Inf are gaps) */
  values: (number | null)[];
  /** the field's cells as they came, NaN and ±Inf kept: legend calcs reduce them as Grafana's do */
  cells: unknown[];
}

export function toSeries(data: PanelData, source: FieldConfigSource | undefined): Series[] {
  const series: Series[] = [];
  for (const frame of data.frames) {
    const time = frame.fields.find((f) => f.type === 'time');
    if (!time) continue;
    const times = time.values.map((v) => (typeof v === 'number' ? v : Date.parse(String(v))));
    for (const field of frame.fields) {
      if (field.type !== 'number') continue;
      const name = displayName(field, frame, data.frames.length);
      const config = effectiveConfig(field, name, source, frame.refId);
      series.push({
        name: config.displayName ?? name,
        config,
        times,
        values: field.values.map(asNumber),
        cells: field.values,
      });
    }
  }
  return series;
}

/** One x column for all series (sorted union of times) with each series' values placed on it. */
export function alignSeries(series: Series[]): { x: number[]; ys: (number | null)[][] } {
  const all = new Set<number>();
  for (const s of series) for (const t of s.times) if (Number.isFinite(t)) all.add(t);
  const x = [...all].sort((a, b) => a - b);
  const index = new Map(x.map((t, i) => [t, i]));
  const ys = series.map((s) => {
    const column: (number | null)[] = new Array<number | null>(x.length).fill(null);
    s.times.forEach((t, i) => {
      const at = index.get(t);
      if (at !== undefined) column[at] = s.values[i] ?? null;
    });
    return column;
  });
  return { x, ys };
}

/**
 * Grafana's stacking: series of one stacking group are summed in order ("normal") or as shares of
 * the group's total ("percent", 0..1). Series with mode "none" or hidden keep their values.
 */
export function stackSeries(
  ys: (number | null)[][],
  modes: { mode?: string; group?: string }[],
): (number | null)[][] {
  const sums = new Map<string, number[]>();
  const totals = new Map<string, number[]>();
  const length = ys[0]?.length ?? 0;
  ys.forEach((column, i) => {
    const { mode, group = 'A' } = modes[i] ?? {};
    if (mode !== 'percent') return;
    const total = totals.get(group) ?? new Array<number>(length).fill(0);
    column.forEach((v, j) => (total[j]! += Math.abs(v ?? 0)));
    totals.set(group, total);
  });
  return ys.map((column, i) => {
    const { mode, group = 'A' } = modes[i] ?? {};
    if (mode !== 'normal' && mode !== 'percent') return column;
    const sum = sums.get(group) ?? new Array<number>(length).fill(0);
    sums.set(group, sum);
    const total = totals.get(group);
    return column.map((v, j) => {
      if (v === null) return null;
      const value = mode === 'percent' ? (total && total[j] ? v / total[j] : 0) : v;
      sum[j]! += value;
      return sum[j]!;
    });
  });
}
