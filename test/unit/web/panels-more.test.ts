import { describe, expect, it } from 'vitest';
import type { Field, Frame, PanelData } from '../../../web/src/lib/frames.js';
import { heatmapCells } from '../../../web/src/lib/heatmap.js';
import { histogram } from '../../../web/src/lib/histogram.js';
import { logRows, toLevel } from '../../../web/src/lib/logs.js';
import { stateRows, stateSegments } from '../../../web/src/lib/state-rows.js';

const field = (
  name: string,
  type: Field['type'],
  values: unknown[],
  labels?: Record<string, string>,
): Field => ({
  name,
  type,
  values,
  labels,
  config: {},
});
const frame = (...fields: Field[]): Frame => ({ fields, length: fields[0]?.values.length ?? 0 });
const data = (...frames: Frame[]): PanelData => ({ frames, errors: [] });
const time = (values: number[]) => field('Time', 'time', values);

describe('heatmap cells', () => {
  it('differences cumulative `le` series into per-bucket counts, summing series of one bound', () => {
    const t = time([1000, 2000]);
    const cells = heatmapCells(
      data(
        frame(t, field('Value', 'number', [10, 20], { le: '+Inf', instance: 'a' })),
        frame(t, field('Value', 'number', [4, 8], { le: '0.5', instance: 'a' })),
        frame(t, field('Value', 'number', [1, 1], { le: '0.5', instance: 'b' })),
        frame(t, field('Value', 'number', [7, 12], { le: '1', instance: 'a' })),
      ),
      false,
      undefined,
    )!;
    expect(cells.fromData).toBe(true);
    expect(cells.ys).toEqual([0, 0.5, 1, Number.POSITIVE_INFINITY]);
    expect(cells.xs).toEqual([1000, 2000, 3000]);
    // bucket 0.5: 4+1 and 8+1; 1: 7-5, 12-9; +Inf: 10-7, 20-12
    expect(cells.counts).toEqual([
      [5, 2, 3],
      [9, 3, 8],
    ]);
  });

  it('takes format-heatmap frames (fields named by bound) as they are', () => {
    const cells = heatmapCells(
      data(frame(time([0, 60_000]), field('0.1', 'number', [3, 0]), field('+Inf', 'number', [1, 2]))),
      undefined,
      undefined,
    )!;
    expect(cells.ys).toEqual([0, 0.1, Number.POSITIVE_INFINITY]);
    expect(cells.counts).toEqual([
      [3, 1],
      [0, 2],
    ]);
  });

  it('calculates buckets from plain series when asked or when there are none', () => {
    const plain = data(
      frame(time([0, 10, 20]), field('a', 'number', [1, 15, 29]), field('b', 'number', [2, 3, null])),
    );
    const cells = heatmapCells(plain, false, { yBuckets: { mode: 'size', value: '10' } })!;
    expect(cells.fromData).toBe(false);
    expect(cells.ys).toEqual([0, 10, 20, 30]);
    expect(cells.counts).toEqual([
      [2, 0, 0],
      [1, 1, 0],
      [0, 0, 1],
    ]);
    expect(heatmapCells(data(), false, undefined)).toBeUndefined();
  });
});

describe('histogram', () => {
  it('counts values into buckets of the given size and offset, per series or combined', () => {
    const input = data(frame(field('a', 'number', [1, 2, 2, 3.5, null]), field('b', 'number', [0.2, 9])));
    const result = histogram(input, undefined, { bucketSize: 2, bucketOffset: 1 })!;
    expect(result.edges).toEqual([-1, 1, 3, 5, 7, 9, 11]);
    expect(result.series.map((s) => [s.name, s.counts])).toEqual([
      ['a', [0, 3, 1, 0, 0, 0]],
      ['b', [1, 0, 0, 0, 0, 1]],
    ]);
    const combined = histogram(input, undefined, { bucketSize: 2, bucketOffset: 1, combine: true })!;
    expect(combined.series).toHaveLength(1);
    expect(combined.series[0]!.counts).toEqual([1, 3, 1, 0, 0, 1]);
  });

  it('picks a round size for about bucketCount buckets when none is given', () => {
    const values = Array.from({ length: 101 }, (_, i) => i);
    const result = histogram(data(frame(field('v', 'number', values))), undefined, { bucketCount: 10 })!;
    expect(result.edges[1]! - result.edges[0]!).toBe(10);
    expect(result.series[0]!.counts.reduce((a, b) => a + b, 0)).toBe(101);
  });
});

describe('log rows', () => {
  it('reads body and level fields, a labels field, and levels written in the line', () => {
    const rows = logRows(
      data(
        frame(
          time([1, 2, 3]),
          field('labels', 'other', [{ level: 'warn', app: 'x' }, {}, '{"app":"y"}']),
          field('id', 'string', ['a', 'b', 'c']),
          field('Line', 'string', ['disk almost full', 'level=error boom', 'all good']),
        ),
        frame(time([4]), field('severity', 'string', ['CRIT']), field('message', 'string', ['down'])),
        frame(field('message', 'string', ['no time field'])),
      ),
    );
    expect(rows.map((r) => [r.time, r.level, r.line])).toEqual([
      [1, 'warning', 'disk almost full'],
      [2, 'error', 'level=error boom'],
      [3, 'unknown', 'all good'],
      [4, 'critical', 'down'],
    ]);
    expect(rows[0]!.labels).toEqual({ level: 'warn', app: 'x' });
    expect(rows[2]!.labels).toEqual({ app: 'y' });
    expect(['eror', 'Information', 'dbug', 'nope'].map(toLevel)).toEqual([
      'error',
      'info',
      'debug',
      'unknown',
    ]);
  });
});

describe('state rows', () => {
  it('maps values to texts and colours, merges equal neighbours and ends states at nulls', () => {
    const rows = stateRows(
      data(frame(time([0, 10, 20, 30, 40]), field('up', 'number', [1, 1, null, 0, 0]))),
      {
        defaults: {
          mappings: [
            {
              type: 'value',
              options: { '0': { text: 'Down', color: 'red' }, '1': { text: 'Up', color: 'green' } },
            },
          ],
        },
      },
    );
    expect(rows).toHaveLength(1);
    const segments = stateSegments(rows[0]!.points, true, 60);
    expect(segments.map((s) => [s.text, s.color, s.time, s.end])).toEqual([
      ['Up', '#73BF69', 0, 20],
      ['Down', '#F2495C', 30, 60],
    ]);
    expect(stateSegments(rows[0]!.points, false, 60)).toHaveLength(4);
  });
});
