/**
 * Grafana's histogram transform: the values of each numeric field counted into buckets of one
 * size (`bucketSize`, else a round size giving about `bucketCount` buckets over the data's range),
 * shifted by `bucketOffset`.
 */

import { effectiveConfig, type FieldConfigSource } from './field-config.js';
import { asNumber, displayName, type FieldConfig, type PanelData } from './frames.js';
import { niceStep } from './heatmap.js';

export interface HistogramOptions {
  bucketSize?: number;
  bucketCount?: number;
  bucketOffset?: number;
  combine?: boolean;
}

export interface Histogram {
  /** bucket i spans edges[i]..edges[i+1] */
  edges: number[];
  series: { name: string; config: FieldConfig; counts: number[] }[];
}

/** Grafana's default bucket count. */
const DEFAULT_BUCKETS = 30;
/** A bucket size that would make more buckets than this is treated as a mistake. */
const MAX_BUCKETS = 1000;

export function histogram(
  data: PanelData,
  source: FieldConfigSource | undefined,
  options: HistogramOptions,
): Histogram | undefined {
  const fields: { name: string; config: FieldConfig; values: number[] }[] = [];
  for (const frame of data.frames) {
    for (const field of frame.fields) {
      if (field.type !== 'number') continue;
      const name = displayName(field, frame, data.frames.length);
      const config = effectiveConfig(field, name, source, frame.refId);
      const values = field.values.map(asNumber).filter((v): v is number => v !== null);
      fields.push({ name: config.displayName ?? name, config, values });
    }
  }
  const all = fields.flatMap((f) => f.values);
  if (all.length === 0) return undefined;
  let min = Infinity;
  let max = -Infinity;
  for (const v of all) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const offset = options.bucketOffset ?? 0;
  const count = options.bucketCount && options.bucketCount > 0 ? options.bucketCount : DEFAULT_BUCKETS;
  let size =
    options.bucketSize && options.bucketSize > 0 ? options.bucketSize : niceStep((max - min) / count);
  if ((max - min) / size > MAX_BUCKETS) size = niceStep((max - min) / MAX_BUCKETS);
  const first = Math.floor((min - offset) / size) * size + offset;
  const buckets = Math.max(1, Math.floor((max - first) / size) + 1);
  const edges = Array.from({ length: buckets + 1 }, (_, i) => first + i * size);
  const countInto = (values: number[]) => {
    const counts = new Array<number>(buckets).fill(0);
    for (const v of values) counts[Math.min(buckets - 1, Math.floor((v - first) / size))]! += 1;
    return counts;
  };
  if (options.combine) {
    const base = fields[0]!;
    return { edges, series: [{ name: 'Count', config: base.config, counts: countInto(all) }] };
  }
  return {
    edges,
    series: fields.map((f) => ({ name: f.name, config: f.config, counts: countInto(f.values) })),
  };
}
