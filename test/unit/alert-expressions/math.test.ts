import { describe, expect, it } from 'vitest';
import { evaluateMath } from '../../../src/features/alert-expressions/math-evaluator.js';
import {
  MathParseError,
  mathVariables,
  parseMath,
} from '../../../src/features/alert-expressions/math-parser.js';
import { NO_DATA, type Results } from '../../../src/features/alert-expressions/values.js';
import { num, series, set } from './helpers.js';

function run(expression: string, vars: Record<string, Results> = {}): Results {
  return evaluateMath(parseMath(expression), (refId) => vars[refId] ?? NO_DATA);
}

function scalar(expression: string): number | null {
  const result = run(expression);
  if (result.kind !== 'values' || result.values[0]?.kind !== 'number') throw new Error('not a number');
  return result.values[0].value;
}

describe('math parser', () => {
  it('reads $A and ${A} variables, in order of first use', () => {
    expect(mathVariables(parseMath('$A + ${B C} * $A - $D_1'))).toEqual(['A', 'B C', 'D_1']);
  });

  it('names the position of a syntax error', () => {
    expect(() => parseMath('$A + * 2')).toThrow(new MathParseError('unexpected "*" at position 6'));
    expect(() => parseMath('($A + 1')).toThrow('unexpected end of expression at position 8');
    expect(() => parseMath('$A # 1')).toThrow('unexpected character "#" at position 4');
    expect(() => parseMath('foo($A)')).toThrow('unknown function "foo" at position 1');
    expect(() => parseMath('abs()')).toThrow('takes 1 argument(s), got 0');
    expect(() => parseMath('  ')).toThrow('empty expression');
    expect(() => parseMath('1 2')).toThrow('unexpected "2" at position 3');
  });
});

describe('math on literals', () => {
  it('follows the Grafana precedence: || < && < comparisons < + - < * / % < ** < unary', () => {
    expect(scalar('1 + 2 * 3')).toBe(7);
    expect(scalar('(1 + 2) * 3')).toBe(9);
    expect(scalar('2 ** 3 ** 2')).toBe(64); // left-associative: (2 ** 3) ** 2
    expect(scalar('-2 ** 2')).toBe(4); // unary binds tightest: (-2) ** 2
    expect(scalar('2 * 3 ** 2')).toBe(18);
    expect(scalar('-3 + 1')).toBe(-2);
    expect(scalar('!0 + 1')).toBe(2);
    expect(scalar('2 ** -1')).toBe(0.5);
    expect(scalar('7 % 4')).toBe(3);
    expect(scalar('-7 % 4')).toBe(-3);
    expect(scalar('1 + 1 == 2')).toBe(1);
    expect(scalar('1 < 2 && 3 > 4')).toBe(0);
    expect(scalar('1 < 2 && 3 > 4 || 1')).toBe(1);
    expect(scalar('!0')).toBe(1);
    expect(scalar('!5')).toBe(0);
    expect(scalar('2 >= 2')).toBe(1);
    expect(scalar('2 <= 1')).toBe(0);
    expect(scalar('2 != 1')).toBe(1);
    expect(scalar('1.5e2 / 3')).toBe(50);
  });

  it('has the functions and constants', () => {
    expect(scalar('abs(-3)')).toBe(3);
    expect(scalar('ceil(1.2)')).toBe(2);
    expect(scalar('floor(-1.2)')).toBe(-2);
    expect(scalar('round(2.5)')).toBe(3);
    expect(scalar('round(-2.5)')).toBe(-3); // half away from zero, like Go
    expect(scalar('log(1)')).toBe(0);
    expect(scalar('nan()')).toBeNaN();
    expect(scalar('inf()')).toBe(Infinity);
    expect(scalar('infn()')).toBe(-Infinity);
    expect(scalar('null()')).toBeNull();
    expect(scalar('is_nan(nan())')).toBe(1);
    expect(scalar('is_inf(infn())')).toBe(1);
    expect(scalar('is_null(null())')).toBe(1);
    expect(scalar('is_number(null())')).toBe(0);
    expect(scalar('is_number(inf())')).toBe(0);
    expect(scalar('is_number(3)')).toBe(1);
  });

  it('keeps nulls through operators, turns them into NaN in functions', () => {
    expect(scalar('null() + 1')).toBeNull();
    expect(scalar('2 > null()')).toBeNull();
    expect(scalar('-null()')).toBeNull();
    expect(scalar('abs(null())')).toBeNaN();
    expect(scalar('is_nan(null())')).toBeNaN();
  });

  it('lets NaN win except where && and || short-circuit on the left side', () => {
    expect(scalar('nan() == nan()')).toBeNaN();
    expect(scalar('nan() > 1')).toBeNaN();
    expect(scalar('!nan()')).toBeNaN();
    expect(scalar('nan() && 1')).toBeNaN();
    expect(scalar('0 && nan()')).toBe(0);
    expect(scalar('1 || nan()')).toBe(1);
    expect(scalar('nan() || 0')).toBe(1);
    expect(scalar('0 || nan()')).toBeNaN();
    expect(scalar('1 && 0')).toBe(0);
    expect(scalar('0 || 2')).toBe(1);
    expect(scalar('1 / 0')).toBe(Infinity);
  });
});

describe('math on numbers and series', () => {
  it('applies a literal to every number, keeping labels', () => {
    expect(run('$A * 2', { A: set(num(1, { host: 'a' }), num(5, { host: 'b' })) })).toEqual(
      set(num(2, { host: 'a' }), num(10, { host: 'b' })),
    );
  });

  it('pairs equal label sets and drops different ones of the same size', () => {
    const A = set(num(10, { host: 'a' }), num(20, { host: 'b' }));
    const B = set(num(2, { host: 'a' }), num(4, { host: 'c' }));
    expect(run('$A / $B', { A, B })).toEqual(set(num(5, { host: 'a' })));
  });

  it('pairs an unlabelled side with everything, keeping the labelled side', () => {
    const A = set(num(10, { host: 'a' }), num(20, { host: 'b' }));
    const B = set(num(5));
    expect(run('$A - $B', { A, B })).toEqual(set(num(5, { host: 'a' }), num(15, { host: 'b' })));
    expect(run('$B - $A', { A, B })).toEqual(set(num(-5, { host: 'a' }), num(-15, { host: 'b' })));
  });

  it('pairs a subset with its superset and takes the larger label set', () => {
    const A = set(
      num(3, { host: 'a', disk: 'sda' }),
      num(4, { host: 'a', disk: 'sdb' }),
      num(9, { host: 'b', disk: 'x' }),
    );
    const B = set(num(100, { host: 'a' }));
    expect(run('$A + $B', { A, B })).toEqual(
      set(num(103, { host: 'a', disk: 'sda' }), num(104, { host: 'a', disk: 'sdb' })),
    );
  });

  it('pairs in the order of the left side, then the right, unlabelled items with everything', () => {
    const A = set(num(5, { host: 'a', disk: 'x' }), num(7, { host: 'b' }));
    const B = set(num(100, { host: 'a' }), num(1000));
    expect(run('$A + $B', { A, B })).toEqual(
      set(num(105, { host: 'a', disk: 'x' }), num(1005, { host: 'a', disk: 'x' }), num(1007, { host: 'b' })),
    );
  });

  it('pairs thousands of equally labelled items one to one', () => {
    const hosts = Array.from({ length: 3000 }, (_, i) => `h${i}`);
    const A = set(...hosts.map((host, i) => num(i, { host })));
    const B = set(...[...hosts].reverse().map((host) => num(1, { host })));
    const result = run('$A + $B', { A, B });
    expect(result).toEqual(set(...hosts.map((host, i) => num(i + 1, { host }))));
  });

  it('combines one item with one item without labels when nothing paired', () => {
    const A = set(num(6, { host: 'a' }));
    const B = set(num(2, { host: 'b' }));
    expect(run('$A / $B', { A, B })).toEqual(set(num(3)));
  });

  it('gives nothing when several items on each side match none', () => {
    const A = set(num(1, { host: 'a' }), num(2, { host: 'b' }));
    const B = set(num(1, { host: 'c' }), num(2, { host: 'd' }));
    expect(run('$A + $B', { A, B })).toEqual(set());
  });

  it('propagates NoData', () => {
    expect(run('$A + 1', { A: NO_DATA })).toEqual(NO_DATA);
    expect(run('$A + $B', { A: set(num(1)), B: NO_DATA })).toEqual(NO_DATA);
  });

  it('works point-wise on series, joining two series on equal timestamps', () => {
    const A = set(
      series(
        [
          [1000, 1],
          [2000, 2],
          [3000, null],
        ],
        { host: 'a' },
      ),
    );
    const B = set(
      series(
        [
          [2000, 10],
          [3000, 20],
          [4000, 30],
        ],
        { host: 'a' },
      ),
    );
    expect(run('$A * 10', { A })).toEqual(
      set(
        series(
          [
            [1000, 10],
            [2000, 20],
            [3000, null],
          ],
          { host: 'a' },
        ),
      ),
    );
    expect(run('$A + $B', { A, B })).toEqual(
      set(
        series(
          [
            [2000, 12],
            [3000, null],
          ],
          { host: 'a' },
        ),
      ),
    );
    expect(run('abs($A)', { A })).toEqual(
      set(
        series(
          [
            [1000, 1],
            [2000, 2],
            [3000, Number.NaN],
          ],
          { host: 'a' },
        ),
      ),
    );
    expect(run('is_null($A)', { A })).toEqual(
      set(
        series(
          [
            [1000, 0],
            [2000, 0],
            [3000, 1],
          ],
          { host: 'a' },
        ),
      ),
    );
  });

  it('combines a series with a number point by point', () => {
    const A = set(
      series(
        [
          [1000, 1],
          [2000, 4],
        ],
        { host: 'a' },
      ),
    );
    const B = set(num(2, { host: 'a' }));
    expect(run('$A > $B', { A, B })).toEqual(
      set(
        series(
          [
            [1000, 0],
            [2000, 1],
          ],
          { host: 'a' },
        ),
      ),
    );
    expect(run('$B - $A', { A, B })).toEqual(
      set(
        series(
          [
            [1000, 1],
            [2000, -2],
          ],
          { host: 'a' },
        ),
      ),
    );
  });
});
