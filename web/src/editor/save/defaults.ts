/** Grafana's save options: the time range and variable values in the URL as the dashboard's defaults. */

import type { DashboardModel, VariableModel } from '../../lib/model.js';

const asArray = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const fromUrl = (value: string) => (value === 'All' ? '$__all' : value);

export function changedTime(
  model: DashboardModel,
  search: URLSearchParams,
): { from: string; to: string } | undefined {
  const from = search.get('from');
  const to = search.get('to');
  if (!from || !to || (from === model.time?.from && to === model.time?.to)) return undefined;
  return { from, to };
}

/** Variables whose value in the URL differs from the saved current value, with the URL's values. */
export function changedVariables(model: DashboardModel, search: URLSearchParams): Map<string, string[]> {
  const changed = new Map<string, string[]>();
  for (const variable of model.templating?.list ?? []) {
    if (variable.type === 'constant') continue;
    const values = search.getAll(`var-${variable.name}`).map(fromUrl);
    const saved = asArray(variable.current?.value);
    if (values.length > 0 && JSON.stringify(values) !== JSON.stringify(saved))
      changed.set(variable.name, values);
  }
  return changed;
}

export function withDefaults(
  model: DashboardModel,
  time: { from: string; to: string } | undefined,
  variables: Map<string, string[]> | undefined,
): DashboardModel {
  const next: DashboardModel = { ...model };
  if (time) next.time = { ...model.time, ...time };
  if (variables && variables.size > 0 && model.templating?.list) {
    const current = (variable: VariableModel, values: string[]) => {
      const texts = values.map(
        (value) =>
          (value === '$__all' ? 'All' : variable.options?.find((o) => o.value === value)?.text) ?? value,
      );
      return variable.multi ? { text: texts, value: values } : { text: texts[0], value: values[0] };
    };
    next.templating = {
      ...model.templating,
      list: model.templating.list.map((variable) => {
        const values = variables.get(variable.name);
        return values ? { ...variable, current: current(variable, values) } : variable;
      }),
    };
  }
  return next;
}
