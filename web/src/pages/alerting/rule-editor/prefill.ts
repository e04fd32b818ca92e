import type { RulePrefill } from './model.js';

/** "Create alert rule from this panel" hands the editor the panel's queries through the tab's storage. */
const KEY = 'svc.ruleEditor.prefill';
/** The editor's URL when a prefill waits for it. */
export const PREFILL_PATH = '/alerting/new?from=panel';

export function savePrefill(prefill: RulePrefill): void {
  sessionStorage.setItem(KEY, JSON.stringify(prefill));
}

/** The waiting prefill (kept, so a reload of the editor shows it again). */
export function readPrefill(): RulePrefill | undefined {
  const text = sessionStorage.getItem(KEY);
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as RulePrefill;
    return Array.isArray(parsed.queries) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
