/**
 * Executes parsed templates against data with Go's text/template semantics: pipelines, variable
 * scopes, field/method/map-key lookup, `missingkey`, argument checking, and Go's error texts
 * (`template: name:1:5: executing "name" at <.X>: …`).
 */

import type {
  AnyNode,
  ArgNode,
  BranchNode,
  ChainNode,
  CommandNode,
  FieldNode,
  IdentifierNode,
  Node,
  NumberNode,
  PipeNode,
  TemplateNode,
  Tree,
  VariableNode,
} from './ast.js';
import { nodeString } from './ast.js';
import { execError, TemplateError } from './errors.js';
import { formatValue, quote } from './fmt.js';
import { canBeNil, paramTypeName, signatureOf, type GoFunction, type ParamType } from './funcs.js';
import type { Output } from './output.js';
import {
  Float64,
  holdsInterfaces,
  isExported,
  isTrue,
  kindOf,
  mapElemZero,
  mapKeyFits,
  mapLookup,
  methodOf,
  sortedEntries,
  TypedNil,
  typeName,
} from './values.js';

/** What to do with a missing map key, as Go's `missingkey` option. */
export type MissingKey = 'default' | 'zero' | 'error';

interface ExecEnv {
  lookup(name: string): Tree | undefined;
  lookupFunc(name: string): { fn: GoFunction; builtin: boolean } | undefined;
  readonly missingKey: MissingKey;
  readonly maxDepth: number;
  readonly out: Output;
}

/** Marks "no final argument" (Go's missingVal): distinct from every value, including undefined. */
const MISSING = Symbol('missing');
type Final = unknown;

/** `{{break}}` and `{{continue}}` unwind to their range as these (reused) signals. */
class LoopSignal extends Error {}
const BREAK = new LoopSignal('{{break}}');
const CONTINUE = new LoopSignal('{{continue}}');
const NOT_FOUND = Symbol('not found');

interface Variable {
  name: string;
  value: unknown;
  /** The value came out of an interface{} element (see holdsInterfaces). */
  iface?: boolean;
}

export function executeTree(env: ExecEnv, tree: Tree, data: unknown): void {
  const dot = data === null ? undefined : data;
  new State(env, tree.name, 0, [{ name: '$', value: dot }]).walk(dot, tree.root);
}

class State {
  private node: AnyNode | undefined;
  /** Dot came out of an interface{} element: a range over an untyped slice or map. */
  private dotIface = false;

  constructor(
    private readonly env: ExecEnv,
    /** Name of the template being executed, as error messages quote it. */
    private readonly tmplName: string,
    private readonly depth: number,
    private readonly vars: Variable[],
  ) {}

  // ---- errors ----

  private at(node: AnyNode): void {
    this.node = node;
  }

  private errorf(message: string): never {
    if (!this.node) throw new TemplateError(`template: ${this.tmplName}: ${message}`, 'exec');
    throw execError(this.node, this.tmplName, message);
  }

  // ---- variables ----

  private push(name: string, value: unknown): void {
    this.vars.push({ name, value });
  }

  private pop(mark: number): void {
    this.vars.length = mark;
  }

  private find(name: string): Variable {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      if (this.vars[i]!.name === name) return this.vars[i]!;
    }
    this.errorf(`undefined variable: ${name}`);
  }

  // ---- statements ----

  walk(dot: unknown, node: Node): void {
    switch (node.type) {
      case 'action': {
        const value = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.printValue(node, value);
        return;
      }
      case 'break':
        throw BREAK;
      case 'continue':
        throw CONTINUE;
      case 'if':
      case 'with':
        return this.walkIfOrWith(dot, node);
      case 'list':
        for (const n of node.nodes) this.walk(dot, n);
        return;
      case 'range':
        return this.walkRange(dot, node);
      case 'template':
        return this.walkTemplate(dot, node);
      case 'text':
        this.env.out.write(node.text);
        return;
    }
  }

  private printValue(node: Node, value: unknown): void {
    this.at(node);
    if (kindOf(value) === 'func') this.errorf(`can't print ${nodeString(node)} of type ${typeName(value)}`);
    this.env.out.write(value === undefined ? '<no value>' : formatValue(value));
  }

  private walkIfOrWith(dot: unknown, node: BranchNode): void {
    const mark = this.vars.length;
    const dotIface = this.dotIface;
    try {
      const value = this.evalPipeline(dot, node.pipe);
      if (isTrue(value)) {
        if (node.type === 'with') this.dotIface = false;
        this.walk(node.type === 'with' ? value : dot, node.list);
      } else if (node.elseList) {
        this.walk(dot, node.elseList);
      }
    } finally {
      this.pop(mark);
      this.dotIface = dotIface;
    }
  }

  private walkRange(dot: unknown, node: BranchNode): void {
    this.at(node);
    const outer = this.vars.length;
    const dotIface = this.dotIface;
    try {
      const value = this.evalPipeline(dot, node.pipe);
      const mark = this.vars.length;
      const { decl, isAssign } = node.pipe;
      const iface = holdsInterfaces(value);
      const iteration = (key: unknown, elem: unknown): void => {
        const element = { value: elem, iface };
        const index = { value: key, iface: false };
        if (isAssign) {
          if (decl[0]) Object.assign(this.find(decl[0].ident[0]!), decl.length > 1 ? index : element);
          if (decl[1]) Object.assign(this.find(decl[1].ident[0]!), element);
        } else {
          // The declared variables are on top: the last gets the element, the first of two the key.
          if (decl.length > 0) Object.assign(this.vars[mark - 1]!, element);
          if (decl.length > 1) Object.assign(this.vars[mark - 2]!, index);
        }
        this.dotIface = iface;
        try {
          this.walk(elem, node.list);
        } catch (err) {
          if (err !== CONTINUE) throw err;
        } finally {
          this.pop(mark);
        }
      };
      if (!this.rangeOver(value, node, iteration) && node.elseList) this.walk(dot, node.elseList);
    } catch (err) {
      if (err !== BREAK) throw err;
    } finally {
      this.pop(outer);
      this.dotIface = dotIface;
    }
  }

  /** Runs the iterations; false when there were none. */
  private rangeOver(
    value: unknown,
    node: BranchNode,
    iteration: (key: unknown, elem: unknown) => void,
  ): boolean {
    switch (kindOf(value)) {
      case 'slice': {
        const items = value as unknown[];
        items.forEach((item, i) => iteration(i, item === undefined ? null : item));
        return items.length > 0;
      }
      case 'map': {
        const entries = sortedEntries(value as object);
        for (const [k, v] of entries) iteration(k, v);
        return entries.length > 0;
      }
      case 'int': {
        if (node.pipe.decl.length > 1) {
          this.errorf(`can't use ${formatValue(value)} to iterate over more than one variable`);
        }
        const n = Number(value);
        for (let i = 0; i < n; i++) iteration(i, i);
        return n > 0;
      }
      case 'invalid':
      case 'nil':
        return false;
      default:
        this.errorf(`range can't iterate over ${formatValue(value)}`);
    }
  }

  private walkTemplate(dot: unknown, node: TemplateNode): void {
    this.at(node);
    const tree = this.env.lookup(node.name);
    if (!tree) this.errorf(`template ${quote(node.name)} not defined`);
    if (this.depth >= this.env.maxDepth)
      this.errorf(`exceeded maximum template depth (${this.env.maxDepth})`);
    const newDot = node.pipe ? this.evalPipeline(dot, node.pipe) : undefined;
    // No dynamic scoping: the called template sees only $.
    new State(this.env, node.name, this.depth + 1, [{ name: '$', value: newDot }]).walk(newDot, tree.root);
  }

  // ---- expressions ----

  private evalPipeline(dot: unknown, pipe: PipeNode): unknown {
    this.at(pipe);
    let value: Final = MISSING;
    for (const cmd of pipe.cmds) {
      value = this.evalCommand(dot, cmd, value);
      // A nil interface{} result is "no value" from here on (Go unwraps interface results).
      if (value === null) value = undefined;
    }
    for (const v of pipe.decl) {
      if (pipe.isAssign) this.find(v.ident[0]!).value = value;
      else this.push(v.ident[0]!, value);
    }
    return value;
  }

  private evalCommand(dot: unknown, cmd: CommandNode, final: Final): unknown {
    const first = cmd.args[0]!;
    switch (first.type) {
      case 'field':
        return this.evalFieldNode(dot, first, cmd.args, final);
      case 'chain':
        return this.evalChainNode(dot, first, cmd.args, final);
      case 'identifier':
        return this.evalFunction(dot, first, cmd, cmd.args, final);
      case 'pipe':
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case 'variable':
        return this.evalVariableNode(dot, first, cmd.args, final);
    }
    this.at(first);
    this.notAFunction(cmd.args, final);
    switch (first.type) {
      case 'bool':
        return first.value;
      case 'dot':
        return dot;
      case 'nil':
        this.errorf('nil is not a command');
      // falls through: errorf never returns
      case 'number':
        return this.idealConstant(first);
      case 'string':
        return first.text;
    }
  }

  private notAFunction(args: ArgNode[], final: Final): void {
    if (args.length > 1 || final !== MISSING) {
      this.errorf(`can't give argument to non-function ${nodeString(args[0]!)}`);
    }
  }

  /** An untyped numeric constant becomes an int, or a float64 if written as one. */
  private idealConstant(n: NumberNode): unknown {
    const isHexInt = /^0[xX]/.test(n.text) && !/[pP]/.test(n.text);
    const isRuneInt = n.text.startsWith("'");
    if (n.isFloat && !isHexInt && !isRuneInt && /[.eEpP]/.test(n.text)) return new Float64(n.floatValue);
    if (n.isInt) return n.intValue;
    this.errorf(`${n.text} overflows int`);
  }

  private evalFieldNode(dot: unknown, field: FieldNode, args: ArgNode[] | undefined, final: Final): unknown {
    this.at(field);
    return this.evalFieldChain(dot, dot, this.dotIface, field, field.ident, args, final);
  }

  private evalChainNode(dot: unknown, chain: ChainNode, args: ArgNode[] | undefined, final: Final): unknown {
    this.at(chain);
    if (chain.node.type === 'nil') this.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
    const receiver = this.evalArg(dot, undefined, chain.node);
    return this.evalFieldChain(dot, receiver, false, chain, chain.field, args, final);
  }

  private evalVariableNode(
    dot: unknown,
    v: VariableNode,
    args: ArgNode[] | undefined,
    final: Final,
  ): unknown {
    this.at(v);
    const { value, iface = false } = this.find(v.ident[0]!);
    if (v.ident.length === 1) {
      if (args) this.notAFunction(args, final);
      return value;
    }
    return this.evalFieldChain(dot, value, iface, v, v.ident.slice(1), args, final);
  }

  /** `.A.B.C` from a receiver; `iface` tells whether the receiver's static type is interface{}. */
  private evalFieldChain(
    dot: unknown,
    receiver: unknown,
    iface: boolean,
    node: AnyNode,
    ident: string[],
    args: ArgNode[] | undefined,
    final: Final,
  ): unknown {
    const last = ident.length - 1;
    for (let i = 0; i < last; i++) {
      const next = this.evalField(dot, ident[i]!, node, undefined, MISSING, receiver, iface);
      iface = holdsInterfaces(receiver) && !methodOf(receiver, ident[i]!);
      receiver = next;
    }
    return this.evalField(dot, ident[last]!, node, args, final, receiver, iface);
  }

  /** `.Name` on a value: a method, a struct field, or a map key, in Go's order. */
  private evalField(
    dot: unknown,
    name: string,
    node: AnyNode,
    args: ArgNode[] | undefined,
    final: Final,
    receiver: unknown,
    iface: boolean,
  ): unknown {
    if (receiver === undefined) {
      if (this.env.missingKey === 'error') this.errorf(`nil data; no entry for key ${quote(name)}`);
      return undefined;
    }
    if (receiver === null) this.errorf(`nil pointer evaluating interface {}.${name}`);
    if (receiver instanceof TypedNil) this.errorf(`nil pointer evaluating ${receiver.typeName}.${name}`);
    const method = methodOf(receiver, name);
    if (method) return this.evalCall(dot, method, false, node, name, args, final, receiver);
    const hasArgs = (args?.length ?? 0) > 1 || final !== MISSING;
    const kind = kindOf(receiver);
    const obj = receiver;
    if (kind === 'struct' && Object.hasOwn(obj, name)) {
      if (!isExported(name))
        this.errorf(
          `${name} is an unexported field of struct type ${iface ? 'interface {}' : typeName(receiver)}`,
        );
      if (hasArgs) this.errorf(`${name} has arguments but cannot be invoked as function`);
      return (obj as Record<string, unknown>)[name] ?? null;
    }
    if (kind === 'map' && mapKeyFits(obj, name)) {
      if (hasArgs) this.errorf(`${name} is not a method but has arguments`);
      const result = mapLookup(obj, name, NOT_FOUND);
      if (result !== NOT_FOUND) return result;
      if (this.env.missingKey === 'zero') return mapElemZero(obj);
      if (this.env.missingKey === 'error') this.errorf(`map has no entry for key ${quote(name)}`);
      return undefined;
    }
    this.errorf(`can't evaluate field ${name} in type ${iface ? 'interface {}' : typeName(receiver)}`);
  }

  private evalFunction(
    dot: unknown,
    node: IdentifierNode,
    cmd: AnyNode,
    args: ArgNode[] | undefined,
    final: Final,
  ): unknown {
    this.at(node);
    const found = this.env.lookupFunc(node.ident);
    if (!found) this.errorf(`${quote(node.ident)} is not a defined function`);
    return this.evalCall(dot, found.fn, found.builtin, cmd, node.ident, args, final);
  }

  private evalCall(
    dot: unknown,
    fn: GoFunction,
    isBuiltin: boolean,
    node: AnyNode,
    name: string,
    allArgs: ArgNode[] | undefined,
    final: Final,
    receiver?: unknown,
  ): unknown {
    const args = allArgs ? allArgs.slice(1) : [];
    const sig = signatureOf(fn);
    const numIn = args.length + (final !== MISSING ? 1 : 0);
    let numFixed = args.length;
    if (sig.variadic !== undefined) {
      numFixed = sig.params.length;
      if (numIn < numFixed) {
        this.errorf(`wrong number of args for ${name}: want at least ${numFixed} got ${args.length}`);
      }
    } else if (numIn !== sig.params.length) {
      this.errorf(`wrong number of args for ${name}: want ${sig.params.length} got ${numIn}`);
    }

    if (isBuiltin && (name === 'and' || name === 'or')) {
      // Short-circuit: the first argument that decides is the result.
      let value: unknown;
      for (const arg of args) {
        value = this.evalArg(dot, 'value', arg);
        if (isTrue(value === null ? undefined : value) === (name === 'or')) return value;
      }
      if (final !== MISSING) value = this.validateType(final, 'value');
      return value;
    }

    const argv: unknown[] = [];
    let i = 0;
    for (; i < numFixed && i < args.length; i++) argv.push(this.evalArg(dot, sig.params[i], args[i]!));
    if (sig.variadic !== undefined) {
      for (; i < args.length; i++) argv.push(this.evalArg(dot, sig.variadic, args[i]!));
    }
    if (final !== MISSING) {
      let t: ParamType;
      if (sig.variadic === undefined) t = sig.params[sig.params.length - 1]!;
      else t = numIn - 1 < numFixed ? sig.params[numIn - 1]! : sig.variadic;
      argv.push(this.validateType(final, t));
    }
    try {
      return fn.apply(receiver, argv);
    } catch (err) {
      if (err instanceof LoopSignal) throw err;
      this.at(node);
      this.errorf(`error calling ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Checks a computed value against a parameter type (undefined type: no check). */
  private validateType(value: unknown, type: ParamType | undefined): unknown {
    if (type === undefined) return value;
    if (value === undefined) {
      // reflect.Value parameters receive "no value" itself; other nillable types get nil.
      if (type === 'value') return undefined;
      if (canBeNil(type)) return null;
      this.errorf(`invalid value; expected ${paramTypeName(type)}`);
    }
    if (type === 'any' || type === 'value' || matchesType(value, type)) return value;
    const got = value === null ? 'interface {}' : typeName(value);
    this.errorf(`wrong type for value; expected ${paramTypeName(type)}; got ${got}`);
  }

  /** Evaluates an argument for a parameter; literals take the parameter's type. */
  private evalArg(dot: unknown, type: ParamType | undefined, n: ArgNode): unknown {
    this.at(n);
    switch (n.type) {
      case 'dot':
        return this.validateType(dot, type);
      case 'nil':
        if (type === 'value') return undefined;
        if (type === undefined || canBeNil(type)) return null;
        this.errorf(`cannot assign nil to ${paramTypeName(type)}`);
      // falls through: errorf never returns
      case 'field':
        return this.validateType(this.evalFieldNode(dot, n, [n], MISSING), type);
      case 'variable':
        return this.validateType(this.evalVariableNode(dot, n, undefined, MISSING), type);
      case 'pipe':
        return this.validateType(this.evalPipeline(dot, n), type);
      case 'identifier':
        return this.validateType(this.evalFunction(dot, n, n, undefined, MISSING), type);
      case 'chain':
        return this.validateType(this.evalChainNode(dot, n, undefined, MISSING), type);
    }
    switch (type) {
      case undefined:
      case 'any':
      case 'value':
        return this.literal(n);
      case 'bool':
        if (n.type === 'bool') return n.value;
        this.errorf(`expected bool; found ${nodeString(n)}`);
      // falls through: errorf never returns
      case 'float64':
        if (n.type === 'number' && n.isFloat) return new Float64(n.floatValue);
        this.errorf(`expected float; found ${nodeString(n)}`);
      // falls through: errorf never returns
      case 'int':
        if (n.type === 'number' && n.isInt) return n.intValue;
        this.errorf(`expected integer; found ${nodeString(n)}`);
      // falls through: errorf never returns
      case 'string':
        if (n.type === 'string') return n.text;
        this.errorf(`expected string; found ${nodeString(n)}`);
      // falls through: errorf never returns
      default:
        this.errorf(`can't handle ${nodeString(n)} for arg of type ${paramTypeName(type)}`);
    }
  }

  private literal(n: ArgNode): unknown {
    switch (n.type) {
      case 'bool':
        return n.value;
      case 'number':
        return this.idealConstant(n);
      case 'string':
        return n.text;
      default:
        return undefined;
    }
  }
}

function matchesType(value: unknown, type: ParamType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'bool':
      return typeof value === 'boolean';
    case 'int':
      return typeName(value) === 'int';
    default:
      return typeName(value) === type;
  }
}
