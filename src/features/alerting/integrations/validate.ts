/**
 * Validation of an integration's settings, split in the stages SPEC orders around the API's own
 * checks: type supported → required settings (and other value checks) → [name unique →
 * templates valid, by the API] → URLs valid.
 */

import type { TemplateSet } from '../../../lib/gotemplate/index.js';
import { notifierFor } from './registry.js';
import { Settings, type SettingsRecord } from './settings.js';
import { templatedValues } from './templated-fields.js';
import type { ValidationResult } from './types.js';

type Secure = Readonly<Record<string, string>> | undefined;

const ok: ValidationResult = { ok: true };
const fail = (error: string): ValidationResult => ({ ok: false, error });

/** `notifier <type> is not supported` for an unknown type. */
export function validateIntegrationType(type: string): ValidationResult {
  return notifierFor(type) ? ok : fail(`notifier ${type} is not supported`);
}

/** Type supported, then required settings and value checks, in Grafana's order. */
export function validateIntegrationSettings(
  type: string,
  settings: SettingsRecord,
  secureSettings?: Secure,
): ValidationResult {
  const notifier = notifierFor(type);
  if (!notifier) return fail(`notifier ${type} is not supported`);
  const error = notifier.validate(new Settings(settings, secureSettings));
  return error === undefined ? ok : fail(error);
}

/** The URL checks (run last). */
export function validateIntegrationUrls(
  type: string,
  settings: SettingsRecord,
  secureSettings?: Secure,
): ValidationResult {
  const notifier = notifierFor(type);
  if (!notifier) return fail(`notifier ${type} is not supported`);
  const error = notifier.validateUrls?.(new Settings(settings, secureSettings));
  return error === undefined ? ok : fail(error);
}

/**
 * Every templated field parsed with the organization's template set; the first failure names the
 * field: `template: title:1:12: function "nope" not defined` (the template is named after the field).
 */
export function validateIntegrationTemplates(
  type: string,
  settings: SettingsRecord,
  templates: TemplateSet,
): ValidationResult & { field?: string } {
  for (const { field, text } of templatedValues(type, settings)) {
    const error = templates.check(text, field);
    if (error) return { ok: false, error: error.message, field };
  }
  return ok;
}

/** All stages of this library in order: type, settings, templates (when a set is given), URLs. */
export function validateIntegration(
  type: string,
  settings: SettingsRecord,
  secureSettings?: Secure,
  templates?: TemplateSet,
): ValidationResult {
  const stages = [
    () => validateIntegrationSettings(type, settings, secureSettings),
    () => (templates ? validateIntegrationTemplates(type, settings, templates) : ok),
    () => validateIntegrationUrls(type, settings, secureSettings),
  ];
  for (const stage of stages) {
    const result = stage();
    if (!result.ok) return { ok: false, error: result.error };
  }
  return ok;
}

/** Grafana's wrapping of a per-type error in the contact point API's 400 message. */
export function integrationValidationMessage(
  integration: { name: string; uid?: string; type: string },
  error: string,
): string {
  return `failed to validate integration "${integration.name}" (UID ${integration.uid ?? ''}) of type "${integration.type}": ${error}`;
}
