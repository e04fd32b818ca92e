import { describe } from 'vitest';
import { itRendersLikeGo, type TemplateCase } from './template-cases.js';

export const textAndTrimming: TemplateCase[] = [
  { name: 'plain text', template: 'hello, world', want: 'hello, world' },
  { name: 'field', template: 'Hi {{.Name}}!', data: { Name: 'Ann' }, want: 'Hi Ann!' },
  { name: 'nested field', template: '{{.A.B.C}}', data: { A: { B: { C: 'deep' } } }, want: 'deep' },
  { name: 'dot', template: '[{{.}}]', data: 'x', want: '[x]' },
  { name: 'spaces inside actions are free', template: '{{   .A   }}', data: { A: 1 }, want: '1' },
  { name: 'newlines inside actions', template: '{{\n.A\n}}', data: { A: 1 }, want: '1' },
  { name: 'trim both sides', template: '  a  {{- "b" -}}  c  ', want: '  abc  ' },
  { name: 'trim left across newlines', template: 'a\n\t  {{- .X }}\n b', data: { X: 1 }, want: 'a1\n b' },
  { name: 'trim right across newlines', template: '{{ 1 -}}\n\n   2', want: '12' },
  { name: 'minus without space is a negative number', template: 'a {{-3}} b', want: 'a -3 b' },
  { name: 'trim marker next to a number', template: 'a {{- 3 -}} b', want: 'a3b' },
  {
    name: 'trim around else (true branch)',
    template: '{{if .T}}\n  yes\n{{- else}}\n  no\n{{- end}}\n',
    data: { T: true },
    want: '\n  yes\n',
  },
  {
    name: 'trim around else (false branch)',
    template: '{{if .T}}\n  yes\n{{- else}}\n  no\n{{- end}}\n',
    data: { T: false },
    want: '\n  no\n',
  },
  {
    name: 'trim on both sides of else',
    template: '{{if .T -}}\n  yes\n{{- else -}}\n  no\n{{- end}}',
    data: { T: false },
    want: 'no',
  },
  { name: 'comment', template: 'a {{/* hidden */}} b', want: 'a  b' },
  { name: 'trimmed comment', template: 'a {{- /* hidden */ -}} b', want: 'ab' },
  { name: 'multi-line comment', template: 'a{{/* line 1\nline 2 */}}b', want: 'ab' },
  { name: 'only text between actions is kept', template: '{{"x"}}\n{{"y"}}', want: 'x\ny' },
  { name: 'braces that are not delimiters', template: '{ a } }} {', want: '{ a } }} {' },
];

export const literals: TemplateCase[] = [
  { name: 'string with escapes', template: String.raw`{{"a\tb\n\\\"q\""}}`, want: 'a\tb\n\\"q"' },
  { name: 'unicode and byte escapes', template: String.raw`{{"\u00e9\U0001F600\x41\101"}}`, want: 'é😀AA' },
  { name: 'UTF-8 written as byte escapes', template: String.raw`{{"\xc3\xa9"}}`, want: 'é' },
  { name: 'raw string keeps backslashes', template: '{{`a\\n\\tb`}}', want: 'a\\n\\tb' },
  { name: 'raw string spans lines', template: '{{`line1\nline2`}}', want: 'line1\nline2' },
  { name: 'character constant is an int', template: "{{'a'}} {{'\\n'}} {{'é'}}", want: '97 10 233' },
  { name: 'decimal and signed ints', template: '{{42}} {{-7}} {{+5}} {{0}}', want: '42 -7 5 0' },
  {
    name: 'hex, octal and binary ints',
    template: '{{0x1F}} {{0X1f}} {{0o17}} {{017}} {{0b101}}',
    want: '31 31 15 15 5',
  },
  { name: 'underscores in numbers', template: '{{1_000_000}} {{0x_ff}}', want: '1000000 255' },
  {
    name: 'floats print as Go prints float64',
    template: '{{1.5}} {{1.0}} {{1e3}} {{.5}} {{0.1}}',
    want: '1.5 1 1000 0.5 0.1',
  },
  {
    name: 'large and small floats use exponents',
    template: '{{1e6}} {{1e-7}} {{1e21}} {{123456789.0}}',
    want: '1e+06 1e-07 1e+21 1.23456789e+08',
  },
  { name: 'hexadecimal float', template: '{{0x1p-2}}', want: '0.25' },
  { name: 'booleans', template: '{{true}} {{false}}', want: 'true false' },
  {
    name: 'types of constants',
    template: `{{printf "%T %T %T %T %T %T" 1 1.0 1e3 "s" true 'x'}}`,
    want: 'int float64 float64 string bool int',
  },
];

export const pipelines: TemplateCase[] = [
  { name: 'piped value is the last argument', template: '{{"a" | printf "%s-%s" "b"}}', want: 'b-a' },
  { name: 'longer pipeline', template: '{{1 | printf "%d" | printf "[%s]"}}', want: '[1]' },
  { name: 'parenthesized pipeline as argument', template: '{{printf "%s!" (printf "%d" 5)}}', want: '5!' },
  { name: 'field of a parenthesized pipeline', template: '{{(.M).A}}', data: { M: { A: 'x' } }, want: 'x' },
  {
    name: 'field of a function result',
    template: '{{(index .L 0).A}}',
    data: { L: [{ A: 'first' }] },
    want: 'first',
  },
  { name: 'builtin with piped field', template: '{{ .A | len }}', data: { A: 'abc' }, want: '3' },
  { name: 'trailing pipe is accepted', template: '{{ .X | }}', data: { X: 'v' }, want: 'v' },
  { name: 'pipeline into a test function', template: '{{ 21 | double }}', want: '42' },
  { name: 'int literal to a float64 parameter', template: '{{ half 3 }}', want: '1.5' },
];

export const variables: TemplateCase[] = [
  { name: 'declare and use', template: '{{$x := "a"}}{{$x}}', want: 'a' },
  { name: 'declaration prints nothing', template: '{{$x := 5}}', want: '' },
  { name: 'assign', template: '{{$x := 1}}{{$x = 2}}{{$x}}', want: '2' },
  { name: 'root variable', template: '{{$}}', data: 5, want: '5' },
  { name: '$ inside with', template: '{{with .B}}{{$.A}}{{.}}{{end}}', data: { A: 'a', B: 'b' }, want: 'ab' },
  {
    name: '$ inside range',
    template: '{{range .L}}{{$.N}}{{.}}{{end}}',
    data: { L: [1, 2], N: 'n' },
    want: 'n1n2',
  },
  { name: 'variable field', template: '{{$m := .}}{{$m.A.B}}', data: { A: { B: 'z' } }, want: 'z' },
  {
    name: 'redeclaring in a block shadows until end',
    template: '{{$x := 1}}{{if true}}{{$x := 2}}{{$x}}{{end}}{{$x}}',
    want: '21',
  },
  {
    name: 'assigning in a block changes the outer variable',
    template: '{{$x := 1}}{{if true}}{{$x = 2}}{{end}}{{$x}}',
    want: '2',
  },
  {
    name: 'assigning in a range body persists',
    template: '{{$last := ""}}{{range .}}{{$last = .}}{{end}}{{$last}}',
    data: ['a', 'b', 'c'],
    want: 'c',
  },
  {
    name: 'declaration in if condition',
    template: '{{if $x := .A}}{{$x}}{{end}}',
    data: { A: 'v' },
    want: 'v',
  },
  {
    name: 'templates do not see the caller variables',
    template: '{{define "x"}}{{$}}{{end}}{{$v := 1}}{{template "x" 2}}',
    want: '2',
  },
  {
    name: 'variable holding a function result',
    template: '{{$n := len .}}{{$n}}',
    data: [1, 2, 3],
    want: '3',
  },
];

describe('text, trimming and comments', () => itRendersLikeGo(textAndTrimming));
describe('literals', () => itRendersLikeGo(literals));
describe('pipelines', () => itRendersLikeGo(pipelines));
describe('variables', () => itRendersLikeGo(variables));
