import { describe } from 'vitest';
import { itRendersLikeGo, type TemplateCase } from './template-cases.js';

const at = (col: number, ctx: string, msg: string): string =>
  `template: t:1:${col}: executing "t" at <${ctx}>: ${msg}`;

export const logic: TemplateCase[] = [
  { name: 'and returns the last value when all are true', template: '{{and 1 2 "x"}}', want: 'x' },
  { name: 'and returns the first false value', template: '{{and 1 0 2}}', want: '0' },
  { name: 'or returns the first true value', template: '{{or 0 "" "x" "y"}}', want: 'x' },
  { name: 'or returns the last value when none is true', template: '{{or 0 ""}}', want: '' },
  { name: 'and short-circuits', template: '{{and false (fail "not evaluated")}}', want: 'false' },
  { name: 'or short-circuits', template: '{{or true (fail "not evaluated")}}', want: 'true' },
  { name: 'and with a piped value', template: '{{1 | and 2}}', want: '1' },
  { name: 'and with a missing value', template: '{{and .Nope 1}}', data: {}, want: '<no value>' },
  {
    name: 'and needs an argument',
    template: '{{and}}',
    want: '',
    err: at(2, 'and', 'wrong number of args for and: want at least 1 got 0'),
  },
  {
    name: 'not',
    template: '{{not 0}} {{not 1}} {{not ""}} {{not .L}}',
    data: { L: [] },
    want: 'true false true true',
  },
  { name: 'not of nil', template: '{{not nil}} {{not .Nope}}', data: {}, want: 'true true' },
];

export const comparisons: TemplateCase[] = [
  {
    name: 'eq, ne, lt, le, gt, ge',
    template: '{{eq 1 1}} {{eq 1 2}} {{ne 1 2}} {{lt 1 2}} {{le 2 2}} {{gt "b" "a"}} {{ge 1 2}}',
    want: 'true false true true true true false',
  },
  { name: 'eq with several candidates', template: '{{eq 3 1 2 3}} {{eq 4 1 2 3}}', want: 'true false' },
  { name: 'eq on strings', template: '{{eq .S "x" "y"}}', data: { S: 'y' }, want: 'true' },
  { name: 'eq on floats', template: '{{eq 1.5 1.5}} {{lt 0.5 1.5}}', want: 'true true' },
  { name: 'eq on bools', template: '{{eq true true}} {{eq false true}}', want: 'true false' },
  { name: 'string order is byte order', template: '{{lt "B" "a"}} {{lt "a" "ab"}}', want: 'true true' },
  { name: 'eq against a missing value is false', template: '{{eq .Nope "x"}}', data: {}, want: 'false' },
  { name: 'eq of two missing values is true', template: '{{eq .Nope nil}}', data: {}, want: 'true' },
  {
    name: 'int and float do not compare',
    template: '{{eq 1 1.0}}',
    want: '',
    err: at(2, 'eq 1 1.0', 'error calling eq: incompatible types for comparison'),
  },
  {
    name: 'int and string do not compare',
    template: '{{lt 1 "a"}}',
    want: '',
    err: at(2, 'lt 1 "a"', 'error calling lt: incompatible types for comparison'),
  },
  {
    name: 'bools have no order',
    template: '{{lt true false}}',
    want: '',
    err: at(2, 'lt true false', 'error calling lt: invalid type for comparison'),
  },
  {
    name: 'missing values have no order',
    template: '{{lt .Nope 1}}',
    data: {},
    want: '',
    err: at(2, 'lt .Nope 1', 'error calling lt: invalid type for comparison'),
  },
  {
    name: 'eq needs two arguments',
    template: '{{eq 1}}',
    want: '',
    err: at(2, 'eq 1', 'error calling eq: missing argument for comparison'),
  },
  {
    name: 'ne takes exactly two arguments',
    template: '{{ne 1}}',
    want: '',
    err: at(2, 'ne', 'wrong number of args for ne: want 2 got 1'),
  },
  {
    name: 'slices are not comparable',
    template: '{{eq .L .L}}',
    data: { L: [1] },
    want: '',
    // Go formats the slice with %s, so its int element prints as a bad verb.
    err: at(2, 'eq .L .L', 'error calling eq: non-comparable type [%!s(int=1)]: []interface {}'),
  },
];

export const lengthAndIndex: TemplateCase[] = [
  { name: 'len of a string counts bytes', template: '{{len "héllo"}}', want: '6' },
  {
    name: 'len of slice and map',
    template: '{{len .L}} {{len .M}}',
    data: { L: [1, 2, 3], M: { a: 1 } },
    want: '3 1',
  },
  {
    name: 'len of an int',
    template: '{{len 3}}',
    want: '',
    err: at(2, 'len 3', 'error calling len: len of type int'),
  },
  {
    name: 'len of a missing value',
    template: '{{len .Nope}}',
    data: {},
    want: '',
    err: at(2, 'len .Nope', 'error calling len: reflect: call of reflect.Value.Type on zero Value'),
  },
  {
    name: 'len of a missing value with missingkey=zero',
    template: '{{len .Nope}}',
    data: {},
    missingKey: 'zero',
    want: '',
    err: at(2, 'len .Nope', 'error calling len: len of nil pointer'),
  },
  { name: 'index a slice', template: '{{index .L 1}}', data: { L: ['a', 'b'] }, want: 'b' },
  { name: 'index nested slices', template: '{{index .L 1 0}}', data: { L: [['a'], ['b', 'c']] }, want: 'b' },
  { name: 'index a map', template: '{{index .M "k"}}', data: { M: { k: 'v' } }, want: 'v' },
  {
    name: 'index a map with a key that is not a field name',
    template: '{{index . "a-b c"}}',
    data: { 'a-b c': 1 },
    want: '1',
  },
  {
    name: 'index on a missing key',
    template: '[{{index .M "nope"}}]',
    data: { M: {} },
    want: '[<no value>]',
  },
  { name: 'index without indexes', template: '{{index .L}}', data: { L: [1, 2] }, want: '[1 2]' },
  { name: 'index a string gives a byte', template: '{{index "abc" 1}}', want: '98' },
  {
    name: 'index one past the end',
    template: '{{index .L 2}}',
    data: { L: [1, 2] },
    want: '',
    err: at(2, 'index .L 2', 'error calling index: reflect: slice index out of range'),
  },
  {
    name: 'index far out of range',
    template: '{{index .L 5}}',
    data: { L: [1, 2] },
    want: '',
    err: at(2, 'index .L 5', 'error calling index: index out of range: 5'),
  },
  {
    name: 'negative index',
    template: '{{index .L -1}}',
    data: { L: [1, 2] },
    want: '',
    err: at(2, 'index .L -1', 'error calling index: index out of range: -1'),
  },
  {
    name: 'index a slice with a string',
    template: '{{index .L "a"}}',
    data: { L: [1] },
    want: '',
    err: at(2, 'index .L "a"', 'error calling index: cannot index slice/array with type string'),
  },
  {
    name: 'index a map with an int',
    template: '{{index .M 1}}',
    data: { M: {} },
    want: '',
    err: at(2, 'index .M 1', 'error calling index: value has type int; should be string'),
  },
  {
    name: 'index of nothing',
    template: '{{index .Nope 1}}',
    data: {},
    want: '',
    err: at(2, 'index .Nope 1', 'error calling index: index of untyped nil'),
  },
  {
    name: 'index an int',
    template: '{{index 5 1}}',
    want: '',
    err: at(2, 'index 5 1', "error calling index: can't index item of type int"),
  },
  {
    name: 'slice a string',
    template: '{{slice "abcdef" 1 3}}|{{slice "abcdef" 4}}|{{slice "abc"}}',
    want: 'bc|ef|abc',
  },
  {
    name: 'slice a slice',
    template: '{{slice .L 1}} {{slice .L 0 1}} {{slice .L 1 2 3}}',
    data: { L: [1, 2, 3] },
    want: '[2 3] [1] [2]',
  },
  {
    name: 'slice bounds out of order',
    template: '{{slice "abc" 2 1}}',
    want: '',
    err: at(2, 'slice "abc" 2 1', 'error calling slice: invalid slice index: 2 > 1'),
  },
  {
    name: 'three-index slice of a string',
    template: '{{slice "abc" 0 1 2}}',
    want: '',
    err: at(2, 'slice "abc" 0 1 2', 'error calling slice: cannot 3-index slice a string'),
  },
  {
    name: 'slice past the end',
    template: '{{slice .L 0 4}}',
    data: { L: [1, 2, 3] },
    want: '',
    err: at(2, 'slice .L 0 4', 'error calling slice: index out of range: 4'),
  },
];

export const printing: TemplateCase[] = [
  {
    name: 'print puts spaces between non-strings',
    template: '{{print 1 2 "a" "b" 3 true}}',
    want: '1 2ab3 true',
  },
  { name: 'print of nothing', template: '{{print nil 1 .Nope}}', data: {}, want: '<nil> 1 <nil>' },
  {
    name: 'println always separates and ends the line',
    template: '{{println 1 "a" "b"}}|',
    want: '1 a b\n|',
  },
  {
    name: 'html escapes',
    template: `{{html "<a href='x'>&\\"</a>"}}`,
    want: '&lt;a href=&#39;x&#39;&gt;&amp;&#34;&lt;/a&gt;',
  },
  { name: 'html of several values', template: '{{html "<" 1 2}}', want: '&lt;1 2' },
  { name: 'html in a pipeline', template: '{{"<b>" | html}}', want: '&lt;b&gt;' },
  { name: 'html of a missing value', template: '{{html .Nope}}', data: {}, want: '&lt;no value&gt;' },
  {
    name: 'js escapes',
    template: String.raw`{{js "a'b\"c\\d<e>f&g=h\n"}}`,
    want: String.raw`a\'b\"c\\d\u003Ce\u003Ef\u0026g\u003Dh\u000A`,
  },
  { name: 'js keeps printable unicode', template: '{{js "é ü"}}', want: 'é ü' },
  {
    name: 'urlquery escapes',
    template: '{{urlquery "a b/c?d=é&~_-."}}',
    want: 'a+b%2Fc%3Fd%3D%C3%A9%26~_-.',
  },
  { name: 'urlquery of several values', template: '{{urlquery "a" 1}}', want: 'a1' },
];

export const calls: TemplateCase[] = [
  { name: 'function with arguments', template: '{{pair "a" "b"}}', want: 'a+b' },
  { name: 'function with a piped last argument', template: '{{"b" | pair "a"}}', want: 'a+b' },
  {
    name: 'function error',
    template: 'before {{fail "boom"}} after',
    want: 'before ',
    err: at(9, 'fail "boom"', 'error calling fail: boom'),
  },
  {
    name: 'too few arguments',
    template: '{{pair "a"}}',
    want: '',
    err: at(2, 'pair', 'wrong number of args for pair: want 2 got 1'),
  },
  {
    name: 'too many arguments',
    template: '{{double 1 2}}',
    want: '',
    err: at(2, 'double', 'wrong number of args for double: want 1 got 2'),
  },
  {
    name: 'literal of the wrong type',
    template: '{{double "x"}}',
    want: '',
    err: at(9, '"x"', 'expected integer; found "x"'),
  },
  {
    name: 'float literal for an int parameter',
    template: '{{double 1.5}}',
    want: '',
    err: at(9, '1.5', 'expected integer; found 1.5'),
  },
  {
    name: 'value of the wrong type',
    template: '{{.I | half}}',
    data: { I: 1 },
    want: '',
    err: at(7, 'half', 'wrong type for value; expected float64; got int'),
  },
  {
    name: 'nil for a string parameter',
    template: '{{pair nil "x"}}',
    want: '',
    err: at(7, 'nil', 'cannot assign nil to string'),
  },
  {
    name: 'missing value for a string parameter',
    template: '{{pair .Nope "x"}}',
    data: {},
    want: '',
    err: at(7, '.Nope', 'invalid value; expected string'),
  },
];

describe('and, or, not', () => itRendersLikeGo(logic));
describe('comparisons', () => itRendersLikeGo(comparisons));
describe('len, index, slice', () => itRendersLikeGo(lengthAndIndex));
describe('print, html, js, urlquery', () => itRendersLikeGo(printing));
describe('function calls', () => itRendersLikeGo(calls));
