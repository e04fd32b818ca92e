import { classicReduce, type ClassicReducer } from './classic-reducers.js';
import type { ClassicMatch, Results, Value } from './values.js';

export const CLASSIC_EVALUATORS = ['gt', 'lt', 'within_range', 'outside_range', 'no_value'] as const;
export type ClassicEvaluatorType = (typeof CLASSIC_EVALUATORS)[number];

export interface ClassicCondition {
  refId: string;
  reducer: ClassicReducer;
  evaluator: { type: ClassicEvaluatorType; params: number[] };
  operator: 'and' | 'or';
}

/** Legacy evaluators: a missing value only satisfies `no_value`; ranges accept either bound order. */
function evaluatorHolds(evaluator: ClassicCondition['evaluator'], value: number | null): boolean {
  if (evaluator.type === 'no_value') return value === null;
  if (value === null) return false;
  const [a = Number.NaN, b = Number.NaN] = evaluator.params;
  switch (evaluator.type) {
    case 'gt':
      return value > a;
    case 'lt':
      return value < a;
    case 'within_range':
      return (a < value && value < b) || (b < value && value < a);
    case 'outside_range':
      return (value < a && value < b) || (value > a && value > b);
  }
}

function seriesName(value: Value): string {
  return value.name ?? '';
}

/**
 * Grafana's `classic_conditions`, the legacy alerting model: each condition reduces every
 * series of its query and fires when any of them passes the evaluator. Conditions combine
 * strictly left to right with their `and`/`or` (no precedence). The output is one unlabelled
 * number: null when the data was missing (checked first), else 1 (firing) or 0. Series that
 * fired or had no value are kept as matches for `$values`.
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
    // NoData counts as one series without a value
    const inputs: { value: Value | undefined }[] =
      input.kind === 'noData' || input.values.length === 0
        ? [{ value: undefined }]
        : input.values.map((value) => ({ value }));
    let firingCount = 0;
    let noValueCount = 0;
    for (const { value } of inputs) {
      const reduced = reduceOne(value, condition.reducer);
      if (reduced === null) noValueCount++;
      const fired = evaluatorHolds(condition.evaluator, reduced);
      if (fired) firingCount++;
      if (fired || reduced === null) {
        matches.push({ metric: value ? seriesName(value) : '', labels: value?.labels ?? {}, value: reduced });
      }
    }
    const conditionFiring = firingCount > 0;
    const conditionNoData = noValueCount === inputs.length;
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
  });
  const value = noData ? null : firing ? 1 : 0;
  return { kind: 'values', values: [{ kind: 'number', labels: {}, value }], matches };
}

/** A number is a series of one point, so reducers treat both alike. */
function reduceOne(value: Value | undefined, reducer: ClassicReducer): number | null {
  if (value === undefined) return null;
  return classicReduce(value.kind === 'number' ? [value.value] : value.values, reducer);
}
