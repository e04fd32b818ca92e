import type { DataFrame, FieldSchema } from '../datasources/plugins/types.js';
import { NO_DATA, type Labels, type Results, type Value } from './values.js';

/** A frame shape expressions cannot work with (e.g. only string columns). */
export class FrameConversionError extends Error {}

/**
 * Turns a data source's frames into expression values, the way Grafana's SSE converter reads
 * the shapes svc's plugins produce:
 * - time series: a time field plus number fields, one frame per series (Prometheus) or one wide
 *   frame (SQL `time_series`, testdata); each number field is a series carrying its labels;
 * - long time series (a time field plus string columns, e.g. SQL `table` format with a time
 *   column): the string columns are labels that split the rows into series;
 * - numeric tables without a time field (SQL, csv_content): every row of every number column is
 *   a number, labelled by the row's string columns;
 * - Prometheus instant answers (`resultType` vector/scalar): one number per series.
 * Frames without fields or rows carry nothing; when no frame carries anything the result is
 * NoData, like Grafana's empty responses.
 */
export function framesToResults(frames: DataFrame[]): Results {
  const values: Value[] = [];
  for (const frame of frames) {
    if (frame.schema.fields.length === 0 || rowCount(frame) === 0) continue;
    values.push(...frameToValues(frame));
  }
  return values.length === 0 ? NO_DATA : { kind: 'values', values };
}

function rowCount(frame: DataFrame): number {
  return frame.data.values[0]?.length ?? 0;
}

function isNumeric(field: FieldSchema): boolean {
  return field.type === 'number' || field.type === 'boolean';
}

function frameToValues(frame: DataFrame): Value[] {
  const fields = frame.schema.fields;
  const timeIndex = fields.findIndex((field) => field.type === 'time');
  const numberIndexes = indexesWhere(fields, isNumeric);
  const stringIndexes = indexesWhere(fields, (field) => field.type === 'string');
  if (numberIndexes.length === 0) {
    const names = fields.map((field) => `${field.name} (${field.type})`).join(', ');
    throw new FrameConversionError(
      `input data must be a time series or a numeric table, but no field is a number: ${names}`,
    );
  }
  if (timeIndex < 0 || isInstantVector(frame)) return numericTable(frame, numberIndexes, stringIndexes);
  return timeSeries(frame, timeIndex, numberIndexes, stringIndexes);
}

/** Prometheus instant queries: a time field, but each series is meant as one number. */
function isInstantVector(frame: DataFrame): boolean {
  const resultType = frame.schema.meta?.custom?.resultType;
  const type = frame.schema.meta?.type ?? '';
  return resultType === 'vector' || resultType === 'scalar' || type.startsWith('numeric-');
}

function indexesWhere(fields: FieldSchema[], test: (field: FieldSchema) => boolean): number[] {
  return fields.flatMap((field, index) => (test(field) ? [index] : []));
}

function numericTable(frame: DataFrame, numberIndexes: number[], stringIndexes: number[]): Value[] {
  const out: Value[] = [];
  for (const index of numberIndexes) {
    const field = frame.schema.fields[index]!;
    const column = numberColumn(frame, index);
    column.forEach((value, row) => {
      out.push({
        kind: 'number',
        labels: { ...field.labels, ...rowLabels(frame, stringIndexes, row) },
        value,
        name: fieldName(frame, field),
      });
    });
  }
  return out;
}

function timeSeries(
  frame: DataFrame,
  timeIndex: number,
  numberIndexes: number[],
  stringIndexes: number[],
): Value[] {
  const times = frame.data.values[timeIndex] ?? [];
  // Long frames repeat times once per label combination: split the rows by their string cells.
  const groups = new Map<string, { labels: Labels; rows: number[] }>();
  times.forEach((time, row) => {
    if (typeof time !== 'number') return; // a row without a time cannot be placed
    const labels = rowLabels(frame, stringIndexes, row);
    const key = JSON.stringify(Object.entries(labels));
    const group = groups.get(key) ?? { labels, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  });
  const out: Value[] = [];
  for (const index of numberIndexes) {
    const field = frame.schema.fields[index]!;
    const column = numberColumn(frame, index);
    for (const group of groups.values()) {
      const rows = [...group.rows].sort((a, b) => (times[a] as number) - (times[b] as number));
      out.push({
        kind: 'series',
        labels: { ...field.labels, ...group.labels },
        times: rows.map((row) => times[row] as number),
        values: rows.map((row) => column[row] ?? null),
        name: fieldName(frame, field),
      });
    }
  }
  return out;
}

function rowLabels(frame: DataFrame, stringIndexes: number[], row: number): Labels {
  const labels: Labels = {};
  for (const index of stringIndexes) {
    const cell = frame.data.values[index]?.[row];
    labels[frame.schema.fields[index]!.name] = typeof cell === 'string' ? cell : '';
  }
  return labels;
}

/** How Grafana names a series: the data source's display name, else the frame's, else the field's. */
function fieldName(frame: DataFrame, field: FieldSchema): string {
  return field.config?.displayNameFromDS ?? (frame.schema.name || field.name);
}

/** A column as numbers, with the NaN/±Inf cells that JSON carried in `data.entities` restored. */
function numberColumn(frame: DataFrame, index: number): (number | null)[] {
  const column: (number | null)[] = (frame.data.values[index] ?? []).map(toNumber);
  const entities = frame.data.entities?.[index];
  for (const row of entities?.NaN ?? []) column[row] = Number.NaN;
  for (const row of entities?.Inf ?? []) column[row] = Number.POSITIVE_INFINITY;
  for (const row of entities?.NegInf ?? []) column[row] = Number.NEGATIVE_INFINITY;
  return column;
}

function toNumber(cell: unknown): number | null {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'boolean') return cell ? 1 : 0;
  // int64 columns of some drivers arrive as decimal strings
  if (typeof cell === 'string' && cell.trim() !== '' && Number.isFinite(Number(cell))) return Number(cell);
  return null;
}
