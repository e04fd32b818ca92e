/**
 * A set of named templates sharing functions, like a Go *template.Template and its associated
 * templates: texts are parsed once into trees, later definitions of a name replace earlier ones
 * (an empty body never replaces a real one), and any template can call any other by name.
 */

import type { Node, Tree } from './ast.js';
import { isEmptyTree } from './ast.js';
import { builtins } from './builtins.js';
import { execError, TemplateError } from './errors.js';
import { executeTree, type MissingKey } from './exec.js';
import { quote } from './fmt.js';
import type { FuncMap, GoFunction } from './funcs.js';
import { Output } from './output.js';
import { parse } from './parser.js';

export interface TemplateSetOptions {
  /** Functions besides Go's builtins; a function here hides a builtin of the same name. */
  funcs?: FuncMap;
  /** Go's `missingkey` option; Go's default prints missing map keys as `<no value>`. */
  missingKey?: MissingKey;
}

interface ExecuteOptions {
  /** Output limit in UTF-8 bytes (default 10 MiB, Grafana's). */
  maxOutputBytes?: number;
  /** Nesting limit of `{{template}}` calls (default 1000; Go's 100000 would exhaust a JS stack). */
  maxDepth?: number;
}

export interface ExecuteResult {
  /** What was written, partial when there is an error. */
  output: string;
  error?: TemplateError;
}

const defaultMaxOutputBytes = 10 * 1024 * 1024;
const defaultMaxDepth = 1000;

export class TemplateSet {
  private readonly trees: Map<string, Tree>;
  private readonly funcs: FuncMap;
  private readonly missingKey: MissingKey;

  constructor(options: TemplateSetOptions = {}, trees?: Map<string, Tree>) {
    this.funcs = options.funcs ?? {};
    this.missingKey = options.missingKey ?? 'default';
    this.trees = new Map(trees);
  }

  /**
   * Parses `text` under `name`: its body becomes template `name` and each `{{define}}` a template
   * of its own. Nothing is added when the text fails to parse; the TemplateError is thrown.
   */
  parse(name: string, text: string): this {
    this.add(name, text);
    return this;
  }

  /** Parses and adds; returns the trees the text defined. */
  private add(name: string, text: string): Map<string, Tree> {
    const parsed = parse(name, text, (fn) => this.hasFunction(fn));
    for (const [treeName, tree] of parsed) {
      if (this.trees.has(treeName) && isEmptyTree(tree.root)) continue;
      this.trees.set(treeName, tree);
    }
    return parsed;
  }

  has(name: string): boolean {
    return this.trees.has(name);
  }

  names(): string[] {
    return [...this.trees.keys()].sort();
  }

  /** An independent copy: parsing into it leaves this set unchanged. */
  clone(): TemplateSet {
    return new TemplateSet({ funcs: this.funcs, missingKey: this.missingKey }, this.trees);
  }

  execute(name: string, data: unknown, options: ExecuteOptions = {}): ExecuteResult {
    const tree = this.trees.get(name);
    if (!tree) {
      return {
        output: '',
        error: new TemplateError(`template: no template ${quote(name)} associated with template ""`, 'exec'),
      };
    }
    const out = new Output(options.maxOutputBytes ?? defaultMaxOutputBytes);
    try {
      executeTree(
        {
          lookup: (n) => this.trees.get(n),
          lookupFunc: (n) => this.lookupFunc(n),
          missingKey: this.missingKey,
          maxDepth: options.maxDepth ?? defaultMaxDepth,
          out,
        },
        tree,
        data,
      );
      return { output: out.toString() };
    } catch (err) {
      return { output: out.toString(), error: asTemplateError(err, name) };
    }
  }

  /**
   * Renders a text the way Grafana renders a notification field: parsed as an anonymous template
   * (named `name`, '' by default) in a copy of this set, so it can call the set's templates and
   * `define` its own, then executed.
   */
  executeText(text: string, data: unknown, options: ExecuteOptions & { name?: string } = {}): ExecuteResult {
    const name = options.name ?? '';
    const set = this.clone();
    try {
      set.parse(name, text);
    } catch (err) {
      return { output: '', error: asTemplateError(err, name) };
    }
    return set.execute(name, data, options);
  }

  /**
   * The error a user should see for this text, or undefined: a parse error, or a call of a
   * template that does not exist (which Go would report only when executing).
   */
  check(text: string, name = ''): TemplateError | undefined {
    const set = this.clone();
    let parsed: Map<string, Tree>;
    try {
      parsed = set.add(name, text);
    } catch (err) {
      return asTemplateError(err, name);
    }
    for (const tree of parsed.values()) {
      const missing = findTemplateCall(tree.root, (called) => !set.has(called));
      if (missing) return execError(missing.node, tree.name, `template ${quote(missing.name)} not defined`);
    }
    return undefined;
  }

  private hasFunction(name: string): boolean {
    return Object.hasOwn(this.funcs, name) || Object.hasOwn(builtins, name);
  }

  private lookupFunc(name: string): { fn: GoFunction; builtin: boolean } | undefined {
    if (Object.hasOwn(this.funcs, name)) return { fn: this.funcs[name]!, builtin: false };
    if (Object.hasOwn(builtins, name)) return { fn: builtins[name]!, builtin: true };
    return undefined;
  }
}

function findTemplateCall(
  node: Node,
  matches: (name: string) => boolean,
): { node: Node; name: string } | undefined {
  switch (node.type) {
    case 'template':
      return matches(node.name) ? { node, name: node.name } : undefined;
    case 'list':
      for (const n of node.nodes) {
        const found = findTemplateCall(n, matches);
        if (found) return found;
      }
      return undefined;
    case 'if':
    case 'range':
    case 'with':
      return (
        findTemplateCall(node.list, matches) ??
        (node.elseList ? findTemplateCall(node.elseList, matches) : undefined)
      );
    default:
      return undefined;
  }
}

/** Anything thrown during execution becomes a TemplateError; a JS stack overflow included. */
function asTemplateError(err: unknown, name: string): TemplateError {
  if (err instanceof TemplateError) return err;
  if (err instanceof RangeError) return new TemplateError(`template: ${name}: ${err.message}`, 'exec');
  throw err;
}
