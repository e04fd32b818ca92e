/**
 * Grafana's gomplate-style namespaces: `coll.Dict coll.Slice coll.Append`, `data.JSON
 * data.ToJSON data.ToJSONPretty`, `tmpl.Exec tmpl.Inline`, `time.Now`. As in Go, `coll` is a
 * function returning a namespace value whose methods are called (`coll.Dict "a" 1`).
 */

import {
  Float64,
  formatValue,
  goFunc,
  GoTime,
  goType,
  typeName,
  type FuncMap,
  type GoFunction,
  type TemplateSet,
} from '../../../lib/gotemplate/index.js';
import { marshalJSON } from './go-json.js';

/** A value whose Go methods are the given functions, like gomplate's namespace structs. */
function namespace(type: string, methods: Record<string, GoFunction>): object {
  return Object.create({ ...methods, [goType]: { name: type, kind: 'struct' } }) as object;
}

/** conv.ToString: strings as they are, other values printed. */
const toString = (v: unknown): string => (typeof v === 'string' ? v : formatValue(v));

const coll = namespace('*coll.CollFuncs', {
  /** Alternating keys and values; a key without a value maps to "". */
  Dict: goFunc(['...any'], (...args: unknown[]) => {
    const dict: Record<string, unknown> = {};
    for (let i = 0; i < args.length; i += 2) dict[toString(args[i])] = i + 1 < args.length ? args[i + 1] : '';
    return dict;
  }),
  Slice: goFunc(['...any'], (...args: unknown[]) => args),
  /** A copy of the list with the value appended (value first, as gomplate has it). */
  Append: goFunc(['any', 'any'], (value: unknown, list: unknown) => {
    if (!Array.isArray(list)) throw new Error(`expected an array or slice, but got a ${typeName(list)}`);
    return [...(list as unknown[]), value];
  }),
});

const data = namespace('*data.DataFuncs', {
  /** Parses a JSON object; numbers become float64, as Go's encoding/json makes them. */
  JSON: goFunc(['any'], (input: unknown) => {
    const text = toString(input);
    if (text.trim() === '') throw new Error('unexpected end of JSON input');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text, (_key, v: unknown) => (typeof v === 'number' ? new Float64(v) : v));
    } catch (err) {
      throw new Error(`invalid JSON: ${(err as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      const kind = Array.isArray(parsed) ? 'array' : parsed === null ? 'null' : typeof parsed;
      throw new Error(`json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`);
    }
    return parsed;
  }),
  ToJSON: goFunc(['any'], (value: unknown) => marshalJSON(value)),
  ToJSONPretty: goFunc(['string', 'any'], (indent: string, value: unknown) => marshalJSON(value, indent)),
});

const time = namespace('*time.TimeFuncs', {
  Now: goFunc([], () => GoTime.now()),
});

/** `tmpl` runs templates of the set; without a context argument they get no value as dot. */
function tmplNamespace(templates: () => TemplateSet): object {
  const run = (result: { output: string; error?: Error }): string => {
    if (result.error) throw result.error;
    return result.output;
  };
  return namespace('*tmpl.TmplFuncs', {
    Exec: goFunc(['string', '...any'], (name: string, ...context: unknown[]) => {
      const set = templates();
      if (!set.has(name)) throw new Error(`template "${name}" not defined`);
      return run(set.execute(name, context[0]));
    }),
    /** `tmpl.Inline text`, `tmpl.Inline name text`, `tmpl.Inline text ctx`, `tmpl.Inline name text ctx`. */
    Inline: goFunc(['...any'], (...args: unknown[]) => {
      let name = 'inline';
      let text: unknown;
      let context: unknown;
      if (args.length === 1) [text] = args;
      else if (args.length === 2 && typeof args[1] === 'string') [name, text] = [toString(args[0]), args[1]];
      else if (args.length === 2) [text, context] = args;
      else if (args.length === 3) [name, text, context] = [toString(args[0]), args[1], args[2]];
      else throw new Error(`wrong number of arguments: expected 1, 2, or 3, got ${args.length}`);
      return run(templates().executeText(toString(text), context, { name }));
    }),
  });
}

/** The namespaces, bound to the set whose templates `tmpl.Exec` runs. */
export function gomplateFunctions(templates: () => TemplateSet): FuncMap {
  const tmpl = tmplNamespace(templates);
  return {
    coll: goFunc([], () => coll),
    data: goFunc([], () => data),
    tmpl: goFunc([], () => tmpl),
    time: goFunc([], () => time),
  };
}
