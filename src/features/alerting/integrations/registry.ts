/** Every integration type svc can create and send to, by identifier. */

import type { NotifierDefinition } from './notifier.js';
import { oncall, webhook } from './notifiers/webhook.js';

const notifiers: readonly NotifierDefinition[] = [oncall, webhook];

const byLowerType = new Map(notifiers.map((n) => [n.type.toLowerCase(), n]));

/** The identifiers in the catalogue's order (byte order: `LINE` first). */
export const integrationTypes: readonly string[] = notifiers
  .map((n) => n.type)
  .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Grafana compat: types match case-insensitively (`line` is `LINE`). */
export function notifierFor(type: string): NotifierDefinition | undefined {
  return byLowerType.get(type.toLowerCase());
}
