import { describe, expect, it } from 'vitest';
import { displayValue, effectiveConfig, thresholdFor } from '../../../web/src/lib/field-config.js';
import { displayName, toPanelData, type Frame } from '../../../web/src/lib/frames.js';
import { buildQueries, resolveDataSource } from '../../../web/src/lib/queries.js';
import { reduce } from '../../../web/src/lib/reduce.js';
import { alignSeries, stackSeries } from '../../../web/src/lib/series.js';

describe('data frames and field config', () => {
  const response = {
    results: {
      A: {
        status: 200,
        frames: [
          {
            schema: {
              refId: 'A',
              fields: [
                { name: 'time', type: 'time' },
                { name: 'Value', type: 'number', labels: { job: 'api' } },
              ],
            },
            data: {
              values: [
                [1, 2, 3],
                [5, null, 7],
              ],
            },
          },
        ],
      },
      B: { status: 400, error: 'bad query', frames: [] },
    },
  };

  it('reads frames, errors and Grafana display names', () => {
    const data = toPanelData(response);
    expect(data.errors).toEqual([{ refId: 'B', message: 'bad query' }]);
    const frame = data.frames[0]!;
    expect(frame.length).toBe(3);
    expect(displayName(frame.fields[1]!, frame)).toBe('{job="api"}');
    const named: Frame = {
      ...frame,
      fields: [frame.fields[0]!, { ...frame.fields[1]!, config: { displayNameFromDS: 'api rate' } }],
    };
    expect(displayName(named.fields[1]!, named)).toBe('api rate');
  });

  it('applies defaults then overrides by name and regex', () => {
    const field = { name: 'bytes', type: 'number' as const, values: [], config: { unit: 'short' } };
    const config = effectiveConfig(field, 'bytes', {
      defaults: { unit: 'none', decimals: 1, custom: { lineWidth: 2 } },
      overrides: [
        {
          matcher: { id: 'byName', options: 'bytes' },
          properties: [
            { id: 'unit', value: 'bytes' },
            { id: 'custom.fillOpacity', value: 50 },
          ],
        },
        { matcher: { id: 'byRegexp', options: '^by' }, properties: [{ id: 'max', value: 10 }] },
        { matcher: { id: 'byName', options: 'other' }, properties: [{ id: 'unit', value: 'ms' }] },
      ],
    });
    expect(config).toMatchObject({
      unit: 'bytes',
      decimals: 1,
      max: 10,
      custom: { lineWidth: 2, fillOpacity: 50 },
    });
  });

  it('colours by absolute and percentage thresholds', () => {
    const steps = [
      { value: null, color: 'green' },
      { value: 50, color: 'orange' },
      { value: 80, color: 'red' },
    ];
    expect(thresholdFor(10, { mode: 'absolute', steps }).color).toBe('green');
    expect(thresholdFor(50, { mode: 'absolute', steps }).color).toBe('orange');
    expect(thresholdFor(900, { mode: 'percentage', steps }, 0, 1000).color).toBe('red');
    expect(displayValue(95, { unit: 'percent', thresholds: { mode: 'absolute', steps } })).toMatchObject({
      text: '95',
      suffix: '%',
      color: '#F2495C',
    });
  });

  it('maps values, ranges, regexes and specials to text and colour', () => {
    const mappings = [
      { type: 'value' as const, options: { '1': { text: 'UP', color: 'green' } } },
      { type: 'range' as const, options: { from: 10, to: 20, result: { text: 'teen' } } },
      { type: 'regex' as const, options: { pattern: '^err-(.*)$', result: { text: 'E:$1' } } },
      { type: 'special' as const, options: { match: 'null', result: { text: 'N/A' } } },
    ];
    expect(displayValue(1, { mappings })).toMatchObject({ text: 'UP', color: '#73BF69', mapped: true });
    expect(displayValue(15, { mappings }).text).toBe('teen');
    expect(displayValue('err-disk', { mappings }).text).toBe('E:disk');
    expect(displayValue(null, { mappings }).text).toBe('N/A');
    expect(displayValue(3, { mappings, unit: 'ms' })).toMatchObject({ text: '3', suffix: ' ms' });
  });

  it('reduces columns like Grafana calcs', () => {
    const values = [1, null, 4, 2];
    expect(reduce(values, 'lastNotNull')).toBe(2);
    expect(reduce([1, 2, null], 'last')).toBeNull();
    expect(reduce(values, 'mean')).toBeCloseTo(7 / 3);
    expect(reduce(values, 'max')).toBe(4);
    expect(reduce(values, 'sum')).toBe(7);
    expect(reduce(values, 'count')).toBe(4);
    expect(reduce(values, 'range')).toBe(3);
    expect(reduce([1, 5, 2, 3], 'delta')).toBe(4 + 2 + 1);
    expect(reduce([], 'mean')).toBeNull();
  });

  it('aligns series on one time axis and stacks them normally or as percentages', () => {
    const aligned = alignSeries([
      { name: 'a', config: {}, times: [1, 2, 3], values: [1, 2, 3], cells: [1, 2, 3] },
      { name: 'b', config: {}, times: [2, 3, 4], values: [10, 20, 30], cells: [10, 20, 30] },
    ]);
    expect(aligned).toEqual({
      x: [1, 2, 3, 4],
      ys: [
        [1, 2, 3, null],
        [null, 10, 20, 30],
      ],
    });
    expect(
      stackSeries(
        [
          [1, 2],
          [3, 4],
          [5, 5],
        ],
        [{ mode: 'normal' }, { mode: 'normal' }, { mode: 'none' }],
      ),
    ).toEqual([
      [1, 2],
      [4, 6],
      [5, 5],
    ]);
    expect(
      stackSeries(
        [
          [1, 3],
          [3, 1],
        ],
        [{ mode: 'percent' }, { mode: 'percent' }],
      ),
    ).toEqual([
      [0.25, 0.75],
      [1, 1],
    ]);
  });
});

describe('query building', () => {
  const datasources = [
    { uid: 'p1', name: 'Prom', type: 'prometheus' },
    { uid: 't1', name: 'TestData', type: 'grafana-testdata-datasource', isDefault: true },
  ];
  const vars = { job: { value: ['api', 'db'] }, ds: { value: 'Prom' } };

  it('resolves data sources by uid, name, variable, type, or the default', () => {
    expect(resolveDataSource({ uid: 'p1', type: 'prometheus' }, datasources, vars)?.uid).toBe('p1');
    expect(resolveDataSource('Prom', datasources, vars)?.uid).toBe('p1');
    expect(resolveDataSource('${ds}', datasources, vars)?.uid).toBe('p1');
    expect(resolveDataSource(null, datasources, vars)?.uid).toBe('t1');
    expect(resolveDataSource({ type: 'prometheus' }, datasources, vars)?.uid).toBe('p1');
    expect(resolveDataSource({ uid: 'gone' }, datasources, vars)).toBeUndefined();
    expect(resolveDataSource({ uid: '${DS_PROM}', type: 'prometheus' }, datasources, vars)?.uid).toBe('p1');
    expect(resolveDataSource({ uid: '${DS_PROM}' }, datasources, vars)).toBeUndefined();
  });

  it('interpolates targets with the data source multi-value format, skips hidden ones, and reports missing data sources', () => {
    const built = buildQueries(
      [
        { refId: 'A', expr: 'up{job=~"$job"}' },
        { refId: 'B', expr: 'hidden', hide: true },
        { refId: 'C', datasource: { uid: 'gone' }, expr: 'x' },
        { expr: 'no ref id' },
      ],
      { uid: 'p1', type: 'prometheus' },
      datasources,
      vars,
      { intervalMs: 15_000, maxDataPoints: 500 },
    );
    expect(built.queries).toEqual([
      {
        refId: 'A',
        expr: 'up{job=~"(api|db)"}',
        datasource: { uid: 'p1', type: 'prometheus' },
        intervalMs: 15_000,
        maxDataPoints: 500,
      },
      {
        refId: 'D',
        expr: 'no ref id',
        datasource: { uid: 'p1', type: 'prometheus' },
        intervalMs: 15_000,
        maxDataPoints: 500,
      },
    ]);
    expect(built.problems).toEqual(['Data source gone was not found']);
  });

  it('sends each target of a mixed panel to its own data source', () => {
    const built = buildQueries(
      [
        { refId: 'A', datasource: { uid: 't1' }, scenarioId: 'random_walk' },
        { refId: 'B', datasource: { uid: 'p1' }, expr: 'up' },
      ],
      { uid: '-- Mixed --' },
      datasources,
      vars,
      { intervalMs: 1000, maxDataPoints: 100 },
    );
    expect(built.queries.map((q) => q.datasource.uid)).toEqual(['t1', 'p1']);
  });
});
