/**
 * Alertmanager inhibition rules as pure rules (no I/O): the resource's spec, its validation (each
 * failure naming its field), compilation, and Alertmanager's inhibitor semantics.
 */

import { createHash } from 'node:crypto';
import {
  compileMatcher,
  MatcherError,
  type CompiledMatcher,
  type MatchType,
} from '../alerting/routing/matchers.js';
import type { InhibitingAlert } from './inhibition-rules.lookup.js';

/** A matcher as the resource spells it (`type` is one of `=`, `!=`, `=~`, `!~`). */
export interface InhibitionMatcher {
  type: string;
  label: string;
  value: string;
}

export interface InhibitionRuleSpec {
  source_matchers: InhibitionMatcher[];
  target_matchers: InhibitionMatcher[];
  equal: string[];
}

export interface InhibitionRule {
  name: string;
  spec: InhibitionRuleSpec;
  /** +1 on every write */
  version: number;
}

/** A validation failure: the message and the field it is about (k8s field path). */
export class InhibitionRuleError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const MATCH_TYPES: readonly string[] = ['=', '!=', '=~', '!~'];

/** k8s object names: a lowercase RFC 1123 subdomain. */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** k8s name validation (`metadata.name`), with the API server's wording. */
export function validateName(name: string): void {
  if (name === '') {
    throw new InhibitionRuleError('name or generateName is required', 'metadata.name');
  }
  if (!DNS_SUBDOMAIN.test(name)) {
    throw new InhibitionRuleError(
      `Invalid value: "${name}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`,
      'metadata.name',
    );
  }
}

/** With the `u` flag a surrogate pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Alertmanager's label name rule in UTF-8 mode (Grafana's): any non-empty valid UTF-8 string. A
 * JavaScript string is invalid UTF-8 only through a lone surrogate.
 */
function isValidLabelName(name: string): boolean {
  return name !== '' && !LONE_SURROGATE.test(name);
}

function compileAt(m: InhibitionMatcher, field: string): CompiledMatcher {
  if (!MATCH_TYPES.includes(m.type)) {
    throw new InhibitionRuleError(
      `Unsupported value: "${m.type}": supported values: "=", "!=", "=~", "!~"`,
      `${field}.type`,
    );
  }
  if (!isValidLabelName(m.label)) {
    throw new InhibitionRuleError(`invalid label name "${m.label}"`, `${field}.label`);
  }
  try {
    return compileMatcher({ name: m.label, type: m.type as MatchType, value: m.value });
  } catch (err) {
    if (err instanceof MatcherError) throw new InhibitionRuleError(err.message, `${field}.value`);
    throw err;
  }
}

/**
 * Grafana's checks: at least one source and one target matcher, each with a known type, a valid
 * label name and (for regexes) a pattern that compiles; the `equal` labels valid label names.
 */
export function validateSpec(spec: InhibitionRuleSpec): void {
  if (spec.source_matchers.length === 0) {
    throw new InhibitionRuleError(
      'inhibition rule must have at least one source matcher',
      'spec.source_matchers',
    );
  }
  if (spec.target_matchers.length === 0) {
    throw new InhibitionRuleError(
      'inhibition rule must have at least one target matcher',
      'spec.target_matchers',
    );
  }
  spec.source_matchers.forEach((m, i) => compileAt(m, `spec.source_matchers[${i}]`));
  spec.target_matchers.forEach((m, i) => compileAt(m, `spec.target_matchers[${i}]`));
  spec.equal.forEach((label, i) => {
    if (!isValidLabelName(label)) {
      throw new InhibitionRuleError(`invalid label name "${label}" in equal list`, `spec.equal[${i}]`);
    }
  });
}

/** The resource's `resourceVersion`: a digest of the spec (Grafana's is the rule's fingerprint). */
export function resourceVersionOf(rule: Pick<InhibitionRule, 'spec'>): string {
  return createHash('sha256').update(JSON.stringify(rule.spec)).digest('hex').slice(0, 16);
}

/** A rule ready to test label sets (compiled once, when the cache loads). */
export interface CompiledInhibitionRule {
  name: string;
  source: CompiledMatcher[];
  target: CompiledMatcher[];
  equal: string[];
}

export function compileRule(rule: InhibitionRule): CompiledInhibitionRule {
  const compile = (m: InhibitionMatcher) =>
    compileMatcher({ name: m.label, type: m.type as MatchType, value: m.value });
  return {
    name: rule.name,
    source: rule.spec.source_matchers.map(compile),
    target: rule.spec.target_matchers.map(compile),
    equal: rule.spec.equal,
  };
}

type Labels = Readonly<Record<string, string>>;

const matchAll = (matchers: readonly CompiledMatcher[], labels: Labels) =>
  matchers.every((m) => m.matches(labels));

/**
 * Alertmanager's inhibitor (`Inhibitor.Mutes`): a target — labels matching a rule's target
 * matchers — is muted by every `firing` alert that matches the rule's source matchers and has the
 * same values (a missing label counting as empty) for its `equal` labels. When the target itself
 * matches the source matchers, sources that also match the target matchers are ignored (so two
 * alerts matching both sides do not mute each other). Answers the fingerprints of the inhibiting
 * alerts, sorted; empty when the alert is not inhibited. `firing` holds only alerts firing now.
 */
export function inhibitedBy(
  rules: readonly CompiledInhibitionRule[],
  labels: Labels,
  firing: readonly InhibitingAlert[],
): string[] {
  const by = new Set<string>();
  for (const rule of rules) {
    if (!matchAll(rule.target, labels)) continue;
    const twoSided = matchAll(rule.source, labels);
    for (const source of firing) {
      if (!matchAll(rule.source, source.labels)) continue;
      if (twoSided && matchAll(rule.target, source.labels)) continue;
      if (rule.equal.every((name) => (source.labels[name] ?? '') === (labels[name] ?? ''))) {
        by.add(source.fingerprint);
      }
    }
  }
  return [...by].sort();
}
