/**
 * Table-driven tests of notification templates: a field text (or a named template) rendered with
 * the default templates and the case's user groups, as Grafana renders a contact point field.
 * Expectations are Go's output for the same templates and data.
 */

import { expect, it } from 'vitest';
import {
  createNotificationTemplates,
  type TemplateGroup,
} from '../../../src/features/alerting/templates/index.js';

export interface NotificationCase {
  name: string;
  /** The field text, parsed as the anonymous template ""... */
  field?: string;
  /** ...or a template to execute by name. */
  exec?: string;
  groups?: TemplateGroup[];
  data?: unknown;
  want: string;
  err?: string;
  /** Not comparable with the Go reference run (e.g. it lacks the function). */
  noOracle?: boolean;
}

function renderNotification(c: NotificationCase): { output: string; error?: string } {
  const set = createNotificationTemplates(c.groups);
  const result = c.exec === undefined ? set.executeText(c.field ?? '', c.data) : set.execute(c.exec, c.data);
  return result.error ? { output: result.output, error: result.error.message } : { output: result.output };
}

export function itRendersNotifications(cases: readonly NotificationCase[]): void {
  it.each(cases)('$name', (c) => {
    const expected = c.err === undefined ? { output: c.want } : { output: c.want, error: c.err };
    expect(renderNotification(c)).toEqual(expected);
  });
}
