/**
 * Alertmanager silences as pure rules (no I/O): validation, state at an instant, whether an update
 * may change a silence in place, label matching, the API's list order and its JSON shape.
 */

import { compileMatcher, MatcherError, type Matcher } from '../alerting/routing/matchers.js';

/** A matcher as the Alertmanager API v2 spells it. */
export interface SilenceMatcher {
  name: string;
  value: string;
  isRegex: boolean;
  isEqual: boolean;
}

export interface Silence {
  id: string;
  matchers: SilenceMatcher[];
  /** epoch ms */
  startsAt: number;
  endsAt: number;
  updatedAt: number;
  createdBy: string;
  comment: string;
}

export type SilenceState = 'active' | 'pending' | 'expired';

/**
 * Alertmanager's getState: pending before the start, expired from the end on. (Alertmanager keeps
 * a silence active at its exact end instant; with millisecond clocks a silence expired "now" would
 * then still read active, so the end instant counts as expired here.)
 */
export function stateAt(silence: Pick<Silence, 'startsAt' | 'endsAt'>, now: number): SilenceState {
  if (now < silence.startsAt) return 'pending';
  if (silence.endsAt <= now) return 'expired';
  return 'active';
}

export class SilenceError extends Error {}

const toMatcher = (m: SilenceMatcher): Matcher => ({
  name: m.name,
  type: m.isRegex ? (m.isEqual ? '=~' : '!~') : m.isEqual ? '=' : '!=',
  value: m.value,
});

/** Alertmanager's matchesEmpty: only a positive matcher can match the empty string. */
function matchesEmpty(m: SilenceMatcher): boolean {
  if (!m.isEqual) return false;
  if (!m.isRegex) return m.value === '';
  return compileMatcher(toMatcher(m)).matches({});
}

/**
 * Grafana's checks before the Alertmanager's, then the Alertmanager's (`validateSilence`), each
 * with its message. `endsAt` 0 stands for a missing end.
 */
export function validateSilence(
  silence: Pick<Silence, 'matchers' | 'startsAt' | 'endsAt'>,
  now: number,
): void {
  if (silence.endsAt === 0) throw new SilenceError('invalid zero end timestamp');
  if (silence.startsAt >= silence.endsAt) throw new SilenceError('start time must be before end time');
  if (silence.endsAt < now) throw new SilenceError("end time can't be in the past");
  if (silence.matchers.length === 0) throw new SilenceError('at least one matcher required');
  silence.matchers.forEach((m, i) => {
    if (m.name === '') throw new SilenceError(`invalid label matcher ${i}: invalid label name ""`);
    try {
      compileMatcher(toMatcher(m));
    } catch (err) {
      if (err instanceof MatcherError) throw new SilenceError(`invalid label matcher ${i}: ${err.message}`);
      throw err;
    }
  });
  if (silence.matchers.every(matchesEmpty)) {
    throw new SilenceError('at least one matcher must not match the empty string');
  }
}

const sameMatchers = (a: SilenceMatcher[], b: SilenceMatcher[]) =>
  a.length === b.length &&
  a.every(
    (m, i) =>
      m.name === b[i]!.name &&
      m.value === b[i]!.value &&
      m.isRegex === b[i]!.isRegex &&
      m.isEqual === b[i]!.isEqual,
  );

/**
 * Alertmanager's canUpdate: a posted silence with an existing id changes it in place only when
 * the matchers are identical and either it is active, keeps its start and does not end in the
 * past, or it is pending and the new start is not in the past. Otherwise the old one is expired
 * and a new silence (new id) is created.
 */
export function canUpdateInPlace(
  stored: Silence,
  next: Pick<Silence, 'matchers' | 'startsAt' | 'endsAt'>,
  now: number,
): boolean {
  if (!sameMatchers(stored.matchers, next.matchers)) return false;
  switch (stateAt(stored, now)) {
    case 'active':
      return next.startsAt === stored.startsAt && next.endsAt >= now;
    case 'pending':
      return next.startsAt >= now;
    case 'expired':
      return false;
  }
}

/** A silence ready to test label sets (compiled once, when the cache loads). */
export interface CompiledSilence {
  id: string;
  startsAt: number;
  endsAt: number;
  matches(labels: Readonly<Record<string, string>>): boolean;
}

export function compileSilence(silence: Silence): CompiledSilence {
  const compiled = silence.matchers.map((m) => compileMatcher(toMatcher(m)));
  return {
    id: silence.id,
    startsAt: silence.startsAt,
    endsAt: silence.endsAt,
    matches: (labels) => compiled.every((m) => m.matches(labels)),
  };
}

/**
 * Alertmanager's list filter: the filter matchers are applied to the silence's matchers taken as
 * labels (name → value); an empty filter value accepts a silence without that matcher name.
 */
export function matchesFilter(silence: Silence, filters: readonly Matcher[]): boolean {
  const labels = new Map(silence.matchers.map((m) => [m.name, m.value]));
  return filters.every((filter) => {
    const present = labels.has(filter.name);
    const negative = filter.type === '!=' || filter.type === '!~';
    if (filter.value === '' && present === negative) return true;
    return compileMatcher(filter).matches({ [filter.name]: labels.get(filter.name) ?? '' });
  });
}

const STATE_ORDER: Record<SilenceState, number> = { active: 0, pending: 1, expired: 2 };

/**
 * Alertmanager's SortSilences: active ones first, ending soonest first; then pending ones,
 * starting soonest first; then expired ones, most recently ended first.
 */
export function sortSilences(silences: Silence[], now: number): Silence[] {
  const key = (s: Silence) => {
    const state = stateAt(s, now);
    if (state === 'active') return s.endsAt;
    if (state === 'pending') return s.startsAt;
    return -s.endsAt;
  };
  return [...silences].sort(
    (a, b) => STATE_ORDER[stateAt(a, now)] - STATE_ORDER[stateAt(b, now)] || key(a) - key(b),
  );
}

/** GettableSilence: Alertmanager API v2's JSON (times as RFC 3339 with milliseconds). */
export function presentSilence(silence: Silence, now: number) {
  return {
    id: silence.id,
    status: { state: stateAt(silence, now) },
    updatedAt: new Date(silence.updatedAt).toISOString(),
    comment: silence.comment,
    createdBy: silence.createdBy,
    endsAt: new Date(silence.endsAt).toISOString(),
    matchers: silence.matchers.map((m) => ({
      isEqual: m.isEqual,
      isRegex: m.isRegex,
      name: m.name,
      value: m.value,
    })),
    startsAt: new Date(silence.startsAt).toISOString(),
  };
}
