import { describe } from 'vitest';
import { itRendersLikeGo, type TemplateCase } from './template-cases.js';

/** A text that fails to parse with `message` on `line`. */
const bad = (name: string, template: string, line: number, message: string): TemplateCase => ({
  name,
  template,
  want: '',
  err: `template: t:${line}: ${message}`,
});

export const parseErrors: TemplateCase[] = [
  bad('undefined function', 'a\n{{ .X | nope }}', 2, 'function "nope" not defined'),
  bad('unclosed action', '{{ .X ', 1, 'unclosed action'),
  bad('unclosed action over lines', '{{ .X\n  \n\n', 4, 'unclosed action started at t:1'),
  bad('unexpected EOF in if', '{{if .X}}abc', 1, 'unexpected EOF'),
  bad('unexpected EOF names the last line', 'line1\n{{if .X}}\nabc\n', 4, 'unexpected EOF'),
  bad('unexpected EOF in range', '{{range .}}', 1, 'unexpected EOF'),
  bad('unexpected EOF in define', '{{define "x"}}a', 1, 'unexpected EOF'),
  bad('stray end', 'a\nb {{end}}', 2, 'unexpected {{end}}'),
  bad('stray else', '{{else}}', 1, 'unexpected {{else}}'),
  bad('two elses', '{{range .}}{{else}}{{else}}{{end}}', 1, 'expected end; found {{else}}'),
  bad('else if inside range', '{{range .}}{{else if .X}}{{end}}', 1, 'unexpected <if> in input'),
  bad('define name must be a string', '{{define x}}{{end}}', 1, 'unexpected "x" in define clause'),
  bad('template name must be a string', '{{template .X}}', 1, 'unexpected ".X" in template clause'),
  bad(
    'define inside define',
    '{{define "a"}}{{define "b"}}{{end}}{{end}}',
    1,
    'unexpected <define> in command',
  ),
  bad(
    'same template defined twice in one text',
    '{{define "a"}}x{{end}}{{define "a"}}y{{end}}',
    1,
    'template: multiple definition of template "a"',
  ),
  bad('undefined variable', '{{ $x }}', 1, 'undefined variable "$x"'),
  bad('variable out of scope', '{{if true}}{{$x := 1}}{{end}}{{$x}}', 1, 'undefined variable "$x"'),
  bad('break outside range', '{{break}}', 1, '{{break}} outside {{range}}'),
  bad('continue outside range', '{{if true}}{{continue}}{{end}}', 1, '{{continue}} outside {{range}}'),
  bad('break with an argument', '{{range .}}{{break 1}}{{end}}', 1, 'unexpected "1" in {{break}}'),
  bad('empty if', '{{if}}{{end}}', 1, 'missing value for if'),
  bad('empty else if', '{{if .X}}{{else if}}{{end}}', 1, 'missing value for if'),
  bad('empty declaration', '{{ $x := }}', 1, 'missing value for command'),
  bad(
    'constant in a later pipeline stage',
    '{{ .X | "b" }}',
    1,
    'non executable command in pipeline stage 2',
  ),
  bad('declaration of a field', '{{ .X := 1 }}', 1, 'unexpected ":=" in operand'),
  bad('too many declarations', '{{ $a, $b := 1 }}', 1, 'too many declarations in command'),
  bad('field of a literal', '{{ "x".Y }}', 1, 'unexpected . after term "\\"x\\""'),
  bad('field of nil', '{{ nil.X }}', 1, 'unexpected . after term "nil"'),
  bad('bad number', '{{ 3.x }}', 1, 'bad number syntax: "3.x"'),
  bad('integer overflow', '{{ 99999999999999999999 }}', 1, 'integer overflow: "99999999999999999999"'),
  bad('unterminated string', '{{ "abc }}', 1, 'unterminated quoted string'),
  bad('unterminated raw string', '{{ `abc }}', 1, 'unterminated raw quoted string'),
  bad('bad escape', String.raw`{{ "\q" }}`, 1, 'invalid syntax'),
  bad('malformed character constant', "{{ 'ab' }}", 1, "malformed character constant: 'ab'"),
  bad('unclosed left paren', '{{ (.X }}', 1, 'unclosed left paren'),
  bad('unclosed comment', '{{/* abc }}', 1, 'unclosed comment'),
  bad('comment not closing the action', '{{/* a */ .X }}', 1, 'comment ends before closing delimiter'),
  bad('bad character in action', '{{ .X ; }}', 1, 'unexpected ";" in operand'),
  bad('bad character after a field', '{{ .X# }}', 1, "bad character U+0023 '#'"),
];

/** An execution error at line 1. */
const at = (col: number, ctx: string, msg: string): string =>
  `template: t:1:${col}: executing "t" at <${ctx}>: ${msg}`;

export const execErrors: TemplateCase[] = [
  {
    name: 'field of a missing value (missingkey=zero)',
    template: 'line1\n  {{ .A.B }}',
    data: {},
    missingKey: 'zero',
    want: 'line1\n  ',
    err: 'template: t:2:7: executing "t" at <.A.B>: nil pointer evaluating interface {}.B',
  },
  { name: 'field of a missing value (default)', template: '{{ .A.B }}', data: {}, want: '<no value>' },
  {
    name: 'columns count bytes',
    template: 'é{{ .X.Y }}',
    data: { X: 1 },
    want: 'é',
    // X comes out of a map[string]interface{}, so Go names its static type.
    err: at(7, '.X.Y', "can't evaluate field Y in type interface {}"),
  },
  {
    name: 'field of a range element',
    template: '{{range .}}{{.X}}{{end}}',
    data: [1],
    want: '',
    err: at(13, '.X', "can't evaluate field X in type interface {}"),
  },
  {
    name: 'field of a range variable',
    template: '{{range $i, $v := .}}{{$i.X}}{{end}}',
    data: [1],
    want: '',
    err: at(25, '$i.X', "can't evaluate field X in type int"),
  },
  {
    name: 'field of a string',
    template: '{{ .S.Len }}',
    data: { S: 'abc' },
    want: '',
    err: at(5, '.S.Len', "can't evaluate field Len in type interface {}"),
  },
  {
    name: 'missingkey=error',
    template: 'a{{ .Nope }}',
    data: {},
    missingKey: 'error',
    want: 'a',
    err: at(4, '.Nope', 'map has no entry for key "Nope"'),
  },
  {
    name: 'missingkey=error on no data',
    template: '{{ .X }}',
    missingKey: 'error',
    want: '',
    err: at(3, '.X', 'nil data; no entry for key "X"'),
  },
  {
    name: 'map key with arguments',
    template: '{{ .M.K 1 }}',
    data: { M: { K: 'v' } },
    want: '',
    err: at(5, '.M.K', 'K is not a method but has arguments'),
  },
  {
    name: 'argument to a non-function',
    template: '{{ 1 2 }}',
    want: '',
    err: at(3, '1', "can't give argument to non-function 1"),
  },
  {
    name: 'argument to a variable',
    template: '{{ $x := 1 }}{{ $x 2 }}',
    want: '',
    err: at(16, '$x', "can't give argument to non-function $x"),
  },
  {
    name: 'nil is not a command',
    template: '{{ nil }}',
    want: '',
    err: at(3, 'nil', 'nil is not a command'),
  },
  {
    name: 'assigning an undeclared variable',
    template: '{{ $x = 1 }}',
    want: '',
    err: at(8, '1', 'undefined variable: $x'),
  },
  {
    name: 'range over a float',
    template: '{{range .X}}{{end}}',
    data: { X: 1.5 },
    want: '',
    err: at(8, '.X', "range can't iterate over 1.5"),
  },
  {
    name: 'undefined template',
    template: 'a{{template "nope"}}',
    want: 'a',
    err: at(12, '{{template "nope"}}', 'template "nope" not defined'),
  },
  {
    name: 'error inside a defined template names both',
    templates: [
      ['lib', '{{define "x"}}\n{{ .A.B }}{{end}}'],
      ['t', 'ok {{template "x" .}}'],
    ],
    data: {},
    missingKey: 'zero',
    want: 'ok \n',
    err: 'template: lib:2:5: executing "x" at <.A.B>: nil pointer evaluating interface {}.B',
  },
  {
    name: 'output before the error is kept',
    template: 'a{{ .X }}b{{ fail "f" }}c',
    data: { X: 1 },
    want: 'a1b',
    err: at(13, 'fail "f"', 'error calling fail: f'),
  },
  {
    name: 'error in a range body',
    template: '{{range .}}[{{len .}}]{{end}}',
    data: ['ab', 3],
    want: '[2][',
    err: at(14, 'len .', 'error calling len: len of type int'),
  },
];

describe('parse errors', () => itRendersLikeGo(parseErrors));
describe('execution errors', () => itRendersLikeGo(execErrors));
