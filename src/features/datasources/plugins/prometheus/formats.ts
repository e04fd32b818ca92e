import { buildFrame, numberFieldSchema, stringFieldSchema, timeFieldSchema, type Column } from '../frames.js';
import type { DataFrame, FrameMeta } from '../types.js';
import type { PromSeries } from './frames.js';

/**
 * `format: table`: one frame, one row per sample, like Grafana's table transform: `Time`, one
 * string column per label (sorted by name, `__name__` included), then `Value`.
 */
export function tableFrame(series: PromSeries[], refId: string, meta: FrameMeta): DataFrame {
  const labelNames = [...new Set(series.flatMap((one) => Object.keys(one.labels)))].sort();
  const times: number[] = [];
  const values: number[] = [];
  const labelValues = labelNames.map(() => [] as string[]);
  for (const one of series) {
    for (const [index, time] of one.times.entries()) {
      times.push(time);
      values.push(one.values[index]!);
      labelNames.forEach((name, column) => labelValues[column]!.push(one.labels[name] ?? ''));
    }
  }
  const columns: Column[] = [
    { field: timeFieldSchema('Time'), values: times },
    ...labelNames.map((name, column) => ({ field: stringFieldSchema(name), values: labelValues[column]! })),
    { field: numberFieldSchema('Value'), values },
  ];
  return buildFrame(columns, { refId, meta: { ...meta, preferredVisualisationType: 'table' } });
}

/**
 * `format: heatmap`: Prometheus histograms are cumulative (`le` buckets count everything below),
 * heatmaps want per-bucket counts. Like Grafana, the series of one histogram (same labels but
 * `le`) are sorted by bound and each bucket has the one below it subtracted; the result is one
 * `heatmap-rows` frame per histogram with a field per bucket named by its upper bound.
 */
export function heatmapFrames(series: PromSeries[], refId: string, meta: FrameMeta): DataFrame[] {
  const groups = new Map<string, PromSeries[]>();
  for (const one of series) {
    const rest = withoutLe(one.labels);
    const key = JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    groups.set(key, [...(groups.get(key) ?? []), one]);
  }
  return [...groups.values()].map((buckets) => {
    buckets.sort((a, b) => bound(a) - bound(b));
    const times = [...new Set(buckets.flatMap((b) => b.times))].sort((a, b) => a - b);
    const cumulative = buckets.map((bucket) => {
      const byTime = new Map(bucket.times.map((time, index) => [time, bucket.values[index]!]));
      return times.map((time) => byTime.get(time) ?? 0);
    });
    const counts = cumulative.map((row, index) =>
      index === 0 ? row : row.map((value, column) => value - cumulative[index - 1]![column]!),
    );
    const columns: Column[] = [
      { field: timeFieldSchema('Time'), values: times },
      ...buckets.map((bucket, index) => ({
        field: numberFieldSchema(bucket.labels.le ?? '', { labels: withoutLe(bucket.labels) }),
        values: counts[index]!,
      })),
    ];
    return buildFrame(columns, { refId, meta: { ...meta, type: 'heatmap-rows' } });
  });
}

function bound(series: PromSeries): number {
  const le = series.labels.le;
  if (le === '+Inf' || le === 'Inf') return Number.POSITIVE_INFINITY;
  const value = Number(le);
  return Number.isNaN(value) ? Number.POSITIVE_INFINITY : value;
}

function withoutLe(labels: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).filter(([key]) => key !== 'le'));
}
