/**
 * A faithful Go text/template engine for notification templates.
 *
 *   const set = parseTemplates({ 'my.tmpl': '{{ define "x" }}Hi {{ .Name }}{{ end }}' });
 *   set.execute('x', { Name: 'Ann' });        // { output: 'Hi Ann' }
 *   validateTemplate('{{ .A | nope }}');        // 'template: :1: function "nope" not defined'
 *
 * Data is plain JS; see values.ts for how it stands for Go values (ints, floats, maps, structs,
 * methods) and time.ts for time.Time.
 */

import { TemplateSet, type TemplateSetOptions } from './template-set.js';

export { TemplateError } from './errors.js';
export type { MissingKey } from './exec.js';
export { htmlEscape, queryEscape } from './escape.js';
export { formatValue } from './fmt.js';
export { goFunc, type FuncMap, type GoFunction } from './funcs.js';
export { GoDuration, GoTime } from './time.js';
export { TemplateSet, type ExecuteResult } from './template-set.js';
export {
  compareStrings,
  Float64,
  goType,
  kindOf,
  typedSlice,
  TypedNil,
  typeName,
  type GoTypeInfo,
} from './values.js';

/** Parses named texts, in order, into one set; throws the first parse error. */
export function parseTemplates(
  sources: Record<string, string> | Iterable<readonly [string, string]>,
  options?: TemplateSetOptions,
): TemplateSet {
  const set = new TemplateSet(options);
  const entries = Symbol.iterator in sources ? sources : Object.entries(sources);
  for (const [name, text] of entries) set.parse(name, text);
  return set;
}

/**
 * The error message a user would see for this text (parsed as template `name`, '' by default,
 * alongside the templates of `set`), or undefined when it is valid.
 */
export function validateTemplate(
  text: string,
  options: { set?: TemplateSet; name?: string } & TemplateSetOptions = {},
): string | undefined {
  const set = options.set ?? new TemplateSet(options);
  return set.check(text, options.name)?.message;
}
