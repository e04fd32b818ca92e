import { buildFrame, type Column } from '../frames.js';
import type { DataFrame, FrameMeta } from '../types.js';
import type { FillSpec } from './macros.js';
import type { SqlResult } from './result.js';

export class TimeSeriesError extends Error {}

interface Series {
  name: string;
  labels: Record<string, string>;
  /** value by time */
  points: Map<number, number | null>;
}

/**
 * `format: time_series`, as Grafana's SQL data sources build it: the time column becomes `Time`,
 * every other non-text column a float64 value field, and text columns (e.g. `metric`) are
 * labels that split the values into one field per distinct label set ("long to wide"). With
 * exactly time + `metric` + one value, the metric is the field name instead of a label (series
 * named as before Grafana 8). The result is one wide frame; rows are sorted by time, value
 * fields by name then labels, and a fill mode from $__timeGroup fills gaps.
 */
export function timeSeriesFrame(
  result: SqlResult,
  refId: string,
  meta: FrameMeta,
  options: { timeIndex: number; fill?: FillSpec; range: { from: number; to: number } },
): DataFrame {
  const { columns } = result;
  const valueIndexes: number[] = [];
  const labelIndexes: number[] = [];
  columns.forEach((column, index) => {
    if (index === options.timeIndex) return;
    if (column.kind === 'string') labelIndexes.push(index);
    else if (column.kind === 'int' || column.kind === 'float') valueIndexes.push(index);
    else
      throw new TimeSeriesError(`Value column "${column.name}" must have a numeric type, not ${column.kind}`);
  });
  if (valueIndexes.length === 0) {
    throw new TimeSeriesError('time_series results need at least one numeric value column besides time');
  }

  const rows = result.rows
    .filter((row) => typeof row[options.timeIndex] === 'number')
    .sort((a, b) => (a[options.timeIndex] as number) - (b[options.timeIndex] as number));

  const series = new Map<string, Series>();
  for (const row of rows) {
    const labels: Record<string, string> = {};
    for (const index of labelIndexes)
      labels[columns[index]!.name] = typeof row[index] === 'string' ? row[index] : '';
    const key = labelKey(labels);
    const time = row[options.timeIndex] as number;
    for (const index of valueIndexes) {
      const id = `${columns[index]!.name}\u0000${key}`;
      let one = series.get(id);
      if (!one) {
        one = { name: columns[index]!.name, labels, points: new Map() };
        series.set(id, one);
      }
      const value = row[index];
      one.points.set(time, typeof value === 'number' ? value : value === null ? null : Number(value));
    }
  }

  const renameMetric =
    columns.length === 3 && labelIndexes.length === 1 && columns[labelIndexes[0]!]!.name === 'metric';
  const fields = [...series.values()].map((one) =>
    renameMetric ? { ...one, name: one.labels.metric ?? '', labels: {} } : one,
  );
  fields.sort((a, b) => compare(a.name, b.name) || compare(labelKey(a.labels), labelKey(b.labels)));

  let times = [...new Set(rows.map((row) => row[options.timeIndex] as number))];
  let table = fields.map((one) => times.map((time) => (one.points.has(time) ? one.points.get(time)! : null)));
  if (options.fill) {
    table = table.map((values) => fillMissingCells(values, options.fill!));
    ({ times, table } = resample(times, table, options.fill, options.range));
  }

  const timeName = 'Time';
  const out: Column[] = [
    {
      field: { name: timeName, type: 'time', typeInfo: { frame: 'time.Time', nullable: true } },
      values: times,
    },
    ...fields.map((one, index) => ({
      field: {
        name: one.name,
        type: 'number' as const,
        typeInfo: { frame: 'float64', nullable: true },
        ...(Object.keys(one.labels).length > 0 ? { labels: one.labels } : {}),
      },
      values: table[index]!,
    })),
  ];
  return buildFrame(out, { refId, meta: { ...meta, type: 'timeseries-wide' } });
}

/** Grafana's Labels.String(): `{a=x, b=y}` with keys sorted. */
function labelKey(labels: Record<string, string>): string {
  const keys = Object.keys(labels).sort();
  return `{${keys.map((key) => `${key}=${labels[key]}`).join(', ')}}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Cells where a series had no row at a time another series had one. */
function fillMissingCells(values: (number | null)[], fill: FillSpec): (number | null)[] {
  let previous: number | null = null;
  return values.map((value) => {
    if (value !== null) {
      previous = value;
      return value;
    }
    if (fill.mode === 'value') return fill.value ?? null;
    if (fill.mode === 'previous') return previous;
    return null;
  });
}

/**
 * Grafana's ResampleWideFrame: walks buckets of `fill.intervalMs` from the range start (rounded
 * down to the interval) to its end; rows up to each bucket are kept as they are, and a bucket
 * that got no row gets one at the bucket time, filled by the fill mode (previous: the last
 * row's value, or null before the first). Rows after the range end are dropped.
 */
function resample(
  times: number[],
  table: (number | null)[][],
  fill: FillSpec,
  range: { from: number; to: number },
): { times: number[]; table: (number | null)[][] } {
  const outTimes: number[] = [];
  const outTable = table.map(() => [] as (number | null)[]);
  let last = -1;
  const start = Math.floor(range.from / fill.intervalMs) * fill.intervalMs;
  for (let bucket = start; bucket <= range.to; bucket += fill.intervalMs) {
    const first = last + 1;
    while (last + 1 < times.length && times[last + 1]! <= bucket) last++;
    if (last < first) {
      outTimes.push(bucket);
      table.forEach((values, field) => {
        const filler =
          fill.mode === 'value'
            ? (fill.value ?? null)
            : fill.mode === 'previous' && last >= 0
              ? values[last]!
              : null;
        outTable[field]!.push(filler);
      });
      continue;
    }
    for (let row = first; row <= last; row++) {
      outTimes.push(times[row]!);
      table.forEach((values, field) => outTable[field]!.push(values[row]!));
    }
  }
  return { times: outTimes, table: outTable };
}
