import { describe, expect, it } from 'vitest';
import { reducePoints, reduceResults } from '../../../src/features/alert-expressions/reduce.js';
import { NO_DATA } from '../../../src/features/alert-expressions/values.js';
import { num, series, set } from './helpers.js';

const strict = { mode: 'strict' } as const;
const dropNN = { mode: 'dropNN' } as const;

describe('reduce', () => {
  it('computes the reducers over clean points', () => {
    const points = [4, 1, 7, 2];
    expect(reducePoints(points, 'sum', strict)).toBe(14);
    expect(reducePoints(points, 'mean', strict)).toBe(3.5);
    expect(reducePoints(points, 'min', strict)).toBe(1);
    expect(reducePoints(points, 'max', strict)).toBe(7);
    expect(reducePoints(points, 'count', strict)).toBe(4);
    expect(reducePoints(points, 'last', strict)).toBe(2);
  });

  it('strict: a null or NaN makes sum/mean/min/max NaN; count counts them; last is as is', () => {
    const points = [1, null, 3];
    expect(reducePoints(points, 'sum', strict)).toBeNaN();
    expect(reducePoints([1, Number.NaN], 'mean', strict)).toBeNaN();
    expect(reducePoints(points, 'min', strict)).toBeNaN();
    expect(reducePoints(points, 'max', strict)).toBeNaN();
    expect(reducePoints(points, 'count', strict)).toBe(3);
    expect(reducePoints([1, null], 'last', strict)).toBeNull();
    expect(reducePoints([1, Infinity], 'max', strict)).toBe(Infinity);
  });

  it('strict on an empty series: sum and count 0, the others NaN', () => {
    expect(reducePoints([], 'sum', strict)).toBe(0);
    expect(reducePoints([], 'count', strict)).toBe(0);
    expect(reducePoints([], 'mean', strict)).toBeNaN();
    expect(reducePoints([], 'min', strict)).toBeNaN();
    expect(reducePoints([], 'last', strict)).toBeNaN();
  });

  it('dropNN ignores null, NaN and infinities, and a NaN result becomes null', () => {
    const points = [2, null, Number.NaN, Infinity, 6, -Infinity];
    expect(reducePoints(points, 'mean', dropNN)).toBe(4);
    expect(reducePoints(points, 'sum', dropNN)).toBe(8);
    expect(reducePoints(points, 'count', dropNN)).toBe(2);
    expect(reducePoints(points, 'last', dropNN)).toBe(6);
    expect(reducePoints([null, Number.NaN], 'mean', dropNN)).toBeNull();
    expect(reducePoints([null], 'last', dropNN)).toBeNull();
  });

  it('replaceNN substitutes the value for null, NaN and infinities', () => {
    const mode = { mode: 'replaceNN', replaceWith: 10 } as const;
    expect(reducePoints([2, null, Number.NaN, Infinity], 'sum', mode)).toBe(32);
    expect(reducePoints([2, null], 'last', mode)).toBe(10);
    // an empty series has no mean: the replacement stands in for it
    expect(reducePoints([], 'mean', mode)).toBe(10);
  });

  it('keeps labels, passes NoData through, and leaves numbers alone with a notice', () => {
    expect(
      reduceResults(
        set(
          series(
            [
              [1, 1],
              [2, 3],
            ],
            { host: 'a' },
          ),
          series([[1, 5]], { host: 'b' }),
        ),
        'mean',
        strict,
      ),
    ).toEqual(set(num(2, { host: 'a' }), num(5, { host: 'b' })));
    expect(reduceResults(NO_DATA, 'sum', strict)).toEqual(NO_DATA);
    const reduced = reduceResults(set(num(3, { host: 'a' })), 'sum', strict);
    expect(reduced).toEqual({
      kind: 'values',
      values: [num(3, { host: 'a' })],
      notices: ['Reduce operation is not needed. Input query or expression is already reduced data.'],
    });
  });
});
