/**
 * Label matchers as people type them in a filter box (`team=ops, severity=~crit.*`) and as silences
 * take them: parsed, tested against a label set, and written in Alertmanager's syntax.
 */
import type { Matcher } from './policyTree.js';

export interface LabelMatcher {
  name: string;
  value: string;
  isRegex: boolean;
  isEqual: boolean;
}

const MATCHER = /^\s*([^\s!=~"]+)\s*(=~|!~|!=|=)\s*"?(.*?)"?\s*$/;

/** `env!~dev.*` → a matcher; undefined when it does not parse. */
export function parseMatcher(text: string): LabelMatcher | undefined {
  const match = MATCHER.exec(text);
  if (!match) return undefined;
  const op = match[2]!;
  return { name: match[1]!, value: match[3]!, isRegex: op.includes('~'), isEqual: !op.startsWith('!') };
}

/** `team=ops, env!~dev.*` → matchers; undefined when a part does not parse. */
export function parseMatchers(text: string): LabelMatcher[] | undefined {
  const matchers: LabelMatcher[] = [];
  for (const part of text.split(',')) {
    if (!part.trim()) continue;
    const matcher = parseMatcher(part);
    if (!matcher) return undefined;
    matchers.push(matcher);
  }
  return matchers;
}

/** Alertmanager's semantics: a missing label is the empty string, a regex is anchored. */
export function matchesLabels(labels: Record<string, string>, matchers: LabelMatcher[]): boolean {
  return matchers.every((m) => {
    const value = labels[m.name] ?? '';
    let hit: boolean;
    if (m.isRegex) {
      try {
        hit = new RegExp(`^(?:${m.value})$`).test(value);
      } catch {
        hit = false;
      }
    } else hit = value === m.value;
    return hit === m.isEqual;
  });
}

export const operatorOf = (m: LabelMatcher) =>
  m.isRegex ? (m.isEqual ? '=~' : '!~') : m.isEqual ? '=' : '!=';

/** The editor's tuple form (MatchersEditor) of a silence matcher, and back. */
export const toTuple = (m: LabelMatcher): Matcher => [m.name, operatorOf(m), m.value];
export const fromTuple = ([name, op, value]: Matcher): LabelMatcher => ({
  name,
  value,
  isRegex: op.includes('~'),
  isEqual: !op.startsWith('!'),
});

/** Alertmanager's matcher text, the value quoted: `team="ops"`. */
export const matcherText = (m: LabelMatcher) => `${m.name}${operatorOf(m)}${JSON.stringify(m.value)}`;

/** The link to a new silence with one `=` matcher per label (what "Silence" on an alert opens). */
export function newSilenceUrl(labels: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const name of Object.keys(labels).sort()) {
    // Grafana's: private `__name__` labels (the simplified routing's) are not matched on
    if (!/^__.*__$/.test(name)) search.append('matcher', `${name}=${labels[name]}`);
  }
  return `/alerting/silence/new?${search.toString()}`;
}
