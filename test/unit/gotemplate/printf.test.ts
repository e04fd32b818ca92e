import { describe } from 'vitest';
import { Float64 } from '../../../src/lib/gotemplate/index.js';
import { itRendersLikeGo, type TemplateCase } from './template-cases.js';

/** A case printing `args` (template syntax) with `format`. */
const p = (name: string, format: string, args: string, want: string, data?: unknown): TemplateCase => ({
  name,
  template: `{{printf ${JSON.stringify(format)} ${args}}}`,
  want,
  data,
});

export const strings: TemplateCase[] = [
  p('%s', '%s', '"x"', 'x'),
  p('%v of a string', '%v', '"x"', 'x'),
  p('%q', '%q', String.raw`"a\"b\n"`, String.raw`"a\"b\n"`),
  p('%q keeps printable unicode', '%q', '"é☺"', '"é☺"'),
  p('%+q is ASCII only', '%+q', '"é"', String.raw`"\u00e9"`),
  p('%#q uses backquotes when it can', '%#q', '"a\\"b"', '`a"b`'),
  p('width pads on the left', '%10s|', '"go"', '        go|'),
  p('minus pads on the right', '%-10s|', '"go"', 'go        |'),
  p('precision truncates', '%.2s', '"hello"', 'he'),
  p('width and precision', '%5.1s|', '"abc"', '    a|'),
  p('width counts runes', '%4s|', '"é"', '   é|'),
  p('%x of a string', '%x', '"hi"', '6869'),
  p('% x spaces bytes', '% x', '"hi"', '68 69'),
  p('%#x prefixes', '%#x', '"hi"', '0x6869'),
  p('%X of a string', '%X', '"hi"', '6869'),
  p('%d of a string', '%d', '"x"', '%!d(string=x)'),
  p('bad verb keeps the width', '%5d', '"x"', '%!d(string=    x)'),
];

export const integers: TemplateCase[] = [
  p('%d', '%d', '42', '42'),
  p('%v of an int', '%v', '-7', '-7'),
  p('width', '%5d|', '42', '   42|'),
  p('left aligned', '%-5d|', '42', '42   |'),
  p('zero padded', '%05d', '-42', '-0042'),
  p('minus beats zero', '%-05d|', '-3', '-3   |'),
  p('plus sign', '%+d %+d', '5 -5', '+5 -5'),
  p('space sign', '% d', '5', ' 5'),
  p('precision is a minimum of digits', '%.3d|%8.3d|', '7 7', '007|     007|'),
  p('zero precision of zero prints nothing', '[%.0d]', '0', '[]'),
  p('hex', '%x %X %#x %#X', '255 255 255 255', 'ff FF 0xff 0XFF'),
  p('negative hex', '%x', '-255', '-ff'),
  p('octal', '%o %#o %O', '8 8 8', '10 010 0o10'),
  p('binary', '%b %#b', '5 5', '101 0b101'),
  p('%c', '%c%c', '72 233', 'Hé'),
  p('%q of an int is a quoted rune', '%q', '65', "'A'"),
  p('%U', '%U %#U', '65 128512', "U+0041 U+1F600 '😀'"),
  p('%s of an int', '%s', '5', '%!s(int=5)'),
  p('%f of an int', '%f', '5', '%!f(int=5)'),
  p('%t of an int', '%t', '1', '%!t(int=1)'),
];

export const floats: TemplateCase[] = [
  p('%f', '%f', '3.14159', '3.141590'),
  p('%.2f', '%.2f', '3.14159', '3.14'),
  p('width and precision', '%8.3f|', '3.14159', '   3.142|'),
  p('left aligned', '%-8.2f|', '3.14159', '3.14    |'),
  p('zero padded after the sign', '%08.3f', '-3.14159', '-003.142'),
  p('plus sign', '%+.1f', '2.0', '+2.0'),
  p('ties round to even', '%.0f %.0f %.0f %.1f', '0.5 1.5 2.5 0.25', '0 2 2 0.2'),
  p('rounding uses the exact binary value', '%.2f %.1f', '2.675 0.35', '2.67 0.3'),
  p('%e', '%e %E', '123456.789 123456.789', '1.234568e+05 1.234568E+05'),
  p('%.2e', '%.2e', '0.000123', '1.23e-04'),
  p('%g', '%g %g %g', '0.00001234 123456789.0 100000.0', '1.234e-05 1.23456789e+08 100000'),
  p('%g with precision', '%.3g %.3g %G', '3.14159 1234.5 1e-10', '3.14 1.23e+03 1E-10'),
  p(
    '%v of floats is the shortest %g',
    '%v %v %v %v %v %v',
    '1e21 1e20 100000.0 1234567.0 0.0001 0.00001',
    '1e+21 1e+20 100000 1.234567e+06 0.0001 1e-05',
  ),
  p('%x of a float', '%x', '1.0', '0x1p+00'),
  p('%#v of a float', '%#v', '1.0', '1'),
  p('%d of a float', '%d', '1.5', '%!d(float64=1.5)'),
  p('%s of a float', '%s', '.F', '%!s(float64=2)', { F: new Float64(2) }),
  p('special values', '%v %v %v %5.1f|', '.NaN .Inf .NegInf .Inf', 'NaN +Inf -Inf  +Inf|', {
    NaN: NaN,
    Inf: Infinity,
    NegInf: -Infinity,
  }),
];

export const others: TemplateCase[] = [
  p('%t', '%t %v %5t|', 'true false true', 'true false  true|'),
  p('%%', '100%%', '', '100%'),
  p('%% ignores width', '%5%', '', '%'),
  p('%T', '%T %T %T %T %T', '.L .M .F 1 nil', '[]interface {} map[string]interface {} float64 int <nil>', {
    L: [1],
    M: {},
    F: 0.5,
  }),
  p('missing argument', '%d %d', '1', '1 %!d(MISSING)'),
  p('extra arguments', '%d', '1 2 "x"', '1%!(EXTRA int=2, string=x)'),
  p('no verb at the end', 'abc%', '', 'abc%!(NOVERB)'),
  p('unknown verb', '%z', '1', '%!z(int=1)'),
  p('nil argument', '%v %d %s', 'nil nil nil', '<nil> %!d(<nil>) %!s(<nil>)'),
  p('missing value argument', '%v', '.Nope', '<nil>', {}),
  p('width from an argument', '%*d|%-*d|', '5 42 5 42', '   42|42   |'),
  p('precision from an argument', '%.*f', '2 3.14159', '3.14'),
  p('bad width argument', '%*d', '"x" 1', '%!(BADWIDTH)1'),
  p('explicit argument indexes', '%[2]d %[1]d', '1 2', '2 1'),
  p('bad argument index', '%[3]d', '1 2', '%!d(BADINDEX)'),
  p('slice with %v', '%v', '.L', '[1 a true <nil>]', { L: [1, 'a', true, null] }),
  p('slice with %d applies to elements', '%d', '.L', '[1 2]', { L: [1, 2] }),
  p('slice with %q', '%q', '.L', '["a" "b"]', { L: ['a', 'b'] }),
  p('slice with %5d', '%5d', '.L', '[    1     2]', { L: [1, 2] }),
  p('map sorted by key', '%v', '.M', 'map[a:[1 2] b:1 c:map[d:e]]', {
    M: { b: 1, a: [1, 2], c: { d: 'e' } },
  }),
  p('map with %+v', '%+v', '.M', 'map[a:1]', { M: { a: 1 } }),
  p('%#v of a string and an int', '%#v %#v', '"a" 1', '"a" 1'),
];

export const actionPrinting: TemplateCase[] = [
  { name: 'slice', template: '{{.}}', data: [1, 'a', true, null], want: '[1 a true <nil>]' },
  { name: 'empty slice and map', template: '{{.L}} {{.M}}', data: { L: [], M: {} }, want: '[] map[]' },
  {
    name: 'nested map',
    template: '{{.}}',
    data: { b: { y: 2, x: 1 }, a: 'z' },
    want: 'map[a:z b:map[x:1 y:2]]',
  },
  {
    name: 'float values',
    template: '{{.A}} {{.B}} {{.C}} {{.D}} {{.E}}',
    data: { A: new Float64(1e6), B: 0.1, C: new Float64(3), D: 1e-5, E: new Float64(-0) },
    want: '1e+06 0.1 3 1e-05 -0',
  },
  { name: 'integer-valued numbers are ints', template: '{{.}}', data: 1000000, want: '1000000' },
  { name: 'bool', template: '{{.}}', data: false, want: 'false' },
  { name: 'missing key', template: '{{.Nope}}', data: {}, want: '<no value>' },
  { name: 'nil data', template: '{{.}}', data: null, want: '<no value>' },
];

describe('printf strings', () => itRendersLikeGo(strings));
describe('printf integers', () => itRendersLikeGo(integers));
describe('printf floats', () => itRendersLikeGo(floats));
describe('printf misc verbs and errors', () => itRendersLikeGo(others));
describe('printing action results', () => itRendersLikeGo(actionPrinting));
