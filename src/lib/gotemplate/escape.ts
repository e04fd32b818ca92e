/** The escapers behind the `html`, `js` and `urlquery` builtins, byte for byte Go's. */

import { Buffer } from 'node:buffer';
import { isPrintable } from './fmt.js';

const htmlEscapes: Record<string, string> = {
  '"': '&#34;',
  "'": '&#39;',
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\0': '\ufffd',
};

/** template.HTMLEscapeString. */
export function htmlEscape(s: string): string {
  return s.replace(/["'&<>\0]/g, (c) => htmlEscapes[c]!);
}

const jsEscapes: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '<': '\\u003C',
  '>': '\\u003E',
  '&': '\\u0026',
  '=': '\\u003D',
};

/** template.JSEscapeString: quotes, backslashes, <>&= and unprintable characters. */
export function jsEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    const simple = jsEscapes[ch];
    if (simple) out += simple;
    else if (c < 0x20) out += '\\u00' + c.toString(16).toUpperCase().padStart(2, '0');
    else if (c < 0x80 || isPrintable(ch)) out += ch;
    else out += '\\u' + c.toString(16).toUpperCase().padStart(4, '0');
  }
  return out;
}

/** url.QueryEscape: unreserved bytes stay, space becomes +, the rest is %XX. */
export function queryEscape(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
