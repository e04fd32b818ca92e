/** Grafana's field reducers ("calcs"), as used by stat, gauge, bar gauge and legends. */

import { asNumber } from './frames.js';

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

/** One reduction of a column; null when it has no (non-null) numbers. */
export function reduce(values: unknown[], calc: string): number | null {
  const numbers = values.map(asNumber);
  const present = numbers.filter((n): n is number => n !== null);
  switch (calc) {
    case 'last':
      return numbers.length > 0 ? (numbers[numbers.length - 1] ?? null) : null;
    case 'first':
      return numbers[0] ?? null;
    case 'firstNotNull':
      return present[0] ?? null;
    case 'mean':
    case 'avg':
      return present.length ? present.reduce((a, b) => a + b, 0) / present.length : null;
    case 'min':
      return present.length ? Math.min(...present) : null;
    case 'max':
      return present.length ? Math.max(...present) : null;
    case 'sum':
    case 'total':
      return present.length ? present.reduce((a, b) => a + b, 0) : null;
    case 'count':
      return values.length;
    case 'range':
      return present.length ? Math.max(...present) - Math.min(...present) : null;
    case 'delta': {
      let total = 0;
      for (let i = 1; i < present.length; i++) {
        const step = present[i]! - present[i - 1]!;
        // Grafana compat: a counter reset counts the new value, not a negative step.
        total += step >= 0 ? step : present[i]!;
      }
      return present.length ? total : null;
    }
    case 'diff':
      return present.length ? present[present.length - 1]! - present[0]! : null;
    case 'lastNotNull':
    default:
      return present.length ? present[present.length - 1]! : null;
  }
}
