/**
 * Grafana's own additions to the rule template functions (its state/template funcs.go): label
 * filters for `$labels`, `deduplicateLabels` over `$values`, and Explore links for a
 * `{"datasource": …, "expr": …}` query.
 */

import { compareStrings, goFunc, queryEscape, typeName, type FuncMap } from '../../lib/gotemplate/index.js';
import { compileGoRegexp } from '../alerting/templates/go-regexp.js';
import { TemplateLabels } from './template-labels.js';

/** Go checks the argument is a template.Labels before the call. */
function labelsArg(m: unknown): TemplateLabels {
  if (!(m instanceof TemplateLabels)) {
    throw new Error(`wrong type for value; expected template.Labels; got ${typeName(m)}`);
  }
  return m;
}

/** regexp.MustCompile: its panic names the pattern. */
function mustCompile(pattern: string): RegExp {
  try {
    return compileGoRegexp(pattern);
  } catch (err) {
    throw new Error(`regexp: Compile(\`${pattern}\`): ${(err as Error).message}`);
  }
}

function matches(re: RegExp, s: string): boolean {
  // compiled patterns are global and shared: start every test from the beginning
  re.lastIndex = 0;
  const found = re.test(s);
  re.lastIndex = 0;
  return found;
}

function pick(m: unknown, keep: (name: string) => boolean): TemplateLabels {
  return new TemplateLabels([...labelsArg(m)].filter(([name]) => keep(name)));
}

/** json.Unmarshal into `{Datasource, Expr string}`: keys match case-insensitively; '' on any error. */
function exploreLink(data: string, instant: boolean): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return '';
  }
  if (Array.isArray(parsed) || (parsed !== null && typeof parsed !== 'object')) return '';
  const fields = Object.entries((parsed ?? {}) as Record<string, unknown>);
  const field = (name: string): string | undefined => {
    const value = (fields.find(([k]) => k === name) ?? fields.find(([k]) => k.toLowerCase() === name))?.[1];
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? value : undefined;
  };
  const datasource = field('datasource');
  const expr = field('expr');
  if (datasource === undefined || expr === undefined) return '';
  // Go's %q of an escaped query is just the text in double quotes: nothing in it needs escaping.
  const ds = `"${queryEscape(datasource)}"`;
  const mode = instant ? '"instant":true,"range":false' : '"instant":false,"range":true';
  return (
    `/explore?left={"datasource":${ds},"queries":[{"datasource":${ds},"expr":"${queryEscape(expr)}",` +
    `${mode},"refId":"A"}],"range":{"from":"now-1h","to":"now"}}`
  );
}

/** Sorted distinct values of each label across `$values`, joined with ", ". */
function deduplicateLabels(values: unknown): TemplateLabels {
  if (typeof values !== 'object' || values === null) {
    throw new Error(`wrong type for value; expected map[string]template.Value; got ${typeName(values)}`);
  }
  const seen = new Map<string, Set<string>>();
  for (const value of Object.values(values as Record<string, { Labels?: unknown }>)) {
    if (!(value.Labels instanceof TemplateLabels)) continue;
    for (const [name, v] of value.Labels) {
      let set = seen.get(name);
      if (!set) seen.set(name, (set = new Set()));
      set.add(v);
    }
  }
  return new TemplateLabels([...seen].map(([name, set]) => [name, [...set].sort(compareStrings).join(', ')]));
}

export const grafanaTemplateFunctions: FuncMap = {
  filterLabels: goFunc(['any', 'string'], (m: unknown, match: string) => pick(m, (name) => name === match)),
  filterLabelsRe: goFunc(['any', 'string'], (m: unknown, pattern: string) => {
    const re = mustCompile(pattern);
    return pick(m, (name) => matches(re, name));
  }),
  removeLabels: goFunc(['any', 'string'], (m: unknown, match: string) => pick(m, (name) => name !== match)),
  // (sic) Grafana's name
  removeLabelslRe: goFunc(['any', 'string'], (m: unknown, pattern: string) => {
    const re = mustCompile(pattern);
    return pick(m, (name) => !matches(re, name));
  }),
  deduplicateLabels: goFunc(['any'], deduplicateLabels),
  graphLink: goFunc(['string'], (data: string) => exploreLink(data, false)),
  tableLink: goFunc(['string'], (data: string) => exploreLink(data, true)),
};
