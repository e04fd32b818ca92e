/**
 * The math expression language (Grafana's SSE `math` type): `$A`/`${A}` variables, numeric
 * literals, `+ - * / % **`, comparisons, `&& || !`, unary minus, parentheses and a fixed set of
 * functions. Precedence, loosest first, as in Grafana's grammar: `||`, `&&`, comparisons, `+ -`,
 * `* / %`, `**`, then unary `- !`. All binary operators are left-associative, `**` included, and
 * unary operators bind tightest: `-2 ** 2` is 4 and `2 ** 3 ** 2` is 64 there, so here too.
 */

export type MathNode =
  | { type: 'number'; value: number }
  | { type: 'var'; refId: string }
  | { type: 'unary'; op: '-' | '!'; arg: MathNode }
  | { type: 'binary'; op: BinaryOp; left: MathNode; right: MathNode }
  | { type: 'call'; name: MathFunction; args: MathNode[] };

export type BinaryOp =
  '+' | '-' | '*' | '/' | '%' | '**' | '==' | '!=' | '>' | '<' | '>=' | '<=' | '&&' | '||';

/** Function name → number of arguments. */
const FUNCTIONS = {
  abs: 1,
  ceil: 1,
  floor: 1,
  round: 1,
  log: 1,
  is_nan: 1,
  is_inf: 1,
  is_null: 1,
  is_number: 1,
  nan: 0,
  inf: 0,
  infn: 0,
  null: 0,
} as const;
export type MathFunction = keyof typeof FUNCTIONS;

export class MathParseError extends Error {}

interface Token {
  kind: 'number' | 'var' | 'ident' | 'op' | 'end';
  text: string;
  /** 1-based character position, for error messages */
  pos: number;
}

const OPERATORS = [
  '**',
  '==',
  '!=',
  '>=',
  '<=',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '%',
  '>',
  '<',
  '!',
  '(',
  ')',
  ',',
];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    const pos = i + 1;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    const number = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(source.slice(i));
    if (number) {
      tokens.push({ kind: 'number', text: number[0], pos });
      i += number[0].length;
      continue;
    }
    if (char === '$') {
      const braced = /^\$\{([^}]+)\}/.exec(source.slice(i));
      const plain = /^\$([A-Za-z0-9_]+)/.exec(source.slice(i));
      const match = braced ?? plain;
      if (!match) throw new MathParseError(`invalid variable at position ${pos}`);
      tokens.push({ kind: 'var', text: match[1]!, pos });
      i += match[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (ident) {
      tokens.push({ kind: 'ident', text: ident[0], pos });
      i += ident[0].length;
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
    if (!op) throw new MathParseError(`unexpected character "${char}" at position ${pos}`);
    tokens.push({ kind: 'op', text: op, pos });
    i += op.length;
  }
  tokens.push({ kind: 'end', text: '', pos: source.length + 1 });
  return tokens;
}

const LEVELS: BinaryOp[][] = [
  ['||'],
  ['&&'],
  ['==', '!=', '>', '<', '>=', '<='],
  ['+', '-'],
  ['*', '/', '%'],
  ['**'],
];

/** Parses a math expression; throws MathParseError naming the position of the problem. */
export function parseMath(source: string): MathNode {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at]!;
  const next = () => tokens[at++]!;
  const isOp = (text: string) => peek().kind === 'op' && peek().text === text;
  const unexpected = (token: Token) =>
    new MathParseError(
      token.kind === 'end'
        ? `unexpected end of expression at position ${token.pos}`
        : `unexpected "${token.text}" at position ${token.pos}`,
    );
  const expect = (text: string) => {
    if (!isOp(text)) throw unexpected(peek());
    next();
  };

  const binaryLevel = (level: number): MathNode => {
    if (level === LEVELS.length) return unary();
    let left = binaryLevel(level + 1);
    for (;;) {
      const token = peek();
      const op = LEVELS[level]!.find((candidate) => token.kind === 'op' && token.text === candidate);
      if (!op) return left;
      next();
      left = { type: 'binary', op, left, right: binaryLevel(level + 1) };
    }
  };

  const unary = (): MathNode => {
    if (isOp('-') || isOp('!')) {
      const op = next().text as '-' | '!';
      return { type: 'unary', op, arg: unary() };
    }
    return primary();
  };

  const primary = (): MathNode => {
    const token = next();
    if (token.kind === 'number') return { type: 'number', value: Number(token.text) };
    if (token.kind === 'var') return { type: 'var', refId: token.text };
    if (token.kind === 'op' && token.text === '(') {
      const inner = binaryLevel(0);
      expect(')');
      return inner;
    }
    if (token.kind === 'ident') return call(token);
    throw unexpected(token);
  };

  const call = (token: Token): MathNode => {
    if (!Object.hasOwn(FUNCTIONS, token.text)) {
      throw new MathParseError(`unknown function "${token.text}" at position ${token.pos}`);
    }
    const name = token.text as MathFunction;
    expect('(');
    const args: MathNode[] = [];
    if (!isOp(')')) {
      args.push(binaryLevel(0));
      while (isOp(',')) {
        next();
        args.push(binaryLevel(0));
      }
    }
    expect(')');
    if (args.length !== FUNCTIONS[name]) {
      throw new MathParseError(
        `function "${name}" at position ${token.pos} takes ${FUNCTIONS[name]} argument(s), got ${args.length}`,
      );
    }
    return { type: 'call', name, args };
  };

  if (peek().kind === 'end') throw new MathParseError('empty expression');
  const tree = binaryLevel(0);
  if (peek().kind !== 'end') throw unexpected(peek());
  return tree;
}

/** The refIds a parsed expression reads, in order of first use. */
export function mathVariables(node: MathNode): string[] {
  const found = new Set<string>();
  const walk = (current: MathNode): void => {
    if (current.type === 'var') found.add(current.refId);
    else if (current.type === 'unary') walk(current.arg);
    else if (current.type === 'binary') {
      walk(current.left);
      walk(current.right);
    } else if (current.type === 'call') current.args.forEach(walk);
  };
  walk(node);
  return [...found];
}
