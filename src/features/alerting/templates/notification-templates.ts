/**
 * The template set notifications render with: Grafana's functions, `missingkey=zero`, the
 * default templates, then the user's template groups (later definitions win).
 */

import { TemplateSet } from '../../../lib/gotemplate/index.js';
import { alertmanagerFunctions } from './alertmanager-functions.js';
import { alertmanagerDefaultTemplates, grafanaDefaultTemplates } from './default-templates.js';
import { gomplateFunctions } from './gomplate-functions.js';

/** A user template group, as provisioned: a name and its text. */
export interface TemplateGroup {
  name: string;
  template: string;
}

/**
 * Builds the set; throws the TemplateError of the first group that fails to parse.
 * Render a field with `set.executeText(text, data)` and validate one with `set.check(text)`.
 */
export function createNotificationTemplates(groups: readonly TemplateGroup[] = []): TemplateSet {
  const set: TemplateSet = new TemplateSet({
    funcs: { ...alertmanagerFunctions, ...gomplateFunctions(() => set) },
    missingKey: 'zero',
  });
  set.parse('default.tmpl', alertmanagerDefaultTemplates);
  set.parse('__default__.tmpl', grafanaDefaultTemplates);
  for (const group of groups) set.parse(group.name, templateGroupText(group));
  return set;
}

/**
 * Grafana's rule for a group without any `define`: its content becomes the template named after
 * the group (`{{ define "name" }}` around the indented text).
 */
export function templateGroupText(group: TemplateGroup): string {
  const content = group.template.trim();
  if (/\{\{-?\s*define/.test(content)) return content;
  const indented = content
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `{{ define ${JSON.stringify(group.name)} }}\n${indented}\n{{ end }}`;
}
