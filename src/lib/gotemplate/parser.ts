/**
 * The parser, a port of the structure of Go's text/template/parse: same lookahead, same
 * variable scoping, same checks (undefined functions and variables are parse errors), and so
 * the same error messages on the same lines.
 */

import type {
  ArgNode,
  BranchNode,
  CommandNode,
  ListNode,
  Node,
  NumberNode,
  PipeNode,
  Source,
  TemplateNode,
  Tree,
  VariableNode,
} from './ast.js';
import { isEmptyTree, nodeString } from './ast.js';
import { parseError } from './errors.js';
import { itemString, Lexer, type Item, type ItemType } from './lexer.js';
import { LiteralError, parseNumber, unquote } from './literals.js';

/** `{{end}}` and `{{else}}` end a list; they never reach the tree. */
interface ListEnd {
  readonly type: 'end' | 'else';
  readonly pos: number;
}

type ListItem = Node | ListEnd;

const isListEnd = (n: ListItem): n is ListEnd => n.type === 'end' || n.type === 'else';

interface Shared {
  readonly lexer: Lexer;
  readonly source: Source;
  readonly trees: Map<string, Tree>;
  readonly hasFunction: (name: string) => boolean;
}

/**
 * Parses one text into its top-level template (named `name`) and the templates it defines.
 * Throws a TemplateError of kind 'parse'.
 */
export function parse(name: string, text: string, hasFunction: (name: string) => boolean): Map<string, Tree> {
  const lexer = new Lexer(text, { breakOK: !hasFunction('break'), continueOK: !hasFunction('continue') });
  const shared: Shared = { lexer, source: { parseName: name, text }, trees: new Map(), hasFunction };
  new TreeParser(name, shared).parseTopLevel();
  return shared.trees;
}

class TreeParser {
  private readonly token: Item[] = [];
  private peekCount = 0;
  private vars = ['$'];
  private actionLine = 0;
  private rangeDepth = 0;
  private root: ListNode | undefined;

  constructor(
    private name: string,
    private readonly shared: Shared,
  ) {}

  // ---- token stream with three tokens of lookahead ----

  private next(): Item {
    if (this.peekCount > 0) this.peekCount--;
    else this.token[0] = this.shared.lexer.nextItem();
    return this.token[this.peekCount]!;
  }

  private backup(): void {
    this.peekCount++;
  }

  private backup2(t1: Item): void {
    this.token[1] = t1;
    this.peekCount = 2;
  }

  private backup3(t2: Item, t1: Item): void {
    this.token[1] = t1;
    this.token[2] = t2;
    this.peekCount = 3;
  }

  private peek(): Item {
    if (this.peekCount > 0) return this.token[this.peekCount - 1]!;
    this.peekCount = 1;
    this.token[0] = this.shared.lexer.nextItem();
    return this.token[0];
  }

  private nextNonSpace(): Item {
    let token: Item;
    do token = this.next();
    while (token.type === 'space');
    return token;
  }

  private peekNonSpace(): Item {
    const token = this.nextNonSpace();
    this.backup();
    return token;
  }

  // ---- errors ----

  private errorf(message: string): never {
    throw parseError(this.shared.source.parseName, this.token[0]?.line ?? 1, message);
  }

  private expect(expected: ItemType, context: string): Item {
    const token = this.nextNonSpace();
    if (token.type !== expected) this.unexpected(token, context);
    return token;
  }

  private unexpected(token: Item, context: string): never {
    if (token.type === 'error') {
      let extra = '';
      if (this.actionLine !== 0 && this.actionLine !== token.line) {
        extra = ` in action started at ${this.shared.source.parseName}:${this.actionLine}`;
        if (token.val.endsWith(' action')) extra = extra.slice(' in action'.length);
      }
      this.errorf(itemString(token) + extra);
    }
    this.errorf(`unexpected ${itemString(token)} in ${context}`);
  }

  // ---- node constructors ----

  private base(pos: number): { pos: number; source: Source } {
    return { pos, source: this.shared.source };
  }

  private newList(pos: number): ListNode {
    return { type: 'list', nodes: [], ...this.base(pos) };
  }

  private newVariable(pos: number, ident: string): VariableNode {
    return { type: 'variable', ident: ident.split('.'), ...this.base(pos) };
  }

  // ---- grammar ----

  parseTopLevel(): void {
    this.root = this.newList(this.peek().pos);
    while (this.peek().type !== 'EOF') {
      if (this.peek().type === 'leftDelim') {
        const delim = this.next();
        if (this.nextNonSpace().type === 'define') {
          new TreeParser('definition', this.shared).parseDefinition();
          continue;
        }
        this.backup2(delim);
      }
      const n = this.textOrAction();
      if (isListEnd(n)) this.errorf(`unexpected {{${n.type}}}`);
      this.root.nodes.push(n);
    }
    this.add();
  }

  /** `{{define "name"}} … {{end}}`, the `{{define` already consumed. */
  private parseDefinition(): void {
    const context = 'define clause';
    const token = this.nextNonSpace();
    if (token.type !== 'string' && token.type !== 'rawString') this.unexpected(token, context);
    this.name = this.unquote(token.val);
    this.expect('rightDelim', context);
    const [list, end] = this.itemList();
    if (end.type !== 'end') this.errorf(`unexpected {{${end.type}}} in ${context}`);
    this.root = list;
    this.add();
  }

  /** Adds this tree to the set; a non-empty tree may not replace another non-empty one. */
  private add(): void {
    const root = this.root!;
    const existing = this.shared.trees.get(this.name);
    if (!existing || isEmptyTree(existing.root)) {
      this.shared.trees.set(this.name, { name: this.name, root });
      return;
    }
    if (!isEmptyTree(root))
      this.errorf(`template: multiple definition of template ${JSON.stringify(this.name)}`);
  }

  private itemList(): [ListNode, ListEnd] {
    const list = this.newList(this.peekNonSpace().pos);
    while (this.peekNonSpace().type !== 'EOF') {
      const n = this.textOrAction();
      if (isListEnd(n)) return [list, n];
      list.nodes.push(n);
    }
    this.errorf('unexpected EOF');
  }

  private textOrAction(): ListItem {
    const token = this.nextNonSpace();
    if (token.type === 'text') return { type: 'text', text: token.val, ...this.base(token.pos) };
    if (token.type !== 'leftDelim') this.unexpected(token, 'input');
    this.actionLine = token.line;
    try {
      return this.action();
    } finally {
      this.actionLine = 0;
    }
  }

  private action(): ListItem {
    const token = this.nextNonSpace();
    switch (token.type) {
      case 'block':
        return this.blockControl();
      case 'break':
      case 'continue':
        return this.loopControl(token);
      case 'else':
        return this.elseControl();
      case 'end':
        return { type: 'end', pos: this.expect('rightDelim', 'end').pos };
      case 'if':
      case 'range':
      case 'with':
        return this.branchControl(token.type);
      case 'template':
        return this.templateControl();
    }
    this.backup();
    const first = this.peek();
    return { type: 'action', pipe: this.pipeline('command', 'rightDelim'), ...this.base(first.pos) };
  }

  private loopControl(keyword: Item): Node {
    const kind = keyword.type as 'break' | 'continue';
    const token = this.nextNonSpace();
    if (token.type !== 'rightDelim') this.unexpected(token, `{{${kind}}}`);
    if (this.rangeDepth === 0) this.errorf(`{{${kind}}} outside {{range}}`);
    return { type: kind, ...this.base(keyword.pos) };
  }

  /** `{{else if …}}` and `{{else with …}}` leave the keyword pending for the enclosing branch. */
  private elseControl(): ListEnd {
    const peek = this.peekNonSpace();
    if (peek.type === 'if' || peek.type === 'with') return { type: 'else', pos: peek.pos };
    return { type: 'else', pos: this.expect('rightDelim', 'else').pos };
  }

  private branchControl(context: 'if' | 'range' | 'with'): BranchNode {
    const depth = this.vars.length;
    try {
      const pipe = this.pipeline(context, 'rightDelim');
      if (context === 'range') this.rangeDepth++;
      const [list, next] = this.itemList();
      if (context === 'range') this.rangeDepth--;
      let elseList: ListNode | undefined;
      if (next.type === 'else') {
        const chained = this.peek().type;
        if ((context === 'if' || context === 'with') && chained === context) {
          // {{if a}}_{{else if b}}_{{end}} is {{if a}}_{{else}}{{if b}}_{{end}}{{end}}.
          this.next();
          elseList = this.newList(next.pos);
          elseList.nodes.push(this.branchControl(context));
        } else {
          let end: ListEnd;
          [elseList, end] = this.itemList();
          if (end.type !== 'end') this.errorf(`expected end; found {{${end.type}}}`);
        }
      }
      return { type: context, pipe, list, elseList, ...this.base(pipe.pos) };
    } finally {
      this.vars.length = depth;
    }
  }

  private templateControl(): TemplateNode {
    const context = 'template clause';
    const token = this.nextNonSpace();
    const name = this.templateName(token, context);
    let pipe: PipeNode | undefined;
    if (this.nextNonSpace().type !== 'rightDelim') {
      this.backup();
      pipe = this.pipeline(context, 'rightDelim');
    }
    return { type: 'template', name, pipe, ...this.base(token.pos) };
  }

  /** `{{block "name" pipeline}} default {{end}}` = a define plus a template call. */
  private blockControl(): TemplateNode {
    const context = 'block clause';
    const token = this.nextNonSpace();
    const name = this.templateName(token, context);
    const pipe = this.pipeline(context, 'rightDelim');
    const block = new TreeParser(name, this.shared);
    const [list, end] = block.itemList();
    if (end.type !== 'end') this.errorf(`unexpected {{${end.type}}} in ${context}`);
    block.root = list;
    block.add();
    return { type: 'template', name, pipe, ...this.base(token.pos) };
  }

  private templateName(token: Item, context: string): string {
    if (token.type !== 'string' && token.type !== 'rawString') this.unexpected(token, context);
    return this.unquote(token.val);
  }

  private pipeline(context: string, end: 'rightDelim' | 'rightParen'): PipeNode {
    const start = this.peekNonSpace();
    const decl: VariableNode[] = [];
    let isAssign = false;
    declarations: for (;;) {
      const v = this.peekNonSpace();
      if (v.type !== 'variable') break;
      this.next();
      // "$x foo" needs three tokens of lookahead: "$x", space, then ":=" or not.
      const tokenAfterVariable = this.peek();
      const next = this.peekNonSpace();
      if (next.type === 'assign' || next.type === 'declare') {
        isAssign = next.type === 'assign';
        this.nextNonSpace();
        decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
      } else if (next.type === 'char' && next.val === ',') {
        this.nextNonSpace();
        decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
        if (context === 'range' && decl.length < 2) {
          const after = this.peekNonSpace().type;
          if (after === 'variable' || after === 'rightDelim' || after === 'rightParen') continue declarations;
          this.errorf('range can only initialize variables');
        }
        this.errorf(`too many declarations in ${context}`);
      } else if (tokenAfterVariable.type === 'space') {
        this.backup3(v, tokenAfterVariable);
      } else {
        this.backup2(v);
      }
      break;
    }
    const pipe: PipeNode = { type: 'pipe', isAssign, decl, cmds: [], ...this.base(start.pos) };
    for (;;) {
      const token = this.nextNonSpace();
      switch (token.type) {
        case end:
          this.checkPipeline(pipe, context);
          return pipe;
        case 'bool':
        case 'charConstant':
        case 'dot':
        case 'field':
        case 'identifier':
        case 'number':
        case 'nil':
        case 'rawString':
        case 'string':
        case 'variable':
        case 'leftParen':
          this.backup();
          pipe.cmds.push(this.command());
          break;
        default:
          this.unexpected(token, context);
      }
    }
  }

  private checkPipeline(pipe: PipeNode, context: string): void {
    if (pipe.cmds.length === 0) this.errorf(`missing value for ${context}`);
    pipe.cmds.slice(1).forEach((cmd, i) => {
      const first = cmd.args[0]!.type;
      if (
        first === 'bool' ||
        first === 'dot' ||
        first === 'nil' ||
        first === 'number' ||
        first === 'string'
      ) {
        this.errorf(`non executable command in pipeline stage ${i + 2}`);
      }
    });
  }

  private command(): CommandNode {
    const cmd: CommandNode = { type: 'command', args: [], ...this.base(this.peekNonSpace().pos) };
    for (;;) {
      this.peekNonSpace();
      const operand = this.operand();
      if (operand) cmd.args.push(operand);
      const token = this.next();
      if (token.type === 'space') continue;
      if (token.type === 'rightDelim' || token.type === 'rightParen') this.backup();
      else if (token.type !== 'pipe') this.unexpected(token, 'operand');
      break;
    }
    if (cmd.args.length === 0) this.errorf('empty command');
    return cmd;
  }

  /** A term, possibly followed by `.Field` accesses. */
  private operand(): ArgNode | undefined {
    const node = this.term();
    if (!node || this.peek().type !== 'field') return node;
    const chainPos = this.peek().pos;
    const fields: string[] = [];
    while (this.peek().type === 'field') fields.push(this.next().val.slice(1));
    switch (node.type) {
      case 'field':
        return { type: 'field', ident: [...node.ident, ...fields], ...this.base(chainPos) };
      case 'variable':
        return { type: 'variable', ident: [...node.ident, ...fields], ...this.base(chainPos) };
      case 'bool':
      case 'string':
      case 'number':
      case 'nil':
      case 'dot':
        this.errorf(`unexpected . after term ${JSON.stringify(nodeString(node))}`);
    }
    return { type: 'chain', node, field: fields, ...this.base(chainPos) };
  }

  private term(): ArgNode | undefined {
    const token = this.nextNonSpace();
    switch (token.type) {
      case 'identifier':
        if (!this.shared.hasFunction(token.val))
          this.errorf(`function ${JSON.stringify(token.val)} not defined`);
        return { type: 'identifier', ident: token.val, ...this.base(token.pos) };
      case 'dot':
        return { type: 'dot', ...this.base(token.pos) };
      case 'nil':
        return { type: 'nil', ...this.base(token.pos) };
      case 'variable':
        return this.useVar(token.pos, token.val);
      case 'field':
        return { type: 'field', ident: token.val.slice(1).split('.'), ...this.base(token.pos) };
      case 'bool':
        return { type: 'bool', value: token.val === 'true', ...this.base(token.pos) };
      case 'charConstant':
      case 'number':
        return this.newNumber(token);
      case 'leftParen':
        return this.pipeline('parenthesized pipeline', 'rightParen');
      case 'string':
      case 'rawString':
        return { type: 'string', quoted: token.val, text: this.unquote(token.val), ...this.base(token.pos) };
    }
    this.backup();
    return undefined;
  }

  private useVar(pos: number, name: string): VariableNode {
    const v = this.newVariable(pos, name);
    if (!this.vars.includes(v.ident[0]!)) this.errorf(`undefined variable ${JSON.stringify(v.ident[0])}`);
    return v;
  }

  private newNumber(token: Item): NumberNode {
    try {
      return { type: 'number', text: token.val, ...parseNumber(token.val), ...this.base(token.pos) };
    } catch (err) {
      if (err instanceof LiteralError) this.errorf(err.message);
      throw err;
    }
  }

  private unquote(quoted: string): string {
    try {
      return unquote(quoted);
    } catch (err) {
      if (err instanceof LiteralError) this.errorf(err.message);
      throw err;
    }
  }
}
