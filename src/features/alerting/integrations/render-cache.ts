/**
 * Rendered texts shared by the integrations of one fan-out: a notification sent to 100 webhooks
 * renders its default title and message once, not 100 times (rendering is synchronous CPU work).
 * Keyed by template set and notification object, so it lives as long as the notification does.
 */

import type { ExecuteResult, TemplateSet } from '../../../lib/gotemplate/index.js';
import type { NotificationData } from '../templates/index.js';

const cache = new WeakMap<TemplateSet, WeakMap<NotificationData, Map<string, ExecuteResult>>>();
/** Per notification; more distinct texts than this are simply rendered again. */
const maxTexts = 500;

export function renderCached(
  templates: TemplateSet,
  data: NotificationData,
  text: string,
  field: string,
): ExecuteResult {
  let byData = cache.get(templates);
  if (!byData) cache.set(templates, (byData = new WeakMap()));
  let texts = byData.get(data);
  if (!texts) byData.set(data, (texts = new Map<string, ExecuteResult>()));
  // The field names the anonymous template, so it is part of any error message.
  const key = `${field}\u0000${text}`;
  const hit = texts.get(key);
  if (hit) return hit;
  const result = templates.executeText(text, data, { name: field });
  if (texts.size < maxTexts) texts.set(key, result);
  return result;
}
