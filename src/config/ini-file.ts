import { parse } from 'ini';

/** Section name -> key -> raw string value, with dotted sections such as `auth.basic` kept flat. */
export type IniSections = Map<string, Map<string, string>>;

export function parseIni(text: string): IniSections {
  const sections: IniSections = new Map();
  flatten(parse(text), '', sections);
  return sections;
}

// The `ini` package nests `[auth.basic]` under `auth`; operators think of it as one section.
function flatten(node: Record<string, unknown>, prefix: string, out: IniSections): void {
  for (const [key, value] of Object.entries(node)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      flatten(value as Record<string, unknown>, prefix ? `${prefix}.${key}` : key, out);
      continue;
    }
    const section = out.get(prefix) ?? new Map<string, string>();
    section.set(key, unquote(String(value)));
    out.set(prefix, section);
  }
  if (prefix && !out.has(prefix)) out.set(prefix, new Map());
}

// Grafana compat: values containing `#` or `;` are written as """value""".
function unquote(value: string): string {
  return value.length >= 6 && value.startsWith('"""') && value.endsWith('"""') ? value.slice(3, -3) : value;
}

/** Layers `over` onto `base` key by key. */
export function mergeIni(base: IniSections, over: IniSections): IniSections {
  const merged: IniSections = new Map([...base].map(([name, keys]) => [name, new Map(keys)]));
  for (const [name, keys] of over) {
    const target = merged.get(name) ?? new Map<string, string>();
    for (const [key, value] of keys) target.set(key, value);
    merged.set(name, target);
  }
  return merged;
}
