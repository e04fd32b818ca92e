/**
 * Contact point validation in SPEC's order: type supported; required settings present; name unique
 * within the organization; templates valid; URLs valid. Each failure is a 400 naming the problem.
 */

import type { TemplateSet } from '../../lib/gotemplate/index.js';
import { invalidObject } from './alerting.errors.js';
import { requiredSettingsError, supportedType, templateError, urlError } from './integrations-adapter.js';
import type { Settings } from './settings-paths.js';

export interface IntegrationCandidate {
  uid: string;
  name: string;
  type: string;
  /** every setting, secure ones in plain text */
  settings: Settings;
}

export interface ValidationContext {
  /** names of the organization's other contact points (for the uniqueness rule); omit to skip it */
  existingNames?: readonly string[];
  templates: TemplateSet;
}

/** Grafana's prefix of every integration error. */
export function integrationFailure(candidate: IntegrationCandidate, detail: string) {
  return invalidObject(
    `failed to validate integration "${candidate.name}" (UID ${candidate.uid}) of type "${candidate.type}": ${detail}`,
  );
}

/** Returns the canonical type on success; throws the first failure. */
export function validateIntegration(candidate: IntegrationCandidate, context: ValidationContext): string {
  if (candidate.type.trim() === '') throw invalidObject('type should not be an empty string');
  if (candidate.name.trim() === '') throw invalidObject('name should not be an empty string');
  if (candidate.name.length > 190) throw invalidObject('name is longer than 190 characters');

  const type = supportedType(candidate.type);
  if (!type) throw integrationFailure(candidate, `notifier ${candidate.type} is not supported`);

  const required = requiredSettingsError(type, candidate.settings);
  if (required) throw integrationFailure(candidate, required);

  if (context.existingNames) {
    // Grafana compat: an exact name joins that contact point (that is how one contact point gets
    // several integrations through this API); a name that differs only in case is ambiguous.
    const clash = context.existingNames.find(
      (other) => other !== candidate.name && other.toLowerCase() === candidate.name.toLowerCase(),
    );
    if (clash !== undefined) {
      throw invalidObject(
        `contact point name "${candidate.name}" is already used by contact point "${clash}"`,
      );
    }
  }

  const badTemplate = templateError(type, candidate.settings, context.templates);
  if (badTemplate) {
    throw integrationFailure(
      candidate,
      `invalid template in field "${badTemplate.field}": ${badTemplate.error}`,
    );
  }

  const badUrl = urlError(type, candidate.settings);
  if (badUrl) throw integrationFailure(candidate, badUrl);
  return type;
}
