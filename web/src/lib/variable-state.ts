import { valueText } from './frames.js';
/** Template variable state: options, current selection, URL values, and the scoped vars for queries. */

import type { VariableModel } from './model.js';
import { ALL_VALUE, parseCustomOptions, type ScopedVars, type VariableOption } from './variables.js';
import { calculateInterval, formatInterval, parseDuration } from './time.js';

export interface VariableState {
  model: VariableModel;
  options: VariableOption[];
  /** selected values ($__all for "All") */
  selected: string[];
  loading?: boolean;
  error?: string;
}

function asArray(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Options that need no server: custom, constant, interval, textbox. Others keep their saved options. */
export function staticOptions(model: VariableModel): VariableOption[] {
  const query = typeof model.query === 'string' ? model.query : '';
  switch (model.type) {
    case 'custom':
      return parseCustomOptions(query);
    case 'interval': {
      const options = parseCustomOptions(query);
      return model.auto ? [{ text: 'auto', value: '$__auto_interval' }, ...options] : options;
    }
    case 'constant':
    case 'textbox': {
      const current = asArray(model.current?.value)[0] ?? query;
      return [{ text: current, value: current }];
    }
    default:
      return (model.options ?? [])
        .filter((option) => option.value !== undefined && option.value !== ALL_VALUE)
        .map((option) => ({ text: option.text ?? option.value!, value: option.value! }));
  }
}

/**
 * Picks the selection: values from the URL (`var-x`), else the saved current value, kept only when
 * still among the options (textbox and constant take any value), else the first option.
 */
export function chooseSelection(
  model: VariableModel,
  options: VariableOption[],
  fromUrl: string[] | undefined,
): string[] {
  const free = model.type === 'textbox' || model.type === 'constant';
  const wanted = fromUrl && fromUrl.length > 0 ? fromUrl : asArray(model.current?.value);
  if (model.type === 'constant') return [typeof model.query === 'string' ? model.query : (wanted[0] ?? '')];
  const normalized = wanted.map((v) => (v === 'All' || v === '$__all' ? ALL_VALUE : v));
  if (normalized.includes(ALL_VALUE) && model.includeAll) return [ALL_VALUE];
  if (free) return normalized.length > 0 ? [normalized[0]!] : [options[0]?.value ?? ''];
  const known = normalized.filter((v) => options.some((o) => o.value === v || o.text === v));
  const values = known.map(
    (v) => options.find((o) => o.value === v)?.value ?? options.find((o) => o.text === v)!.value,
  );
  if (values.length > 0) return model.multi ? values : [values[0]!];
  if (model.includeAll && options.length > 0 && normalized.length === 0) return [ALL_VALUE];
  return options[0] ? [options[0].value] : [];
}

/** The scoped variables for interpolation, including Grafana's built-ins for the panel's range. */
export function scopedVars(
  states: VariableState[],
  builtins: { from: number; to: number; intervalMs: number; dashboardTitle?: string; dashboardUid?: string },
): ScopedVars {
  const vars: ScopedVars = {};
  const rangeMs = builtins.to - builtins.from;
  vars.__from = { value: String(builtins.from) };
  vars.__to = { value: String(builtins.to) };
  vars.__interval = { value: formatInterval(builtins.intervalMs) };
  vars.__interval_ms = { value: String(builtins.intervalMs) };
  vars.__range = { value: `${Math.round(rangeMs / 1000)}s` };
  vars.__range_s = { value: String(Math.round(rangeMs / 1000)) };
  vars.__range_ms = { value: String(rangeMs) };
  if (builtins.dashboardTitle) vars.__dashboard = { value: builtins.dashboardTitle };
  for (const state of states) {
    const { model } = state;
    if (state.selected.includes(ALL_VALUE)) {
      if (model.allValue) vars[model.name] = { value: model.allValue, text: 'All' };
      else vars[model.name] = { value: state.options.map((o) => o.value), text: 'All' };
      continue;
    }
    let values = state.selected;
    if (model.type === 'interval' && values[0] === '$__auto_interval') {
      const auto = calculateInterval(
        rangeMs,
        model.auto_count ?? 30,
        parseDuration(model.auto_min ?? '10s') ?? 10_000,
      );
      values = [formatInterval(auto)];
    }
    const texts = values.map((v) => state.options.find((o) => o.value === v)?.text ?? v);
    vars[model.name] = model.multi
      ? { value: values, text: texts }
      : { value: values[0] ?? '', text: texts[0] ?? '' };
  }
  return vars;
}

/** Values found in a query variable's data source query answer (`queryData`): strings, or label values, or numbers. */
export function valuesFromFrames(
  frames: { fields: { type: string; values: unknown[]; labels?: Record<string, string> }[] }[],
  label?: string,
): string[] {
  const values: string[] = [];
  for (const frame of frames) {
    if (label) {
      for (const field of frame.fields) {
        const value = field.labels?.[label];
        if (value !== undefined) values.push(value);
      }
      continue;
    }
    const text = frame.fields.find((f) => f.type === 'string') ?? frame.fields.find((f) => f.type !== 'time');
    for (const value of text?.values ?? [])
      if (value !== null && value !== undefined) values.push(valueText(value));
  }
  return values;
}

/**
 * Prometheus' variable functions as queries the data source runs: `label_values(metric, label)`
 * becomes an instant `group by (label) (metric)`, whose series carry the label values.
 */
export function prometheusVariableQuery(query: string): { expr: string; label?: string; instant: boolean } {
  const labelValues = /^\s*label_values\(\s*(?:(.+?)\s*,\s*)?([a-zA-Z_][a-zA-Z0-9_]*)\s*\)\s*$/.exec(query);
  if (labelValues) {
    const metric = labelValues[1] ?? `{${labelValues[2]}!=""}`;
    return { expr: `group by (${labelValues[2]}) (${metric})`, label: labelValues[2], instant: true };
  }
  const queryResult = /^\s*query_result\((.+)\)\s*$/.exec(query);
  if (queryResult) return { expr: queryResult[1]!, instant: true };
  return { expr: query, instant: true };
}

/** Sorts option values as Grafana's variable `sort` setting asks (1/2 alpha, 3/4 numeric, 5/6 case-insensitive). */
export function sortOptions(options: VariableOption[], sort: number | undefined): VariableOption[] {
  if (!sort) return options;
  const sorted = [...options];
  const numeric = (text: string) => {
    const match = /\d+/.exec(text);
    return match ? Number(match[0]) : Number.NEGATIVE_INFINITY;
  };
  if (sort === 1 || sort === 2) sorted.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  else if (sort === 3 || sort === 4) sorted.sort((a, b) => numeric(a.text) - numeric(b.text));
  else if (sort === 5 || sort === 6)
    sorted.sort((a, b) => a.text.toLowerCase().localeCompare(b.text.toLowerCase()));
  if (sort % 2 === 0) sorted.reverse();
  return sorted;
}
