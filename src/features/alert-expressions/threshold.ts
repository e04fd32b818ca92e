import { NO_DATA, type Labels, type Results } from './values.js';

export const THRESHOLD_TYPES = [
  'gt',
  'lt',
  'eq',
  'ne',
  'ge',
  'gte',
  'le',
  'lte',
  'within_range',
  'outside_range',
  'within_range_included',
  'outside_range_included',
] as const;
export type ThresholdType = (typeof THRESHOLD_TYPES)[number];

const RANGE_TYPES: readonly ThresholdType[] = [
  'within_range',
  'outside_range',
  'within_range_included',
  'outside_range_included',
];

/** How many params a threshold type needs. */
export function thresholdArity(type: ThresholdType): number {
  return RANGE_TYPES.includes(type) ? 2 : 1;
}

export interface ThresholdEvaluator {
  type: ThresholdType;
  params: number[];
}

export interface ThresholdSpec {
  evaluator: ThresholdEvaluator;
  /** recovery threshold: judges dimensions that are firing already (hysteresis) */
  unloadEvaluator?: ThresholdEvaluator;
}

export function thresholdHolds(evaluator: ThresholdEvaluator, x: number): boolean {
  const [a = Number.NaN, b = Number.NaN] = evaluator.params;
  switch (evaluator.type) {
    case 'gt':
      return x > a;
    case 'lt':
      return x < a;
    case 'eq':
      return x === a;
    case 'ne':
      return x !== a;
    case 'ge':
    case 'gte':
      return x >= a;
    case 'le':
    case 'lte':
      return x <= a;
    case 'within_range':
      return x > a && x < b;
    case 'outside_range':
      return x < a || x > b;
    case 'within_range_included':
      return x >= a && x <= b;
    case 'outside_range_included':
      return x <= a || x >= b;
  }
}

/**
 * Grafana's `threshold`: 1 where the condition holds, 0 where not, null stays null (NaN is a
 * number and simply fails the comparison). With an unload evaluator, a dimension that is
 * firing keeps firing until its recovery condition holds: it is judged by the negated unload
 * condition, so values between the two thresholds do not flap.
 */
export function thresholdResults(
  input: Results,
  spec: ThresholdSpec,
  isFiring?: (labels: Labels) => boolean,
): Results {
  if (input.kind === 'noData') return NO_DATA;
  return {
    kind: 'values',
    values: input.values.map((value) => {
      const firing = spec.unloadEvaluator !== undefined && isFiring !== undefined && isFiring(value.labels);
      const judge = (x: number | null): number | null => {
        if (x === null) return null;
        if (firing) return thresholdHolds(spec.unloadEvaluator!, x) ? 0 : 1;
        return thresholdHolds(spec.evaluator, x) ? 1 : 0;
      };
      return value.kind === 'number'
        ? { ...value, value: judge(value.value) }
        : { ...value, values: value.values.map(judge) };
    }),
  };
}
