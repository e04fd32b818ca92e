import type { DashboardModel } from '../dashboard-model.js';
import { importInputMissing } from './import.errors.js';

/** One value given for a dashboard's `__inputs` entry (`${DS_PROMETHEUS}` → a data source uid). */
export interface ImportInput {
  name?: string;
  type?: string;
  pluginId?: string;
  value?: string;
}

/** Grafana's server-side expressions "data source": its inputs always resolve to itself. */
const EXPRESSION_PLUGIN = '__expr__';

/** `${NAME}` as Grafana's import evaluator matches it (shortest, anything inside the braces). */
const VARIABLE = /\$\{.+?\}/g;

/** Parts of an exported dashboard that only describe its import, never stored (Grafana's list). */
const IMPORT_ONLY_KEYS = new Set(['__inputs', '__requires', '__elements']);

/**
 * An exported ("shared externally") dashboard made concrete, as Grafana's import does: every
 * `__inputs` entry needs an input of the same `type` whose `name` is its name or `*`, and each
 * `${NAME}` in any string of the model becomes that input's value; unknown `${…}` stay as they are
 * (dashboard variables such as `${job}` look the same). The import-only keys are dropped; the
 * library panels of `__elements` (uid -> element) come back beside the model, their inputs
 * answered too.
 */
export function applyImportInputs(
  template: DashboardModel,
  inputs: readonly ImportInput[],
): { dashboard: DashboardModel; elements: Record<string, unknown> } {
  const values = new Map<string, string>();
  const declared = Array.isArray(template.__inputs) ? (template.__inputs as unknown[]) : [];
  for (const entry of declared) {
    if (!entry || typeof entry !== 'object') continue;
    const { name, type, pluginId } = entry as { name?: unknown; type?: unknown; pluginId?: unknown };
    const inputName = typeof name === 'string' ? name : '';
    const given =
      pluginId === EXPRESSION_PLUGIN
        ? { value: EXPRESSION_PLUGIN }
        : inputs.find((input) => input.type === type && (input.name === inputName || input.name === '*'));
    if (!given)
      throw importInputMissing(`Dashboard input variable: ${inputName} missing from import command`);
    values.set(`\${${inputName}}`, given.value ?? '');
  }
  const evaluate = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(VARIABLE, (match) => values.get(match) ?? match);
    if (Array.isArray(value)) return value.map(evaluate);
    if (value && typeof value === 'object') {
      const result: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) result[key] = evaluate(inner);
      return result;
    }
    return value;
  };
  const dashboard: DashboardModel = {};
  for (const [key, value] of Object.entries(template)) {
    if (!IMPORT_ONLY_KEYS.has(key)) dashboard[key] = evaluate(value);
  }
  const elements = template.__elements;
  return {
    dashboard,
    elements:
      elements && typeof elements === 'object' && !Array.isArray(elements)
        ? (evaluate(elements) as Record<string, unknown>)
        : {},
  };
}
