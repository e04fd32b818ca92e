/**
 * Secure settings: which keys of a type are secrets, moving them out of the plain settings before
 * storage, and how they are shown back.
 */

import { notifierFor } from './registry.js';
import { isRecord, type SettingsRecord } from './settings.js';

/** What the provisioning API shows instead of a stored secret, and accepts back as "unchanged". */
export const redactedValue = '[REDACTED]';

/** The dotted secure keys of a type (`password`, `tlsConfig.clientKey`); empty for an unknown type. */
export function secureSettingKeys(type: string): readonly string[] {
  return notifierFor(type)?.secure ?? [];
}

interface ExtractedSettings {
  /** The settings without any secure key. */
  settings: Record<string, unknown>;
  /** The secrets to encrypt, by canonical dotted key; empty strings are dropped. */
  secureSettings: Record<string, string>;
  /** Secure keys sent as `[REDACTED]`: keep the stored value for these. */
  redacted: string[];
}

/**
 * Grafana compat: secure keys are matched case-insensitively and may be nested
 * (`tlsConfig.clientKey`); the canonical spelling is stored.
 */
export function extractSecureSettings(type: string, settings: SettingsRecord): ExtractedSettings {
  const plain = structuredClone(settings) as Record<string, unknown>;
  const secureSettings: Record<string, string> = {};
  const redacted: string[] = [];
  for (const key of secureSettingKeys(type)) {
    const taken = take(plain, key.split('.'));
    if (taken === undefined) continue;
    const value = typeof taken === 'string' ? taken : typeof taken === 'number' ? String(taken) : '';
    if (value === redactedValue) redacted.push(key);
    else if (value !== '') secureSettings[key] = value;
  }
  return { settings: plain, secureSettings, redacted };
}

/** `{ key: true }` for every stored secret: the `secureFields` of a read. */
export function secureFieldsOf(secureSettings: Readonly<Record<string, string>>): Record<string, true> {
  return Object.fromEntries(Object.keys(secureSettings).map((k) => [k, true as const]));
}

/**
 * The settings with each stored secret shown as `[REDACTED]` at its place (provisioning API
 * reads and exports), or with its value when `decrypt` is set.
 */
export function redactedSettings(
  settings: SettingsRecord,
  secureSettings: Readonly<Record<string, string>>,
  decrypt = false,
): Record<string, unknown> {
  const out = structuredClone(settings) as Record<string, unknown>;
  for (const [key, value] of Object.entries(secureSettings)) {
    put(out, key.split('.'), decrypt ? value : redactedValue);
  }
  return out;
}

/** Removes and returns the value at a path, matching each segment case-insensitively. */
function take(record: Record<string, unknown>, path: string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return undefined;
  const key = Object.keys(record).find((k) => k.toLowerCase() === head.toLowerCase());
  if (key === undefined) return undefined;
  if (rest.length === 0) {
    const value = record[key];
    delete record[key];
    return value;
  }
  const child = record[key];
  return isRecord(child) ? take(child, rest) : undefined;
}

function put(record: Record<string, unknown>, path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    record[head] = value;
    return;
  }
  const child = record[head];
  const next: Record<string, unknown> = isRecord(child) ? child : {};
  record[head] = next;
  put(next, rest, value);
}
