import { buildFrame, type Column } from '../frames.js';
import type { DataFrame, FieldSchema, FrameMeta } from '../types.js';
import type { ColumnKind, SqlColumn, SqlResult } from './result.js';

const FRAME_TYPE: Record<ColumnKind, { type: FieldSchema['type']; frame: string }> = {
  time: { type: 'time', frame: 'time.Time' },
  int: { type: 'number', frame: 'int64' },
  float: { type: 'number', frame: 'float64' },
  string: { type: 'string', frame: 'string' },
  bool: { type: 'boolean', frame: 'bool' },
  json: { type: 'other', frame: 'json.RawMessage' },
};

function fieldFor(column: SqlColumn): FieldSchema {
  const { type, frame } = FRAME_TYPE[column.kind];
  return { name: column.name, type, typeInfo: { frame, nullable: true } };
}

/**
 * Grafana's epochPrecisionToMS: a number in the billions (10 digits) is epoch seconds, one in the
 * 10^18 range is nanoseconds, anything else is taken as milliseconds.
 */
function epochToMs(value: number): number {
  const exponent = Number(value.toExponential().split('e')[1]);
  if (exponent === 9) return value * 1000;
  if (exponent === 18) return value / 1e6;
  return value;
}

/**
 * Grafana turns the columns named `time` (MySQL also `time_sec`) and `timeend` into time
 * fields, whatever the database gave: numbers are epochs (see epochToMs), strings ISO dates.
 */
export function convertTimeColumns(result: SqlResult, timeColumnNames: string[]): SqlResult {
  const names = new Set([...timeColumnNames, 'timeend']);
  const convert = result.columns.map(
    (column) => names.has(column.name.toLowerCase()) && column.kind !== 'time',
  );
  if (!convert.some(Boolean)) return result;
  return {
    columns: result.columns.map((column, index) => (convert[index] ? { ...column, kind: 'time' } : column)),
    rows: result.rows.map((row) => row.map((value, index) => (convert[index] ? toEpochMs(value) : value))),
  };
}

function toEpochMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? epochToMs(value) : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    if (Number.isFinite(number)) return epochToMs(number);
    const parsed = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/** `format: table`: the rows as they came, one field per column. */
export function tableFrame(result: SqlResult, refId: string, meta: FrameMeta): DataFrame {
  const columns: Column[] = result.columns.map((column, index) => ({
    field: fieldFor(column),
    values: result.rows.map((row) => row[index] ?? null),
  }));
  return buildFrame(columns, { refId, meta });
}
