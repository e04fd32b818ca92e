/**
 * The template lexer, a state machine run on demand like Go's text/template/parse lexer.
 * It yields the same items, in the same places, with the same error texts, because parse
 * errors quote those items and name their lines.
 */

export type ItemType =
  | 'error'
  | 'bool'
  | 'char' // printable ASCII character: grab bag for comma etc.
  | 'charConstant'
  | 'comment'
  | 'assign' // =
  | 'declare' // :=
  | 'EOF'
  | 'field' // .Field
  | 'identifier'
  | 'leftDelim'
  | 'leftParen'
  | 'number'
  | 'pipe'
  | 'rawString'
  | 'rightDelim'
  | 'rightParen'
  | 'space'
  | 'string'
  | 'text'
  | 'variable'
  // keywords
  | 'block'
  | 'break'
  | 'continue'
  | 'dot'
  | 'define'
  | 'else'
  | 'end'
  | 'if'
  | 'nil'
  | 'range'
  | 'template'
  | 'with';

export interface Item {
  type: ItemType;
  /** Offset of the item in the source text. */
  pos: number;
  val: string;
  line: number;
}

const keywords: Partial<Record<string, ItemType>> = {
  '.': 'dot',
  block: 'block',
  break: 'break',
  continue: 'continue',
  define: 'define',
  else: 'else',
  end: 'end',
  if: 'if',
  range: 'range',
  nil: 'nil',
  template: 'template',
  with: 'with',
};

function isKeyword(type: ItemType): boolean {
  return type === 'dot' || type === 'nil' || Object.values(keywords).includes(type);
}

/** How Go's item prints in "unexpected …" messages. */
export function itemString(item: Item): string {
  if (item.type === 'EOF') return 'EOF';
  if (item.type === 'error') return item.val;
  if (isKeyword(item.type)) return `<${item.val}>`;
  if (item.val.length > 10) return `${goQuote(item.val.slice(0, 10))}...`;
  return goQuote(item.val);
}

function goQuote(s: string): string {
  return JSON.stringify(s).replace(/\\u00([0-9a-f]{2})/g, '\\x$1');
}

const leftDelim = '{{';
const rightDelim = '}}';
const leftComment = '/*';
const rightComment = '*/';
const trimMarkerLength = 2; // "- " or " -"

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isAlphaNumeric = (c: string): boolean => c === '_' || /^[\p{L}\p{Nd}]$/u.test(c);
const spaceChars = /[ \t\r\n]*$/;

/** The lexer's states; each scans from the current position and names the next one. */
type State =
  | 'text'
  | 'leftDelim'
  | 'comment'
  | 'rightDelim'
  | 'insideAction'
  | 'space'
  | 'identifier'
  | 'field'
  | 'variable'
  | 'char'
  | 'number'
  | 'quote'
  | 'rawQuote';

/** A state's result: the next state, or null once an item has been emitted. */
type Next = State | null;

interface LexOptions {
  /** Whether `break`/`continue` are keywords (they are unless functions have those names). */
  breakOK: boolean;
  continueOK: boolean;
}

export class Lexer {
  private pos = 0;
  private start = 0;
  private atEOF = false;
  private insideAction = false;
  private parenDepth = 0;
  private item: Item | undefined;
  private readonly lineStarts: number[] = [0];

  constructor(
    private input: string,
    private readonly options: LexOptions,
  ) {
    for (let i = input.indexOf('\n'); i >= 0; i = input.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  nextItem(): Item {
    this.item = { type: 'EOF', pos: this.pos, val: 'EOF', line: this.lineAt(this.start) };
    let state: Next = this.insideAction ? 'insideAction' : 'text';
    while (state) state = this.step(state);
    return this.item;
  }

  /** 1-based line of an offset. */
  lineAt(pos: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  // ---- scanning helpers, as in Go's lexer ----

  private next(): string | undefined {
    if (this.pos >= this.input.length) {
      this.atEOF = true;
      return undefined;
    }
    const ch = String.fromCodePoint(this.input.codePointAt(this.pos)!);
    this.pos += ch.length;
    return ch;
  }

  private peek(): string | undefined {
    const ch = this.next();
    this.backup();
    return ch;
  }

  private backup(): void {
    if (!this.atEOF && this.pos > 0) {
      const low = this.input.charCodeAt(this.pos - 1);
      this.pos -= low >= 0xdc00 && low <= 0xdfff && this.pos >= 2 ? 2 : 1;
    }
    this.atEOF = false;
  }

  private accept(valid: string): boolean {
    const ch = this.next();
    if (ch !== undefined && valid.includes(ch)) return true;
    this.backup();
    return false;
  }

  private acceptRun(valid: string): void {
    let ch = this.next();
    while (ch !== undefined && valid.includes(ch)) ch = this.next();
    this.backup();
  }

  private rest(): string {
    return this.input.slice(this.pos);
  }

  private emit(type: ItemType): null {
    this.item = {
      type,
      pos: this.start,
      val: this.input.slice(this.start, this.pos),
      line: this.lineAt(this.start),
    };
    this.start = this.pos;
    return null;
  }

  private ignore(): void {
    this.start = this.pos;
  }

  private errorf(message: string): null {
    this.item = { type: 'error', pos: this.start, val: message, line: this.lineAt(this.start) };
    this.start = 0;
    this.pos = 0;
    this.input = '';
    this.insideAction = false;
    return null;
  }

  /** Whether the input is at a right delimiter, possibly preceded by a trim marker. */
  private atRightDelim(): { delim: boolean; trim: boolean } {
    const rest = this.rest();
    if (hasRightTrimMarker(rest) && rest.startsWith(rightDelim, trimMarkerLength))
      return { delim: true, trim: true };
    return { delim: rest.startsWith(rightDelim), trim: false };
  }

  /** Whether the next character can end a field, variable or identifier. */
  private atTerminator(): boolean {
    const ch = this.peek();
    if (ch === undefined || isSpace(ch)) return true;
    // Only the delimiter's first character is checked, as Go does.
    return '.,|:)('.includes(ch) || ch === rightDelim[0];
  }

  private step(state: State): Next {
    switch (state) {
      case 'text':
        return this.lexText();
      case 'leftDelim':
        return this.lexLeftDelim();
      case 'comment':
        return this.lexComment();
      case 'rightDelim':
        return this.lexRightDelim();
      case 'insideAction':
        return this.lexInsideAction();
      case 'space':
        return this.lexSpace();
      case 'identifier':
        return this.lexIdentifier();
      case 'field':
        return this.lexFieldOrVariable('field');
      case 'variable':
        return this.atTerminator() ? this.emit('variable') : this.lexFieldOrVariable('variable');
      case 'char':
        return this.lexChar();
      case 'number':
        return this.lexNumber();
      case 'quote':
        return this.lexQuote();
      case 'rawQuote':
        return this.lexRawQuote();
    }
  }

  // ---- states ----

  private lexText(): Next {
    const x = this.input.indexOf(leftDelim, this.pos);
    if (x >= 0) {
      if (x > this.pos) {
        const delimEnd = x + leftDelim.length;
        const trimLength = hasLeftTrimMarker(this.input.slice(delimEnd, delimEnd + 2))
          ? spaceChars.exec(this.input.slice(this.start, x))![0].length
          : 0;
        this.pos = x - trimLength;
        const text: Item = {
          type: 'text',
          pos: this.start,
          val: this.input.slice(this.start, this.pos),
          line: this.lineAt(this.start),
        };
        this.pos = x;
        this.ignore();
        if (text.val.length > 0) {
          this.item = text;
          return null;
        }
      }
      return 'leftDelim';
    }
    this.pos = this.input.length;
    if (this.pos > this.start) return this.emit('text');
    return this.emit('EOF');
  }

  private lexLeftDelim(): Next {
    this.pos += leftDelim.length;
    const trim = hasLeftTrimMarker(this.rest());
    const afterMarker = trim ? trimMarkerLength : 0;
    if (this.input.startsWith(leftComment, this.pos + afterMarker)) {
      this.pos += afterMarker;
      this.ignore();
      return 'comment';
    }
    const item: Item = { type: 'leftDelim', pos: this.start, val: leftDelim, line: this.lineAt(this.start) };
    this.insideAction = true;
    this.pos += afterMarker;
    this.ignore();
    this.parenDepth = 0;
    this.item = item;
    return null;
  }

  private lexComment(): Next {
    this.pos += leftComment.length;
    const x = this.input.indexOf(rightComment, this.pos);
    if (x < 0) return this.errorf('unclosed comment');
    this.pos = x + rightComment.length;
    const { delim, trim } = this.atRightDelim();
    if (!delim) return this.errorf('comment ends before closing delimiter');
    if (trim) this.pos += trimMarkerLength;
    this.pos += rightDelim.length;
    if (trim) this.pos += leftTrimLength(this.rest());
    this.ignore();
    return 'text';
  }

  private lexRightDelim(): Next {
    const { trim } = this.atRightDelim();
    if (trim) {
      this.pos += trimMarkerLength;
      this.ignore();
    }
    this.pos += rightDelim.length;
    this.emit('rightDelim');
    if (trim) {
      this.pos += leftTrimLength(this.rest());
      this.ignore();
    }
    this.insideAction = false;
    return null;
  }

  private lexInsideAction(): Next {
    const { delim } = this.atRightDelim();
    if (delim) {
      if (this.parenDepth === 0) return 'rightDelim';
      return this.errorf('unclosed left paren');
    }
    const r = this.next();
    if (r === undefined) return this.errorf('unclosed action');
    if (isSpace(r)) {
      this.backup();
      return 'space';
    }
    switch (r) {
      case '=':
        return this.emit('assign');
      case ':':
        if (this.next() !== '=') return this.errorf('expected :=');
        return this.emit('declare');
      case '|':
        return this.emit('pipe');
      case '"':
        return 'quote';
      case '`':
        return 'rawQuote';
      case '$':
        return 'variable';
      case "'":
        return 'char';
      case '(':
        this.parenDepth++;
        return this.emit('leftParen');
      case ')':
        this.parenDepth--;
        if (this.parenDepth < 0) return this.errorf('unexpected right paren');
        return this.emit('rightParen');
    }
    if (r === '.') {
      const after = this.input[this.pos];
      if (this.pos < this.input.length && !(after! >= '0' && after! <= '9')) return 'field';
    }
    if (r === '.' || r === '+' || r === '-' || (r >= '0' && r <= '9')) {
      this.backup();
      return 'number';
    }
    if (isAlphaNumeric(r)) {
      this.backup();
      return 'identifier';
    }
    if (r.codePointAt(0)! <= 0x7f && r >= ' ' && r !== '\x7f') return this.emit('char');
    return this.errorf(`unrecognized character in action: ${describeRune(r)}`);
  }

  private lexSpace(): Next {
    let numSpaces = 0;
    while (isSpace(this.peek())) {
      this.next();
      numSpaces++;
    }
    // A space may begin a trim-marked right delimiter (" -}}").
    const before = this.input.slice(this.pos - 1);
    if (hasRightTrimMarker(before) && before.startsWith(rightDelim, trimMarkerLength)) {
      this.backup();
      if (numSpaces === 1) return 'rightDelim';
    }
    return this.emit('space');
  }

  private lexIdentifier(): Next {
    for (;;) {
      const r = this.next();
      if (r !== undefined && isAlphaNumeric(r)) continue;
      this.backup();
      const word = this.input.slice(this.start, this.pos);
      if (!this.atTerminator()) return this.errorf(`bad character ${describeRune(r)}`);
      const keyword = keywords[word];
      if (keyword && keyword !== 'dot') {
        const disabled =
          (keyword === 'break' && !this.options.breakOK) ||
          (keyword === 'continue' && !this.options.continueOK);
        return this.emit(disabled ? 'identifier' : keyword);
      }
      if (word === 'true' || word === 'false') return this.emit('bool');
      return this.emit('identifier');
    }
  }

  private lexFieldOrVariable(type: 'field' | 'variable'): Next {
    if (this.atTerminator()) return this.emit(type === 'variable' ? 'variable' : 'dot');
    let r: string | undefined;
    for (;;) {
      r = this.next();
      if (r === undefined || !isAlphaNumeric(r)) {
        this.backup();
        break;
      }
    }
    if (!this.atTerminator()) return this.errorf(`bad character ${describeRune(r)}`);
    return this.emit(type);
  }

  private lexChar(): Next {
    for (;;) {
      let r = this.next();
      if (r === '\\') {
        r = this.next();
        if (r !== undefined && r !== '\n') continue;
      }
      if (r === undefined || r === '\n') return this.errorf('unterminated character constant');
      if (r === "'") return this.emit('charConstant');
    }
  }

  private scanNumber(): boolean {
    this.accept('+-');
    let digits = '0123456789_';
    if (this.accept('0')) {
      if (this.accept('xX')) digits = '0123456789abcdefABCDEF_';
      else if (this.accept('oO')) digits = '01234567_';
      else if (this.accept('bB')) digits = '01_';
    }
    this.acceptRun(digits);
    if (this.accept('.')) this.acceptRun(digits);
    if (digits.length === 11 && this.accept('eE')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    if (digits.length === 23 && this.accept('pP')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    this.accept('i');
    const next = this.peek();
    if (next !== undefined && isAlphaNumeric(next)) {
      this.next();
      return false;
    }
    return true;
  }

  private lexNumber(): Next {
    if (!this.scanNumber())
      return this.errorf(`bad number syntax: ${goQuote(this.input.slice(this.start, this.pos))}`);
    const sign = this.peek();
    if (sign === '+' || sign === '-') {
      // Complex: 1+2i. No spaces, must end in 'i'.
      if (!this.scanNumber() || this.input[this.pos - 1] !== 'i') {
        return this.errorf(`bad number syntax: ${goQuote(this.input.slice(this.start, this.pos))}`);
      }
    }
    return this.emit('number');
  }

  private lexQuote(): Next {
    for (;;) {
      let r = this.next();
      if (r === '\\') {
        r = this.next();
        if (r !== undefined && r !== '\n') continue;
      }
      if (r === undefined || r === '\n') return this.errorf('unterminated quoted string');
      if (r === '"') return this.emit('string');
    }
  }

  private lexRawQuote(): Next {
    const end = this.input.indexOf('`', this.pos);
    if (end < 0) return this.errorf('unterminated raw quoted string');
    this.pos = end + 1;
    return this.emit('rawString');
  }
}

function hasLeftTrimMarker(s: string): boolean {
  return s.length >= 2 && s[0] === '-' && isSpace(s[1]);
}

function hasRightTrimMarker(s: string): boolean {
  return s.length >= 2 && isSpace(s[0]) && s[1] === '-';
}

function leftTrimLength(s: string): number {
  return s.length - s.replace(/^[ \t\r\n]+/, '').length;
}

/** Go's %#U: `U+0023 '#'`. */
function describeRune(r: string | undefined): string {
  if (r === undefined) return 'U+FFFFFFFF';
  const code = r.codePointAt(0)!;
  const hex = 'U+' + code.toString(16).toUpperCase().padStart(4, '0');
  return /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(r) ? `${hex} '${r}'` : hex;
}
