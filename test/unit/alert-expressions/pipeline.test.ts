import { describe, expect, it } from 'vitest';
import { evaluatePipeline, type QueryRunner } from '../../../src/features/alert-expressions/pipeline.js';
import type { AlertQuery } from '../../../src/features/alert-rules/alert-rule.js';
import {
  buildFrame,
  numberFieldSchema,
  stringFieldSchema,
  timeFieldSchema,
} from '../../../src/features/datasources/plugins/frames.js';
import type {
  DataFrame,
  DataQuery,
  QueryResults,
  TimeRange,
} from '../../../src/features/datasources/plugins/types.js';

const NOW = 1_700_000_000_000;

const query = (
  refId: string,
  datasourceUid = 'prom',
  model: Record<string, unknown> = { expr: 'up' },
): AlertQuery => ({
  refId,
  relativeTimeRange: { from: 600, to: 0 },
  datasourceUid,
  model,
});
const expr = (refId: string, model: Record<string, unknown>): AlertQuery => ({
  refId,
  relativeTimeRange: { from: 0, to: 0 },
  datasourceUid: '__expr__',
  model,
});
const reduce = (refId: string, input: string, reducer = 'last') =>
  expr(refId, { type: 'reduce', expression: input, reducer });
const gt = (refId: string, input: string, value: number) =>
  expr(refId, {
    type: 'threshold',
    expression: input,
    conditions: [{ evaluator: { type: 'gt', params: [value] } }],
  });

/** One Prometheus-style frame per series. */
function promSeries(labels: Record<string, string>, points: [number, number | null][]): DataFrame {
  return buildFrame([
    { field: timeFieldSchema('Time'), values: points.map(([t]) => t) },
    { field: numberFieldSchema('Value', { labels }), values: points.map(([, v]) => v) },
  ]);
}

interface Call {
  uid: string;
  queries: DataQuery[];
  range: TimeRange;
}

/** A QueryRunner that answers from a table and records its calls. */
function stub(answers: QueryResults): { runner: QueryRunner; calls: Call[] } {
  const calls: Call[] = [];
  const runner: QueryRunner = (uid, queries, range) => {
    calls.push({ uid, queries, range });
    return Promise.resolve(Object.fromEntries(queries.map((q) => [q.refId, answers[q.refId]!])));
  };
  return { runner, calls };
}

const ok = (...frames: DataFrame[]) => ({ status: 200, frames });

describe('evaluatePipeline', () => {
  const twoHosts = ok(
    promSeries({ host: 'a' }, [
      [NOW - 20_000, 1],
      [NOW - 10_000, 7],
    ]),
    promSeries({ host: 'b' }, [
      [NOW - 20_000, 9],
      [NOW - 10_000, 2],
    ]),
  );

  it('runs query → reduce → threshold: one result per series, with $values and $value', async () => {
    const { runner, calls } = stub({ A: twoHosts });
    const out = await evaluatePipeline({
      data: [query('A'), reduce('B', 'A'), gt('C', 'B', 5)],
      condition: 'C',
      now: NOW,
      runQueries: runner,
    });
    expect(calls).toEqual([
      {
        uid: 'prom',
        queries: [
          { expr: 'up', refId: 'A', datasource: { uid: 'prom' }, intervalMs: 1000, maxDataPoints: 43200 },
        ],
        range: { from: NOW - 600_000, to: NOW },
      },
    ]);
    expect(out.results).toEqual([
      {
        labels: { host: 'a' },
        state: 'Alerting',
        values: { B: { labels: { host: 'a' }, value: 7 }, C: { labels: { host: 'a' }, value: 1 } },
        evaluationString: "[ var='B' labels={host=a} value=7 ], [ var='C' labels={host=a} value=1 ]",
      },
      {
        labels: { host: 'b' },
        state: 'Normal',
        values: { B: { labels: { host: 'b' }, value: 2 }, C: { labels: { host: 'b' }, value: 0 } },
        evaluationString: "[ var='B' labels={host=b} value=2 ], [ var='C' labels={host=b} value=0 ]",
      },
    ]);
    expect(out.byRefId.A).toEqual(twoHosts);
    expect(out.byRefId.C).toEqual({
      status: 200,
      frames: [
        buildFrame(
          [{ field: numberFieldSchema('C', { nullable: true, labels: { host: 'a' } }), values: [1] }],
          { refId: 'C' },
        ),
        buildFrame(
          [{ field: numberFieldSchema('C', { nullable: true, labels: { host: 'b' } }), values: [0] }],
          { refId: 'C' },
        ),
      ],
    });
  });

  it('calls each data source once, all at once, with the model’s interval and points', async () => {
    const started: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runner: QueryRunner = async (uid, queries) => {
      started.push(`${uid}:${queries.map((q) => q.refId).join(',')}`);
      if (started.length === 2) release();
      await gate;
      return Object.fromEntries(
        queries.map((q) => [q.refId, ok(buildFrame([{ field: numberFieldSchema('v'), values: [1] }]))]),
      );
    };
    const out = await evaluatePipeline({
      data: [
        query('A'),
        query('B', 'prom', { expr: 'x', intervalMs: 15_000, maxDataPoints: 100 }),
        query('C', 'pg', { rawSql: 'select 1' }),
        expr('D', { type: 'math', expression: '$A + $B + $C' }),
      ],
      condition: 'D',
      now: NOW,
      runQueries: runner,
    });
    expect(started).toEqual(['prom:A,B', 'pg:C']);
    expect(out.results.map((r) => [r.state, r.evaluationString])).toEqual([
      // instant query results are captured too (Grafana: "all instant queries and expressions")
      [
        'Alerting',
        "[ var='A' labels={} value=1 ], [ var='B' labels={} value=1 ], [ var='C' labels={} value=1 ], [ var='D' labels={} value=3 ]",
      ],
    ]);
  });

  it('turns a failed query into a single Error result', async () => {
    const { runner } = stub({ A: { status: 400, frames: [], error: 'bad_data: parse error' }, B: twoHosts });
    const out = await evaluatePipeline({
      data: [query('A'), query('B', 'other'), reduce('C', 'B')],
      condition: 'C',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results).toEqual([
      {
        labels: {},
        state: 'Error',
        values: {},
        evaluationString: '',
        error: 'failed to execute query [A]: bad_data: parse error',
        refId: 'A',
        datasourceUid: 'prom',
      },
    ]);
    expect(out.byRefId.A).toEqual({ status: 400, frames: [], error: 'bad_data: parse error' });
  });

  it('turns a throwing runner into an Error result', async () => {
    const out = await evaluatePipeline({
      data: [query('A')],
      condition: 'A',
      now: NOW,
      runQueries: () => Promise.reject(new Error('connection refused')),
    });
    expect(out.results).toMatchObject([
      { state: 'Error', error: 'failed to execute query [A]: connection refused' },
    ]);
  });

  it('gives NoData labelled with the query when a data source answers without frames', async () => {
    const { runner } = stub({ A: ok() });
    const out = await evaluatePipeline({
      data: [query('A'), reduce('B', 'A')],
      condition: 'B',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results).toEqual([
      {
        labels: { datasource_uid: 'prom', ref_id: 'A' },
        state: 'NoData',
        values: {},
        evaluationString: '',
        refId: 'A',
        datasourceUid: 'prom',
      },
    ]);
  });

  it('gives one NoData per data source, naming its frameless refIds', async () => {
    const { runner } = stub({ A: ok(), B: ok(), C: ok(), D: twoHosts });
    const out = await evaluatePipeline({
      data: [query('B'), query('A'), query('C', 'pg'), query('D', 'pg'), reduce('E', 'D')],
      condition: 'E',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results.map((r) => [r.state, r.labels, r.refId, r.datasourceUid])).toEqual([
      ['NoData', { datasource_uid: 'prom', ref_id: 'A,B' }, 'A,B', 'prom'],
      ['NoData', { datasource_uid: 'pg', ref_id: 'C' }, 'C', 'pg'],
    ]);
  });

  it('gives one unlabelled NoData when the frames are empty (NoData propagates through expressions)', async () => {
    const { runner } = stub({ A: ok(buildFrame([], { refId: 'A' })) });
    const out = await evaluatePipeline({
      data: [query('A'), reduce('B', 'A'), gt('C', 'B', 1)],
      condition: 'C',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results).toEqual([{ labels: {}, state: 'NoData', values: {}, evaluationString: '' }]);
    expect(out.byRefId.C).toEqual({
      status: 200,
      frames: [{ schema: { refId: 'C', fields: [] }, data: { values: [] } }],
    });
  });

  it('refuses a condition that is still a time series', async () => {
    const { runner } = stub({ A: twoHosts });
    const out = await evaluatePipeline({
      data: [query('A'), expr('B', { type: 'math', expression: '$A * 2' })],
      condition: 'B',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results).toEqual([
      {
        labels: {},
        state: 'Error',
        values: {},
        evaluationString: '',
        error:
          'invalid format of evaluation results for the alert definition B: looks like time series data, only reduced data can be alerted on.',
        refId: 'B',
      },
    ]);
    // the series itself still shows in the eval output
    expect(out.byRefId.B!.frames).toHaveLength(2);
  });

  it('maps a SQL numeric table used as the condition: 0 Normal, non-zero and NaN Alerting, null NoData', async () => {
    const table = buildFrame([
      { field: stringFieldSchema('host'), values: ['a', 'b', 'c', 'd'] },
      { field: numberFieldSchema('errors', { nullable: true }), values: [5, 0, null, Number.NaN] },
    ]);
    const { runner } = stub({ A: ok(table) });
    const out = await evaluatePipeline({
      data: [query('A', 'pg', { rawSql: '...' })],
      condition: 'A',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results.map((r) => [r.labels, r.state])).toEqual([
      [{ host: 'a' }, 'Alerting'],
      [{ host: 'b' }, 'Normal'],
      [{ host: 'c' }, 'NoData'],
      [{ host: 'd' }, 'Alerting'],
    ]);
    // a query answered with numbers is captured (Grafana's $values holds instant queries)
    expect(out.results[0]!.values).toEqual({ A: { labels: { host: 'a' }, value: 5 } });
  });

  it('alerts per label set of a SQL long table (time + string columns), through reduce and math', async () => {
    const table = buildFrame([
      { field: timeFieldSchema('time'), values: [NOW - 20_000, NOW - 20_000, NOW - 10_000, NOW - 10_000] },
      { field: stringFieldSchema('host'), values: ['a', 'b', 'a', 'b'] },
      { field: numberFieldSchema('errors', { frame: 'int64' }), values: [1, 10, 3, 30] },
    ]);
    const { runner } = stub({ A: ok(table) });
    const out = await evaluatePipeline({
      data: [
        query('A', 'pg', { rawSql: 'SELECT time, host, errors FROM t', format: 'table' }),
        reduce('B', 'A', 'sum'),
        expr('C', { type: 'math', expression: '$B >= 10' }),
      ],
      condition: 'C',
      now: NOW,
      runQueries: runner,
    });
    // host a: 1 + 3 = 4; host b: 10 + 30 = 40
    expect(out.results.map((r) => [r.labels, r.state, r.evaluationString])).toEqual([
      [{ host: 'a' }, 'Normal', "[ var='B' labels={host=a} value=4 ], [ var='C' labels={host=a} value=0 ]"],
      [
        { host: 'b' },
        'Alerting',
        "[ var='B' labels={host=b} value=40 ], [ var='C' labels={host=b} value=1 ]",
      ],
    ]);
  });

  it('captures numbers whose labels are a subset of the condition’s, in refId order', async () => {
    const disks = ok(
      promSeries({ host: 'a', disk: 'sda' }, [[NOW - 1000, 80]]),
      promSeries({ host: 'a', disk: 'sdb' }, [[NOW - 1000, 20]]),
    );
    const limits = ok(promSeries({ host: 'a' }, [[NOW - 1000, 50]]));
    const { runner } = stub({ A: disks, L: limits });
    const out = await evaluatePipeline({
      data: [
        query('A'),
        query('L'),
        reduce('B', 'A'),
        reduce('D', 'L'),
        expr('C', { type: 'math', expression: '$B > $D' }),
      ],
      condition: 'C',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results.map((r) => [r.labels, r.state, r.evaluationString])).toEqual([
      [
        { host: 'a', disk: 'sda' },
        'Alerting',
        "[ var='B' labels={disk=sda, host=a} value=80 ], [ var='C' labels={disk=sda, host=a} value=1 ], [ var='D' labels={host=a} value=50 ]",
      ],
      [
        { host: 'a', disk: 'sdb' },
        'Normal',
        "[ var='B' labels={disk=sdb, host=a} value=20 ], [ var='C' labels={disk=sdb, host=a} value=0 ], [ var='D' labels={host=a} value=50 ]",
      ],
    ]);
  });

  it('captures wider numbers too: all in $value, the last by labels in $values', async () => {
    const disks = ok(
      promSeries({ host: 'a', disk: 'sdb' }, [[NOW - 1000, 20]]),
      promSeries({ host: 'a', disk: 'sda' }, [[NOW - 1000, 80]]),
    );
    const limits = ok(promSeries({ host: 'a' }, [[NOW - 1000, 50]]));
    const { runner } = stub({ A: disks, L: limits });
    const out = await evaluatePipeline({
      data: [query('A'), query('L'), reduce('B', 'A'), reduce('D', 'L'), gt('C', 'D', 10)],
      condition: 'C',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results).toEqual([
      {
        labels: { host: 'a' },
        state: 'Alerting',
        values: {
          B: { labels: { host: 'a', disk: 'sdb' }, value: 20 },
          C: { labels: { host: 'a' }, value: 1 },
          D: { labels: { host: 'a' }, value: 50 },
        },
        evaluationString:
          "[ var='B' labels={disk=sda, host=a} value=80 ], [ var='B' labels={disk=sdb, host=a} value=20 ], " +
          "[ var='C' labels={host=a} value=1 ], [ var='D' labels={host=a} value=50 ]",
      },
    ]);
  });

  it('writes values as Go does in $value', async () => {
    const table = buildFrame([
      { field: stringFieldSchema('k'), values: ['big', 'small', 'nan', 'plain'] },
      { field: numberFieldSchema('v'), values: [1234567, 0.00001, Number.NaN, 123456] },
    ]);
    const { runner } = stub({ A: ok(table) });
    const out = await evaluatePipeline({
      data: [query('A'), expr('B', { type: 'math', expression: '$A' })],
      condition: 'B',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results.map((r) => r.evaluationString)).toEqual([
      "[ var='A' labels={k=big} value=1.234567e+06 ], [ var='B' labels={k=big} value=1.234567e+06 ]",
      "[ var='A' labels={k=small} value=1e-05 ], [ var='B' labels={k=small} value=1e-05 ]",
      "[ var='A' labels={k=nan} value=NaN ], [ var='B' labels={k=nan} value=NaN ]",
      "[ var='A' labels={k=plain} value=123456 ], [ var='B' labels={k=plain} value=123456 ]",
    ]);
  });

  it('refuses duplicate label sets in the condition', async () => {
    const table = buildFrame([{ field: numberFieldSchema('a'), values: [1, 2] }]);
    const { runner } = stub({ A: ok(table) });
    const out = await evaluatePipeline({ data: [query('A')], condition: 'A', now: NOW, runQueries: runner });
    expect(out.results).toMatchObject([
      {
        state: 'Error',
        error: 'frame cannot uniquely be identified by its labels: has duplicate results with labels {}',
      },
    ]);
  });

  it('evaluates classic conditions into one unlabelled result with <refId>N matches', async () => {
    const { runner } = stub({ A: twoHosts });
    const classic = expr('B', {
      type: 'classic_conditions',
      conditions: [
        {
          evaluator: { type: 'gt', params: [4] },
          operator: { type: 'and' },
          query: { params: ['A'] },
          reducer: { type: 'avg' },
        },
      ],
    });
    const out = await evaluatePipeline({
      data: [query('A'), classic],
      condition: 'B',
      now: NOW,
      runQueries: runner,
    });
    // avg a = 4 (not > 4), avg b = 5.5
    expect(out.results).toEqual([
      {
        labels: {},
        state: 'Alerting',
        values: { B0: { labels: { host: 'b' }, value: 5.5, metric: 'Value' } },
        evaluationString: "[ var='B0' metric='Value' labels={host=b} value=5.5 ]",
      },
    ]);
  });

  it('keeps firing dimensions firing until the recovery threshold (isFiring)', async () => {
    const { runner } = stub({ A: twoHosts });
    const threshold = expr('C', {
      type: 'threshold',
      expression: 'B',
      conditions: [{ evaluator: { type: 'gt', params: [8] }, unloadEvaluator: { type: 'lt', params: [5] } }],
    });
    const out = await evaluatePipeline({
      data: [query('A'), reduce('B', 'A'), threshold],
      condition: 'C',
      now: NOW,
      runQueries: runner,
      isFiring: (labels) => labels.host === 'a',
    });
    // a: 7 is not below 5, so it keeps firing; b: 2 is not above 8
    expect(out.results.map((r) => [r.labels.host, r.state])).toEqual([
      ['a', 'Alerting'],
      ['b', 'Normal'],
    ]);
  });

  it('resamples over the query range and reduces with dropNN', async () => {
    const { runner } = stub({
      A: ok(
        promSeries({}, [
          [NOW - 50_000, 4],
          [NOW - 40_000, null],
          [NOW - 5_000, 6],
        ]),
      ),
    });
    const q = { ...query('A'), relativeTimeRange: { from: 60, to: 0 } };
    const out = await evaluatePipeline({
      data: [
        q,
        expr('R', { type: 'resample', expression: 'A', window: '30s', downsampler: 'max', upsampler: 'pad' }),
        expr('B', { type: 'reduce', expression: 'R', reducer: 'mean', settings: { mode: 'dropNN' } }),
      ],
      condition: 'B',
      now: NOW,
      runQueries: runner,
    });
    // grid NOW-60s: nothing → pad null; NOW-30s: max(4, null) strict → NaN; NOW: 6. dropNN mean = 6
    expect(out.byRefId.R!.frames[0]!.data).toEqual({
      values: [
        [NOW - 60_000, NOW - 30_000, NOW],
        [null, null, 6],
      ],
      entities: [null, { NaN: [1] }],
    });
    expect(out.results).toMatchObject([
      { state: 'Alerting', evaluationString: "[ var='B' labels={} value=6 ]" },
    ]);
  });

  it('reports an expression failure as an Error of that expression', async () => {
    const { runner } = stub({ A: twoHosts });
    const out = await evaluatePipeline({
      data: [
        query('A'),
        expr('R', { type: 'resample', expression: 'A', window: '1h', downsampler: 'mean', upsampler: 'pad' }),
      ],
      condition: 'R',
      now: NOW,
      runQueries: runner,
    });
    const error = 'R: the series cannot be sampled further; the time range is shorter than the interval';
    expect(out.results).toEqual([
      {
        labels: {},
        state: 'Error',
        values: {},
        evaluationString: '',
        error,
        refId: 'R',
        datasourceUid: '__expr__',
      },
    ]);
    expect(out.byRefId.R).toEqual({ status: 400, frames: [], error });
  });

  it('reports frames it cannot read as an Error of that query', async () => {
    const { runner } = stub({ A: ok(buildFrame([{ field: stringFieldSchema('host'), values: ['a'] }])) });
    const out = await evaluatePipeline({
      data: [query('A'), reduce('B', 'A')],
      condition: 'B',
      now: NOW,
      runQueries: runner,
    });
    expect(out.results).toEqual([
      {
        labels: {},
        state: 'Error',
        values: {},
        evaluationString: '',
        error:
          '[A] input data must be a time series or a numeric table, but no field is a number: host (string)',
        refId: 'A',
        datasourceUid: 'prom',
      },
    ]);
  });

  it('reports an invalid rule as an Error without running queries', async () => {
    const { runner, calls } = stub({});
    const out = await evaluatePipeline({
      data: [query('A'), reduce('B', 'X')],
      condition: 'B',
      now: NOW,
      runQueries: runner,
    });
    expect(calls).toEqual([]);
    expect(out.results).toMatchObject([
      { state: 'Error', error: 'expression B refers to unknown refId "X"' },
    ]);
  });
});
