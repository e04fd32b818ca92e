import { describe, expect, it } from 'vitest';
import { framesToResults } from '../../../src/features/alert-expressions/frame-conversion.js';
import { resultsToFrames } from '../../../src/features/alert-expressions/frame-output.js';
import { NO_DATA } from '../../../src/features/alert-expressions/values.js';
import {
  buildFrame,
  numberFieldSchema,
  stringFieldSchema,
  timeFieldSchema,
} from '../../../src/features/datasources/plugins/frames.js';
import { num, series, set } from './helpers.js';

describe('frames → values', () => {
  it('reads one frame per series (Prometheus range queries), names from displayNameFromDS', () => {
    const value = numberFieldSchema('Value', { labels: { job: 'api' } });
    value.config = { displayNameFromDS: 'api up' };
    const frames = [
      buildFrame([
        { field: timeFieldSchema('Time'), values: [2000, 1000] },
        { field: value, values: [Number.NaN, 1] },
      ]),
      buildFrame([
        { field: timeFieldSchema('Time'), values: [1000] },
        { field: numberFieldSchema('Value', { labels: { job: 'db' } }), values: [Infinity] },
      ]),
    ];
    expect(framesToResults(frames)).toEqual(
      set(
        {
          ...series(
            [
              [1000, 1],
              [2000, Number.NaN],
            ],
            { job: 'api' },
          ),
          name: 'api up',
        },
        { ...series([[1000, Infinity]], { job: 'db' }), name: 'Value' },
      ),
    );
  });

  it('reads a wide frame (SQL time_series): every number field a series', () => {
    const frame = buildFrame([
      { field: timeFieldSchema('Time'), values: [1000, 2000] },
      { field: numberFieldSchema('cpu', { labels: { host: 'a' } }), values: [1, null] },
      { field: numberFieldSchema('cpu', { labels: { host: 'b' } }), values: [3, 4] },
    ]);
    expect(framesToResults([frame])).toEqual(
      set(
        {
          ...series(
            [
              [1000, 1],
              [2000, null],
            ],
            { host: 'a' },
          ),
          name: 'cpu',
        },
        {
          ...series(
            [
              [1000, 3],
              [2000, 4],
            ],
            { host: 'b' },
          ),
          name: 'cpu',
        },
      ),
    );
  });

  it('splits a long frame (time + string columns) into series labelled by the strings', () => {
    const frame = buildFrame([
      { field: timeFieldSchema('time'), values: [1000, 1000, 2000, 2000] },
      { field: stringFieldSchema('host'), values: ['a', 'b', 'a', 'b'] },
      { field: numberFieldSchema('load'), values: [1, 2, 3, 4] },
    ]);
    expect(framesToResults([frame])).toEqual(
      set(
        {
          ...series(
            [
              [1000, 1],
              [2000, 3],
            ],
            { host: 'a' },
          ),
          name: 'load',
        },
        {
          ...series(
            [
              [1000, 2],
              [2000, 4],
            ],
            { host: 'b' },
          ),
          name: 'load',
        },
      ),
    );
  });

  it('reads a numeric table (SQL without a time column): one number per row, labelled by its strings', () => {
    const frame = buildFrame([
      { field: stringFieldSchema('host', { nullable: true }), values: ['a', 'b', null] },
      { field: stringFieldSchema('dc'), values: ['x', 'x', 'y'] },
      {
        field: { name: 'errors', type: 'number', typeInfo: { frame: 'int64', nullable: true } },
        values: [3, null, '7'],
      },
    ]);
    expect(framesToResults([frame])).toEqual(
      set(
        { ...num(3, { host: 'a', dc: 'x' }), name: 'errors' },
        { ...num(null, { host: 'b', dc: 'x' }), name: 'errors' },
        { ...num(7, { host: '', dc: 'y' }), name: 'errors' },
      ),
    );
  });

  it('reads a single-row table (testdata csv_content) and Prometheus instant vectors as numbers', () => {
    const csv = buildFrame([{ field: numberFieldSchema('value'), values: [42] }]);
    expect(framesToResults([csv])).toEqual(set({ ...num(42), name: 'value' }));
    const vector = buildFrame(
      [
        { field: timeFieldSchema('Time'), values: [5000] },
        { field: numberFieldSchema('Value', { labels: { instance: 'x' } }), values: [0.5] },
      ],
      { meta: { type: 'timeseries-multi', custom: { resultType: 'vector' } } },
    );
    expect(framesToResults([vector])).toEqual(set({ ...num(0.5, { instance: 'x' }), name: 'Value' }));
  });

  it('is NoData when no frame has fields and rows', () => {
    expect(framesToResults([buildFrame([])])).toEqual(NO_DATA);
    const noRows = buildFrame([
      { field: timeFieldSchema('Time'), values: [] },
      { field: numberFieldSchema('Value'), values: [] },
    ]);
    expect(framesToResults([noRows, buildFrame([])])).toEqual(NO_DATA);
  });

  it('rejects frames without a number field', () => {
    const frame = buildFrame([{ field: stringFieldSchema('host'), values: ['a'] }], { refId: 'A' });
    expect(() => framesToResults([frame])).toThrow('no field is a number: host (string)');
  });
});

describe('values → frames', () => {
  it('writes one frame per number, NaN/Inf in entities, notices as warnings', () => {
    const frames = resultsToFrames('B', {
      kind: 'values',
      values: [num(Number.NaN, { host: 'a' }), num(null)],
      notices: ['n'],
    });
    expect(frames).toEqual([
      {
        schema: {
          refId: 'B',
          meta: { notices: [{ severity: 'warning', text: 'n' }] },
          fields: [
            {
              name: 'B',
              type: 'number',
              typeInfo: { frame: 'float64', nullable: true },
              labels: { host: 'a' },
            },
          ],
        },
        data: { values: [[null]], entities: [{ NaN: [0] }] },
      },
      {
        schema: {
          refId: 'B',
          meta: { notices: [{ severity: 'warning', text: 'n' }] },
          fields: [{ name: 'B', type: 'number', typeInfo: { frame: 'float64', nullable: true } }],
        },
        data: { values: [[null]] },
      },
    ]);
  });

  it('writes series as Time + value frames and NoData as a field-less frame', () => {
    expect(resultsToFrames('C', set(series([[1000, 2]], { host: 'a' })))).toEqual([
      {
        schema: {
          refId: 'C',
          fields: [
            { name: 'Time', type: 'time', typeInfo: { frame: 'time.Time' } },
            {
              name: 'C',
              type: 'number',
              typeInfo: { frame: 'float64', nullable: true },
              labels: { host: 'a' },
            },
          ],
        },
        data: { values: [[1000], [2]] },
      },
    ]);
    expect(resultsToFrames('C', NO_DATA)).toEqual([
      { schema: { refId: 'C', fields: [] }, data: { values: [] } },
    ]);
  });
});
