import type { DataFrame, FieldEntities, FieldSchema, FrameMeta } from './types.js';

/** A field with its values, the shape plugins build frames from. */
export interface Column {
  field: FieldSchema;
  values: unknown[];
}

interface FrameOptions {
  refId?: string;
  name?: string;
  meta?: FrameMeta;
}

/**
 * Assembles a frame in Grafana's wire form. NaN and infinities cannot travel in JSON, so, like
 * Grafana, number fields carry null there and list the positions in `data.entities`.
 */
export function buildFrame(columns: Column[], options: FrameOptions = {}): DataFrame {
  // Key order as Grafana writes it, for readable payloads: refId, name, meta, fields.
  const schema: DataFrame['schema'] = {
    ...(options.refId !== undefined ? { refId: options.refId } : {}),
    ...(options.name !== undefined && options.name !== '' ? { name: options.name } : {}),
    ...(options.meta !== undefined ? { meta: options.meta } : {}),
    fields: columns.map((c) => c.field),
  };

  const values: unknown[][] = [];
  const entities: (FieldEntities | null)[] = [];
  let anyEntity = false;
  for (const column of columns) {
    if (column.field.type !== 'number') {
      values.push(column.values);
      entities.push(null);
      continue;
    }
    const { clean, found } = extractEntities(column.values);
    values.push(clean);
    entities.push(found);
    if (found) anyEntity = true;
  }
  const data: DataFrame['data'] = { values };
  if (anyEntity) data.entities = entities;
  return { schema, data };
}

function extractEntities(values: unknown[]): { clean: unknown[]; found: FieldEntities | null } {
  let found: FieldEntities | null = null;
  const clean = values.map((value, index) => {
    if (typeof value !== 'number' || Number.isFinite(value)) return value;
    found ??= {};
    const key = Number.isNaN(value) ? 'NaN' : value > 0 ? 'Inf' : 'NegInf';
    (found[key] ??= []).push(index);
    return null;
  });
  return { clean, found };
}

export function timeFieldSchema(name: string, options: { nullable?: boolean; intervalMs?: number } = {}) {
  const field: FieldSchema = { name, type: 'time', typeInfo: { frame: 'time.Time' } };
  if (options.nullable) field.typeInfo = { frame: 'time.Time', nullable: true };
  if (options.intervalMs !== undefined) field.config = { interval: options.intervalMs };
  return field;
}

export function numberFieldSchema(
  name: string,
  options: { frame?: 'float64' | 'int64'; nullable?: boolean; labels?: Record<string, string> } = {},
) {
  const field: FieldSchema = { name, type: 'number', typeInfo: { frame: options.frame ?? 'float64' } };
  if (options.nullable) field.typeInfo = { frame: options.frame ?? 'float64', nullable: true };
  if (options.labels && Object.keys(options.labels).length > 0) field.labels = options.labels;
  return field;
}

export function stringFieldSchema(name: string, options: { nullable?: boolean } = {}): FieldSchema {
  return {
    name,
    type: 'string',
    typeInfo: options.nullable ? { frame: 'string', nullable: true } : { frame: 'string' },
  };
}
