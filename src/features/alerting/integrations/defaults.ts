import { notifierFor } from './registry.js';

/** The defaults a type applies in memory when a setting is empty (a copy; empty for unknown types). */
export function settingDefaults(type: string): Record<string, unknown> {
  return structuredClone({ ...(notifierFor(type)?.defaults ?? {}) });
}
