/** Grafana's field reducers ("calcs"), as used by stat, gauge, bar gauge and legends. */

export const REDUCER_NAMES: Record<string, string> = {
  lastNotNull: 'Last *',
  last: 'Last',
  firstNotNull: 'First *',
  first: 'First',
  mean: 'Mean',
  min: 'Min',
  max: 'Max',
  sum: 'Total',
  count: 'Count',
  range: 'Range',
  delta: 'Delta',
  diff: 'Difference',
};

/**
 * A cell as a number, keeping NaN and ±Inf: Grafana's "not null" reducers skip only null, so a
 * series of 0/0 reduces to NaN (shown "NaN"), not to nothing. Numeric strings (SQL decimals) count.
 */
function cellNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return null;
}

/**
 * Grafana's single-pass calcs (doStandardCalcs): NaN is a value, so it makes sum and mean NaN, while
 * min and max never pick it (comparisons with NaN are false); a counter reset adds the new value.
 */
function standardCalcs(present: number[]) {
  let sum = 0;
  let max: number | null = null;
  let min: number | null = null;
  let delta = 0;
  let previousDeltaUp = true;
  present.forEach((value, i) => {
    sum += value;
    if (i > 0) {
      const previous = present[i - 1]!;
      if (previous > value) {
        previousDeltaUp = false;
        if (i === present.length - 1) delta += value;
      } else {
        delta += previousDeltaUp ? value - previous : value;
        previousDeltaUp = true;
      }
    }
    if (value > (max ?? -Number.MAX_VALUE)) max = value;
    if (value < (min ?? Number.MAX_VALUE)) min = value;
  });
  return { sum, max, min, delta, mean: present.length ? sum / present.length : null };
}

/** One reduction of a column; null when it has no (non-null) numbers. */
export function reduce(values: unknown[], calc: string): number | null {
  const numbers = values.map(cellNumber);
  const present = numbers.filter((n): n is number => n !== null);
  switch (calc) {
    case 'last':
      return numbers.length > 0 ? (numbers[numbers.length - 1] ?? null) : null;
    case 'first':
      return numbers[0] ?? null;
    case 'firstNotNull':
      return present[0] ?? null;
    case 'count':
      return values.length;
    case 'diff':
      return present.length ? present[present.length - 1]! - present[0]! : null;
    case 'lastNotNull':
    case 'current':
      return present.length ? present[present.length - 1]! : null;
  }
  if (!present.length) return null;
  const calcs = standardCalcs(present);
  switch (calc) {
    case 'mean':
    case 'avg':
      return calcs.mean;
    case 'min':
      return calcs.min;
    case 'max':
      return calcs.max;
    case 'sum':
    case 'total':
      return calcs.sum;
    case 'range':
      return calcs.max !== null && calcs.min !== null ? calcs.max - calcs.min : null;
    case 'delta':
      return calcs.delta;
    default:
      return present[present.length - 1]!;
  }
}
