/**
 * The template functions of Grafana's Alertmanager fork: toUpper toLower title trimSpace join
 * match reReplaceAll safeHtml stringSlice date tz, with their Go signatures.
 */

import { goFunc, GoTime, typedSlice, type FuncMap } from '../../../lib/gotemplate/index.js';
import { compileGoRegexp, goMatch, goReplaceAll } from './go-regexp.js';

/** Go's unicode.IsSpace set, which strings.TrimSpace removes (JS's trim also removes U+FEFF). */
const goSpace = '\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';
const trimPattern = new RegExp(`^[${goSpace}]+|[${goSpace}]+$`, 'g');

/** Go maps case rune by rune; a rune whose mapping would be longer (ß → SS) stays as it is. */
function mapRunes(s: string, map: (ch: string) => string): string {
  let out = '';
  for (const ch of s) {
    const mapped = map(ch);
    out += [...mapped].length === 1 ? mapped : ch;
  }
  return out;
}

/**
 * cases.Title(language.AmericanEnglish): the first letter of each word upper-cased, the rest
 * lower-cased. Apostrophes and underscores inside a word do not start a new word.
 */
// Built from a string: a bundler turns a regular expression literal's \u2019 back into the
// character, and one non-ASCII character doubles the memory of the whole bundled source.
const WORD = new RegExp("[\\p{L}\\p{M}\\p{N}_]+(?:['\u2019.][\\p{L}\\p{M}\\p{N}_]+)*", 'gu');

function title(s: string): string {
  return s.replace(WORD, (word) => {
    const [first = '', ...rest] = [...word];
    return mapRunes(first, (c) => c.toUpperCase()) + mapRunes(rest.join(''), (c) => c.toLowerCase());
  });
}

export const alertmanagerFunctions: FuncMap = {
  toUpper: goFunc(['string'], (s: string) => mapRunes(s, (c) => c.toUpperCase())),
  toLower: goFunc(['string'], (s: string) => mapRunes(s, (c) => c.toLowerCase())),
  title: goFunc(['string'], title),
  trimSpace: goFunc(['string'], (s: string) => s.replace(trimPattern, '')),
  join: goFunc(['string', '[]string'], (sep: string, items: string[] | null) => (items ?? []).join(sep)),
  match: goFunc(['string', 'string'], goMatch),
  reReplaceAll: goFunc(
    ['string', 'string', 'string'],
    (pattern: string, replacement: string, text: string) => {
      let re: RegExp;
      try {
        re = compileGoRegexp(pattern);
      } catch (err) {
        // Alertmanager uses MustCompile, whose panic names the pattern.
        throw new Error(`regexp: Compile(\`${pattern}\`): ${(err as Error).message}`);
      }
      return goReplaceAll(re, text, replacement);
    },
  ),
  safeHtml: goFunc(['string'], (s: string) => s),
  stringSlice: goFunc(['...string'], (...items: string[]) => typedSlice(items, '[]string')),
  date: goFunc(['string', 'time.Time'], (layout: string, t: GoTime) => t.Format(layout)),
  tz: goFunc(['string', 'time.Time'], (zone: string, t: GoTime) => t.inZone(zone)),
};
