import { classicReduce, type ClassicReducer } from './classic-reducers.js';
import type { ClassicMatch, Results, Value } from './values.js';

/** Legacy evaluators; newer Grafana builds add eq/ne/gte/lte and the inclusive ranges. */
export const CLASSIC_EVALUATORS = [
  'gt',
  'lt',
  'eq',
  'ne',
  'gte',
  'lte',
  'within_range',
  'outside_range',
  'within_range_included',
  'outside_range_included',
  'no_value',
] as const;
export type ClassicEvaluatorType = (typeof CLASSIC_EVALUATORS)[number];

/** How many params an evaluator needs. */
export function classicEvaluatorArity(type: ClassicEvaluatorType): number {
  if (type === 'no_value') return 0;
  return type.includes('range') ? 2 : 1;
}

export interface ClassicCondition {
  refId: string;
  reducer: ClassicReducer;
  evaluator: { type: ClassicEvaluatorType; params: number[] };
  operator: 'and' | 'or';
}

/** A missing value only satisfies `no_value`; ranges accept their bounds in either order. */
function evaluatorHolds(evaluator: ClassicCondition['evaluator'], value: number | null): boolean {
  if (evaluator.type === 'no_value') return value === null;
  if (value === null) return false;
  const [a = Number.NaN, b = Number.NaN] = evaluator.params;
  switch (evaluator.type) {
    case 'gt':
      return value > a;
    case 'lt':
      return value < a;
    case 'eq':
      return value === a;
    case 'ne':
      return value !== a;
    case 'gte':
      return value >= a;
    case 'lte':
      return value <= a;
    case 'within_range':
      return (a < value && value < b) || (b < value && value < a);
    case 'outside_range':
      return (value < a && value < b) || (value > a && value > b);
    case 'within_range_included':
      return (a <= value && value <= b) || (b <= value && value <= a);
    case 'outside_range_included':
      return (value <= a && value <= b) || (value >= a && value >= b);
  }
}

function seriesName(value: Value): string {
  return value.name ?? '';
}

/**
 * Grafana's `classic_conditions`, the legacy alerting model: each condition reduces every
 * series of its query (numbers are taken as they are) and fires when any of them passes the
 * evaluator. Conditions combine strictly left to right with their `and`/`or` (no precedence).
 * A condition has no data when every value is missing without firing (`no_value` fires on a
 * missing value, so it never makes a condition "no data"). The output is one unlabelled number:
 * null when the combined "no data" holds (checked first), else 1 (firing) or 0. Firing series
 * are kept as matches for `$values`, plus a `NoData` entry per condition without data.
 */
export function classicConditionsResults(
  conditions: ClassicCondition[],
  vars: (refId: string) => Results,
): Results {
  let firing = false;
  let noData = false;
  const matches: ClassicMatch[] = [];
  conditions.forEach((condition, index) => {
    const input = vars(condition.refId);
    // NoData (or nothing) counts as one value that is missing, so `no_value` can still fire
    const values: (Value | undefined)[] =
      input.kind === 'noData' || input.values.length === 0 ? [undefined] : input.values;
    let firingCount = 0;
    let noValueCount = 0;
    for (const value of values) {
      const reduced = reduceOne(value, condition.reducer);
      if (evaluatorHolds(condition.evaluator, reduced)) {
        firingCount++;
        matches.push({ metric: value ? seriesName(value) : '', labels: value?.labels ?? {}, value: reduced });
      } else if (reduced === null) noValueCount++;
    }
    const conditionFiring = firingCount > 0;
    const conditionNoData = noValueCount === values.length;
    if (index === 0) {
      firing = conditionFiring;
      noData = conditionNoData;
    } else if (condition.operator === 'or') {
      firing = firing || conditionFiring;
      noData = noData || conditionNoData;
    } else {
      firing = firing && conditionFiring;
      noData = noData && conditionNoData;
    }
    if (conditionNoData) matches.push({ metric: 'NoData', labels: {}, value: null });
  });
  const value = noData ? null : firing ? 1 : 0;
  return { kind: 'values', values: [{ kind: 'number', labels: {}, value }], matches };
}

/** Series are reduced; a number is already a value and is used as is. */
function reduceOne(value: Value | undefined, reducer: ClassicReducer): number | null {
  if (value === undefined) return null;
  return value.kind === 'number' ? value.value : classicReduce(value.values, reducer);
}
