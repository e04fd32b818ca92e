export const CLASSIC_REDUCERS = [
  'avg',
  'sum',
  'min',
  'max',
  'count',
  'last',
  'median',
  'diff',
  'diff_abs',
  'percent_diff',
  'percent_diff_abs',
  'count_non_null',
] as const;
export type ClassicReducer = (typeof CLASSIC_REDUCERS)[number];

type Point = number | null;

/** Legacy alerting counts a point when it is neither null nor NaN. */
const isValid = (point: Point): point is number => point !== null && !Number.isNaN(point);

/**
 * The reducers of legacy (classic) alerting: they skip null and NaN points, and give null (no
 * value) when a series has no point to work with, except `count`, which counts every point.
 */
export function classicReduce(points: Point[], reducer: ClassicReducer): Point {
  if (points.length === 0) return null;
  const valid = points.filter(isValid);
  switch (reducer) {
    case 'count':
      return points.length;
    case 'count_non_null':
      return valid.length > 0 ? valid.length : null;
    case 'diff':
    case 'diff_abs':
    case 'percent_diff':
    case 'percent_diff_abs':
      return valid.length === 0 ? null : difference(valid, reducer);
    default:
      break;
  }
  if (valid.length === 0) return null;
  switch (reducer) {
    case 'avg':
      return sum(valid) / valid.length;
    case 'sum':
      return sum(valid);
    case 'min':
      return valid.reduce((a, b) => (b < a ? b : a));
    case 'max':
      return valid.reduce((a, b) => (b > a ? b : a));
    case 'last':
      return valid[valid.length - 1]!;
    default:
      return median(valid);
  }
}

function sum(values: number[]): number {
  return values.reduce((total, x) => total + x, 0);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Newest minus oldest valid point (percentages relative to the oldest); one point gives 0. */
function difference(
  valid: number[],
  reducer: 'diff' | 'diff_abs' | 'percent_diff' | 'percent_diff_abs',
): number {
  if (valid.length < 2) return 0;
  const oldest = valid[0]!;
  const newest = valid[valid.length - 1]!;
  const diff = newest - oldest;
  if (reducer === 'diff') return diff;
  if (reducer === 'diff_abs') return Math.abs(diff);
  const percent = (diff / Math.abs(oldest)) * 100;
  return reducer === 'percent_diff' ? percent : Math.abs(percent);
}
