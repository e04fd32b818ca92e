/**
 * Go's predefined template functions: and or not len index slice print printf println html js
 * urlquery eq ne lt le gt ge call. They take "reflect.Value" parameters, i.e. values exactly as
 * the template produced them, and fail with Go's error texts.
 */

import { Buffer } from 'node:buffer';
import { htmlEscape, jsEscape, queryEscape } from './escape.js';
import { sprint, sprintf, sprintln } from './fmt.js';
import { canBeNil, goFunc, paramTypeName, signatureOf, type FuncMap, type GoFunction } from './funcs.js';
import {
  byteLength,
  compareStrings,
  isTrue,
  kindOf,
  lengthOf,
  mapElemZero,
  mapKeyFits,
  mapLookup,
  numberOf,
  TypedNil,
  typeName,
} from './values.js';
import { GoTime } from './time.js';

/** A nil interface holds nothing; builtins see through it (Go's indirectInterface). */
const indirect = (v: unknown): unknown => (v === null ? undefined : v);
const isNilish = (v: unknown): boolean => v === undefined || v === null || v instanceof TypedNil;

// ---- comparison ----

type BasicKind = 'bool' | 'int' | 'float' | 'string';

function basicKind(v: unknown): BasicKind | undefined {
  const k = kindOf(v);
  return k === 'bool' || k === 'int' || k === 'float' || k === 'string' ? k : undefined;
}

const errBadComparisonType = 'invalid type for comparison';
const errBadComparison = 'incompatible types for comparison';

function eq(arg1: unknown, ...rest: unknown[]): boolean {
  arg1 = indirect(arg1);
  if (rest.length === 0) throw new Error('missing argument for comparison');
  const k1 = basicKind(arg1);
  for (let arg of rest) {
    arg = indirect(arg);
    const k2 = basicKind(arg);
    let truth: boolean;
    if (k1 !== k2) {
      if (arg1 !== undefined && arg !== undefined) throw new Error(errBadComparison);
      truth = false;
    } else if (k1 === 'string') {
      truth = arg1 === arg;
    } else if (k1 !== undefined) {
      truth = numberOf(arg1) === numberOf(arg);
    } else {
      truth = equalComposite(arg1, arg);
    }
    if (truth) return true;
  }
  return false;
}

/** == on non-basic values: nil equals nil, structs compare, maps and slices cannot. */
function equalComposite(a: unknown, b: unknown): boolean {
  if (isNilish(a) || isNilish(b)) return isNilish(a) === isNilish(b);
  for (const v of [b, a]) {
    const k = kindOf(v);
    if (k === 'map' || k === 'slice' || k === 'func') {
      throw new Error(sprintf('non-comparable type %s: %v', [v, typeName(v)]));
    }
  }
  if (a instanceof GoTime && b instanceof GoTime) {
    return a.unixMs === b.unixMs && a.extraNanos === b.extraNanos && a.zone === b.zone;
  }
  return a === b;
}

function lt(arg1: unknown, arg2: unknown): boolean {
  arg1 = indirect(arg1);
  arg2 = indirect(arg2);
  const k1 = basicKind(arg1);
  const k2 = basicKind(arg2);
  if (k1 === undefined || k2 === undefined) throw new Error(errBadComparisonType);
  if (k1 !== k2) throw new Error(errBadComparison);
  if (k1 === 'bool') throw new Error(errBadComparisonType);
  if (k1 === 'string') return compareStrings(arg1 as string, arg2 as string) < 0;
  return numberOf(arg1) < numberOf(arg2);
}

const le = (a: unknown, b: unknown): boolean => lt(a, b) || eq(a, b);

// ---- indexing ----

/** An index operand: an int within [0, cap]. */
function indexArg(index: unknown, cap: number): number {
  const k = kindOf(index);
  if (k === 'invalid' || k === 'nil') throw new Error('cannot index slice/array with nil');
  if (k !== 'int') throw new Error(`cannot index slice/array with type ${typeName(index)}`);
  const x = numberOf(index);
  if (x < 0 || x > cap) throw new Error(`index out of range: ${x}`);
  return x;
}

function index(item: unknown, ...indexes: unknown[]): unknown {
  item = indirect(item);
  if (item === undefined) throw new Error('index of untyped nil');
  for (let ix of indexes) {
    ix = indirect(ix);
    if (isNilish(item)) throw new Error('index of nil pointer');
    switch (kindOf(item)) {
      case 'slice': {
        const items = item as unknown[];
        const x = indexArg(ix, items.length);
        if (x === items.length) throw new Error('reflect: slice index out of range');
        item = items[x] ?? null;
        break;
      }
      case 'string': {
        const bytes = Buffer.from(item as string, 'utf8');
        const x = indexArg(ix, bytes.length);
        if (x === bytes.length) throw new Error('reflect: string index out of range');
        item = bytes[x];
        break;
      }
      case 'map': {
        const map = item as object;
        if (!mapKeyFits(map, ix)) checkMapKey(ix);
        item = mapLookup(map, ix, mapElemZero(map));
        break;
      }
      default:
        throw new Error(`can't index item of type ${typeName(item)}`);
    }
  }
  return item;
}

/** Plain-object maps have string keys. */
function checkMapKey(key: unknown): void {
  if (key === undefined || key === null) throw new Error('value is nil; should be of type string');
  if (typeof key !== 'string') throw new Error(`value has type ${typeName(key)}; should be string`);
}

function slice(item: unknown, ...indexes: unknown[]): unknown {
  item = indirect(item);
  if (item === undefined) throw new Error('slice of untyped nil');
  if (indexes.length > 3) throw new Error(`too many slice indexes: ${indexes.length}`);
  const kind = kindOf(item);
  let length: number;
  if (kind === 'string') {
    if (indexes.length === 3) throw new Error('cannot 3-index slice a string');
    length = byteLength(item as string);
  } else if (kind === 'slice') {
    length = (item as unknown[]).length;
  } else {
    throw new Error(`can't slice item of type ${typeName(item)}`);
  }
  const idx = [0, length, length];
  indexes.forEach((ix, i) => (idx[i] = indexArg(indirect(ix), length)));
  const [from, to, max] = idx as [number, number, number];
  if (from > to) throw new Error(`invalid slice index: ${from} > ${to}`);
  if (indexes.length === 3 && to > max) throw new Error(`invalid slice index: ${to} > ${max}`);
  if (kind === 'string')
    return Buffer.from(item as string, 'utf8')
      .subarray(from, to)
      .toString('utf8');
  return (item as unknown[]).slice(from, to);
}

/** Go's reflect panics on "no value"; the template reports the panic's text. */
const zeroValuePanic = 'reflect: call of reflect.Value.Type on zero Value';

function len(item: unknown): number {
  if (item === undefined) throw new Error(zeroValuePanic);
  if (isNilish(item)) throw new Error('len of nil pointer');
  const n = lengthOf(item);
  if (n === undefined) throw new Error(`len of type ${typeName(item)}`);
  return n;
}

// ---- printing and escaping ----

/** One string argument is used as is; otherwise the arguments print as `print` would. */
function evalArgs(args: unknown[]): string {
  if (args.length === 1 && typeof args[0] === 'string') return args[0];
  return sprint(args.map((a) => (a === undefined || a === null ? '<no value>' : a)));
}

// ---- call ----

function call(fn: unknown, ...args: unknown[]): unknown {
  fn = indirect(fn);
  if (fn === undefined) throw new Error('call of nil');
  if (typeof fn !== 'function') throw new Error(`non-function of type ${typeName(fn)}`);
  const f = fn as GoFunction;
  const sig = signatureOf(f);
  if (sig.variadic !== undefined) {
    if (args.length < sig.params.length) {
      throw new Error(`wrong number of args: got ${args.length} want at least ${sig.params.length}`);
    }
  } else if (args.length !== sig.params.length) {
    throw new Error(`wrong number of args: got ${args.length} want ${sig.params.length}`);
  }
  const values = args.map((a, i) => {
    const t = sig.params[i] ?? sig.variadic ?? 'any';
    if (a === undefined || a === null) {
      if (t !== 'value' && !canBeNil(t))
        throw new Error(`arg ${i}: value is nil; should be of type ${paramTypeName(t)}`);
      return null;
    }
    return a;
  });
  return f(...values);
}

export const builtins: FuncMap = {
  and: goFunc(['value', '...value'], (first: unknown) => first),
  or: goFunc(['value', '...value'], (first: unknown) => first),
  not: goFunc(['value'], (v: unknown) => !isTrue(indirect(v))),
  len: goFunc(['value'], len),
  index: goFunc(['value', '...value'], index),
  slice: goFunc(['value', '...value'], slice),
  print: goFunc(['...any'], (...args: unknown[]) => sprint(args)),
  printf: goFunc(['string', '...any'], (format: string, ...args: unknown[]) => sprintf(format, args)),
  println: goFunc(['...any'], (...args: unknown[]) => sprintln(args)),
  html: goFunc(['...any'], (...args: unknown[]) => htmlEscape(evalArgs(args))),
  js: goFunc(['...any'], (...args: unknown[]) => jsEscape(evalArgs(args))),
  urlquery: goFunc(['...any'], (...args: unknown[]) => queryEscape(evalArgs(args))),
  eq: goFunc(['value', '...value'], eq),
  ne: goFunc(['value', 'value'], (a: unknown, b: unknown) => !eq(a, b)),
  lt: goFunc(['value', 'value'], lt),
  le: goFunc(['value', 'value'], le),
  gt: goFunc(['value', 'value'], (a: unknown, b: unknown) => !le(a, b)),
  ge: goFunc(['value', 'value'], (a: unknown, b: unknown) => !lt(a, b)),
  call: goFunc(['value', '...value'], call),
};
