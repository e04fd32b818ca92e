/**
 * Template functions with Go signatures. Go checks the number and types of a function's
 * arguments before calling it (`wrong number of args for join: want 2 got 1`, `expected string;
 * found 5`); a function declared with {@link goFunc} gets the same checks.
 */

/**
 * Go parameter types the engine checks. `any` is interface{} (nil allowed); `value` is
 * reflect.Value, which builtins take to see values untouched (no value is not allowed).
 */
export type ParamType = 'any' | 'value' | 'string' | 'int' | 'float64' | 'bool' | '[]string' | 'time.Time';

interface Signature {
  readonly params: readonly ParamType[];
  /** Type of the trailing `...` parameter, when the function is variadic. */
  readonly variadic?: ParamType;
}

// Implementations take already-checked arguments, so their parameter types vary.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GoFunction = (...args: any[]) => unknown;

export type FuncMap = Readonly<Record<string, GoFunction>>;

const signatures = new WeakMap<GoFunction, Signature>();

/**
 * Declares a function's Go signature, e.g. `goFunc(['string', '...any'], fn)`.
 * A function returns its result and reports an error by throwing.
 */
export function goFunc<F extends GoFunction>(params: readonly string[], fn: F): F {
  const last = params.at(-1);
  const signature: Signature = last?.startsWith('...')
    ? { params: params.slice(0, -1) as ParamType[], variadic: last.slice(3) as ParamType }
    : { params: params as ParamType[] };
  signatures.set(fn, signature);
  return fn;
}

/** A declared signature, or one `any` parameter per declared JS parameter. */
export function signatureOf(fn: GoFunction): Signature {
  return signatures.get(fn) ?? { params: Array<ParamType>(fn.length).fill('any') };
}

/** How Go names the parameter type in messages. */
export function paramTypeName(t: ParamType): string {
  if (t === 'any') return 'interface {}';
  if (t === 'value') return 'reflect.Value';
  return t;
}

export function canBeNil(t: ParamType): boolean {
  return t === 'any' || t === '[]string';
}
