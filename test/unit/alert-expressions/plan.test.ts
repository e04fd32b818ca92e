import { describe, expect, it } from 'vitest';
import type { AlertQuery } from '../../../src/features/alert-rules/alert-rule.js';
import { parseDurationMs } from '../../../src/features/alert-expressions/duration.js';
import { planPipeline } from '../../../src/features/alert-expressions/plan.js';

const item = (refId: string, datasourceUid: string, model: Record<string, unknown>): AlertQuery => ({
  refId,
  relativeTimeRange: { from: 60, to: 0 },
  datasourceUid,
  model,
});

describe('planPipeline', () => {
  it('orders expressions after everything they read, whatever order the rule lists them in', () => {
    const plan = planPipeline(
      [
        item('D', '__expr__', { type: 'math', expression: '$C + $B' }),
        item('C', '__expr__', {
          type: 'threshold',
          expression: 'B',
          conditions: [{ evaluator: { type: 'gt', params: [1] } }],
        }),
        item('B', '__expr__', { type: 'reduce', expression: 'A', reducer: 'max' }),
        item('A', 'prom', { expr: 'up' }),
        item('E', 'pg', { rawSql: 'select 1' }),
      ],
      'D',
    );
    if (typeof plan === 'string') throw new Error(plan);
    expect(plan.order).toEqual(['B', 'C', 'D']);
    expect(plan.queries.map((q) => q.refId)).toEqual(['A', 'E']);
  });
});

describe('parseDurationMs', () => {
  it.each([
    ['10s', 10_000],
    ['1m30s', 90_000],
    ['500ms', 500],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
    ['1w', 604_800_000],
    ['1.5m', 90_000],
  ])('%s → %d ms', (text, expected) => {
    expect(parseDurationMs(text)).toBe(expected);
  });

  it.each(['', '10', '0s', '-5s', '10x', 's'])('rejects %j', (text) => {
    expect(parseDurationMs(text)).toBeUndefined();
  });
});
