import { unionPairs } from './label-union.js';
import type { BinaryOp, MathFunction, MathNode } from './math-parser.js';
import { NO_DATA, type Labels, type Results, type SeriesValue, type Value } from './values.js';

/** What a sub-expression evaluates to: a bare literal, a set of labelled values, or NoData. */
type Operand =
  { kind: 'scalar'; value: number | null } | { kind: 'set'; values: Value[] } | { kind: 'noData' };

type Point = number | null;

/**
 * Evaluates a parsed math expression over the results of other refIds. Numbers and series
 * work alike: operations apply per number or per point; series meet point by point at equal
 * timestamps. NoData anywhere makes the whole result NoData.
 */
export function evaluateMath(tree: MathNode, vars: (refId: string) => Results): Results {
  const result = evaluate(tree, vars);
  if (result.kind === 'noData') return NO_DATA;
  if (result.kind === 'scalar')
    return { kind: 'values', values: [{ kind: 'number', labels: {}, value: result.value }] };
  return { kind: 'values', values: result.values };
}

function evaluate(node: MathNode, vars: (refId: string) => Results): Operand {
  switch (node.type) {
    case 'number':
      return { kind: 'scalar', value: node.value };
    case 'var': {
      const results = vars(node.refId);
      return results.kind === 'noData' ? { kind: 'noData' } : { kind: 'set', values: results.values };
    }
    case 'unary':
      return mapOperand(evaluate(node.arg, vars), (x) => unaryOp(node.op, x));
    case 'call': {
      if (node.args.length === 0) return { kind: 'scalar', value: constant(node.name) };
      return mapOperand(evaluate(node.args[0]!, vars), (x) => applyFunction(node.name, x));
    }
    case 'binary':
      return binary(node.op, evaluate(node.left, vars), evaluate(node.right, vars));
  }
}

function mapOperand(operand: Operand, fn: (x: Point) => Point): Operand {
  if (operand.kind === 'noData') return operand;
  if (operand.kind === 'scalar') return { kind: 'scalar', value: fn(operand.value) };
  return {
    kind: 'set',
    values: operand.values.map((value) =>
      value.kind === 'number'
        ? { ...value, value: fn(value.value) }
        : { ...value, values: value.values.map(fn) },
    ),
  };
}

function binary(op: BinaryOp, left: Operand, right: Operand): Operand {
  if (left.kind === 'noData' || right.kind === 'noData') return { kind: 'noData' };
  const fn = (a: Point, b: Point) => binaryOp(op, a, b);
  if (left.kind === 'scalar' && right.kind === 'scalar')
    return { kind: 'scalar', value: fn(left.value, right.value) };
  if (left.kind === 'scalar') return mapOperand(right, (b) => fn(left.value, b));
  if (right.kind === 'scalar') return mapOperand(left, (a) => fn(a, right.value));
  return {
    kind: 'set',
    values: unionPairs(left.values, right.values).map(({ labels, a, b }) => combine(labels, a, b, fn)),
  };
}

function combine(labels: Labels, a: Value, b: Value, fn: (a: Point, b: Point) => Point): Value {
  if (a.kind === 'number' && b.kind === 'number')
    return { kind: 'number', labels, value: fn(a.value, b.value) };
  if (a.kind === 'number' && b.kind === 'series')
    return withPoints(
      b,
      labels,
      b.values.map((y) => fn(a.value, y)),
    );
  if (a.kind === 'series' && b.kind === 'number')
    return withPoints(
      a,
      labels,
      a.values.map((x) => fn(x, b.value)),
    );
  return joinSeries(labels, a as SeriesValue, b as SeriesValue, fn);
}

function withPoints(series: SeriesValue, labels: Labels, values: Point[]): SeriesValue {
  return { kind: 'series', labels, times: series.times, values };
}

/** Two series meet only where both have a point at the same time. */
function joinSeries(
  labels: Labels,
  a: SeriesValue,
  b: SeriesValue,
  fn: (a: Point, b: Point) => Point,
): SeriesValue {
  const bByTime = new Map(b.times.map((time, index) => [time, b.values[index] ?? null]));
  const times: number[] = [];
  const values: Point[] = [];
  a.times.forEach((time, index) => {
    if (!bByTime.has(time)) return;
    times.push(time);
    values.push(fn(a.values[index] ?? null, bByTime.get(time) ?? null));
  });
  return { kind: 'series', labels, times, values };
}

const bool = (condition: boolean) => (condition ? 1 : 0);

/**
 * Grafana's rules: a null operand gives null; `||` with a true left side is 1 and `&&` with a
 * false left side is 0 before anything else is looked at; otherwise NaN on either side is NaN
 * (comparisons included, so `NaN > 1` is NaN, which alerts).
 */
function binaryOp(op: BinaryOp, a: Point, b: Point): Point {
  if (a === null || b === null) return null;
  if (op === '||' && a !== 0) return 1;
  if (op === '&&' && a === 0) return 0;
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b; // same as Go's math.Mod: the sign follows the dividend, x % 0 is NaN
    case '**':
      return a ** b;
    case '==':
      return bool(a === b);
    case '!=':
      return bool(a !== b);
    case '>':
      return bool(a > b);
    case '<':
      return bool(a < b);
    case '>=':
      return bool(a >= b);
    case '<=':
      return bool(a <= b);
    case '&&':
      return bool(b !== 0);
    case '||':
      return bool(b !== 0);
  }
}

/** Null stays null and NaN stays NaN (`!NaN` too). */
function unaryOp(op: '-' | '!', x: Point): Point {
  if (x === null || Number.isNaN(x)) return x;
  return op === '-' ? -x : bool(x === 0);
}

function constant(name: MathFunction): Point {
  if (name === 'nan') return Number.NaN;
  if (name === 'inf') return Number.POSITIVE_INFINITY;
  if (name === 'infn') return Number.NEGATIVE_INFINITY;
  return null;
}

function applyFunction(name: MathFunction, x: Point): Point {
  // only is_null and is_number look at nulls; every other function turns a null into NaN
  if (name === 'is_null') return bool(x === null);
  if (name === 'is_number') return bool(x !== null && Number.isFinite(x));
  if (x === null) return Number.NaN;
  switch (name) {
    case 'abs':
      return Math.abs(x);
    case 'ceil':
      return Math.ceil(x);
    case 'floor':
      return Math.floor(x);
    case 'round':
      return roundHalfAwayFromZero(x);
    case 'log':
      return Math.log(x);
    case 'is_nan':
      return bool(Number.isNaN(x));
    case 'is_inf':
      return bool(x === Number.POSITIVE_INFINITY || x === Number.NEGATIVE_INFINITY);
    default:
      return constant(name);
  }
}

/** Go's math.Round: halves go away from zero (JavaScript's Math.round sends -2.5 to -2). */
function roundHalfAwayFromZero(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}
