/**
 * Contact point validation in SPEC's order: type supported; required settings present; name unique
 * within the organization; templates valid; URLs valid. The first and the last two steps are per
 * integration (prepareIntegration, contentProblem); the name step sits between them, so a caller
 * validating a contact point of several integrations checks the shape of all of them, then the
 * name, then the content of all of them. Checks answer a Problem; writes turn it into their error.
 */

import type { AppError } from '../../http/errors.js';
import type { TemplateSet } from '../../lib/gotemplate/index.js';
import { contactPointNameTaken, invalidObject } from './alerting.errors.js';
import {
  notifierFor,
  validateIntegrationSettings,
  validateIntegrationTemplates,
  validateIntegrationUrls,
} from './integrations/index.js';
import type { IntegrationSecrets, ResolvedSettings } from './integration-secrets.js';
import type { Settings } from './settings-paths.js';

/**
 * The longest contact point name, in UTF-8 bytes: its receiver uid (base64url of the name) is
 * stored in permission scopes, `receivers:uid:<uid>` in a 190-character column. Request schemas
 * allow as many characters (ALERTING_LIMITS.contactPointName); this checks the bytes, and files.
 */
const MAX_NAME_BYTES = 132;

interface IntegrationCandidate {
  uid: string;
  name: string;
  type: string;
  /** every setting, secure ones in plain text */
  settings: Settings;
}

/** Why an integration is refused: Grafana's text, and the settings field at fault when known. */
interface Problem {
  detail: string;
  field?: string;
}

/** Turns a problem into the API's error (the provisioning API's by default). */
export type Failure = (detail: string, field?: string) => AppError;

/** Grafana's prefix of every integration error. */
function integrationDetail(candidate: IntegrationCandidate, detail: string): string {
  return `failed to validate integration "${candidate.name}" (UID ${candidate.uid}) of type "${candidate.type}": ${detail}`;
}

function nameProblem(name: string): Problem | undefined {
  if (name.trim() === '') return { detail: 'name should not be an empty string' };
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    return { detail: `name is longer than ${MAX_NAME_BYTES} bytes (UTF-8)` };
  return undefined;
}

/** Throws the problem as the caller's error. */
function raise(problem: Problem, fail: Failure): never {
  throw fail(problem.detail, problem.field);
}

/** Throws the problem, if any, as the caller's error. */
export function refuse(problem: Problem | undefined, fail: Failure = invalidObject): void {
  if (problem) raise(problem, fail);
}

/** The contact point name itself: present and short enough. */
export function checkName(name: string, fail: Failure = invalidObject): void {
  refuse(nameProblem(name), fail);
}

/** Steps 1 and 2: the type is supported and the required settings are there. */
function shape(candidate: IntegrationCandidate): { type: string } | Problem {
  if (candidate.type.trim() === '') return { detail: 'type should not be an empty string' };
  const badName = nameProblem(candidate.name);
  if (badName) return badName;
  const type = notifierFor(candidate.type)?.type;
  if (!type) return { detail: integrationDetail(candidate, `notifier ${candidate.type} is not supported`) };
  const required = validateIntegrationSettings(type, candidate.settings);
  if (!required.ok) return { detail: integrationDetail(candidate, required.error) };
  return { type };
}

/**
 * Step 3: no other contact point of the organization has this name (ignoring case).
 * `existing` is the contact point holding the name, if any; `self` the one being changed.
 */
export function checkNameFree(existing: { name: string } | undefined, self?: string): void {
  if (existing && existing.name !== self) throw contactPointNameTaken(existing.name);
}

/** Steps 4 and 5: every templated field parses, every URL is valid. */
export function contentProblem(
  candidate: IntegrationCandidate,
  type: string,
  templates: TemplateSet,
): Problem | undefined {
  const badTemplate = validateIntegrationTemplates(type, candidate.settings, templates);
  if (!badTemplate.ok) {
    const field = badTemplate.field ?? '';
    return {
      detail: integrationDetail(candidate, `invalid template in field "${field}": ${badTemplate.error}`),
      field,
    };
  }
  const badUrl = validateIntegrationUrls(type, candidate.settings);
  return badUrl.ok ? undefined : { detail: integrationDetail(candidate, badUrl.error) };
}

/** An integration with its secrets resolved and its shape (steps 1 and 2) checked. */
interface PreparedIntegration extends ResolvedSettings {
  candidate: IntegrationCandidate;
  /** the canonical type (`line` → `LINE`) */
  type: string;
}

/**
 * The one way in for an integration's settings: secrets resolved against the stored ones
 * (`[REDACTED]` keeps a stored secret), then steps 1 and 2. The name (step 3) and the content
 * (`contentProblem`, steps 4 and 5) follow, so a contact point of several integrations checks
 * the shape of all of them first.
 */
export async function prepareIntegration(
  codec: IntegrationSecrets,
  input: { uid: string; name: string; type: string; settings: Settings },
  stored: Record<string, string>,
): Promise<PreparedIntegration | Problem> {
  const resolved = await codec.resolve(input.type, input.settings, stored);
  const candidate = { uid: input.uid, name: input.name, type: input.type, settings: resolved.all };
  const checked = shape(candidate);
  return 'detail' in checked ? checked : { ...resolved, candidate, type: checked.type };
}

/** `prepareIntegration` for writes: a problem is thrown as the caller's error. */
export async function prepareOrRefuse(
  codec: IntegrationSecrets,
  input: { uid: string; name: string; type: string; settings: Settings },
  stored: Record<string, string>,
  fail: Failure = invalidObject,
): Promise<PreparedIntegration> {
  const prepared = await prepareIntegration(codec, input, stored);
  return 'detail' in prepared ? raise(prepared, fail) : prepared;
}
