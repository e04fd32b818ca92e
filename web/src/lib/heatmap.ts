/**
 * Heatmap cells from data frames, the two ways Grafana's heatmap gets them:
 * - buckets the data already has ("calculate: false"): a Prometheus histogram, either as the
 *   data source's `format: heatmap` frames (one field per bucket, named by its upper bound, counts
 *   per bucket) or as plain series labelled `le` (cumulative counts, differenced here);
 * - buckets calculated from plain time series: each column's samples counted into value ranges.
 */

import { asNumber, type Field, type Frame, type PanelData } from './frames.js';

export interface HeatmapCells {
  /** column edges in ms: column i spans xs[i]..xs[i+1] */
  xs: number[];
  /** row edges: row j spans ys[j]..ys[j+1] (the top edge may be Infinity) */
  ys: number[];
  /** counts[column][row] */
  counts: number[][];
  /** whether the buckets came from the data (`le`) or were calculated */
  fromData: boolean;
}

interface BucketSeries {
  bound: number;
  times: number[];
  values: (number | null)[];
}

export interface CalculationOptions {
  yBuckets?: { mode?: 'size' | 'count'; value?: string };
  xBuckets?: { mode?: 'size' | 'count'; value?: string };
}

/** Most columns a panel draws: beyond that a column would be narrower than a pixel or two. */
const MAX_COLUMNS = 200;

function parseBound(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (/^\+?Inf$/i.test(trimmed)) return Number.POSITIVE_INFINITY;
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

function timesOf(frame: Frame): number[] | undefined {
  const time = frame.fields.find((f) => f.type === 'time');
  return time?.values.map((v) => (typeof v === 'number' ? v : Date.parse(String(v))));
}

/** The fields a histogram gave: by `le` label, or (format: heatmap) by a numeric field name. */
function bucketSeries(data: PanelData): { series: BucketSeries[]; cumulative: boolean } | undefined {
  const byLabel = new Map<number, BucketSeries>();
  const byName: BucketSeries[] = [];
  for (const frame of data.frames) {
    const times = timesOf(frame);
    if (!times) continue;
    const numbers = frame.fields.filter((f): f is Field => f.type === 'number');
    const named = numbers.map((f) => parseBound(f.config.displayNameFromDS ?? f.name));
    if (numbers.length > 0 && named.every((b) => b !== undefined) && !numbers.some((f) => f.labels?.le)) {
      numbers.forEach((f, i) => byName.push({ bound: named[i]!, times, values: f.values.map(asNumber) }));
      continue;
    }
    for (const field of numbers) {
      const bound = parseBound(field.labels?.le);
      if (bound === undefined) continue;
      // series of one bound but other labels (several instances) add up, as `sum by (le)` would
      const values = field.values.map(asNumber);
      const existing = byLabel.get(bound);
      if (!existing) byLabel.set(bound, { bound, times, values });
      else mergeInto(existing, times, values);
    }
  }
  if (byName.length > 0) return { series: byName, cumulative: false };
  if (byLabel.size > 0) return { series: [...byLabel.values()], cumulative: true };
  return undefined;
}

function mergeInto(target: BucketSeries, times: number[], values: (number | null)[]): void {
  const at = new Map(target.times.map((t, i) => [t, i]));
  times.forEach((t, i) => {
    const index = at.get(t);
    if (index === undefined) {
      target.times = [...target.times, t];
      target.values = [...target.values, values[i] ?? null];
    } else target.values[index] = (target.values[index] ?? 0) + (values[i] ?? 0);
  });
}

/** Column edges from sorted distinct times: each column ends where the next starts. */
function columnEdges(times: number[]): number[] {
  if (times.length === 0) return [];
  const step = times.length > 1 ? times[times.length - 1]! - times[times.length - 2]! : 60_000;
  return [...times, times[times.length - 1]! + step];
}

function fromBuckets(found: { series: BucketSeries[]; cumulative: boolean }): HeatmapCells {
  const series = [...found.series].sort((a, b) => a.bound - b.bound);
  const times = [...new Set(series.flatMap((s) => s.times))].filter(Number.isFinite).sort((a, b) => a - b);
  const column = new Map(times.map((t, i) => [t, i]));
  const grid = series.map((s) => {
    const row = new Array<number>(times.length).fill(0);
    s.times.forEach((t, i) => {
      const c = column.get(t);
      if (c !== undefined) row[c] = s.values[i] ?? 0;
    });
    return row;
  });
  // Cumulative counts (everything ≤ le) become per-bucket counts; a counter reset can make a
  // difference negative for a moment, which counts as empty.
  const perBucket = found.cumulative
    ? grid.map((row, j) => (j === 0 ? row : row.map((v, c) => Math.max(0, v - grid[j - 1]![c]!))))
    : grid;
  const lowest = series[0]!.bound;
  const ys = [lowest > 0 ? 0 : lowest - 1, ...series.map((s) => s.bound)];
  return {
    xs: columnEdges(times),
    ys,
    counts: times.map((_, c) => perBucket.map((row) => row[c]!)),
    fromData: true,
  };
}

/** A step of 1, 2 or 5 times a power of ten near `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const mantissa = raw / power;
  return (mantissa <= 1 ? 1 : mantissa <= 2 ? 2 : mantissa <= 5 ? 5 : 10) * power;
}

function calculated(data: PanelData, options: CalculationOptions | undefined): HeatmapCells | undefined {
  const samples: { t: number; v: number }[] = [];
  for (const frame of data.frames) {
    const times = timesOf(frame);
    if (!times) continue;
    for (const field of frame.fields) {
      if (field.type !== 'number') continue;
      field.values.forEach((value, i) => {
        const v = asNumber(value);
        const t = times[i]!;
        if (v !== null && Number.isFinite(t)) samples.push({ t, v });
      });
    }
  }
  if (samples.length === 0) return undefined;
  const distinct = [...new Set(samples.map((s) => s.t))].sort((a, b) => a - b);
  let xs: number[];
  const xSize = Number(options?.xBuckets?.value);
  const xCount = options?.xBuckets?.mode === 'count' && xSize > 0 ? Math.floor(xSize) : undefined;
  if (options?.xBuckets?.mode !== 'count' && xSize > 0) {
    const start = Math.floor(distinct[0]! / xSize) * xSize;
    const n = Math.floor((distinct[distinct.length - 1]! - start) / xSize) + 1;
    xs = Array.from({ length: n + 1 }, (_, i) => start + i * xSize);
  } else if (xCount !== undefined || distinct.length > MAX_COLUMNS) {
    const n = Math.min(xCount ?? MAX_COLUMNS, MAX_COLUMNS);
    const first = distinct[0]!;
    const span = distinct[distinct.length - 1]! - first || 1;
    xs = Array.from({ length: n + 1 }, (_, i) => first + (span * i) / n + (i === n ? 1 : 0));
  } else xs = columnEdges(distinct);

  const values = samples.map((s) => s.v);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const ySetting = Number(options?.yBuckets?.value);
  const size =
    options?.yBuckets?.mode === 'size' && ySetting > 0
      ? ySetting
      : niceStep((max - min) / (options?.yBuckets?.mode === 'count' && ySetting > 0 ? ySetting : 10));
  const bottom = Math.floor(min / size) * size;
  const rows = Math.max(1, Math.floor((max - bottom) / size) + 1);
  const ys = Array.from({ length: rows + 1 }, (_, j) => bottom + j * size);
  const counts = Array.from({ length: xs.length - 1 }, () => new Array<number>(rows).fill(0));
  for (const { t, v } of samples) {
    const c = Math.min(xs.length - 2, upperIndex(xs, t));
    const r = Math.min(rows - 1, Math.floor((v - bottom) / size));
    if (c >= 0) counts[c]![r]! += 1;
  }
  return { xs, ys, counts, fromData: false };
}

/** The last index i with edges[i] ≤ value. */
function upperIndex(edges: number[], value: number): number {
  let low = 0;
  let high = edges.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (edges[mid]! <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The cells to draw: the data's own buckets unless `calculate` is on or there are none. */
export function heatmapCells(
  data: PanelData,
  calculate: boolean | undefined,
  calculation: CalculationOptions | undefined,
): HeatmapCells | undefined {
  const buckets = calculate ? undefined : bucketSeries(data);
  if (buckets) return fromBuckets(buckets);
  return calculated(data, calculation);
}
