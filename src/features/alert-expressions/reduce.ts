import { NO_DATA, type Results, type Value } from './values.js';

export const REDUCERS = ['sum', 'mean', 'min', 'max', 'count', 'last'] as const;
export type Reducer = (typeof REDUCERS)[number];

/**
 * How non-numbers (null, NaN, ±Inf) are treated: `strict` lets null/NaN poison the result,
 * `dropNN` ignores them, `replaceNN` substitutes a fixed value.
 */
export type ReduceMode = { mode: 'strict' } | { mode: 'dropNN' } | { mode: 'replaceNN'; replaceWith: number };

type Point = number | null;

const NOT_NEEDED_NOTICE =
  'Reduce operation is not needed. Input query or expression is already reduced data.';

/** Grafana's `reduce`: every series becomes one number with the same labels. */
export function reduceResults(input: Results, reducer: Reducer, mode: ReduceMode): Results {
  if (input.kind === 'noData') return NO_DATA;
  const hasNumbers = input.values.some((value) => value.kind === 'number');
  const values: Value[] = input.values.map((value) =>
    value.kind === 'number'
      ? value
      : { kind: 'number', labels: value.labels, value: reducePoints(value.values, reducer, mode) },
  );
  return { kind: 'values', values, ...(hasNumbers ? { notices: [NOT_NEEDED_NOTICE] } : {}) };
}

const isNumber = (point: Point): point is number => point !== null && Number.isFinite(point);

export function reducePoints(points: Point[], reducer: Reducer, mode: ReduceMode): Point {
  if (mode.mode === 'strict') return reduceStrict(points, reducer);
  const cleaned =
    mode.mode === 'dropNN'
      ? points.filter(isNumber)
      : points.map((point) => (isNumber(point) ? point : mode.replaceWith));
  const result = reduceStrict(cleaned, reducer);
  // a reduction left with nothing to work with (NaN) is null under dropNN, the value under replaceNN
  if (result === null || !Number.isNaN(result)) return result;
  return mode.mode === 'dropNN' ? null : mode.replaceWith;
}

/** Without a mode: any null or NaN makes sum/mean/min/max NaN; `last` is the last point as is. */
function reduceStrict(points: Point[], reducer: Reducer): Point {
  if (reducer === 'count') return points.length;
  if (reducer === 'last') return points.length === 0 ? Number.NaN : points[points.length - 1]!;
  if (points.some((point) => point === null || Number.isNaN(point))) return Number.NaN;
  const numbers = points as number[];
  if (reducer === 'sum') return numbers.reduce((total, x) => total + x, 0);
  if (numbers.length === 0) return Number.NaN;
  if (reducer === 'mean') return numbers.reduce((total, x) => total + x, 0) / numbers.length;
  // a loop, not Math.min(...numbers): long series would overflow the argument list
  const pick =
    reducer === 'min' ? (a: number, b: number) => (b < a ? b : a) : (a: number, b: number) => (b > a ? b : a);
  return numbers.reduce(pick);
}
