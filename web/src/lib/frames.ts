/** Data frames as the data source query endpoint (POST /api/ds/query) returns them, turned into columns the panels can use. */

interface FieldJson {
  name?: string;
  type?: string;
  labels?: Record<string, string>;
  config?: FieldConfig;
}

interface FrameJson {
  schema?: { name?: string; refId?: string; fields?: FieldJson[]; meta?: unknown };
  data?: { values?: unknown[][]; entities?: (FieldEntities | null | undefined)[] };
}

/** Grafana's wire form for what JSON cannot carry: the rows of a number field holding NaN, +Inf, -Inf. */
interface FieldEntities {
  NaN?: number[];
  Inf?: number[];
  NegInf?: number[];
}

export interface QueryResultJson {
  status?: number;
  error?: string;
  frames?: FrameJson[];
}

export interface QueryResponseJson {
  results?: Record<string, QueryResultJson>;
}

export interface Threshold {
  value: number | null;
  color: string;
}

export interface ThresholdsConfig {
  mode?: 'absolute' | 'percentage';
  steps: Threshold[];
}

export interface ValueMapping {
  type: 'value' | 'range' | 'regex' | 'special';
  options: Record<string, unknown>;
}

export interface FieldConfig {
  unit?: string;
  decimals?: number;
  min?: number;
  max?: number;
  displayName?: string;
  displayNameFromDS?: string;
  thresholds?: ThresholdsConfig;
  mappings?: ValueMapping[];
  color?: { mode?: string; fixedColor?: string };
  noValue?: string;
  custom?: Record<string, unknown>;
  links?: { title?: string; url?: string }[];
}

export type FieldType = 'time' | 'number' | 'string' | 'boolean' | 'other';

export interface Field {
  name: string;
  type: FieldType;
  values: unknown[];
  labels?: Record<string, string>;
  config: FieldConfig;
}

export interface Frame {
  name?: string;
  refId?: string;
  fields: Field[];
  length: number;
}

function fieldType(type: string | undefined, values: unknown[]): FieldType {
  if (type === 'time' || type === 'number' || type === 'string' || type === 'boolean') return type;
  const sample = values.find((v) => v !== null && v !== undefined);
  if (typeof sample === 'number') return 'number';
  if (typeof sample === 'string') return 'string';
  if (typeof sample === 'boolean') return 'boolean';
  return 'other';
}

/**
 * A number column with the NaN/±Inf cells restored: JSON cannot carry them, so (as in Grafana's
 * wire format) the column holds null there and `data.entities` lists the rows.
 */
function numberColumn(values: unknown[], entities: FieldEntities | null | undefined): unknown[] {
  const column = values.map((v) => (typeof v === 'string' ? Number(v) : v));
  const restore = (rows: unknown, value: number) => {
    if (!Array.isArray(rows)) return;
    for (const row of rows)
      if (Number.isInteger(row) && (row as number) >= 0 && (row as number) < column.length)
        column[row as number] = value;
  };
  restore(entities?.NaN, Number.NaN);
  restore(entities?.Inf, Number.POSITIVE_INFINITY);
  restore(entities?.NegInf, Number.NEGATIVE_INFINITY);
  return column;
}

function toFrame(json: FrameJson, refId?: string): Frame {
  const fields = (json.schema?.fields ?? []).map((field, index): Field => {
    const values = json.data?.values?.[index] ?? [];
    const entities = json.data?.entities?.[index];
    // a column of only NaN/Inf cells is all null on the wire, yet numbers
    const type = entities && field.type === undefined ? 'number' : fieldType(field.type, values);
    return {
      name: field.name ?? `Field ${index + 1}`,
      type,
      values: type === 'number' ? numberColumn(values, entities) : values,
      labels: field.labels,
      config: field.config ?? {},
    };
  });
  const length = Math.max(0, ...fields.map((f) => f.values.length));
  return { name: json.schema?.name, refId: json.schema?.refId ?? refId, fields, length };
}

export interface PanelData {
  frames: Frame[];
  /** per-query errors, by refId */
  errors: { refId: string; message: string }[];
}

export function toPanelData(response: QueryResponseJson): PanelData {
  const frames: Frame[] = [];
  const errors: PanelData['errors'] = [];
  for (const [refId, result] of Object.entries(response.results ?? {})) {
    if (result.error) errors.push({ refId, message: result.error });
    for (const frame of result.frames ?? []) frames.push(toFrame(frame, refId));
  }
  return { frames, errors };
}

function formatLabels(labels: Record<string, string>): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${v}"`).join(', ')}}`;
}

/**
 * The name Grafana shows for a field: its configured display name, the data source's name for it,
 * else the field name with labels (just the labels when the field is the frame's only value field;
 * the frame name when there are no labels).
 */
export function displayName(field: Field, frame: Frame, frameCount = 1): string {
  if (field.config.displayName) return interpolateFieldName(field.config.displayName, field, frame);
  if (field.config.displayNameFromDS) return field.config.displayNameFromDS;
  const labels = field.labels ?? {};
  const valueFields = frame.fields.filter((f) => f.type === 'number');
  const labelKeys = Object.keys(labels);
  if (labelKeys.length === 1 && valueFields.length === 1 && frameCount > 1) return labels[labelKeys[0]!]!;
  if (labelKeys.length > 0) {
    return valueFields.length === 1 && (field.name === 'Value' || field.name === 'value')
      ? formatLabels(labels)
      : `${field.name} ${formatLabels(labels)}`;
  }
  if (frame.name && valueFields.length === 1 && frameCount > 1) return frame.name;
  return field.name;
}

/** `${__field.name}`, `${__field.labels.x}`, `${__series.name}` in a display name. */
function interpolateFieldName(template: string, field: Field, frame: Frame): string {
  return template.replace(
    /\$\{__(field|series)\.(name|labels)(?:\.(\w+))?\}/g,
    (_m, scope: string, what: string, key?: string) => {
      if (scope === 'series') return frame.name ?? field.name;
      if (what === 'name') return field.name;
      if (key) return field.labels?.[key] ?? '';
      return formatLabels(field.labels ?? {});
    },
  );
}

/** A cell as a finite number, else null (NaN and ±Inf too: gaps in graphs, skipped in buckets). */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** A cell as text: objects (JSON fields) as JSON, null as empty. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return value.toString();
  return JSON.stringify(value) ?? '';
}
