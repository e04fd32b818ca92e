/**
 * Go's regexp (RE2 syntax) on top of JS RegExp: the pattern is translated (named groups `(?P<n>`,
 * `\A` `\z`, `\Q…\E`, POSIX classes, ASCII `\s`, punctuation escapes), constructs RE2 rejects are
 * rejected (backreferences, lookaround), and ReplaceAllString follows Go: `$1`/`${name}`
 * expansion and no replacement of an empty match right after a match.
 *
 * Error texts keep Go's shape (`error parsing regexp: <reason>: \`<pattern>\``); the reason can
 * differ from RE2's for patterns JS rejects.
 */

const posixClasses: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const jsSyntaxChars = '^$\\.*+?()[]{}|/';
const goSpace = '\\t\\n\\f\\r ';

class GoRegexpError extends Error {}

const cache = new Map<string, RegExp>();

/** regexp.Compile; throws GoRegexpError. The result is global (for replacing) and unicode-aware. */
export function compileGoRegexp(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (!re) {
    const { source, flags } = translate(pattern);
    try {
      re = new RegExp(source, flags + 'gu');
    } catch (err) {
      throw parseError(jsReason((err as Error).message), pattern);
    }
    if (cache.size < 500) cache.set(pattern, re);
  }
  re.lastIndex = 0;
  return re;
}

function parseError(reason: string, fragment: string): GoRegexpError {
  return new GoRegexpError(`error parsing regexp: ${reason}: \`${fragment}\``);
}

/** RE2's names for the mistakes JS reports. */
function jsReason(message: string): string {
  if (/Unterminated group/i.test(message)) return 'missing closing )';
  if (/Unmatched '\)'/i.test(message)) return 'unexpected )';
  if (/Unterminated character class/i.test(message)) return 'missing closing ]';
  if (/Nothing to repeat/i.test(message)) return 'missing argument to repetition operator';
  if (/numbers out of order/i.test(message)) return 'invalid repeat count';
  return 'invalid syntax';
}

function translate(pattern: string): { source: string; flags: string } {
  let flags = '';
  let i = 0;
  const leading = /^\(\?([imsU]+)\)/.exec(pattern);
  if (leading) {
    if (leading[1]!.includes('U')) throw parseError('ungreedy mode is not supported', leading[0]);
    flags = [...new Set(leading[1])].join('');
    i = leading[0].length;
  }
  let out = '';
  let inClass = false;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const [text, length] = translateEscape(pattern, i, inClass);
      out += text;
      i += length;
      continue;
    }
    if (inClass) {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(pattern.slice(i));
      if (posix) {
        const chars = posixClasses[posix[2]!];
        if (!chars || posix[1]) throw parseError('invalid character class range', posix[0]);
        out += chars;
        i += posix[0].length;
        continue;
      }
      if (c === ']' && !classJustOpened(out)) inClass = false;
      out += c === '[' ? '\\[' : c;
      i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      i++;
      if (pattern[i] === '^') {
        out += '^';
        i++;
      }
      if (pattern[i] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?') {
      const group = /^\(\?(P?<([A-Za-z_][A-Za-z0-9_]*)>|:|[imsU-]+[:)])/.exec(pattern.slice(i));
      if (!group) throw parseError('invalid or unsupported Perl syntax', pattern.slice(i, i + 3));
      if (group[2] !== undefined) out += `(?<${group[2]}>`;
      else if (group[1] === ':') out += '(?:';
      else throw parseError('flags inside a pattern are not supported', group[0]);
      i += group[0].length;
      continue;
    }
    out += c;
    i++;
  }
  return { source: out, flags };
}

function classJustOpened(out: string): boolean {
  return out.endsWith('[') || out.endsWith('[^');
}

/** One escape sequence at `i`: its JS form and its length in the pattern. */
function translateEscape(pattern: string, i: number, inClass: boolean): [string, number] {
  const next = pattern[i + 1];
  if (next === undefined) throw parseError('trailing backslash at end of expression', '');
  if (next === 'Q') {
    const end = pattern.indexOf('\\E', i + 2);
    const literal = pattern.slice(i + 2, end < 0 ? undefined : end);
    return [[...literal].map(escapeLiteral).join(''), (end < 0 ? pattern.length : end + 2) - i];
  }
  if (next === 'A' && !inClass) return ['(?<![\\s\\S])', 2];
  if (next === 'z' && !inClass) return ['(?![\\s\\S])', 2];
  if (next === 's') return [inClass ? goSpace : `[${goSpace}]`, 2];
  if (next === 'S') return [inClass ? '\\S' : `[^${goSpace}]`, 2];
  if (next === 'a') return ['\\x07', 2];
  if (next === 'p' || next === 'P') {
    const braced = /^\\[pP]\{\^?([A-Za-z_]+)\}/.exec(pattern.slice(i));
    const name = braced ? braced[1]! : pattern[i + 2];
    if (!name) throw parseError('invalid character class range', pattern.slice(i));
    const negate = (next === 'P') !== (braced?.[0].includes('{^') ?? false);
    const property = name.length <= 2 ? name : `Script=${name}`;
    return [`\\${negate ? 'P' : 'p'}{${property}}`, braced ? braced[0].length : 3];
  }
  if (next === 'x' && pattern[i + 2] === '{') {
    const end = pattern.indexOf('}', i);
    return [`\\u{${pattern.slice(i + 3, end)}}`, end + 1 - i];
  }
  if (/[1-9]/.test(next)) throw parseError('invalid escape sequence', `\\${next}`);
  if (/[0-7]/.test(next)) {
    const octal = /^[0-7]{1,3}/.exec(pattern.slice(i + 1))![0];
    return [`\\u{${parseInt(octal, 8).toString(16)}}`, octal.length + 1];
  }
  if (/[!-/:-@[-`{-~]/.test(next) && !jsSyntaxChars.includes(next) && !(inClass && next === '-')) {
    return [escapeLiteral(next), 2];
  }
  return [pattern.slice(i, i + 2), 2];
}

function escapeLiteral(ch: string): string {
  if (jsSyntaxChars.includes(ch) || ch === '-') return '\\' + ch;
  const code = ch.codePointAt(0)!;
  return code < 0x80 && /[!-/:-@[-`{-~]/.test(ch) ? `\\x${code.toString(16).padStart(2, '0')}` : ch;
}

/** regexp.MatchString. */
export function goMatch(pattern: string, text: string): boolean {
  return compileGoRegexp(pattern).test(text);
}

/** Regexp.ReplaceAllString. */
export function goReplaceAll(re: RegExp, text: string, template: string): string {
  let out = '';
  let lastMatchEnd = 0;
  let searchPos = 0;
  while (searchPos <= text.length) {
    re.lastIndex = searchPos;
    const m = re.exec(text);
    if (!m) break;
    const start = m.index;
    const end = start + m[0].length;
    out += text.slice(lastMatchEnd, start);
    // An empty match right after a match is not replaced (Go's rule).
    if (end > lastMatchEnd || start === 0) out += expand(template, m);
    lastMatchEnd = end;
    const width = text.codePointAt(searchPos)! > 0xffff ? 2 : 1;
    searchPos = searchPos + width > end ? searchPos + width : end;
  }
  return out + text.slice(lastMatchEnd);
}

/** Regexp.Expand: `$1`, `${1}`, `$name`, `${name}`, `$$`; a name is the longest run of word characters. */
function expand(template: string, m: RegExpExecArray): string {
  return template.replace(
    /\$(?:\$|\{([A-Za-z0-9_]+)\}|([A-Za-z0-9_]+))/g,
    (_whole, braced?: string, bare?: string) => {
      const name = braced ?? bare;
      if (name === undefined) return '$';
      if (/^\d+$/.test(name)) return m[Number(name)] ?? '';
      return m.groups?.[name] ?? '';
    },
  );
}
