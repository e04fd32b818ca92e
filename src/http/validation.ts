import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildValidator = NonNullable<Factories['buildValidator']>;
type Options = { customOptions?: Record<string, unknown> } & Record<string, unknown>;
type Compile = (route: { schema: unknown; method: string; url: string; httpPart?: string }) => unknown;

/**
 * Fastify's Ajv with its defaults (useDefaults, removeAdditional, …), except that JSON bodies are
 * not type-coerced: `"name": 12345` is a 400, as Grafana's JSON decoder refuses it. Path
 * parameters and query strings are text on the wire and are still converted to their schema type.
 */
export const buildValidator = ((externalSchemas: Record<string, unknown>, options: Options = {}) => {
  const pool = AjvCompiler();
  const build = pool as unknown as (schemas: Record<string, unknown>, options: Options) => Compile;
  const coercing = build(externalSchemas, options);
  const strict = build(externalSchemas, {
    ...options,
    customOptions: { ...options.customOptions, coerceTypes: false },
  });
  return (route: Parameters<Compile>[0]) =>
    route.httpPart === 'body'
      ? compiledOnFirstUse(() => strict(route) as Validate)
      : finiteOnly(compiledOnFirstUse(() => coercing(route) as Validate));
}) as unknown as BuildValidator;

type Validate = ((data: unknown, context?: unknown) => boolean) & { errors?: unknown; schemaEnv?: unknown };

/**
 * Ajv compiles a route's schema when the route is first called, not when the server starts:
 * compiling the few hundred routes' schemas up front was most of the start-up time
 * (docs/PERFORMANCE.md). Fastify passes the parent object to a validator that has `schemaEnv`
 * (so Ajv can replace a coerced root value); the getter answers for the compiled function.
 */
function compiledOnFirstUse(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate = () => (compiled ??= compile());
  const lazy: Validate = (data, context) => {
    const fn = validate();
    const valid = context === undefined ? fn(data) : fn(data, context);
    lazy.errors = fn.errors;
    return valid;
  };
  Object.defineProperty(lazy, 'schemaEnv', { get: () => validate().schemaEnv });
  return lazy;
}

/**
 * Ajv converts `1e309` in a path or query string to Infinity and lets it through `integer` and
 * `maximum`; no column holds it, so a non-finite number is refused like any other bad value.
 */
function finiteOnly(validate: Validate): Validate {
  const checked: Validate = (data) => {
    const valid = validate(data);
    checked.errors = validate.errors;
    if (!valid || data === null || typeof data !== 'object') return valid;
    for (const [name, value] of Object.entries(data)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) {
        checked.errors = [
          {
            keyword: 'type',
            instancePath: `/${name}`,
            schemaPath: '#',
            params: {},
            message: 'must be a finite number',
          },
        ];
        return false;
      }
    }
    return true;
  };
  return checked;
}
