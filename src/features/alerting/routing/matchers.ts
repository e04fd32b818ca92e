/**
 * Alertmanager label matchers: `=`, `!=`, `=~`, `!~`. Regexes are anchored at both ends, as
 * Prometheus does; a missing label matches as the empty string.
 */

export type MatchType = '=' | '!=' | '=~' | '!~';

export interface Matcher {
  name: string;
  type: MatchType;
  value: string;
}

export interface CompiledMatcher extends Matcher {
  matches(labels: Readonly<Record<string, string>>): boolean;
}

const TYPES: readonly MatchType[] = ['=~', '!~', '!=', '='];

export class MatcherError extends Error {}

export function compileMatcher(matcher: Matcher): CompiledMatcher {
  if (!TYPES.includes(matcher.type)) throw new MatcherError(`unknown match type "${String(matcher.type)}"`);
  if (matcher.name === '') throw new MatcherError('matcher has an empty label name');
  let test: (value: string) => boolean;
  if (matcher.type === '=~' || matcher.type === '!~') {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${matcher.value})$`, 'su');
    } catch (err) {
      throw new MatcherError(`invalid regular expression "${matcher.value}": ${(err as Error).message}`);
    }
    test = (value) => re.test(value);
  } else {
    test = (value) => value === matcher.value;
  }
  const negate = matcher.type === '!=' || matcher.type === '!~';
  return {
    ...matcher,
    matches: (labels) => test(labels[matcher.name] ?? '') !== negate,
  };
}

/**
 * Parses one matcher in Prometheus text form: `name="value"`, `name=~"re.*"`, `name!=value`
 * (quotes optional; `\"` and `\\` escapes inside quotes; surrounding braces allowed).
 */
export function parseMatcher(text: string): Matcher {
  const trimmed = text
    .trim()
    .replace(/^\{(.*)\}$/s, '$1')
    .trim();
  const match = /^([^=!~\s]+)\s*(=~|!~|!=|=)\s*(.*)$/s.exec(trimmed);
  if (!match) throw new MatcherError(`bad matcher format: ${text}`);
  const [, name, type, rawValue] = match as unknown as [string, string, MatchType, string];
  let value = rawValue.trim();
  if (value.startsWith('"')) {
    if (!value.endsWith('"') || value.length < 2) throw new MatcherError(`bad matcher format: ${text}`);
    value = value
      .slice(1, -1)
      .replace(/\\(["\\])/g, '$1')
      .replace(/\\n/g, '\n');
  }
  return { name: name.replace(/^"(.*)"$/, '$1'), type, value };
}

export function matchesAll(
  matchers: readonly CompiledMatcher[],
  labels: Readonly<Record<string, string>>,
): boolean {
  return matchers.every((m) => m.matches(labels));
}
