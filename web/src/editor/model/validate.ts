/** Checks of what users type into the editor: the JSON model and variable names. */

import type { DashboardModel, VariableModel } from '../../lib/model.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Grafana's variable name rules; `others` are the names of the other variables. */
export function variableNameError(name: string, others: string[]): string | undefined {
  if (name === '') return 'Name is required';
  if (name.startsWith('__'))
    return 'Template names cannot begin with "__", that is reserved for global variables';
  if (!/^\w+$/.test(name)) return 'Only word characters are allowed in variable names';
  if (others.includes(name)) return 'A variable with the same name already exists';
  return undefined;
}

/** The JSON model editor's text as a model, with every problem found (empty when it is usable). */
export function validateModelText(
  text: string,
  currentUid: string | undefined,
): { model?: DashboardModel; errors: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { errors: [`Invalid JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (!isObject(parsed)) return { errors: ['The dashboard model must be a JSON object'] };
  const errors: string[] = [];
  if (typeof parsed.title !== 'string' || parsed.title.trim() === '')
    errors.push('"title" must be a non-empty string');
  if (currentUid && parsed.uid !== undefined && parsed.uid !== currentUid)
    errors.push(`"uid" cannot be changed here (it is "${currentUid}")`);
  if (
    parsed.tags !== undefined &&
    (!Array.isArray(parsed.tags) || parsed.tags.some((t) => typeof t !== 'string'))
  )
    errors.push('"tags" must be a list of strings');
  if (parsed.panels !== undefined) {
    if (!Array.isArray(parsed.panels)) errors.push('"panels" must be a list');
    else
      parsed.panels.forEach((panel, i) => {
        if (!isObject(panel)) errors.push(`panels[${i}] must be an object`);
        else if (panel.gridPos !== undefined) {
          const pos = panel.gridPos;
          if (
            !isObject(pos) ||
            ['x', 'y', 'w', 'h'].some((k) => pos[k] !== undefined && typeof pos[k] !== 'number')
          )
            errors.push(`panels[${i}].gridPos must have numeric x, y, w and h`);
        }
      });
  }
  const templating = parsed.templating;
  if (templating !== undefined) {
    if (!isObject(templating) || (templating.list !== undefined && !Array.isArray(templating.list)))
      errors.push('"templating.list" must be a list');
    else {
      const list = (templating.list ?? []) as VariableModel[];
      list.forEach((variable, i) => {
        const names = list.filter((_, j) => j !== i).map((v) => v?.name);
        const problem = isObject(variable)
          ? variableNameError(String(variable.name ?? ''), names)
          : 'must be an object';
        if (problem) errors.push(`templating.list[${i}]: ${problem}`);
      });
    }
  }
  if (
    parsed.time !== undefined &&
    (!isObject(parsed.time) || typeof parsed.time.from !== 'string' || typeof parsed.time.to !== 'string')
  )
    errors.push('"time" must have "from" and "to" strings');
  return errors.length ? { errors } : { model: parsed, errors };
}
