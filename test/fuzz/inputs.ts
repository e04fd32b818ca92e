import { exampleOf, fieldsOf, withValue, type Schema } from '../helpers/schema-fields.js';
import type { Rng } from './rng.js';

/** Strings at the edges: empty, huge, every kind of Unicode trouble, injection-shaped text. */
const STRINGS = [
  '',
  ' ',
  'x'.repeat(70_000),
  '😀'.repeat(5_000),
  'İ'.repeat(300),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  'e\u0301\u0301\u0301',
  '\r\n\t',
  "'; DROP TABLE dashboard; --",
  '" OR 1=1 --',
  '%00%2e%2e%2f',
  '../../../../etc/passwd',
  '{{ .Secret }}',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '-1',
  '1e309',
  'null',
  'true',
];

const NUMBERS = [0, -1, -0, 1.5, 2 ** 31, 2 ** 53, 2 ** 63, -(2 ** 63), 1e308, -1e308, 1e20];

const OTHER_VALUES: unknown[] = [null, true, false, [], {}, [null], { __proto__: { polluted: 1 } }, [[[[]]]]];

/** A value of any JSON type, edge cases first. */
export function edgeValue(rng: Rng): unknown {
  const kind = rng.int(3);
  if (kind === 0) return rng.pick(STRINGS);
  if (kind === 1) return rng.pick(NUMBERS);
  return rng.pick(OTHER_VALUES);
}

/** Nested arrays or objects `depth` levels deep, as JSON text (built as text: no recursion). */
export function deepJson(depth: number, rng: Rng): string {
  return rng.chance(0.5)
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Path parameter values: existing things (so a handler goes deep) and boundaries. */
export function paramValue(known: readonly string[], rng: Rng): string {
  if (known.length && rng.chance(0.4)) return rng.pick(known);
  return rng.pick([
    '0',
    '-1',
    '1',
    '2',
    '99999999999999999999',
    '9223372036854775808',
    '1e30',
    '0x10',
    '1.5',
    ' ',
    'x'.repeat(2_000),
    '😀İ',
    '%',
    '..',
    'null',
    "'",
  ]);
}

/** A body for a route: valid, with a field broken, a required one missing, or extra junk. */
export function bodyFor(
  schema: Schema | undefined,
  rng: Rng,
): { json?: unknown; raw?: string; kind: string } {
  const kinds = ['valid', 'field', 'field', 'missing', 'extra', 'wrong-root', 'deep', 'raw'];
  const kind = rng.pick(kinds);
  const valid = schema ? exampleOf(schema) : {};
  const fields = schema ? fieldsOf(schema) : [];
  switch (kind) {
    case 'valid':
      return { json: valid, kind };
    case 'field': {
      if (!fields.length || !schema) return { json: edgeValue(rng), kind: 'root' };
      const field = rng.pick(fields);
      return {
        json: withValue(valid, field.path, edgeValue(rng), schema),
        kind: `field ${field.path.join('.')}`,
      };
    }
    case 'missing': {
      if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return { json: valid, kind };
      const copy = { ...(valid as Record<string, unknown>) };
      const keys = Object.keys(copy);
      if (keys.length) delete copy[rng.pick(keys)];
      return { json: copy, kind };
    }
    case 'extra':
      return {
        json:
          valid !== null && typeof valid === 'object' && !Array.isArray(valid)
            ? { ...valid, [rng.pick(STRINGS).slice(0, 50) || 'k']: edgeValue(rng) }
            : valid,
        kind,
      };
    case 'wrong-root':
      return { json: edgeValue(rng), kind };
    case 'deep':
      return { raw: deepJson(rng.pick([100, 5_000, 50_000]), rng), kind };
    default:
      return {
        raw: rng.pick([
          '{',
          '{"a":',
          'nul',
          '\u0000',
          '[1,]',
          '{"a":1}{"b":2}',
          '"\\ud800"',
          'x'.repeat(2_000_000),
        ]),
        kind,
      };
  }
}

/** A query string for a route: declared parameters with edge values, repeated, or unknown ones. */
export function queryFor(schema: Schema | undefined, rng: Rng): string {
  const names = Object.keys(schema?.properties ?? {});
  const pairs: [string, string][] = [];
  const count = rng.int(3);
  for (let i = 0; i < count; i++) {
    const name =
      names.length && rng.chance(0.8) ? rng.pick(names) : rng.pick(['x', 'limit', 'page', '__proto__']);
    const value = edgeValue(rng);
    pairs.push([name, typeof value === 'string' ? value : JSON.stringify(value)]);
    if (rng.chance(0.2)) pairs.push([name, '1']);
  }
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
}

/** Headers nobody should trust: wrong content types, odd org ids, huge values, CSRF-shaped origins. */
export function junkHeaders(rng: Rng): Record<string, string> {
  const headers: Record<string, string> = {};
  const pool: [string, () => string][] = [
    ['x-grafana-org-id', () => rng.pick(['0', '-1', 'abc', '99999999999999999999', '2', '1.5', ' '])],
    [
      'content-type',
      () =>
        rng.pick([
          'text/plain',
          'application/xml',
          'application/json; charset=latin1',
          'multipart/form-data',
          '*/*',
        ]),
    ],
    ['accept', () => rng.pick(['*/*', 'text/html', 'application/xml', 'x'.repeat(4_000)])],
    ['origin', () => rng.pick(['http://evil.example', 'null', 'not a url'])],
    ['x-forwarded-for', () => rng.pick(['1.1.1.1, 2.2.2.2', 'junk', '::1'])],
    ['if-none-match', () => rng.pick(['*', '"x"', 'W/"1"'])],
    ['range', () => 'bytes=0-1'],
    ['x-junk', () => 'y'.repeat(rng.pick([10, 4_000]))],
  ];
  const count = rng.int(3);
  for (let i = 0; i < count; i++) {
    const [name, value] = rng.pick(pool);
    headers[name] = value();
  }
  return headers;
}
