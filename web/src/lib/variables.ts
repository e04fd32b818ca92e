/** Template variables: Grafana's `$var`, `${var}`, `${var:format}`, `[[var]]`, `[[var:format]]` syntax. */

export const ALL_VALUE = '$__all';

export interface VariableValue {
  /** one value, or several for multi-value variables */
  value: string | string[];
  text?: string | string[];
}

export type ScopedVars = Record<string, VariableValue>;

// Grafana compat: the same three syntaxes, in the same order, as its TemplateSrv regex.
const VARIABLE_PATTERN = /\$(\w+)|\[\[(\w+?)(?::(\w+))?\]\]|\${(\w+)(?:\.([^:^}]+))?(?::([^}]+))?}/g;

function escapeRegex(value: string): string {
  return value.replace(/[\\^$*+?.()|[\]{}/]/g, '\\$&');
}

function luceneEscape(value: string): string {
  return value.replace(/[\\+\-!(){}[\]^"~*?:/ ]|&&|\|\|/g, (match) => `\\${match}`);
}

/** Formats a value with one of Grafana's variable formats. */
export function formatVariable(
  value: string | string[],
  format: string | undefined,
  fallbackFormat?: string,
): string {
  const values = Array.isArray(value) ? value : [value];
  const multi = Array.isArray(value);
  switch (format ?? fallbackFormat) {
    case 'csv':
      return values.join(',');
    case 'pipe':
      return values.join('|');
    case 'json':
      return JSON.stringify(multi ? values : values[0]);
    case 'regex':
      return values.length === 1 ? escapeRegex(values[0]!) : `(${values.map(escapeRegex).join('|')})`;
    case 'glob':
      return values.length === 1 ? values[0]! : `{${values.join(',')}}`;
    case 'lucene':
      return values.length === 1
        ? luceneEscape(values[0]!)
        : `(${values.map((v) => `"${luceneEscape(v)}"`).join(' OR ')})`;
    case 'distributed':
      return values.join(',');
    case 'singlequote':
      return values.map((v) => `'${v.replace(/'/g, "\\'")}'`).join(',');
    case 'doublequote':
      return values.map((v) => `"${v.replace(/"/g, '\\"')}"`).join(',');
    case 'sqlstring':
      return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',');
    case 'percentencode':
      return encodeURIComponent(multi ? `{${values.join(',')}}` : values[0]!);
    case 'queryparam':
      return values.map((v) => `var-${encodeURIComponent(v)}`).join('&');
    case 'raw':
      return values.join(',');
    case 'text':
      return values.join(' + ');
    default:
      // Grafana compat: without a format, several values become a glob `{a,b}`.
      return values.length === 1 ? values[0]! : `{${values.join(',')}}`;
  }
}

/**
 * Replaces variables in `text`. Unknown variables are left as written. `format` is the format used
 * when the reference names none (data sources choose one: Prometheus uses `regex`).
 */
export function interpolate(text: string, vars: ScopedVars, format?: string): string {
  if (!text || (!text.includes('$') && !text.includes('[['))) return text;
  return text.replace(
    VARIABLE_PATTERN,
    (
      match,
      plain?: string,
      bracket?: string,
      bracketFormat?: string,
      braced?: string,
      _path?: string,
      bracedFormat?: string,
    ) => {
      const name = plain ?? bracket ?? braced;
      if (!name) return match;
      const variable = vars[name];
      if (!variable) return match;
      const explicit = bracketFormat ?? bracedFormat;
      if (explicit === 'text') {
        const text = variable.text ?? variable.value;
        return Array.isArray(text) ? text.join(' + ') : text;
      }
      return formatVariable(variable.value, explicit, Array.isArray(variable.value) ? format : undefined);
    },
  );
}

/** Interpolates every string inside a JSON-like value (a query target), leaving keys alone. */
export function interpolateDeep<T>(value: T, vars: ScopedVars, format?: string): T {
  if (typeof value === 'string') return interpolate(value, vars, format) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => interpolateDeep(item, vars, format)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      out[key] = interpolateDeep(item, vars, format);
    return out as T;
  }
  return value;
}

/** Names of the variables a text refers to. */
export function referencedVariables(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    const name = match[1] ?? match[2] ?? match[4];
    if (name) names.push(name);
  }
  return names;
}

export interface VariableOption {
  text: string;
  value: string;
}

/**
 * Options of a `custom` variable: comma-separated, each either `value` or `text : value`
 * (Grafana's syntax; escaped commas `\,` stay inside a value).
 */
export function parseCustomOptions(query: string): VariableOption[] {
  const parts = query.match(/(?:\\,|[^,])+/g) ?? [];
  return parts
    .map((part) => part.trim().replace(/\\,/g, ','))
    .filter((part) => part.length > 0)
    .map((part) => {
      const match = /^(.+?)\s:\s(.+)$/.exec(part);
      return match ? { text: match[1]!.trim(), value: match[2]!.trim() } : { text: part, value: part };
    });
}

/** Keeps options matching a variable's `regex` (`/pattern/flags`); a capture group picks the value. */
export function applyRegex(values: string[], regex: string | undefined): VariableOption[] {
  if (!regex) return values.map((v) => ({ text: v, value: v }));
  const match = /^\/(.*)\/([gimsuy]*)$/.exec(regex);
  let pattern: RegExp;
  try {
    pattern = match ? new RegExp(match[1]!, match[2]!.replace('g', '')) : new RegExp(regex);
  } catch {
    return values.map((v) => ({ text: v, value: v }));
  }
  const options: VariableOption[] = [];
  for (const value of values) {
    const found = pattern.exec(value);
    if (!found) continue;
    const text = found.groups?.text ?? found[1] ?? value;
    const picked = found.groups?.value ?? found[1] ?? value;
    options.push({ text, value: picked });
  }
  return options;
}

/** Distinct values in first-seen order. */
export function unique(values: string[]): string[] {
  return [...new Set(values)];
}
