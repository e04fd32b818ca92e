import { describe, expect, it } from 'vitest';
import { resampleResults, type ResampleSpec } from '../../../src/features/alert-expressions/resample.js';
import { NO_DATA } from '../../../src/features/alert-expressions/values.js';
import { num, series, set } from './helpers.js';

const range = { from: 0, to: 40_000 };
// points at 5 s, 12 s, 14 s and 33 s; grid points at 0, 10, 20, 30, 40 s
const input = set(
  series(
    [
      [5_000, 1],
      [12_000, 2],
      [14_000, 4],
      [33_000, 8],
    ],
    { host: 'a' },
  ),
);

function spec(partial: Partial<ResampleSpec>): ResampleSpec {
  return { windowMs: 10_000, downsampler: 'mean', upsampler: 'fillna', ...partial };
}

describe('resample', () => {
  it('downsamples the points up to each grid point and leaves empty slots null with fillna', () => {
    expect(resampleResults(input, spec({}), range)).toEqual(
      set(
        series(
          [
            [0, null],
            [10_000, 1],
            [20_000, 3],
            [30_000, null],
            [40_000, 8],
          ],
          { host: 'a' },
        ),
      ),
    );
  });

  it('uses the downsampler', () => {
    expect(resampleResults(input, spec({ downsampler: 'max' }), range)).toEqual(
      set(
        series(
          [
            [0, null],
            [10_000, 1],
            [20_000, 4],
            [30_000, null],
            [40_000, 8],
          ],
          { host: 'a' },
        ),
      ),
    );
    expect(resampleResults(input, spec({ downsampler: 'sum' }), range)).toEqual(
      set(
        series(
          [
            [0, null],
            [10_000, 1],
            [20_000, 6],
            [30_000, null],
            [40_000, 8],
          ],
          { host: 'a' },
        ),
      ),
    );
  });

  it('pads with the last point seen (null before the first)', () => {
    expect(resampleResults(input, spec({ upsampler: 'pad' }), range)).toEqual(
      set(
        series(
          [
            [0, null],
            [10_000, 1],
            [20_000, 3],
            [30_000, 4],
            [40_000, 8],
          ],
          { host: 'a' },
        ),
      ),
    );
  });

  it('backfills with the next point', () => {
    expect(resampleResults(input, spec({ upsampler: 'backfilling' }), range)).toEqual(
      set(
        series(
          [
            [0, 1],
            [10_000, 1],
            [20_000, 3],
            [30_000, 8],
            [40_000, 8],
          ],
          { host: 'a' },
        ),
      ),
    );
  });

  it('keeps a lone null point as null, while a null among several makes the slot NaN', () => {
    const withNulls = set(
      series([
        [5_000, null],
        [12_000, null],
        [14_000, 4],
      ]),
    );
    expect(resampleResults(withNulls, spec({ downsampler: 'max' }), { from: 0, to: 20_000 })).toEqual(
      set(
        series([
          [0, null],
          [10_000, null],
          [20_000, Number.NaN],
        ]),
      ),
    );
  });

  it('fails on ranges shorter than the window and on numbers; passes NoData', () => {
    expect(() => resampleResults(input, spec({ windowMs: 60_000 }), range)).toThrow(
      'shorter than the interval',
    );
    expect(() => resampleResults(set(num(1)), spec({}), range)).toThrow('can only resample type series');
    expect(resampleResults(NO_DATA, spec({}), range)).toEqual(NO_DATA);
  });
});
