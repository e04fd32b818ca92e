/**
 * Go's fmt package as templates reach it: `print`, `println`, `printf` and the printing of action
 * results. Covers the verbs %v %+v %#v %T %s %q %x %X %d %b %o %O %c %U %e %E %f %F %g %G %t %%,
 * flags `+ - # 0 space`, width, precision, `*` and argument indexes `[n]`, Stringers (a `String`
 * method) and Go's error forms: `%!d(string=x)`, `%!d(MISSING)`, `%!(EXTRA int=1)`, `%!(NOVERB)`.
 */

import { Buffer } from 'node:buffer';
import { formatFloat } from './float-format.js';
import { isFloat, kindOf, methodOf, numberOf, sortedEntries, structFields, typeName } from './values.js';

export function sprint(args: readonly unknown[]): string {
  const p = new Printer();
  let prevString = false;
  args.forEach((arg, i) => {
    const isString = typeof arg === 'string';
    if (i > 0 && !isString && !prevString) p.buf += ' ';
    p.printArg(arg, 'v');
    prevString = isString;
  });
  return p.buf;
}

export function sprintln(args: readonly unknown[]): string {
  const p = new Printer();
  args.forEach((arg, i) => {
    if (i > 0) p.buf += ' ';
    p.printArg(arg, 'v');
  });
  return p.buf + '\n';
}

export function sprintf(format: string, args: readonly unknown[]): string {
  const p = new Printer();
  p.doPrintf(format, args);
  return p.buf;
}

/** A single value as `{{ . }}` prints it. */
export function formatValue(v: unknown): string {
  if (typeof v === 'string') return v;
  return sprint([v]);
}

const tooLarge = (n: number): boolean => n > 1e6 || n < -1e6;

class Printer {
  buf = '';
  // flags of the verb being printed
  private plus = false;
  private minus = false;
  private sharp = false;
  private space = false;
  private zero = false;
  private plusV = false;
  private sharpV = false;
  private wid = 0;
  private widPresent = false;
  private prec = 0;
  private precPresent = false;
  /** Set while printing a bad verb's operand, so String methods are not called. */
  private erroring = false;
  private reordered = false;
  private goodArgNum = true;

  private clearFlags(): void {
    this.plus = this.minus = this.sharp = this.space = this.zero = false;
    this.plusV = this.sharpV = false;
    this.wid = this.prec = 0;
    this.widPresent = this.precPresent = false;
  }

  doPrintf(format: string, args: readonly unknown[]): void {
    const end = format.length;
    let argNum = 0;
    let afterIndex = false;
    this.reordered = false;
    let i = 0;
    formatLoop: while (i < end) {
      this.goodArgNum = true;
      const lasti = i;
      while (i < end && format[i] !== '%') i++;
      if (i > lasti) this.buf += format.slice(lasti, i);
      if (i >= end) break;
      i++;
      this.clearFlags();
      simple: for (; i < end; i++) {
        const c = format[i]!;
        switch (c) {
          case '#':
            this.sharp = true;
            break;
          case '0':
            this.zero = !this.minus;
            break;
          case '+':
            this.plus = true;
            break;
          case '-':
            this.minus = true;
            this.zero = false;
            break;
          case ' ':
            this.space = true;
            break;
          default:
            if (c >= 'a' && c <= 'z' && argNum < args.length) {
              if (c === 'v') this.moveVFlags();
              this.printArg(args[argNum], c);
              argNum++;
              i++;
              continue formatLoop;
            }
            break simple;
        }
      }

      [argNum, i, afterIndex] = this.argNumber(argNum, format, i, args.length);
      if (i < end && format[i] === '*') {
        i++;
        [this.wid, this.widPresent, argNum] = intFromArg(args, argNum);
        if (!this.widPresent) this.buf += '%!(BADWIDTH)';
        if (this.wid < 0) {
          this.wid = -this.wid;
          this.minus = true;
          this.zero = false;
        }
        afterIndex = false;
      } else {
        [this.wid, this.widPresent, i] = parseNum(format, i, end);
        if (afterIndex && this.widPresent) this.goodArgNum = false;
      }

      if (i + 1 < end && format[i] === '.') {
        i++;
        if (afterIndex) this.goodArgNum = false;
        [argNum, i, afterIndex] = this.argNumber(argNum, format, i, args.length);
        if (i < end && format[i] === '*') {
          i++;
          [this.prec, this.precPresent, argNum] = intFromArg(args, argNum);
          if (this.prec < 0) {
            this.prec = 0;
            this.precPresent = false;
          }
          if (!this.precPresent) this.buf += '%!(BADPREC)';
          afterIndex = false;
        } else {
          [this.prec, this.precPresent, i] = parseNum(format, i, end);
          if (!this.precPresent) {
            this.prec = 0;
            this.precPresent = true;
          }
        }
      }

      if (!afterIndex) [argNum, i, afterIndex] = this.argNumber(argNum, format, i, args.length);
      if (i >= end) {
        this.buf += '%!(NOVERB)';
        break;
      }
      const verb = String.fromCodePoint(format.codePointAt(i)!);
      i += verb.length;
      if (verb === '%') {
        this.buf += '%';
      } else if (!this.goodArgNum) {
        this.buf += `%!${verb}(BADINDEX)`;
      } else if (argNum >= args.length) {
        this.buf += `%!${verb}(MISSING)`;
      } else {
        if (verb === 'v') this.moveVFlags();
        this.printArg(args[argNum], verb);
        argNum++;
      }
    }

    if (!this.reordered && argNum < args.length) {
      this.clearFlags();
      this.buf += '%!(EXTRA ';
      args.slice(argNum).forEach((arg, k) => {
        if (k > 0) this.buf += ', ';
        if (arg === undefined || arg === null) {
          this.buf += '<nil>';
        } else {
          this.buf += typeName(arg) + '=';
          this.printArg(arg, 'v');
        }
      });
      this.buf += ')';
    }
  }

  /** %#v means Go syntax and %+v field names; they are not the # and + flags of other verbs. */
  private moveVFlags(): void {
    this.sharpV = this.sharp;
    this.sharp = false;
    this.plusV = this.plus;
    this.plus = false;
  }

  private argNumber(argNum: number, format: string, i: number, numArgs: number): [number, number, boolean] {
    if (format.length <= i || format[i] !== '[') return [argNum, i, false];
    this.reordered = true;
    const close = format.indexOf(']', i + 1);
    if (format.length - i < 3 || close < 0) {
      this.goodArgNum = false;
      return [argNum, i + 1, false];
    }
    const [n, ok, newi] = parseNum(format, i + 1, close);
    if (!ok || newi !== close) {
      this.goodArgNum = false;
      return [argNum, close + 1, false];
    }
    const index = n - 1;
    if (index >= 0 && index < numArgs) return [index, close + 1, true];
    this.goodArgNum = false;
    return [argNum, close + 1, true];
  }

  printArg(arg: unknown, verb: string): void {
    if (arg === undefined || arg === null) {
      if (verb === 'T' || verb === 'v') this.pad('<nil>');
      else this.badVerb(verb, arg);
      return;
    }
    if (verb === 'T') {
      this.fmtS(typeName(arg));
      return;
    }
    switch (typeof arg) {
      case 'boolean':
        return this.fmtBool(arg, verb, arg);
      case 'string':
        return this.fmtString(arg, verb, arg);
      case 'number':
        return Number.isInteger(arg) ? this.fmtInteger(arg, verb, arg) : this.fmtFloat(arg, verb, arg);
    }
    if (!this.handleMethods(arg, verb)) this.printValue(arg, verb, 0);
  }

  /** Values with an `Error` or `String` method print through it for the string-like verbs. */
  private handleMethods(arg: unknown, verb: string): boolean {
    if (this.erroring || this.sharpV) return false;
    if (verb !== 'v' && verb !== 's' && verb !== 'x' && verb !== 'X' && verb !== 'q') return false;
    const method = methodOf(arg, 'Error') ?? methodOf(arg, 'String');
    if (!method) return false;
    let text: string;
    try {
      text = String(method.call(arg));
    } catch (err) {
      this.buf += `%!${verb}(PANIC=${method === methodOf(arg, 'Error') ? 'Error' : 'String'} method: ${(err as Error).message})`;
      return true;
    }
    this.fmtString(text, verb, arg);
    return true;
  }

  private printValue(v: unknown, verb: string, depth: number): void {
    if (depth > 0 && v !== undefined && v !== null && typeof v === 'object' && this.handleMethods(v, verb))
      return;
    switch (kindOf(v)) {
      case 'invalid':
      case 'nil':
        if (depth === 0 && v === undefined) this.buf += '<invalid reflect.Value>';
        else if (verb === 'v') this.buf += '<nil>';
        else this.badVerb(verb, v);
        return;
      case 'bool':
        return this.fmtBool(v as boolean, verb, v);
      case 'int':
        return this.fmtInteger(numberOf(v), verb, v);
      case 'float':
        return this.fmtFloat(numberOf(v), verb, v);
      case 'string':
        return this.fmtString(v as string, verb, v);
      case 'map':
        return this.printMap(v as object, verb, depth);
      case 'slice':
        return this.printSlice(v as unknown[], verb, depth);
      case 'struct':
        return this.printStruct(v as object, verb, depth);
      case 'func':
        this.buf += verb === 'v' || verb === 'p' ? '0x0' : `%!${verb}(${typeName(v)}=0x0)`;
        return;
    }
  }

  private printMap(m: object, verb: string, depth: number): void {
    this.buf += this.sharpV ? `${typeName(m)}{` : 'map[';
    sortedEntries(m).forEach(([key, value], i) => {
      if (i > 0) this.buf += this.sharpV ? ', ' : ' ';
      this.printValue(key, verb, depth + 1);
      this.buf += ':';
      this.printValue(value, verb, depth + 1);
    });
    this.buf += this.sharpV ? '}' : ']';
  }

  private printSlice(items: readonly unknown[], verb: string, depth: number): void {
    this.buf += this.sharpV ? `${typeName(items)}{` : '[';
    items.forEach((item, i) => {
      if (i > 0) this.buf += this.sharpV ? ', ' : ' ';
      this.printValue(item, verb, depth + 1);
    });
    this.buf += this.sharpV ? '}' : ']';
  }

  private printStruct(s: object, verb: string, depth: number): void {
    if (this.sharpV) this.buf += typeName(s);
    this.buf += '{';
    structFields(s).forEach(([name, value], i) => {
      if (i > 0) this.buf += this.sharpV ? ', ' : ' ';
      if (this.plusV || this.sharpV) this.buf += name + ':';
      this.printValue(value, verb, depth + 1);
    });
    this.buf += '}';
  }

  /** `%!verb(type=value)`: the operand is printed with %v but keeps the width and flags. */
  private badVerb(verb: string, arg: unknown): void {
    this.erroring = true;
    this.buf += `%!${verb}(`;
    if (arg === undefined || arg === null) {
      this.buf += '<nil>';
    } else {
      this.buf += typeName(arg) + '=';
      this.printArg(arg, 'v');
    }
    this.buf += ')';
    this.erroring = false;
  }

  // ---- basic kinds ----

  private fmtBool(b: boolean, verb: string, arg: unknown): void {
    if (verb === 't' || verb === 'v') this.pad(b ? 'true' : 'false');
    else this.badVerb(verb, arg);
  }

  private fmtInteger(n: number, verb: string, arg: unknown): void {
    switch (verb) {
      case 'v':
      case 'd':
        return this.fmtInt(n, 10, verb, false);
      case 'b':
        return this.fmtInt(n, 2, verb, false);
      case 'o':
      case 'O':
        return this.fmtInt(n, 8, verb, false);
      case 'x':
        return this.fmtInt(n, 16, verb, false);
      case 'X':
        return this.fmtInt(n, 16, verb, true);
      case 'c':
        return this.pad(this.truncate(runeString(n)));
      case 'q':
        return this.pad(quoteRune(n, this.plus));
      case 'U':
        return this.fmtUnicode(n);
      default:
        return this.badVerb(verb, arg);
    }
  }

  private fmtInt(n: number, base: number, verb: string, upper: boolean): void {
    const negative = n < 0;
    let digits = Math.abs(n).toString(base);
    if (upper) digits = digits.toUpperCase();
    let prec = 0;
    if (this.precPresent) {
      prec = this.prec;
      if (prec === 0 && n === 0) {
        const zero = this.zero;
        this.zero = false;
        this.writePadding(this.wid);
        this.zero = zero;
        return;
      }
    } else if (this.zero && this.widPresent) {
      prec = this.wid;
      if (negative || this.plus || this.space) prec--;
    }
    digits = digits.padStart(prec, '0');
    if (this.sharp) {
      if (base === 2) digits = '0b' + digits;
      else if (base === 8 && digits[0] !== '0') digits = '0' + digits;
      else if (base === 16) digits = (upper ? '0X' : '0x') + digits;
    }
    if (verb === 'O') digits = '0o' + digits;
    if (negative) digits = '-' + digits;
    else if (this.plus) digits = '+' + digits;
    else if (this.space) digits = ' ' + digits;
    const zero = this.zero;
    this.zero = false;
    this.pad(digits);
    this.zero = zero;
  }

  private fmtUnicode(n: number): void {
    let s =
      'U+' +
      n
        .toString(16)
        .toUpperCase()
        .padStart(this.precPresent ? Math.max(this.prec, 4) : 4, '0');
    if (this.sharp && n >= 0 && n <= 0x10ffff && isPrintable(String.fromCodePoint(n))) {
      s += ` '${String.fromCodePoint(n)}'`;
    }
    const zero = this.zero;
    this.zero = false;
    this.pad(s);
    this.zero = zero;
  }

  private fmtFloat(x: number, verb: string, arg: unknown): void {
    let prec: number;
    switch (verb) {
      case 'v':
        verb = 'g';
        prec = -1;
        break;
      case 'b':
      case 'g':
      case 'G':
      case 'x':
      case 'X':
        prec = -1;
        break;
      case 'f':
      case 'e':
      case 'E':
      case 'F':
        prec = 6;
        break;
      default:
        return this.badVerb(verb, arg);
    }
    if (this.precPresent) prec = this.prec;
    let num = formatFloat(x, verb === 'F' ? 'f' : verb, prec);
    if (num[0] !== '-' && num[0] !== '+') num = '+' + num;
    if (this.space && num[0] === '+' && !this.plus) num = ' ' + num.slice(1);
    if (this.sharp && verb !== 'b' && num[1] !== 'I' && num[1] !== 'N') num = sharpFloat(num, verb, prec);
    if (num[1] === 'I' || num[1] === 'N') {
      const zero = this.zero;
      this.zero = false;
      if (num[1] === 'N' && !this.space && !this.plus) num = num.slice(1);
      this.pad(num);
      this.zero = zero;
      return;
    }
    if (this.plus || num[0] !== '+') {
      if (this.zero && this.widPresent && this.wid > num.length) {
        this.buf += num[0];
        this.writePadding(this.wid - num.length);
        this.buf += num.slice(1);
        return;
      }
      this.pad(num);
      return;
    }
    this.pad(num.slice(1));
  }

  private fmtString(s: string, verb: string, arg: unknown): void {
    switch (verb) {
      case 'v':
        return this.sharpV ? this.fmtQ(s) : this.fmtS(s);
      case 's':
        return this.fmtS(s);
      case 'x':
        return this.fmtSx(s, '0123456789abcdef');
      case 'X':
        return this.fmtSx(s, '0123456789ABCDEF');
      case 'q':
        return this.fmtQ(s);
      default:
        return this.badVerb(verb, arg);
    }
  }

  private fmtS(s: string): void {
    this.pad(this.truncate(s));
  }

  private fmtQ(s: string): void {
    s = this.truncate(s);
    if (this.sharp && canBackquote(s)) this.pad('`' + s + '`');
    else this.pad(quote(s, this.plus));
  }

  private fmtSx(s: string, digits: string): void {
    let bytes = Buffer.from(s, 'utf8');
    if (this.precPresent && this.prec < bytes.length) bytes = bytes.subarray(0, this.prec);
    let out = '';
    bytes.forEach((b, i) => {
      if (this.space && i > 0) out += ' ';
      if (this.sharp && (this.space || i === 0)) out += digits === '0123456789abcdef' ? '0x' : '0X';
      out += digits[b >> 4]! + digits[b & 15]!;
    });
    this.pad(out);
  }

  /** Precision limits a string to that many runes. */
  private truncate(s: string): string {
    if (!this.precPresent) return s;
    return [...s].slice(0, this.prec).join('');
  }

  // ---- padding ----

  private writePadding(n: number): void {
    if (n > 0) this.buf += (this.zero ? '0' : ' ').repeat(n);
  }

  private pad(s: string): void {
    if (!this.widPresent || this.wid === 0) {
      this.buf += s;
      return;
    }
    const width = this.wid - runeCount(s);
    if (this.minus) {
      this.buf += s;
      this.writePadding(width);
    } else {
      this.writePadding(width);
      this.buf += s;
    }
  }
}

/** The `#` flag on floats: always a decimal point, and %g keeps its trailing zeros. */
function sharpFloat(num: string, verb: string, prec: number): string {
  let digits = verb === 'g' || verb === 'G' || verb === 'x' || verb === 'X' ? (prec === -1 ? 6 : prec) : 0;
  let tail = '';
  let hasDecimalPoint = false;
  let sawNonzeroDigit = false;
  for (let i = 1; i < num.length; i++) {
    const c = num[i]!;
    if (c === '.') {
      hasDecimalPoint = true;
    } else if (c === 'p' || c === 'P' || ((c === 'e' || c === 'E') && verb !== 'x' && verb !== 'X')) {
      tail = num.slice(i);
      num = num.slice(0, i);
      break;
    } else {
      if (c !== '0') sawNonzeroDigit = true;
      if (sawNonzeroDigit) digits--;
    }
  }
  if (!hasDecimalPoint) {
    if (num.length === 2 && num[1] === '0') digits--;
    num += '.';
  }
  return num + '0'.repeat(Math.max(digits, 0)) + tail;
}

function parseNum(s: string, start: number, end: number): [number, boolean, number] {
  if (start >= end) return [0, false, end];
  let num = 0;
  let isNum = false;
  let i = start;
  for (; i < end && s[i]! >= '0' && s[i]! <= '9'; i++) {
    if (tooLarge(num)) return [0, false, end];
    num = num * 10 + (s.charCodeAt(i) - 48);
    isNum = true;
  }
  return [num, isNum, i];
}

function intFromArg(args: readonly unknown[], argNum: number): [number, boolean, number] {
  if (argNum >= args.length) return [0, false, argNum];
  const arg = args[argNum];
  let num = 0;
  let isInt = false;
  if (kindOf(arg) === 'int' && !isFloat(arg)) {
    num = numberOf(arg);
    isInt = true;
  }
  if (tooLarge(num)) return [0, false, argNum + 1];
  return [num, isInt, argNum + 1];
}

function runeCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--;
  }
  return n;
}

function runeString(n: number): string {
  return n >= 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : '\ufffd';
}

/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
export function isPrintable(ch: string): boolean {
  return ch === ' ' || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch);
}

function canBackquote(s: string): boolean {
  for (const ch of s) {
    if (ch === '`' || ch === '\ufeff') return false;
    const c = ch.codePointAt(0)!;
    if (c < 0x20 && c !== 9) return false;
    if (c === 0x7f) return false;
  }
  return true;
}

/** strconv.Quote (or QuoteToASCII when `ascii`). */
export function quote(s: string, ascii = false): string {
  let out = '"';
  for (const ch of s) out += escapeRune(ch, '"', ascii);
  return out + '"';
}

function quoteRune(n: number, ascii: boolean): string {
  return `'${escapeRune(runeString(n), "'", ascii)}'`;
}

const simpleEscapes: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};

function escapeRune(ch: string, quoteChar: string, ascii: boolean): string {
  if (ch === quoteChar || ch === '\\') return '\\' + ch;
  const c = ch.codePointAt(0)!;
  if (ascii ? c < 0x80 && isPrintable(ch) : isPrintable(ch)) return ch;
  const simple = simpleEscapes[ch];
  if (simple) return simple;
  if (c < 0x20 || c === 0x7f) return '\\x' + c.toString(16).padStart(2, '0');
  if (c >= 0xd800 && c <= 0xdfff) return '\\ufffd';
  if (c < 0x10000) return '\\u' + c.toString(16).padStart(4, '0');
  return '\\U' + c.toString(16).padStart(8, '0');
}
