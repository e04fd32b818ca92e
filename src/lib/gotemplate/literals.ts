/**
 * Go literal syntax inside actions: quoted strings (strconv.Unquote), character constants and
 * numbers (text/template/parse's newNumber), with Go's error texts.
 */

import { Buffer } from 'node:buffer';

export class LiteralError extends Error {}

const simpleEscapes: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

/** strconv.Unquote for "…" and `…` literals. */
export function unquote(quoted: string): string {
  if (quoted.startsWith('`')) return quoted.slice(1, -1).replaceAll('\r', '');
  return unescape(quoted.slice(1, -1), '"');
}

/** Decodes escapes; byte escapes (\xHH, \ooo) are gathered and read as UTF-8, as Go strings hold bytes. */
function unescape(body: string, quoteChar: string): string {
  let out = '';
  let bytes: number[] = [];
  const flushBytes = (): void => {
    if (bytes.length) out += Buffer.from(bytes).toString('utf8');
    bytes = [];
  };
  for (let i = 0; i < body.length;) {
    const c = body[i]!;
    if (c === quoteChar) throw new LiteralError('invalid syntax');
    if (c !== '\\') {
      flushBytes();
      out += c;
      i++;
      continue;
    }
    const e = body[i + 1];
    if (e === undefined) throw new LiteralError('invalid syntax');
    if (simpleEscapes[e] !== undefined || e === quoteChar) {
      flushBytes();
      out += simpleEscapes[e] ?? e;
      i += 2;
    } else if (e === 'x') {
      bytes.push(hexValue(body.slice(i + 2, i + 4), 2));
      i += 4;
    } else if (e >= '0' && e <= '7') {
      const digits = body.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(digits) || parseInt(digits, 8) > 255) throw new LiteralError('invalid syntax');
      bytes.push(parseInt(digits, 8));
      i += 4;
    } else if (e === 'u' || e === 'U') {
      const n = e === 'u' ? 4 : 8;
      const code = hexValue(body.slice(i + 2, i + 2 + n), n);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new LiteralError('invalid syntax');
      flushBytes();
      out += String.fromCodePoint(code);
      i += 2 + n;
    } else {
      throw new LiteralError('invalid syntax');
    }
  }
  flushBytes();
  return out;
}

function hexValue(digits: string, length: number): number {
  if (digits.length !== length || !/^[0-9a-fA-F]+$/.test(digits)) throw new LiteralError('invalid syntax');
  return parseInt(digits, 16);
}

interface NumberValue {
  isInt: boolean;
  isFloat: boolean;
  intValue: number;
  floatValue: number;
}

/** Classifies a numeric literal the way Go's parser does: every type it fits in. */
export function parseNumber(text: string): NumberValue {
  if (text.startsWith("'")) {
    const body = text.slice(1, -1);
    let ch: string;
    try {
      ch = unescape(body, "'");
    } catch {
      throw new LiteralError('invalid syntax');
    }
    if ([...ch].length !== 1) throw new LiteralError(`malformed character constant: ${text}`);
    const code = ch.codePointAt(0)!;
    return { isInt: true, isFloat: true, intValue: code, floatValue: code };
  }
  if (text.endsWith('i') && !/^[+-]?0[xX]/.test(text)) {
    throw new LiteralError(`complex numbers are not supported: ${JSON.stringify(text)}`);
  }
  const int = parseInteger(text);
  if (int !== undefined) return { isInt: true, isFloat: true, intValue: int, floatValue: int };
  const float = parseFloat64(text);
  if (float === undefined) throw new LiteralError(`illegal number syntax: ${JSON.stringify(text)}`);
  if (!/[.eEpP]/.test(text)) throw new LiteralError(`integer overflow: ${JSON.stringify(text)}`);
  const isInt = Number.isInteger(float) && Math.abs(float) <= 2 ** 63;
  return { isInt, isFloat: true, intValue: isInt ? float : 0, floatValue: float };
}

/** strconv.ParseInt(text, 0, 64): prefixes 0x 0o 0b, a leading 0 for octal, underscores. */
function parseInteger(text: string): number | undefined {
  const sign = text.startsWith('-') ? -1 : 1;
  let body = text.replace(/^[+-]/, '');
  let base = 10;
  if (/^0[xX]/.test(body)) [base, body] = [16, body.slice(2)];
  else if (/^0[oO]/.test(body)) [base, body] = [8, body.slice(2)];
  else if (/^0[bB]/.test(body)) [base, body] = [2, body.slice(2)];
  else if (/^0./.test(body)) [base, body] = [8, body.slice(1)];
  if (body.includes('_')) {
    if (!underscoresOK(text.replace(/^[+-]/, ''))) return undefined;
    body = body.replaceAll('_', '');
  }
  const digits = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base];
  if (!digits?.test(body)) return undefined;
  const value = sign * parseInt(body, base);
  return Math.abs(value) > 2 ** 63 || value === 2 ** 63 ? undefined : value;
}

/** strconv.ParseFloat: decimal and hexadecimal (0x1.8p3) forms. */
function parseFloat64(text: string): number | undefined {
  const body = text.replace(/^[+-]/, '');
  const sign = text.startsWith('-') ? -1 : 1;
  if (body.includes('_') && !underscoresOK(body)) return undefined;
  const clean = body.replaceAll('_', '');
  const hex = /^0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/.exec(clean);
  if (hex) {
    const [, whole = '', frac = '', exp = '0'] = hex;
    if (!whole && !frac) return undefined;
    const mantissa = parseInt(whole || '0', 16) + (frac ? parseInt(frac, 16) / 16 ** frac.length : 0);
    return sign * mantissa * 2 ** Number(exp);
  }
  if (!/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(clean)) return undefined;
  return sign * Number(clean);
}

/** Go allows underscores only between digits, or after a base prefix. */
function underscoresOK(s: string): boolean {
  let saw: '^' | '0' | '_' | '!' = '^';
  let i = 0;
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && /[xXbBoO]/.test(s[1]!)) {
    hex = /[xX]/.test(s[1]!);
    i = 2;
    saw = '0';
  }
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (/[0-9]/.test(c) || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
    } else if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}
