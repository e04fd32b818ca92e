/**
 * Which settings of a type are templates, and their current texts, for save-time validation.
 * Patterns: `title` (a field), `details.*` (every value of a map), `responders[].name` (a field of
 * every item of a list).
 */

import { notifierFor } from './registry.js';
import { isRecord, type SettingsRecord } from './settings.js';

/** The templated field patterns of a type (empty for an unknown type). */
export function templatedFields(type: string): readonly string[] {
  return notifierFor(type)?.templated ?? [];
}

/** The non-empty string values of the templated fields, with concrete field names. */
export function templatedValues(
  type: string,
  settings: SettingsRecord,
): Array<{ field: string; text: string }> {
  const out: Array<{ field: string; text: string }> = [];
  for (const pattern of templatedFields(type)) {
    for (const [field, value] of expand(pattern, settings, '')) {
      if (typeof value === 'string' && value !== '') out.push({ field, text: value });
    }
  }
  return out;
}

function expand(pattern: string, value: unknown, prefix: string): Array<[string, unknown]> {
  if (pattern === '') return [[prefix, value]];
  const dot = pattern.indexOf('.');
  const head = dot < 0 ? pattern : pattern.slice(0, dot);
  const rest = dot < 0 ? '' : pattern.slice(dot + 1);
  const join = (key: string): string => (prefix ? `${prefix}.${key}` : key);
  if (!isRecord(value)) return [];
  if (head === '*') return Object.entries(value).flatMap(([k, v]) => expand(rest, v, join(k)));
  if (head.endsWith('[]')) {
    const key = head.slice(0, -2);
    const list = value[key];
    if (!Array.isArray(list)) return [];
    return list.flatMap((item, i) => expand(rest, item, `${join(key)}[${i}]`));
  }
  return expand(rest, value[head], join(head));
}
