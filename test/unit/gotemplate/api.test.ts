import { describe, expect, it } from 'vitest';
import {
  Float64,
  goFunc,
  GoDuration,
  goType,
  parseTemplates,
  TemplateError,
  TypedNil,
  validateTemplate,
  type GoTypeInfo,
} from '../../../src/lib/gotemplate/index.js';
import { itRendersLikeGo, type TemplateCase } from './template-cases.js';

/** A struct with exported fields and methods, as data classes expose Go methods. */
class Server {
  declare readonly [goType]: GoTypeInfo;
  constructor(
    readonly Name: string,
    readonly Port: number,
    readonly hidden = 'x',
  ) {}
  Address(): string {
    return `${this.Name}:${this.Port}`;
  }
  Greet(who: string): string {
    return `hi ${who} from ${this.Name}`;
  }
  Self(): Server {
    return this;
  }
}
Object.defineProperty(Server.prototype, goType, { value: { name: 'main.Server', kind: 'struct' } });

class Named {
  String(): string {
    return 'NAMED';
  }
}

const server = new Server('db', 5432);

// Go's output for the equivalent Go types (a main.Server struct with these methods).
const structCases: TemplateCase[] = [
  { name: 'struct field', template: '{{.S.Name}}', data: { S: server }, want: 'db' },
  { name: 'method without arguments', template: '{{.S.Address}}', data: { S: server }, want: 'db:5432' },
  {
    name: 'method with an argument',
    template: '{{.S.Greet "you"}}',
    data: { S: server },
    want: 'hi you from db',
  },
  {
    name: 'method with a piped argument',
    template: '{{"me" | .S.Greet}}',
    data: { S: server },
    want: 'hi me from db',
  },
  { name: 'method chain', template: '{{.S.Self.Self.Port}}', data: { S: server }, want: '5432' },
  { name: 'printing a struct', template: '{{.S}}', data: { S: server }, want: '{db 5432 x}' },
  {
    name: 'printing a struct with field names',
    template: '{{printf "%+v" .S}}',
    data: { S: server },
    want: '{Name:db Port:5432 hidden:x}',
  },
  { name: 'type name', template: '{{printf "%T" .S}}', data: { S: server }, want: 'main.Server' },
  { name: 'a struct is true', template: '{{if .S}}yes{{end}}', data: { S: server }, want: 'yes' },
  {
    name: 'unexported field',
    template: '{{.hidden}}',
    data: server,
    want: '',
    err: 'template: t:1:2: executing "t" at <.hidden>: hidden is an unexported field of struct type main.Server',
  },
  {
    name: 'missing field',
    template: '{{.Nope}}',
    data: server,
    want: '',
    err: 'template: t:1:2: executing "t" at <.Nope>: can\'t evaluate field Nope in type main.Server',
  },
  {
    name: 'missing field of a struct held in a map names interface {}',
    template: '{{.S.Nope}}',
    data: { S: server },
    want: '',
    err: 'template: t:1:4: executing "t" at <.S.Nope>: can\'t evaluate field Nope in type interface {}',
  },
  {
    name: 'field with arguments',
    template: '{{.S.Name 1}}',
    data: { S: server },
    want: '',
    err: 'template: t:1:4: executing "t" at <.S.Name>: Name has arguments but cannot be invoked as function',
  },
  {
    name: 'method with missing arguments',
    template: '{{.S.Greet}}',
    data: { S: server },
    want: '',
    err: 'template: t:1:4: executing "t" at <.S.Greet>: wrong number of args for Greet: want 1 got 0',
  },
  {
    name: 'Stringer',
    template: '{{.N}} {{printf "%s|%v|%q" .N .N .N}}',
    data: { N: new Named() },
    want: 'NAMED NAMED|NAMED|"NAMED"',
  },
  { name: 'Stringer inside a slice', template: '{{.L}}', data: { L: [new Named(), 1] }, want: '[NAMED 1]' },
  {
    name: 'nil pointer prints <nil>',
    template: '{{.P}} {{if .P}}set{{else}}unset{{end}}',
    data: { P: new TypedNil('*int') },
    want: '<nil> unset',
  },
  {
    name: 'field of a nil pointer',
    template: '{{.P.X}}',
    data: { P: new TypedNil('*int') },
    want: '',
    err: 'template: t:1:4: executing "t" at <.P.X>: nil pointer evaluating *int.X',
  },
  {
    name: 'durations print as Go',
    template: '{{.A}} {{.B}} {{.C}} {{.D}}',
    data: {
      A: new GoDuration(90e9),
      B: new GoDuration(1.5e6),
      C: new GoDuration(0),
      D: new GoDuration(3600e9 + 1),
    },
    want: '1m30s 1.5ms 0s 1h0m0.000000001s',
  },
  {
    name: 'Map keys of other types',
    template: '{{.M}} {{range $k, $v := .M}}{{$k}}{{end}}',
    data: {
      M: new Map([
        [2, 'b'],
        [1, 'a'],
      ]),
    },
    want: 'map[1:a 2:b] 12',
  },
  {
    name: 'typed map zero under missingkey=zero',
    template: '[{{.M.nope}}]',
    data: {
      M: Object.defineProperty({ a: 'x' }, goType, {
        value: { name: 'map[string]string', kind: 'map', elemZero: '' },
      }),
    },
    missingKey: 'zero',
    want: '[]',
  },
  {
    name: 'interface map zero under missingkey=zero',
    template: '[{{.M.nope}}]',
    data: { M: {} },
    missingKey: 'zero',
    want: '[<no value>]',
  },
  {
    name: 'call a function value',
    template: '{{call .F 21}}',
    data: { F: goFunc(['int'], (x: number) => x * 2) },
    want: '42',
  },
  {
    name: 'call with the wrong argument count',
    template: '{{call .F}}',
    data: { F: goFunc(['int'], (x: number) => x * 2) },
    want: '',
    err: 'template: t:1:2: executing "t" at <call .F>: error calling call: wrong number of args: got 0 want 1',
  },
  {
    name: 'call of nil',
    template: '{{call .Nope}}',
    data: {},
    want: '',
    err: 'template: t:1:2: executing "t" at <call .Nope>: error calling call: call of nil',
  },
  {
    name: 'printing a function',
    template: '{{.F}}',
    data: { F: () => 1 },
    want: '',
    err: 'template: t:1:2: executing "t" at <{{.F}}>: can\'t print {{.F}} of type func(...interface {}) interface {}',
  },
];

describe('data with Go methods', () => itRendersLikeGo(structCases));

describe('TemplateSet', () => {
  it('parses named texts in order, later definitions winning', () => {
    const set = parseTemplates([
      ['a', '{{define "x"}}A{{end}}{{define "y"}}Y{{end}}'],
      ['b', '{{define "x"}}B{{end}}'],
    ]);
    expect(set.names()).toEqual(['a', 'b', 'x', 'y']);
    expect(set.execute('x', null).output).toBe('B');
  });

  it('leaves the set unchanged when a text fails to parse', () => {
    const set = parseTemplates({ a: '{{define "x"}}A{{end}}' });
    expect(() => set.parse('b', '{{define "x"}}B{{end}}{{if}}')).toThrow(TemplateError);
    expect(set.execute('x', null).output).toBe('A');
    expect(set.has('b')).toBe(false);
  });

  it('throws parse errors with their location', () => {
    let error: unknown;
    try {
      parseTemplates({ f: 'ok\n{{ .X | nope }}' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(TemplateError);
    expect(error).toMatchObject({ kind: 'parse', location: { parseName: 'f', line: 2 } });
  });

  it('reports execution errors with line and byte column', () => {
    const result = parseTemplates(
      { t: 'a\n  {{ fail }}' },
      {
        funcs: {
          fail: goFunc([], () => {
            throw new Error('no');
          }),
        },
      },
    ).execute('t', {});
    expect(result.output).toBe('a\n  ');
    expect(result.error).toMatchObject({ kind: 'exec', location: { parseName: 't', line: 2, column: 5 } });
    expect(result.error?.message).toBe('template: t:2:5: executing "t" at <fail>: error calling fail: no');
  });

  it('reports an unknown template name', () => {
    const result = parseTemplates({ t: 'x' }).execute('nope', {});
    expect(result.error?.message).toBe('template: no template "nope" associated with template ""');
  });

  it('clones independently', () => {
    const base = parseTemplates({ a: '{{define "x"}}A{{end}}' });
    const copy = base.clone().parse('b', '{{define "x"}}B{{end}}');
    expect(copy.execute('x', null).output).toBe('B');
    expect(base.execute('x', null).output).toBe('A');
  });

  it('renders a text as an anonymous template that can call the set', () => {
    const set = parseTemplates({ lib: '{{define "greet"}}Hello {{.}}{{end}}' });
    expect(set.executeText('{{template "greet" .}}!', 'you')).toEqual({ output: 'Hello you!' });
    expect(set.has('')).toBe(false);
    expect(set.executeText('{{if}}', null).error?.message).toBe('template: :1: missing value for if');
  });

  it('lets functions hide builtins', () => {
    const set = parseTemplates({ t: '{{len "abc"}}' }, { funcs: { len: goFunc(['string'], () => 'mine') } });
    expect(set.execute('t', null).output).toBe('mine');
  });

  it('stops at the output limit and keeps what was written', () => {
    const set = parseTemplates({ t: '{{range .}}0123456789{{end}}' });
    const result = set.execute('t', new Array(10).fill(0), { maxOutputBytes: 35 });
    expect(result.output).toBe('012345678901234567890123456789');
    expect(result.error).toMatchObject({ kind: 'output', message: 'template output exceeds maximum size' });
  });

  it('counts the output limit in UTF-8 bytes', () => {
    const set = parseTemplates({ t: '{{.}}{{.}}' });
    expect(set.execute('t', 'éé', { maxOutputBytes: 8 }).error).toBeUndefined();
    expect(set.execute('t', 'ééé', { maxOutputBytes: 8 }).output).toBe('ééé');
  });

  it('has a default output limit of 10 MiB', () => {
    const set = parseTemplates({ t: '{{range .}}{{.}}{{end}}' });
    const chunk = 'x'.repeat(1024 * 1024);
    expect(set.execute('t', new Array(10).fill(chunk)).error).toBeUndefined();
    expect(set.execute('t', new Array(11).fill(chunk)).error?.message).toBe(
      'template output exceeds maximum size',
    );
  });

  it('limits template recursion', () => {
    const set = parseTemplates({ t: '{{define "r"}}{{template "r" .}}{{end}}{{template "r" .}}' });
    const result = set.execute('t', null, { maxDepth: 50 });
    expect(result.error?.message).toBe(
      'template: t:1:25: executing "r" at <{{template "r" .}}>: exceeded maximum template depth (50)',
    );
  });

  it('survives the default recursion limit', () => {
    const set = parseTemplates({ t: '{{define "r"}}{{template "r" .}}{{end}}{{template "r" .}}' });
    expect(set.execute('t', null).error?.message).toMatch(/exceeded maximum template depth \(1000\)$/);
  });

  it('supports the missingkey options', () => {
    const text = { t: '{{.nope}}' };
    expect(parseTemplates(text).execute('t', {}).output).toBe('<no value>');
    expect(parseTemplates(text, { missingKey: 'zero' }).execute('t', {}).output).toBe('<no value>');
    expect(parseTemplates(text, { missingKey: 'error' }).execute('t', {}).error?.message).toBe(
      'template: t:1:2: executing "t" at <.nope>: map has no entry for key "nope"',
    );
  });

  it('keeps float values apart from ints', () => {
    const set = parseTemplates({ t: '{{.F}} {{.I}} {{printf "%T %T" .F .I}}' });
    expect(set.execute('t', { F: new Float64(1e6), I: 1e6 }).output).toBe('1e+06 1000000 float64 int');
  });
});

describe('validateTemplate', () => {
  it('accepts valid text', () => {
    expect(validateTemplate('{{ if .X }}{{ .X | printf "%s" }}{{ end }}')).toBeUndefined();
  });

  it('returns the parse error a user would see', () => {
    expect(validateTemplate('a\n{{ .X | nope }}')).toBe('template: :2: function "nope" not defined');
    expect(validateTemplate('{{ if .X }}')).toBe('template: :1: unexpected EOF');
    expect(validateTemplate('{{ .X ')).toBe('template: :1: unclosed action');
    expect(validateTemplate('{{ end }}', { name: 'title' })).toBe('template: title:1: unexpected {{end}}');
  });

  it('reports calls of templates that do not exist', () => {
    expect(validateTemplate('x {{ template "nope" . }}')).toBe(
      'template: :1:14: executing "" at <{{template "nope" .}}>: template "nope" not defined',
    );
    expect(validateTemplate('{{ define "a" }}{{ template "b" }}{{ end }}')).toBe(
      'template: :1:28: executing "a" at <{{template "b"}}>: template "b" not defined',
    );
  });

  it('knows the templates of a set', () => {
    const set = parseTemplates({ lib: '{{ define "known" }}k{{ end }}' });
    expect(validateTemplate('{{ template "known" . }}', { set })).toBeUndefined();
    expect(validateTemplate('{{ define "own" }}o{{ end }}{{ template "own" }}', { set })).toBeUndefined();
  });
});
