import { describe, expect, it } from 'vitest';
import {
  thresholdHolds,
  thresholdResults,
  type ThresholdType,
} from '../../../src/features/alert-expressions/threshold.js';
import { NO_DATA } from '../../../src/features/alert-expressions/values.js';
import { num, series, set } from './helpers.js';

describe('threshold', () => {
  it.each<[ThresholdType, number[], number, boolean]>([
    ['gt', [5], 6, true],
    ['gt', [5], 5, false],
    ['lt', [5], 4, true],
    ['lt', [5], 5, false],
    ['eq', [5], 5, true],
    ['ne', [5], 5, false],
    ['ge', [5], 5, true],
    ['gte', [5], 4, false],
    ['le', [5], 5, true],
    ['lte', [5], 6, false],
    ['within_range', [1, 5], 5, false],
    ['within_range', [1, 5], 3, true],
    ['within_range_included', [1, 5], 5, true],
    ['outside_range', [1, 5], 1, false],
    ['outside_range', [1, 5], 0, true],
    ['outside_range_included', [1, 5], 1, true],
    ['outside_range_included', [1, 5], 3, false],
    ['gt', [5], Number.NaN, false],
  ])('%s %j on %d → %s', (type, params, x, expected) => {
    expect(thresholdHolds({ type, params }, x)).toBe(expected);
  });

  it('outputs 1/0 per number and per point, null stays null', () => {
    const spec = { evaluator: { type: 'gt' as const, params: [5] } };
    expect(
      thresholdResults(set(num(7, { host: 'a' }), num(3, { host: 'b' }), num(null, { host: 'c' })), spec),
    ).toEqual(set(num(1, { host: 'a' }), num(0, { host: 'b' }), num(null, { host: 'c' })));
    expect(
      thresholdResults(
        set(
          series([
            [1, 6],
            [2, 4],
            [3, null],
          ]),
        ),
        spec,
      ),
    ).toEqual(
      set(
        series([
          [1, 1],
          [2, 0],
          [3, null],
        ]),
      ),
    );
    expect(thresholdResults(NO_DATA, spec)).toEqual(NO_DATA);
  });

  it('judges firing dimensions by the negated unload evaluator (hysteresis)', () => {
    // fire above 10, recover only below 5
    const spec = {
      evaluator: { type: 'gt' as const, params: [10] },
      unloadEvaluator: { type: 'lt' as const, params: [5] },
    };
    const input = set(num(7, { host: 'firing' }), num(3, { host: 'firing2' }), num(7, { host: 'quiet' }));
    const isFiring = (labels: Record<string, string>) => labels.host !== 'quiet';
    expect(thresholdResults(input, spec, isFiring)).toEqual(
      set(num(1, { host: 'firing' }), num(0, { host: 'firing2' }), num(0, { host: 'quiet' })),
    );
    // without the callback every dimension uses the load evaluator
    expect(thresholdResults(input, spec)).toEqual(
      set(num(0, { host: 'firing' }), num(0, { host: 'firing2' }), num(0, { host: 'quiet' })),
    );
  });
});
