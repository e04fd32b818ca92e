/**
 * encoding/json as templates reach it through data.ToJSON: maps with sorted keys, structs (values
 * with a toJSON method) in field order, HTML-safe string escaping, Go's float format and
 * MarshalIndent's layout.
 */

import { compareStrings, Float64, kindOf, TypedNil } from '../../../lib/gotemplate/index.js';

class JSONError extends Error {}

/** json.Marshal, or json.MarshalIndent(v, "", indent) when an indent is given. */
export function marshalJSON(value: unknown, indent?: string): string {
  return encode(value, indent, '');
}

function encode(v: unknown, indent: string | undefined, prefix: string): string {
  if (v === undefined || v === null || v instanceof TypedNil) return 'null';
  if (typeof v === 'string') return quoteJSON(v);
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number' || v instanceof Float64) return encodeNumber(v instanceof Float64 ? v.value : v);
  if (typeof v === 'function') throw new JSONError(`json: unsupported type: func()`);
  const json = (v as { toJSON?: () => unknown }).toJSON;
  if (Array.isArray(v)) return array(v, indent, prefix);
  const kind = kindOf(v);
  if (kind === 'map') {
    // A map whose toJSON gives null is a Go nil map.
    if (typeof json === 'function' && json.call(v) === null) return 'null';
    const entries = v instanceof Map ? [...(v as Map<unknown, unknown>)] : Object.entries(v);
    const sorted = entries
      .map(([k, x]): [string, unknown] => [String(k), x])
      .sort(([a], [b]) => compareStrings(a, b));
    return object(sorted, indent, prefix);
  }
  if (typeof json === 'function') {
    const shaped: unknown = json.call(v);
    // A toJSON result keeps its own key order: it stands for a Go struct.
    if (isPlainRecord(shaped)) return object(Object.entries(shaped), indent, prefix);
    return encode(shaped, indent, prefix);
  }
  if (kind === 'int') return encodeNumber(Number(v));
  return object(
    Object.entries(v).filter(([k]) => /^\p{Lu}/u.test(k)),
    indent,
    prefix,
  );
}

function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

function encodeNumber(n: number): string {
  if (!Number.isFinite(n))
    throw new JSONError(`json: unsupported value: ${Number.isNaN(n) ? 'NaN' : n > 0 ? '+Inf' : '-Inf'}`);
  // JS and Go agree: plain digits from 1e-6 to 1e21, exponent form outside (1e-7, 1e+21).
  return String(n);
}

function array(items: readonly unknown[], indent: string | undefined, prefix: string): string {
  if (items.length === 0) return '[]';
  const inner = prefix + (indent ?? '');
  const parts = items.map((item) => encode(item, indent, inner));
  if (indent === undefined) return `[${parts.join(',')}]`;
  return `[\n${parts.map((p) => inner + p).join(',\n')}\n${prefix}]`;
}

function object(entries: Array<[string, unknown]>, indent: string | undefined, prefix: string): string {
  if (entries.length === 0) return '{}';
  const inner = prefix + (indent ?? '');
  const parts = entries.map(
    ([k, x]) => `${quoteJSON(k)}:${indent === undefined ? '' : ' '}${encode(x, indent, inner)}`,
  );
  if (indent === undefined) return `{${parts.join(',')}}`;
  return `{\n${parts.map((p) => inner + p).join(',\n')}\n${prefix}}`;
}

const escapes: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Go escapes <, > and & (HTML safety) and U+2028/U+2029, with lower-case hex. */
function quoteJSON(s: string): string {
  let out = '"';
  for (const c of s) {
    const code = c.charCodeAt(0);
    const escaped = escapes[c];
    if (escaped) out += escaped;
    else if (code < 0x20 || c === '<' || c === '>' || c === '&' || c === '\u2028' || c === '\u2029') {
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    } else out += c;
  }
  return out + '"';
}
