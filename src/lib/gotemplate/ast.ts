/**
 * The parse tree, shaped like Go's text/template/parse nodes. `nodeString` reproduces Go's
 * String() of each node, because execution errors quote the node they failed at.
 */

import { quote } from './fmt.js';

/** The text a node was parsed from, for error positions. */
export interface Source {
  /** Name given to the parse (a file or field name); error locations use it. */
  readonly parseName: string;
  readonly text: string;
}

interface Base {
  /** Offset in the source text. */
  readonly pos: number;
  readonly source: Source;
}

export interface ListNode extends Base {
  readonly type: 'list';
  readonly nodes: Node[];
}

export interface TextNode extends Base {
  readonly type: 'text';
  readonly text: string;
}

export interface ActionNode extends Base {
  readonly type: 'action';
  readonly pipe: PipeNode;
}

export interface BranchNode extends Base {
  readonly type: 'if' | 'range' | 'with';
  readonly pipe: PipeNode;
  readonly list: ListNode;
  readonly elseList: ListNode | undefined;
}

export interface TemplateNode extends Base {
  readonly type: 'template';
  readonly name: string;
  readonly pipe: PipeNode | undefined;
}

export interface LoopControlNode extends Base {
  readonly type: 'break' | 'continue';
}

/** Nodes that can appear in a list. */
export type Node = ListNode | TextNode | ActionNode | BranchNode | TemplateNode | LoopControlNode;

export interface PipeNode extends Base {
  readonly type: 'pipe';
  readonly isAssign: boolean;
  readonly decl: VariableNode[];
  readonly cmds: CommandNode[];
}

export interface CommandNode extends Base {
  readonly type: 'command';
  readonly args: ArgNode[];
}

export interface FieldNode extends Base {
  readonly type: 'field';
  readonly ident: string[];
}

export interface VariableNode extends Base {
  readonly type: 'variable';
  readonly ident: string[];
}

export interface ChainNode extends Base {
  readonly type: 'chain';
  readonly node: ArgNode;
  readonly field: string[];
}

export interface IdentifierNode extends Base {
  readonly type: 'identifier';
  readonly ident: string;
}

export interface DotNode extends Base {
  readonly type: 'dot';
}

export interface NilNode extends Base {
  readonly type: 'nil';
}

export interface BoolNode extends Base {
  readonly type: 'bool';
  readonly value: boolean;
}

export interface StringNode extends Base {
  readonly type: 'string';
  /** The literal as written, quotes included. */
  readonly quoted: string;
  readonly text: string;
}

/** A numeric constant; like Go's, it records every type it fits in. */
export interface NumberNode extends Base {
  readonly type: 'number';
  readonly text: string;
  readonly isInt: boolean;
  readonly isFloat: boolean;
  readonly intValue: number;
  readonly floatValue: number;
}

/** Operands of a command. */
export type ArgNode =
  | FieldNode
  | VariableNode
  | ChainNode
  | IdentifierNode
  | DotNode
  | NilNode
  | BoolNode
  | StringNode
  | NumberNode
  | PipeNode;

export type AnyNode = Node | ArgNode | CommandNode;

/** A parsed template: a name and its body. */
export interface Tree {
  readonly name: string;
  readonly root: ListNode;
}

export function nodeString(n: AnyNode): string {
  switch (n.type) {
    case 'list':
      return n.nodes.map(nodeString).join('');
    case 'text':
      return n.text;
    case 'action':
      return `{{${nodeString(n.pipe)}}}`;
    case 'if':
    case 'range':
    case 'with': {
      const elseText = n.elseList ? `{{else}}${nodeString(n.elseList)}` : '';
      return `{{${n.type} ${nodeString(n.pipe)}}}${nodeString(n.list)}${elseText}{{end}}`;
    }
    case 'template':
      return `{{template ${quote(n.name)}${n.pipe ? ' ' + nodeString(n.pipe) : ''}}}`;
    case 'break':
    case 'continue':
      return `{{${n.type}}}`;
    case 'pipe': {
      const decl = n.decl.length ? n.decl.map(nodeString).join(', ') + (n.isAssign ? ' = ' : ' := ') : '';
      return decl + n.cmds.map(nodeString).join(' | ');
    }
    case 'command':
      return n.args.map((a) => (a.type === 'pipe' ? `(${nodeString(a)})` : nodeString(a))).join(' ');
    case 'field':
      return '.' + n.ident.join('.');
    case 'variable':
      return n.ident.join('.');
    case 'chain': {
      const head = n.node.type === 'pipe' ? `(${nodeString(n.node)})` : nodeString(n.node);
      return head + n.field.map((f) => '.' + f).join('');
    }
    case 'identifier':
      return n.ident;
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'bool':
      return String(n.value);
    case 'string':
      return n.quoted;
    case 'number':
      return n.text;
  }
}

/** Go's IsEmptyTree: only whitespace text (and comments). */
export function isEmptyTree(n: Node): boolean {
  if (n.type === 'list') return n.nodes.every(isEmptyTree);
  if (n.type === 'text') return n.text.trim() === '';
  return false;
}
