import { describe, expect, it } from 'vitest';
import {
  checkDataSourceHealth,
  queryDataSource,
  type DataQuery,
  type DataSourceSettings,
  type TimeRange,
} from '../../../src/features/datasources/plugins/index.js';
import { mulberry32 } from '../../../src/features/datasources/plugins/testdata/prng.js';

const ds: DataSourceSettings = {
  uid: 'testdata',
  type: 'grafana-testdata-datasource',
  name: 'TestData',
  url: '',
  jsonData: {},
  secureJsonData: {},
};

// 2024-01-15T10:00:00Z (2024-01-01 is 1704067200 s, + 14 d + 10 h)
const T0 = 1_705_312_800_000;
const MIN = 60_000;

async function run(query: Partial<DataQuery>, range: TimeRange) {
  const results = await queryDataSource(ds, [{ refId: 'A', ...query }], range);
  return results.A!;
}

describe('TestData', () => {
  it('is always healthy, under both type ids', async () => {
    const ok = { status: 'OK', message: 'Data source is working' };
    expect(await checkDataSourceHealth(ds)).toEqual(ok);
    expect(await checkDataSourceHealth({ ...ds, type: 'testdata' })).toEqual(ok);
  });

  it('uses mulberry32 as documented (reference outputs computed independently)', () => {
    const seven = mulberry32(7);
    expect([seven(), seven(), seven()]).toEqual([
      0.011704753153026104, 0.06195825757458806, 0.97690763277933,
    ]);
  });

  describe('random_walk', () => {
    it('is deterministic with a seed: series i draws from mulberry32(seed + i)', async () => {
      const result = await run(
        {
          scenarioId: 'random_walk',
          seed: 7,
          seriesCount: 2,
          startValue: 10,
          spread: 2,
          noise: 0,
          intervalMs: MIN,
          maxDataPoints: 3,
        },
        { from: T0, to: T0 + 10 * MIN },
      );
      expect(result.status).toBe(200);
      expect(result.frames).toHaveLength(2);
      const [first, second] = result.frames;
      expect(first!.schema).toEqual({
        refId: 'A',
        fields: [
          {
            name: 'time',
            type: 'time',
            typeInfo: { frame: 'time.Time', nullable: true },
            config: { interval: MIN },
          },
          { name: 'A-series', type: 'number', typeInfo: { frame: 'float64', nullable: true } },
        ],
      });
      expect(second!.schema.fields[1]!.name).toBe('A-series1');
      // Per point two draws: noise (x 0) then spread: walker += (r - 0.5) * 2.
      // seed 7: r2 = 0.06195825757458806, r4 = 0.6990287057124078
      //   10, 10 + (r2 - 0.5) * 2 = 9.123916515149176, + (r4 - 0.5) * 2 = 9.521973926573992
      expect(first!.data.values).toEqual([
        [T0, T0 + MIN, T0 + 2 * MIN],
        [10, 9.123916515149176, 9.521973926573992],
      ]);
      // seed 8: r2 = 0.6251922610681504, r4 = 0.6959542871918529
      expect(second!.data.values[1]).toEqual([10, 10.2503845221363, 10.642293096520007]);
    });

    it('stops at the end of the range before maxDataPoints', async () => {
      const result = await run(
        { scenarioId: 'random_walk', intervalMs: MIN, maxDataPoints: 100 },
        { from: T0, to: T0 + 2.5 * MIN },
      );
      expect(result.frames[0]!.data.values[0]).toEqual([T0, T0 + MIN, T0 + 2 * MIN]);
    });

    it('clamps to min and max', async () => {
      const result = await run(
        {
          scenarioId: 'random_walk',
          min: 5,
          max: 5,
          startValue: 0,
          spread: 100,
          intervalMs: MIN,
          maxDataPoints: 4,
        },
        { from: T0, to: T0 + 10 * MIN },
      );
      expect(result.frames[0]!.data.values[1]).toEqual([5, 5, 5, 5]);
    });

    it('drops every point at drop 100 and none at drop 0', async () => {
      const range = { from: T0, to: T0 + 10 * MIN };
      const all = await run({ scenarioId: 'random_walk', drop: 100, intervalMs: MIN }, range);
      expect(all.frames[0]!.data.values).toEqual([[], []]);
      const none = await run({ scenarioId: 'random_walk', drop: 0, intervalMs: MIN }, range);
      expect(none.frames[0]!.data.values[0]).toHaveLength(10);
    });

    it('names series by alias and labels, with $seriesIndex', async () => {
      const result = await run(
        {
          scenarioId: 'random_walk',
          seriesCount: 2,
          alias: 'cpu-$seriesIndex',
          labels: 'host=web-$seriesIndex, dc="eu"',
          intervalMs: MIN,
        },
        { from: T0, to: T0 + MIN },
      );
      expect(result.frames.map((f) => [f.schema.fields[1]!.name, f.schema.fields[1]!.labels])).toEqual([
        ['cpu-0', { host: 'web-0', dc: 'eu' }],
        ['cpu-1', { host: 'web-1', dc: 'eu' }],
      ]);
    });

    it('is the default scenario, with Grafana’s query defaults (1 s interval, 100 points)', async () => {
      const result = await run({}, { from: T0, to: T0 + 10 * MIN });
      const times = result.frames[0]!.data.values[0] as number[];
      expect(times).toHaveLength(100);
      expect(times[1]! - times[0]!).toBe(1000);
    });
  });

  it('csv_content: typed fields from the CSV text', async () => {
    const csvContent = [
      'time,name,value,ok,ratio,when',
      '1705312800000,a,1,true,0.5,2024-01-15T10:00:00Z',
      '1705312860000,"b, quoted",,false,1e3,2024-01-15',
      '1705312920000,c,3,TRUE,-2,',
    ].join('\n');
    const result = await run({ scenarioId: 'csv_content', csvContent }, { from: T0, to: T0 + MIN });
    const frame = result.frames[0]!;
    expect(frame.schema.fields.map((f) => [f.name, f.type, f.typeInfo?.frame])).toEqual([
      ['time', 'time', 'time.Time'],
      ['name', 'string', 'string'],
      ['value', 'number', 'int64'],
      ['ok', 'boolean', 'bool'],
      ['ratio', 'number', 'float64'],
      ['when', 'time', 'time.Time'],
    ]);
    expect(frame.data.values).toEqual([
      [T0, T0 + MIN, T0 + 2 * MIN],
      ['a', 'b, quoted', 'c'],
      [1, null, 3],
      [true, false, true],
      [0.5, 1000, -2],
      [T0, T0 - 10 * 60 * MIN, null],
    ]);
  });

  it('csv_content: empty content is a 400', async () => {
    expect(await run({ scenarioId: 'csv_content', csvContent: '' }, { from: T0, to: T0 + MIN })).toEqual({
      status: 400,
      frames: [],
      error: 'csvContent is empty',
    });
  });

  it('predictable_pulse: Grafana’s defaults, 3 steps on (2) and 6 off (1) per 9 minutes', async () => {
    // T0 mod 9 min = 6 min: the first point (T0, the range start rounded down to the minute)
    // is 6 steps into a period, so the pulse starts at T0 + 3 min.
    const result = await run({ scenarioId: 'predictable_pulse' }, { from: T0 + 30_000, to: T0 + 20 * MIN });
    const frame = result.frames[0]!;
    expect(frame.schema.fields.map((f) => f.name)).toEqual(['time', 'A-series']);
    expect(frame.data.values).toEqual([
      Array.from({ length: 20 }, (_, m) => T0 + m * MIN),
      [1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1],
    ]);
  });

  it('predictable_pulse: custom steps and a null off value', async () => {
    const result = await run(
      {
        scenarioId: 'predictable_pulse',
        pulseWave: { timeStep: 10, onCount: 1, offCount: 1, onValue: 5, offValue: null },
      },
      { from: T0, to: T0 + 60_000 },
    );
    // T0 is a multiple of 20 s, so it starts "on"
    expect(result.frames[0]!.data.values[1]).toEqual([5, null, 5, null, 5, null]);
  });

  it('predictable_csv_wave: values repeat every step, null gaps, NaN as an entity', async () => {
    const result = await run(
      {
        scenarioId: 'predictable_csv_wave',
        csvWave: [{ timeStep: 30, valuesCSV: '0,1,null,nan,4,', labels: 'wave=one', name: 'w1' }],
      },
      { from: T0, to: T0 + 5 * MIN },
    );
    const frame = result.frames[0]!;
    // T0 is a multiple of the 150 s period: the wave starts at its first value
    expect(frame.schema.name).toBe('w1');
    expect(frame.schema.fields[1]).toEqual({
      name: 'w1',
      type: 'number',
      typeInfo: { frame: 'float64', nullable: true },
      labels: { wave: 'one' },
    });
    expect(frame.data.values).toEqual([
      Array.from({ length: 10 }, (_, i) => T0 + i * 30_000),
      [0, 1, null, null, 4, 0, 1, null, null, 4],
    ]);
    expect(frame.data.entities).toEqual([null, { NaN: [3, 8] }]);
  });

  it('no_data_points gives no frames; an unknown scenario is a 400', async () => {
    const range = { from: T0, to: T0 + MIN };
    expect(await run({ scenarioId: 'no_data_points' }, range)).toEqual({ status: 200, frames: [] });
    const unknown = await run({ scenarioId: 'flux_capacitor' }, range);
    expect(unknown).toEqual({
      status: 400,
      frames: [],
      error:
        'Unknown testdata scenario "flux_capacitor"; supported: random_walk, csv_content, predictable_pulse, predictable_csv_wave, no_data_points',
    });
  });
});
