import { describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src/features/datasources/plugins/frames.js';
import { reducedValues } from '../../../web/src/lib/display.js';
import { displayValue } from '../../../web/src/lib/field-config.js';
import { toPanelData, type FieldConfig } from '../../../web/src/lib/frames.js';
import { reduce } from '../../../web/src/lib/reduce.js';
import { toSeries } from '../../../web/src/lib/series.js';
import { formattedToString } from '../../../web/src/lib/units.js';

/** A frame as the server writes it (NaN/±Inf moved to `data.entities`), through JSON as the browser gets it. */
function overTheWire(values: unknown[]) {
  const frame = buildFrame(
    [
      { field: { name: 'time', type: 'time' }, values: values.map((_, i) => 1_000 * i) },
      { field: { name: 'used', type: 'number' }, values },
    ],
    { refId: 'A' },
  );
  const json: unknown = JSON.parse(JSON.stringify({ results: { A: { status: 200, frames: [frame] } } }));
  return toPanelData(json as Parameters<typeof toPanelData>[0]);
}

const NULL_AS_NA: FieldConfig = {
  mappings: [{ type: 'special', options: { match: 'null', result: { text: 'N/A' } } }],
};

describe('NaN and infinities from data frames', () => {
  it('restores NaN, +Inf and -Inf from the frame entities', () => {
    const data = overTheWire([1, Number.NaN, Number.POSITIVE_INFINITY, null, Number.NEGATIVE_INFINITY]);
    expect(data.frames[0]!.fields[1]!.values).toEqual([
      1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      Number.NEGATIVE_INFINITY,
    ]);
  });

  it('types a field of only NaN as numbers even without a declared type', () => {
    const data = toPanelData({
      results: {
        A: {
          frames: [
            {
              schema: { fields: [{ name: 'v' }] },
              data: { values: [[null, null]], entities: [{ NaN: [0, 1] }] },
            },
          ],
        },
      },
    });
    expect(data.frames[0]!.fields[0]!.type).toBe('number');
    expect(data.frames[0]!.fields[0]!.values).toEqual([Number.NaN, Number.NaN]);
  });

  it('ignores entity rows outside the column', () => {
    const data = toPanelData({
      results: {
        A: {
          frames: [
            {
              schema: { fields: [{ name: 'v', type: 'number' }] },
              data: { values: [[1]], entities: [{ NaN: [5, -1], Inf: ['x' as unknown as number] }] },
            },
          ],
        },
      },
    });
    expect(data.frames[0]!.fields[0]!.values).toEqual([1]);
  });
});

describe('reducers over NaN, as Grafana calcs', () => {
  const values = [1, 3, Number.NaN, null];
  it('counts NaN as a value: the "not null" reducers skip only null', () => {
    expect(reduce(values, 'lastNotNull')).toBeNaN();
    expect(reduce([Number.NaN, 2], 'firstNotNull')).toBeNaN();
    expect(reduce(values, 'last')).toBeNull();
    expect(reduce([null, null], 'lastNotNull')).toBeNull();
  });

  it('makes sum and mean NaN, while min, max and range pass over it', () => {
    expect(reduce(values, 'sum')).toBeNaN();
    expect(reduce(values, 'mean')).toBeNaN();
    expect(reduce(values, 'max')).toBe(3);
    expect(reduce(values, 'min')).toBe(1);
    expect(reduce(values, 'range')).toBe(2);
    expect(reduce([Number.NaN, Number.NaN], 'max')).toBeNull();
    expect(reduce(values, 'count')).toBe(4);
  });

  it('takes infinities as numbers', () => {
    expect(reduce([1, Number.POSITIVE_INFINITY], 'max')).toBe(Number.POSITIVE_INFINITY);
    expect(reduce([1, Number.NEGATIVE_INFINITY], 'lastNotNull')).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('display of NaN and infinities', () => {
  it('shows NaN as "NaN" in the base colour; a null mapping does not catch it', () => {
    const shown = displayValue(Number.NaN, { ...NULL_AS_NA, unit: 'percent' });
    expect(formattedToString(shown)).toBe('NaN');
    expect(shown.numeric).toBeNull();
    expect(shown.color).toBe(displayValue(-1, { unit: 'percent' }).color);
    expect(formattedToString(displayValue(null, NULL_AS_NA))).toBe('N/A');
  });

  it('lets a NaN mapping rename it', () => {
    const config: FieldConfig = {
      mappings: [{ type: 'special', options: { match: 'nan', result: { text: 'not a number' } } }],
    };
    expect(displayValue(Number.NaN, config).text).toBe('not a number');
  });

  it('formats infinities as Grafana (∞, -∞) and colours +∞ by the last threshold', () => {
    const config: FieldConfig = {
      unit: 'bytes',
      thresholds: {
        mode: 'absolute',
        steps: [
          { value: null, color: '#00ff00' },
          { value: 80, color: '#ff0000' },
        ],
      },
    };
    const high = displayValue(Number.POSITIVE_INFINITY, config);
    expect(formattedToString(high)).toBe('∞');
    expect(high.color).toBe('#ff0000');
    expect(formattedToString(displayValue(Number.NEGATIVE_INFINITY, config))).toBe('-∞');
  });

  it('reduces a series of 0/0 to "NaN" for stat, gauge and bar gauge (not "N/A")', () => {
    const data = overTheWire([Number.NaN, Number.NaN, Number.NaN]);
    const [value] = reducedValues(data, { defaults: NULL_AS_NA }, { calcs: ['lastNotNull'] });
    expect(formattedToString(value!.display)).toBe('NaN');
  });

  it('leaves NaN and infinities as gaps in time series', () => {
    const data = overTheWire([1, Number.NaN, 3, Number.POSITIVE_INFINITY]);
    expect(toSeries(data, undefined)[0]!.values).toEqual([1, null, 3, null]);
  });
});
