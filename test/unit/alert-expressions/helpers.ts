import type { Results, Value } from '../../../src/features/alert-expressions/values.js';

/** Shorthands for hand-built expression values. */
export function num(value: number | null, labels: Record<string, string> = {}): Value {
  return { kind: 'number', labels, value };
}

export function series(points: [number, number | null][], labels: Record<string, string> = {}): Value {
  return { kind: 'series', labels, times: points.map(([t]) => t), values: points.map(([, v]) => v) };
}

export function set(...values: Value[]): Results {
  return { kind: 'values', values };
}
