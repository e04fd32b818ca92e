/**
 * How plain JS data stands for Go values, so templates behave as they do in Go.
 *
 * - `undefined` is Go's invalid reflect.Value ("no value"): what a missing map key yields by default.
 * - `null` is a nil interface (an `interface{}` element or result holding nothing).
 * - strings and booleans are themselves.
 * - A number is an `int` when it is integer-valued, else a `float64`. Integer-valued floats (JSON
 *   numbers, literals like `1.0`, Grafana's `.Values`) are boxed in {@link Float64} so they print
 *   as Go prints floats (`1e+06`) and compare as floats.
 * - Arrays are slices, plain objects and `Map`s are maps, other class instances are structs: their own
 *   enumerable properties are the fields and their prototype functions named with an upper-case
 *   initial are the Go methods (`.Alerts.Firing`, `.Labels.SortedPairs`).
 * - A class or an array can say which Go type it stands for through the {@link goType} symbol.
 */

import { Buffer } from 'node:buffer';

type Kind = 'invalid' | 'nil' | 'bool' | 'int' | 'float' | 'string' | 'slice' | 'map' | 'struct' | 'func';

/** Which Go type a JS class or array stands for: its printed name, its kind, the zero of its elements. */
export interface GoTypeInfo {
  readonly name: string;
  readonly kind: 'map' | 'slice' | 'struct' | 'int';
  /** Map element zero value, returned for missing keys under `missingkey=zero`. */
  readonly elemZero?: unknown;
}

export const goType: unique symbol = Symbol.for('svc.gotemplate.type');

interface Typed {
  [goType]?: GoTypeInfo;
}

/** A float64 whose value may be integral; plain non-integer numbers are float64 too. */
export class Float64 {
  constructor(readonly value: number) {}
  toJSON(): number {
    return this.value;
  }
}

/** A nil pointer, map or slice of a named type (Go prints it as `<nil>`, and it is false). */
export class TypedNil {
  constructor(readonly typeName: string) {}
  toJSON(): null {
    return null;
  }
}

/** Tags an array with its Go slice type, e.g. `[]string`, so type checks and `%T` see it. */
export function typedSlice<T>(items: T[], name: string): T[] {
  Object.defineProperty(items, goType, { value: { name, kind: 'slice' }, enumerable: false });
  return items;
}

export function isFloat(v: unknown): boolean {
  return v instanceof Float64 || (typeof v === 'number' && !Number.isInteger(v));
}

export function kindOf(v: unknown): Kind {
  switch (typeof v) {
    case 'undefined':
      return 'invalid';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(v) ? 'int' : 'float';
    case 'bigint':
      return 'int';
    case 'function':
      return 'func';
  }
  if (v === null || v instanceof TypedNil) return 'nil';
  if (v instanceof Float64) return 'float';
  const info = (v as Typed)[goType];
  if (info) return info.kind;
  if (Array.isArray(v)) return 'slice';
  if (v instanceof Map || isPlainObject(v as object)) return 'map';
  return 'struct';
}

function isPlainObject(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Go's name for the value's type, as `%T` and error messages print it. */
export function typeName(v: unknown): string {
  if (v instanceof TypedNil) return v.typeName;
  const info = typeof v === 'object' && v !== null ? (v as Typed)[goType] : undefined;
  if (info) return info.name;
  switch (kindOf(v)) {
    case 'invalid':
    case 'nil':
      return '<nil>';
    case 'bool':
      return 'bool';
    case 'int':
      return 'int';
    case 'float':
      return 'float64';
    case 'string':
      return 'string';
    case 'slice':
      return '[]interface {}';
    case 'map':
      return 'map[string]interface {}';
    case 'func':
      return 'func(...interface {}) interface {}';
    case 'struct':
      return (v as object).constructor.name;
  }
}

/** The number inside an int or float value. */
export function numberOf(v: unknown): number {
  if (v instanceof Float64) return v.value;
  return Number(v);
}

/** Strings measure in UTF-8 bytes, as Go's len does. */
export function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Number of elements for `len`, or undefined when the kind has no length. */
export function lengthOf(v: unknown): number | undefined {
  switch (kindOf(v)) {
    case 'string':
      return byteLength(v as string);
    case 'slice':
      return (v as unknown[]).length;
    case 'map':
      return mapSize(v as object);
    default:
      return undefined;
  }
}

/** Go's truth: false, 0, nil, and empty strings, slices and maps are false; structs are true. */
export function isTrue(v: unknown): boolean {
  switch (kindOf(v)) {
    case 'invalid':
    case 'nil':
      return false;
    case 'bool':
      return v as boolean;
    case 'int':
    case 'float':
      return numberOf(v) !== 0;
    case 'string':
      return (v as string).length > 0;
    case 'slice':
      return (v as unknown[]).length > 0;
    case 'map':
      return mapSize(v as object) > 0;
    case 'struct':
    case 'func':
      return true;
  }
}

// ---- maps ----

function mapSize(m: object): number {
  return m instanceof Map ? m.size : Object.keys(m).length;
}

/** The value for a key, or `notFound` when the map has no such key. */
export function mapLookup(m: object, key: unknown, notFound: unknown): unknown {
  if (m instanceof Map) return m.has(key) ? nilIfUndefined(m.get(key)) : notFound;
  if (typeof key === 'string' && Object.hasOwn(m, key))
    return nilIfUndefined((m as Record<string, unknown>)[key]);
  return notFound;
}

function nilIfUndefined(v: unknown): unknown {
  return v === undefined ? null : v;
}

/** Zero value of a map's elements: what `missingkey=zero` and `index` return for a missing key. */
export function mapElemZero(m: object): unknown {
  const info = (m as Typed)[goType];
  return info && 'elemZero' in info ? info.elemZero : null;
}

/**
 * Whether the container's elements have the static type interface{} (untyped slices and maps).
 * Go names that type, not the element's own, in some errors.
 */
export function holdsInterfaces(container: unknown): boolean {
  const kind = kindOf(container);
  if (kind === 'slice') return (container as Typed)[goType] === undefined;
  return kind === 'map' && mapElemZero(container as object) === null;
}

/** Whether a key of this Go type can index the map: plain objects and typed maps have string keys. */
export function mapKeyFits(m: object, key: unknown): boolean {
  return typeof key === 'string' || (m instanceof Map && (m as Typed)[goType] === undefined);
}

/** Entries in Go's order for ranging and printing: sorted by key. */
export function sortedEntries(m: object): Array<[unknown, unknown]> {
  const entries: Array<[unknown, unknown]> =
    m instanceof Map ? [...(m as Map<unknown, unknown>).entries()] : Object.entries(m);
  entries.sort((a, b) => compareKeys(a[0], b[0]));
  return entries.map(([k, v]) => [k, nilIfUndefined(v)]);
}

function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (isNumeric(a) && isNumeric(b)) return numberOf(a) - numberOf(b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareStrings(typeName(a), typeName(b));
}

function isNumeric(v: unknown): boolean {
  return typeof v === 'number' || v instanceof Float64;
}

/** Byte-wise (UTF-8) order, which is code point order: Go's string comparison. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    // UTF-16 order differs from code point order only when a surrogate is involved.
    if ((ca >= 0xd800 && ca <= 0xdfff) || (cb >= 0xd800 && cb <= 0xdfff)) {
      return a.codePointAt(i)! - b.codePointAt(i)!;
    }
    return ca - cb;
  }
  return a.length - b.length;
}

// ---- structs and methods ----

/** Exported Go identifiers start with an upper-case letter. */
export function isExported(name: string): boolean {
  const c = name.charCodeAt(0);
  if (c < 0x80) return c >= 0x41 && c <= 0x5a;
  return /^\p{Lu}/u.test(name);
}

/** A Go method of the value: an upper-case prototype function that is not an own property. */
export function methodOf(v: unknown, name: string): ((...args: unknown[]) => unknown) | undefined {
  if (typeof v !== 'object' || v === null || !isExported(name) || Object.hasOwn(v, name)) return undefined;
  const m: unknown = (v as Record<string, unknown>)[name];
  return typeof m === 'function' ? (m as (...args: unknown[]) => unknown) : undefined;
}

/** The struct's fields in declaration order. */
export function structFields(v: object): Array<[string, unknown]> {
  return Object.entries(v);
}
