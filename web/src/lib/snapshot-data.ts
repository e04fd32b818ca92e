import type { Field, FieldConfig, FieldType, Frame, PanelData } from './frames.js';

/**
 * A panel's frozen data as snapshots carry it: Grafana's data frames, either as DTOs (`fields`
 * with their `values`, what its UI stores in `snapshotData`) or in the wire form of
 * /api/ds/query (`schema.fields` and `data.values`).
 */
interface FrozenField {
  name?: string;
  type?: string;
  labels?: Record<string, string>;
  config?: FieldConfig;
  values?: unknown[];
}

interface FrozenFrame {
  name?: string;
  refId?: string;
  fields?: FrozenField[];
  schema?: { name?: string; refId?: string; fields?: FrozenField[] };
  data?: { values?: unknown[][] };
}

function typeOf(type: string | undefined, values: unknown[]): FieldType {
  if (type === 'time' || type === 'number' || type === 'string' || type === 'boolean') return type;
  const sample = values.find((v) => v !== null && v !== undefined);
  if (typeof sample === 'number') return 'number';
  if (typeof sample === 'string') return 'string';
  if (typeof sample === 'boolean') return 'boolean';
  return 'other';
}

function toFrame(frozen: FrozenFrame): Frame {
  const wire = frozen.schema !== undefined;
  const source = (wire ? frozen.schema?.fields : frozen.fields) ?? [];
  const fields = source.map((field, index): Field => {
    const values = (wire ? frozen.data?.values?.[index] : field.values) ?? [];
    const type = typeOf(field.type, values);
    return {
      name: field.name ?? `Field ${index + 1}`,
      type,
      // JSON carries NaN and Inf as null (or as strings in some exports).
      values: type === 'number' ? values.map((v) => (typeof v === 'string' ? Number(v) : v)) : values,
      labels: field.labels,
      config: field.config ?? {},
    };
  });
  return {
    name: frozen.schema?.name ?? frozen.name,
    refId: frozen.schema?.refId ?? frozen.refId,
    fields,
    length: Math.max(0, ...fields.map((f) => f.values.length)),
  };
}

/** The panel data of a snapshot's panel; no frames when it carries none. */
export function frozenPanelData(snapshotData: unknown): PanelData {
  const frames = Array.isArray(snapshotData) ? (snapshotData as FrozenFrame[]) : [];
  return { frames: frames.filter((f) => f && typeof f === 'object').map(toFrame), errors: [] };
}
