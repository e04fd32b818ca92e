import { describe, expect, it } from 'vitest';
import type { AlertQuery } from '../../../src/features/alert-rules/alert-rule.js';
import { validatePipeline } from '../../../src/features/alert-expressions/pipeline.js';

const range = { from: 600, to: 0 };
const query = (refId: string): AlertQuery => ({
  refId,
  relativeTimeRange: range,
  datasourceUid: 'prom',
  model: { expr: 'up' },
});
const expr = (refId: string, model: Record<string, unknown>, uid = '__expr__'): AlertQuery => ({
  refId,
  relativeTimeRange: { from: 0, to: 0 },
  datasourceUid: uid,
  model,
});
const reduce = (refId: string, input: string, reducer = 'last') =>
  expr(refId, { type: 'reduce', expression: input, reducer });
const threshold = (
  refId: string,
  input: string,
  conditions: unknown = [{ evaluator: { type: 'gt', params: [1] } }],
) => expr(refId, { type: 'threshold', expression: input, conditions });

describe('validatePipeline', () => {
  it('accepts a standard query → reduce → threshold rule, old -100 uid and ${} references included', () => {
    expect(validatePipeline([query('A'), reduce('B', '${A}'), threshold('C', '$B')], 'C')).toBeUndefined();
    expect(
      validatePipeline([query('A'), expr('B', { type: 'math', expression: '$A > 1' }, '-100')], 'B'),
    ).toBeUndefined();
  });

  it('names duplicate refIds and a condition that is not a refId', () => {
    expect(validatePipeline([query('A'), query('A')], 'A')).toBe('duplicate refId "A"');
    expect(validatePipeline([query('A')], 'C')).toBe('condition "C" is not a refId of the rule');
    expect(validatePipeline([], 'A')).toBe('the rule has no queries or expressions');
  });

  it('names unknown references and expression types', () => {
    expect(validatePipeline([query('A'), reduce('B', 'X')], 'B')).toBe(
      'expression B refers to unknown refId "X"',
    );
    expect(validatePipeline([query('A'), expr('B', { type: 'math', expression: '$A + $Z' })], 'B')).toBe(
      'expression B refers to unknown refId "Z"',
    );
    expect(validatePipeline([query('A'), expr('B', { type: 'foo' })], 'B')).toBe(
      'unknown expression type "foo" in B',
    );
    expect(validatePipeline([query('A'), expr('B', { type: 'sql', expression: 'SELECT 1' })], 'B')).toBe(
      'B: SQL expressions are not supported',
    );
    expect(
      validatePipeline(
        [
          query('A'),
          expr('B', {
            type: 'classic_conditions',
            conditions: [
              { evaluator: { type: 'gt', params: [1] }, query: { params: ['Q'] }, reducer: { type: 'avg' } },
            ],
          }),
        ],
        'B',
      ),
    ).toBe('expression B refers to unknown refId "Q"');
  });

  it('checks classic condition operators after the first', () => {
    const cond = (operator: string) => ({
      evaluator: { type: 'gt', params: [1] },
      operator: { type: operator },
      query: { params: ['A'] },
      reducer: { type: 'avg' },
    });
    expect(
      validatePipeline(
        [query('A'), expr('B', { type: 'classic_conditions', conditions: [cond('when'), cond('or')] })],
        'B',
      ),
    ).toBeUndefined();
    expect(
      validatePipeline(
        [query('A'), expr('B', { type: 'classic_conditions', conditions: [cond('and'), cond('xor')] })],
        'B',
      ),
    ).toBe('B: condition 2: operator "xor" is not supported');
  });

  it('finds cycles and names the path', () => {
    expect(validatePipeline([query('Q'), reduce('A', 'B'), reduce('B', 'A')], 'A')).toBe(
      'cyclic dependency between expressions: A -> B -> A',
    );
    expect(validatePipeline([expr('A', { type: 'math', expression: '$A + 1' })], 'A')).toBe(
      'cyclic dependency between expressions: A -> A',
    );
    expect(
      validatePipeline(
        [
          query('Q'),
          reduce('A', 'Q'),
          expr('B', { type: 'math', expression: '$A + $D' }),
          reduce('C', 'B'),
          expr('D', { type: 'math', expression: '$C' }),
        ],
        'B',
      ),
    ).toBe('cyclic dependency between expressions: B -> D -> C -> B');
  });

  it('checks each expression type’s settings', () => {
    expect(validatePipeline([query('A'), reduce('B', 'A', 'median')], 'B')).toBe(
      'B: reducer "median" is not supported',
    );
    expect(validatePipeline([query('A'), reduce('B', 'A', 'Mean')], 'B')).toBeUndefined();
    expect(
      validatePipeline(
        [
          query('A'),
          expr('B', { type: 'reduce', expression: 'A', reducer: 'sum', settings: { mode: 'replaceNN' } }),
        ],
        'B',
      ),
    ).toBe('B: replaceNN mode needs a numeric replaceWithValue');
    expect(validatePipeline([query('A'), expr('B', { type: 'math', expression: '$A +' })], 'B')).toBe(
      'B: math expression: unexpected end of expression at position 5',
    );
    expect(
      validatePipeline(
        [query('A'), threshold('B', 'A', [{ evaluator: { type: 'within_range', params: [1] } }])],
        'B',
      ),
    ).toBe('B: evaluator "within_range" needs 2 numeric parameter(s)');
    expect(validatePipeline([query('A'), threshold('B', 'A', [])], 'B')).toBe(
      'B: threshold expressions need exactly one condition',
    );
    expect(
      validatePipeline(
        [
          query('A'),
          expr('B', {
            type: 'resample',
            expression: 'A',
            window: '10x',
            downsampler: 'mean',
            upsampler: 'pad',
          }),
        ],
        'B',
      ),
    ).toBe('B: window "10x" is not a valid duration');
    expect(
      validatePipeline(
        [
          query('A'),
          expr('B', {
            type: 'resample',
            expression: 'A',
            window: '1m',
            downsampler: 'mean',
            upsampler: 'zero',
          }),
        ],
        'B',
      ),
    ).toBe('B: upsampler "zero" is not supported');
    expect(
      validatePipeline(
        [
          query('A'),
          expr('B', {
            type: 'classic_conditions',
            conditions: [
              { evaluator: { type: 'gt', params: [1] }, query: { params: ['A'] }, reducer: { type: 'p95' } },
            ],
          }),
        ],
        'B',
      ),
    ).toBe('B: reducer "p95" is not supported');
  });
});
