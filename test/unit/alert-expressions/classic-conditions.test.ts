import { describe, expect, it } from 'vitest';
import {
  classicConditionsResults,
  type ClassicCondition,
} from '../../../src/features/alert-expressions/classic-conditions.js';
import { classicReduce } from '../../../src/features/alert-expressions/classic-reducers.js';
import { NO_DATA, type Results } from '../../../src/features/alert-expressions/values.js';
import { num, series, set } from './helpers.js';

describe('classic reducers', () => {
  const points = [10, null, 4, Number.NaN, 8, 2];
  it.each([
    ['avg', 6],
    ['sum', 24],
    ['min', 2],
    ['max', 10],
    ['count', 6],
    ['last', 2],
    ['median', 6],
    ['diff', -8],
    ['diff_abs', 8],
    ['percent_diff', -80],
    ['percent_diff_abs', 80],
    ['count_non_null', 4],
  ] as const)('%s skips null and NaN → %d', (reducer, expected) => {
    expect(classicReduce(points, reducer)).toBe(expected);
  });

  it('gives null without valid points (count still counts), and 0 diff for one point', () => {
    expect(classicReduce([null, Number.NaN], 'avg')).toBeNull();
    expect(classicReduce([null], 'count_non_null')).toBeNull();
    expect(classicReduce([null, null], 'count')).toBe(2);
    expect(classicReduce([], 'count')).toBeNull();
    expect(classicReduce([5], 'diff')).toBe(0);
    expect(classicReduce([1, 3, 2, 4], 'median')).toBe(2.5);
  });
});

function condition(partial: Partial<ClassicCondition>): ClassicCondition {
  return { refId: 'A', reducer: 'avg', evaluator: { type: 'gt', params: [5] }, operator: 'and', ...partial };
}

function outcome(conditions: ClassicCondition[], vars: Record<string, Results>) {
  const results = classicConditionsResults(conditions, (refId) => vars[refId] ?? NO_DATA);
  if (results.kind !== 'values') throw new Error('no values');
  return { value: (results.values[0] as { value: number | null }).value, matches: results.matches };
}

describe('classic conditions', () => {
  const A = set(
    {
      ...series(
        [
          [1, 2],
          [2, 4],
        ],
        { host: 'a' },
      ),
      name: 'cpu a',
    },
    {
      ...series(
        [
          [1, 8],
          [2, 10],
        ],
        { host: 'b' },
      ),
      name: 'cpu b',
    },
  );

  it('fires when any series passes and lists the matches', () => {
    expect(outcome([condition({})], { A })).toEqual({
      value: 1,
      matches: [{ metric: 'cpu b', labels: { host: 'b' }, value: 9 }],
    });
    expect(outcome([condition({ evaluator: { type: 'gt', params: [20] } })], { A })).toEqual({
      value: 0,
      matches: [],
    });
  });

  it('folds and/or left to right without precedence', () => {
    const yes = condition({});
    const no = condition({ evaluator: { type: 'lt', params: [0] } });
    // (yes or no) and no = false; with precedence it would be yes or (no and no) = true
    expect(outcome([yes, { ...no, operator: 'or' }, { ...no, operator: 'and' }], { A }).value).toBe(0);
    // (no and no) or yes = true
    expect(outcome([no, { ...no, operator: 'and' }, { ...yes, operator: 'or' }], { A }).value).toBe(1);
  });

  it('evaluates ranges with either bound order', () => {
    expect(outcome([condition({ evaluator: { type: 'within_range', params: [10, 8] } })], { A }).value).toBe(
      1,
    );
    expect(outcome([condition({ evaluator: { type: 'outside_range', params: [2, 10] } })], { A }).value).toBe(
      0,
    );
    expect(outcome([condition({ evaluator: { type: 'outside_range', params: [4, 10] } })], { A }).value).toBe(
      1,
    );
  });

  it('reports no data (null, checked first) when nothing has a value, with a NoData match', () => {
    expect(outcome([condition({})], { A: NO_DATA })).toEqual({
      value: null,
      matches: [{ metric: 'NoData', labels: {}, value: null }],
    });
    // `or` with a firing condition still gives null: no data wins
    expect(
      outcome([condition({}), condition({ refId: 'B', operator: 'or' })], { A, B: NO_DATA }).value,
    ).toBeNull();
    // `and` needs both conditions without data
    expect(
      outcome([condition({}), condition({ refId: 'B', operator: 'and' })], { A, B: NO_DATA }).value,
    ).toBe(0);
  });

  it('lets no_value fire on missing values instead of reporting no data', () => {
    const nulls = set({ ...series([[1, null]], { host: 'a' }), name: 'x' });
    expect(outcome([condition({ evaluator: { type: 'no_value', params: [] } })], { A: nulls })).toEqual({
      value: 1,
      matches: [{ metric: 'x', labels: { host: 'a' }, value: null }],
    });
    expect(outcome([condition({ evaluator: { type: 'no_value', params: [] } })], { A: NO_DATA }).value).toBe(
      1,
    );
  });

  it('has the newer evaluators too', () => {
    const B = set(num(5, { host: 'a' }));
    const run = (type: ClassicCondition['evaluator']['type'], params: number[]) =>
      outcome([condition({ refId: 'B', evaluator: { type, params } })], { B }).value;
    expect(run('eq', [5])).toBe(1);
    expect(run('ne', [5])).toBe(0);
    expect(run('gte', [5])).toBe(1);
    expect(run('lte', [4])).toBe(0);
    expect(run('within_range_included', [5, 1])).toBe(1);
    expect(run('outside_range_included', [5, 9])).toBe(1);
    expect(run('outside_range_included', [4, 9])).toBe(0);
  });

  it('takes numbers as they are, without reducing them', () => {
    expect(outcome([condition({ reducer: 'last' })], { A: set(num(6, { host: 'x' })) }).value).toBe(1);
    // count of a number would be 1; the number itself (6) is compared
    expect(outcome([condition({ reducer: 'count' })], { A: set(num(6, { host: 'x' })) }).value).toBe(1);
  });
});
