import { describe } from 'vitest';
import { Float64 } from '../../../src/lib/gotemplate/index.js';
import { itRendersLikeGo, type TemplateCase } from './template-cases.js';

const truth = '{{if .}}T{{else}}F{{end}}';

export const conditionals: TemplateCase[] = [
  { name: 'if true', template: '{{if .T}}yes{{end}}', data: { T: true }, want: 'yes' },
  { name: 'if false', template: '{{if .T}}yes{{end}}', data: { T: false }, want: '' },
  { name: 'false is false', template: truth, data: false, want: 'F' },
  { name: 'zero int is false', template: truth, data: 0, want: 'F' },
  { name: 'zero float is false', template: truth, data: new Float64(0), want: 'F' },
  { name: 'empty string is false', template: truth, data: '', want: 'F' },
  { name: 'empty slice is false', template: truth, data: [], want: 'F' },
  { name: 'empty map is false', template: truth, data: {}, want: 'F' },
  { name: 'nil is false', template: truth, data: null, want: 'F' },
  { name: 'missing key is false', template: '{{if .Nope}}T{{else}}F{{end}}', data: {}, want: 'F' },
  { name: 'true is true', template: truth, data: true, want: 'T' },
  { name: 'negative int is true', template: truth, data: -1, want: 'T' },
  { name: 'non-empty string is true', template: truth, data: ' ', want: 'T' },
  { name: 'slice of a zero is true', template: truth, data: [0], want: 'T' },
  { name: 'non-empty map is true', template: truth, data: { a: 0 }, want: 'T' },
  {
    name: 'else if chain, first',
    template: '{{if eq . 1}}one{{else if eq . 2}}two{{else}}many{{end}}',
    data: 1,
    want: 'one',
  },
  {
    name: 'else if chain, second',
    template: '{{if eq . 1}}one{{else if eq . 2}}two{{else}}many{{end}}',
    data: 2,
    want: 'two',
  },
  {
    name: 'else if chain, fallback',
    template: '{{if eq . 1}}one{{else if eq . 2}}two{{else}}many{{end}}',
    data: 3,
    want: 'many',
  },
  {
    name: 'if with not/and/or',
    template: '{{if and (not .A) (or .B .C)}}ok{{end}}',
    data: { A: 0, C: 1 },
    want: 'ok',
  },
  { name: 'with sets dot', template: '{{with .A}}<{{.}}>{{end}}', data: { A: 'x' }, want: '<x>' },
  { name: 'with skips empty', template: '{{with .A}}<{{.}}>{{end}}', data: { A: '' }, want: '' },
  { name: 'with else', template: '{{with .A}}{{.}}{{else}}none{{end}}', data: { A: [] }, want: 'none' },
  {
    name: 'with declaring a variable',
    template: '{{with $x := .A}}{{$x}}={{.}}{{end}}',
    data: { A: 'v' },
    want: 'v=v',
  },
  {
    name: 'else with',
    template: '{{with .A}}a{{else with .B}}b:{{.}}{{else}}none{{end}}',
    data: { A: '', B: 'x' },
    want: 'b:x',
    since: '1.23',
  },
  {
    name: 'else with falling through',
    template: '{{with .A}}a{{else with .B}}b{{else}}none{{end}}',
    data: {},
    want: 'none',
    since: '1.23',
  },
];

export const ranges: TemplateCase[] = [
  { name: 'range over a slice', template: '{{range .}}[{{.}}]{{end}}', data: ['a', 'b'], want: '[a][b]' },
  {
    name: 'range with index and element',
    template: '{{range $i, $e := .}}{{$i}}:{{$e}} {{end}}',
    data: ['a', 'b'],
    want: '0:a 1:b ',
  },
  {
    name: 'range with element only',
    template: '{{range $e := .}}{{$e}}{{end}}',
    data: ['a', 'b'],
    want: 'ab',
  },
  {
    name: 'range over a map is in key order',
    template: '{{range $k, $v := .}}{{$k}}={{$v}};{{end}}',
    data: { b: 2, c: 3, a: 1 },
    want: 'a=1;b=2;c=3;',
  },
  {
    name: 'map keys sort by bytes, upper case first',
    template: '{{range $k, $v := .}}{{$k}}{{end}}',
    data: { b: 1, B: 1, a: 1, _: 1 },
    want: 'B_ab',
  },
  { name: 'range over map values', template: '{{range .}}{{.}}{{end}}', data: { y: 2, x: 1 }, want: '12' },
  {
    name: 'range over structs',
    template: '{{range .}}{{.A}}{{end}}',
    data: [{ A: 1 }, { A: 2 }],
    want: '12',
  },
  {
    name: 'range else on empty slice',
    template: '{{range .}}x{{else}}empty{{end}}',
    data: [],
    want: 'empty',
  },
  { name: 'range else on empty map', template: '{{range .}}x{{else}}empty{{end}}', data: {}, want: 'empty' },
  {
    name: 'range else on missing value',
    template: '{{range .Nope}}x{{else}}empty{{end}}',
    data: {},
    want: 'empty',
  },
  { name: 'range over nothing prints nothing', template: 'a{{range .}}x{{end}}b', data: {}, want: 'ab' },
  {
    name: 'break and continue',
    template:
      '{{range $i, $v := .}}{{if eq $i 1}}{{continue}}{{end}}{{if eq $i 3}}{{break}}{{end}}{{$v}}{{end}}',
    data: [10, 11, 12, 13, 14],
    want: '1012',
  },
  {
    name: 'break leaves only the inner range',
    template: '{{range .}}{{range .}}{{if eq . 2}}{{break}}{{end}}{{.}}{{end}};{{end}}',
    data: [
      [1, 2, 3],
      [4, 2],
    ],
    want: '1;4;',
  },
  {
    name: 'range body variables are fresh each time',
    template: '{{range .}}{{$x := .}}{{$x}}{{end}}',
    data: [1, 2],
    want: '12',
  },
  {
    name: 'range assigning to outer variables',
    template: '{{$i := 0}}{{$e := ""}}{{range $i, $e = .}}{{end}}{{$i}}{{$e}}',
    data: ['a', 'b'],
    want: '1b',
  },
  { name: 'range over an int', template: '{{range 3}}{{.}}{{end}}', want: '012', since: '1.22' },
  {
    name: 'range over an int with a variable',
    template: '{{range $i := 2}}{{$i}}{{end}}',
    want: '01',
    since: '1.22',
  },
  { name: 'nil elements', template: '{{range .}}({{.}}){{end}}', data: [1, null], want: '(1)(<no value>)' },
];

export const templates: TemplateCase[] = [
  { name: 'define and call', template: '{{define "x"}}[{{.}}]{{end}}{{template "x" "a"}}', want: '[a]' },
  {
    name: 'call before the definition',
    template: '{{template "x" .}}{{define "x"}}X{{.}}{{end}}',
    data: 1,
    want: 'X1',
  },
  {
    name: 'call without a value',
    template: '{{define "x"}}[{{.}}]{{end}}{{template "x"}}',
    want: '[<no value>]',
  },
  { name: 'raw string names', template: '{{define `x`}}X{{end}}{{template `x`}}', want: 'X' },
  {
    name: 'template with a pipeline',
    template: '{{define "x"}}{{.}}{{end}}{{template "x" .A | printf "%s!"}}',
    data: { A: 'a' },
    want: 'a!',
  },
  {
    name: 'block renders its body',
    template: '{{block "b" .}}default {{.}}{{end}}',
    data: 'd',
    want: 'default d',
  },
  {
    name: 'a later definition overrides a block',
    templates: [
      ['t', '{{block "b" .}}default{{end}}'],
      ['o', '{{define "b"}}override {{.}}{{end}}'],
    ],
    data: 1,
    want: 'override 1',
  },
  {
    name: 'templates calling templates',
    template: '{{define "a"}}a({{template "b" .}}){{end}}{{define "b"}}b{{.}}{{end}}{{template "a" 1}}',
    want: 'a(b1)',
  },
  {
    name: 'recursive template',
    template:
      '{{define "r"}}{{if .}}{{index . 0}}{{template "r" (slice . 1)}}{{end}}{{end}}{{template "r" .}}',
    data: [1, 2, 3],
    want: '123',
  },
  {
    name: 'definitions from other texts',
    templates: [
      ['lib', '{{define "greet"}}Hello {{.}}{{end}}'],
      ['t', '{{template "greet" "you"}}'],
    ],
    want: 'Hello you',
  },
  {
    name: 'a later text redefines a template',
    templates: [
      ['a', '{{define "x"}}first{{end}}'],
      ['b', '{{define "x"}}second{{end}}'],
      ['t', '{{template "x"}}'],
    ],
    want: 'second',
  },
  {
    name: 'an empty redefinition keeps the original',
    templates: [
      ['a', '{{define "x"}}first{{end}}'],
      ['b', '{{define "x"}}  {{end}}'],
      ['t', '{{template "x"}}'],
    ],
    want: 'first',
  },
  {
    name: 'a text of definitions is an empty template',
    templates: [['lib', '{{define "x"}}X{{end}}\n']],
    exec: 'lib',
    want: '\n',
  },
  {
    name: 'executing a defined name directly',
    templates: [['lib', 'top{{define "x"}}X{{.}}{{end}}']],
    exec: 'x',
    data: 2,
    want: 'X2',
  },
];

describe('if and with', () => itRendersLikeGo(conditionals));
describe('range', () => itRendersLikeGo(ranges));
describe('define, template and block', () => itRendersLikeGo(templates));
