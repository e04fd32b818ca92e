/**
 * Contact point validation in SPEC's order: type supported; required settings present; name unique
 * within the organization; templates valid; URLs valid. The first and the last two steps are per
 * integration (checkShape, checkContent); the name step sits between them, so a caller validating
 * a contact point of several integrations checks the shape of all of them, then the name, then
 * the content of all of them.
 */

import type { AppError } from '../../http/errors.js';
import type { TemplateSet } from '../../lib/gotemplate/index.js';
import { contactPointNameTaken, invalidObject } from './alerting.errors.js';
import { requiredSettingsError, supportedType, templateError, urlError } from './integrations-adapter.js';
import type { Settings } from './settings-paths.js';

/**
 * The longest contact point name, in UTF-8 bytes: its receiver uid (base64url of the name) is
 * stored in permission scopes, `receivers:uid:<uid>` in a 190-character column. Request schemas
 * allow as many characters (ALERTING_LIMITS.contactPointName); this checks the bytes, and files.
 */
export const MAX_NAME_BYTES = 132;

export interface IntegrationCandidate {
  uid: string;
  name: string;
  type: string;
  /** every setting, secure ones in plain text */
  settings: Settings;
}

/** Turns the detail of a failure into the API's error (the provisioning API's by default). */
export type Failure = (detail: string, field?: string) => AppError;

/** Grafana's prefix of every integration error. */
export function integrationDetail(candidate: IntegrationCandidate, detail: string): string {
  return `failed to validate integration "${candidate.name}" (UID ${candidate.uid}) of type "${candidate.type}": ${detail}`;
}

/** The contact point name itself: present and short enough. */
export function checkName(name: string, fail: Failure = invalidObject): void {
  if (name.trim() === '') throw fail('name should not be an empty string');
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    throw fail(`name is longer than ${MAX_NAME_BYTES} bytes (UTF-8)`);
}

/** Steps 1 and 2: the type is supported and the required settings are there. Returns the canonical type. */
export function checkShape(candidate: IntegrationCandidate, fail: Failure = invalidObject): string {
  if (candidate.type.trim() === '') throw fail('type should not be an empty string');
  checkName(candidate.name, fail);
  const type = supportedType(candidate.type);
  if (!type) throw fail(integrationDetail(candidate, `notifier ${candidate.type} is not supported`));
  const required = requiredSettingsError(type, candidate.settings);
  if (required) throw fail(integrationDetail(candidate, required));
  return type;
}

/**
 * Step 3: no other contact point of the organization has this name (ignoring case).
 * `existing` is the contact point holding the name, if any; `self` the one being changed.
 */
export function checkNameFree(existing: { name: string } | undefined, self?: string): void {
  if (existing && existing.name !== self) throw contactPointNameTaken(existing.name);
}

/** Steps 4 and 5: every templated field parses, every URL is valid. */
export function checkContent(
  candidate: IntegrationCandidate,
  type: string,
  templates: TemplateSet,
  fail: Failure = invalidObject,
): void {
  const badTemplate = templateError(type, candidate.settings, templates);
  if (badTemplate) {
    throw fail(
      integrationDetail(candidate, `invalid template in field "${badTemplate.field}": ${badTemplate.error}`),
      badTemplate.field,
    );
  }
  const badUrl = urlError(type, candidate.settings);
  if (badUrl) throw fail(integrationDetail(candidate, badUrl));
}

/** Every step but the name's (the test endpoint checks integrations that need not be stored). */
export function validateIntegration(candidate: IntegrationCandidate, templates: TemplateSet): string {
  const type = checkShape(candidate);
  checkContent(candidate, type, templates);
  return type;
}
