import type { FormState } from './form-state.js';
import type { DataSource } from './types.js';

/** What every settings section receives. */
export interface SectionProps {
  ds: DataSource;
  form: FormState;
  /** true when the caller may not write (or the data source is read-only) */
  disabled: boolean;
  change: (patch: Partial<FormState>) => void;
}

/** A jsonData change; undefined or '' removes the key. */
export function jsonPatch(form: FormState, key: string, value: unknown): Partial<FormState> {
  const jsonData = { ...form.jsonData };
  if (value === undefined || value === '') delete jsonData[key];
  else jsonData[key] = value;
  return { jsonData };
}

/** A new secret value ('' clears the stored one on save). */
export function secretPatch(form: FormState, key: string, value: string): Partial<FormState> {
  return { secrets: { ...form.secrets, [key]: value } };
}

/** A jsonData value shown in a text input. */
export function jsonText(form: FormState, key: string): string {
  const value = form.jsonData[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
