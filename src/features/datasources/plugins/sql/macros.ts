import { parseIntervalString, formatInterval } from '../interval.js';
import type { TimeRange } from '../types.js';

/** `$__timeGroup(col, 5m, previous)` asks for missing buckets to be filled (Grafana: fill mode). */
export interface FillSpec {
  mode: 'null' | 'previous' | 'value';
  value?: number;
  intervalMs: number;
}

export interface MacroContext {
  range: TimeRange;
  /** the query's interval (request intervalMs) */
  intervalMs: number;
}

/** A dialect's macros: the name without `$`, e.g. `__timeFilter`, and the trimmed arguments. */
export type MacroExpander = (
  name: string,
  args: string[],
  context: MacroContext,
  state: MacroState,
) => string;

export interface MacroState {
  fill?: FillSpec;
}

export class MacroError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MacroError';
  }
}

interface Interpolated {
  sql: string;
  fill?: FillSpec;
}

/**
 * Grafana's SQL interpolation: first the plain variables (`$__interval_ms`, `$__interval`,
 * `$__unixEpochFrom()`, `$__unixEpochTo()`), then every `$__name(args)` macro through the
 * dialect. Throws MacroError naming the macro on bad use.
 */
export function interpolateSql(sql: string, expand: MacroExpander, context: MacroContext): Interpolated {
  const text = sql
    .replaceAll('$__interval_ms', String(Math.trunc(context.intervalMs)))
    .replaceAll('$__interval', formatInterval(context.intervalMs))
    .replaceAll('$__unixEpochFrom()', String(unixSeconds(context.range.from)))
    .replaceAll('$__unixEpochTo()', String(unixSeconds(context.range.to)));
  const state: MacroState = {};
  let out = '';
  let index = 0;
  const start = /\$(__\w+)\(/g;
  for (;;) {
    start.lastIndex = index;
    const match = start.exec(text);
    if (!match) break;
    const open = match.index + match[0].length;
    const close = matchingParen(text, open);
    if (close === -1) throw new MacroError(`unclosed parenthesis in macro $${match[1]}`);
    out +=
      text.slice(index, match.index) + expand(match[1]!, splitArgs(text.slice(open, close)), context, state);
    index = close + 1;
  }
  out += text.slice(index);
  return state.fill ? { sql: out, fill: state.fill } : { sql: out };
}

/** Index of the `)` closing the `(` just before `from`, skipping quoted text; -1 if none. */
function matchingParen(text: string, from: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '(') depth++;
    else if (char === ')') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Top-level commas separate arguments; `f(a, b)` inside one stays whole. Empty list for `()`. */
function splitArgs(inner: string): string[] {
  if (inner.trim() === '') return [];
  const args: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let current = '';
  for (const char of inner) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  args.push(current.trim());
  return args;
}

/** Go's time.Unix(): whole seconds, rounded down. */
export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Go's UnixNano(), exactly (beyond 2^53, so via BigInt). */
function unixNanos(ms: number): string {
  return (BigInt(Math.trunc(ms)) * 1_000_000n).toString();
}

export function requireColumn(name: string, args: string[]): string {
  const column = args[0];
  if (column === undefined || column === '')
    throw new MacroError(`missing time column argument for macro ${name}`);
  return column;
}

/**
 * The interval argument of the group macros (quotes allowed: `'5m'`), and the optional fill
 * argument: NULL, previous, or a number. Returns the interval in ms.
 */
export function groupInterval(name: string, args: string[], state: MacroState): number {
  if (args.length < 2 || args[0] === '') {
    throw new MacroError(`macro ${name} needs time column and interval and optional fill value`);
  }
  const text = args[1]!.replace(/^'+|'+$/g, '');
  const intervalMs = parseIntervalString(text);
  if (intervalMs === undefined || intervalMs <= 0) throw new MacroError(`error parsing interval ${args[1]}`);
  const fill = args[2];
  if (fill !== undefined) {
    if (fill === 'NULL') state.fill = { mode: 'null', intervalMs };
    else if (fill === 'previous') state.fill = { mode: 'previous', intervalMs };
    else {
      const value = Number(fill);
      if (fill === '' || !Number.isFinite(value)) throw new MacroError(`error parsing fill value ${fill}`);
      state.fill = { mode: 'value', value, intervalMs };
    }
  }
  return intervalMs;
}

/**
 * The epoch-number macros every SQL dialect writes the same way (`$__unixEpochFilter`,
 * `$__unixEpochNanoFilter`, `$__unixEpochNanoFrom`, `$__unixEpochNanoTo`); undefined for others.
 */
export function commonEpochMacro(name: string, args: string[], range: TimeRange): string | undefined {
  switch (name) {
    case '__unixEpochFilter': {
      const column = requireColumn(name, args);
      return `${column} >= ${unixSeconds(range.from)} AND ${column} <= ${unixSeconds(range.to)}`;
    }
    case '__unixEpochNanoFilter': {
      const column = requireColumn(name, args);
      return `${column} >= ${unixNanos(range.from)} AND ${column} <= ${unixNanos(range.to)}`;
    }
    case '__unixEpochNanoFrom':
      return unixNanos(range.from);
    case '__unixEpochNanoTo':
      return unixNanos(range.to);
    default:
      return undefined;
  }
}
