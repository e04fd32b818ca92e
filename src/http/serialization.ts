import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { isDeepStrictEqual } from 'node:util';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildSerializer = NonNullable<Factories['buildSerializer']>;
type Route = { schema: unknown; method: string; url: string; httpStatus: string };
type Serialize = (data: unknown) => string;

/**
 * Fastify's response serializer (fast-json-stringify from the route's response schema). When
 * `checked`, each answer is also compared with plain `JSON.stringify` of the same value and a
 * difference fails the request: a field the schema does not declare (which the serializer would
 * silently drop) or a value it would coerce. The test suites run checked, so an incomplete
 * response schema shows up as a 500 in whichever test calls the route.
 */
export function buildSerializer(checked: boolean): BuildSerializer {
  const factory = SerializerSelector() as unknown as (
    schemas: unknown,
    options: unknown,
  ) => (route: Route) => Serialize;
  return ((externalSchemas: unknown, options: unknown) => {
    const compile = compiledOnFirstUse(factory(externalSchemas, options));
    if (!checked) return compile;
    return (route: Route) => {
      const serialize = compile(route);
      return (data: unknown) => {
        const text = serialize(data);
        const plain: unknown = JSON.parse(JSON.stringify(data) ?? 'null');
        const served: unknown = JSON.parse(text);
        if (!isDeepStrictEqual(served, plain)) {
          const where = firstDifference(served, plain, '');
          throw new Error(
            `the ${route.httpStatus} response of ${route.method} ${route.url} does not match its schema at ${where}`,
          );
        }
        return text;
      };
    };
  }) as unknown as BuildSerializer;
}

/**
 * fast-json-stringify builds a route's serializer when the route first answers with that status,
 * not when the server starts (building them all up front was a large part of the start-up time).
 */
function compiledOnFirstUse(compile: (route: Route) => Serialize): (route: Route) => Serialize {
  return (route) => {
    let serialize: Serialize | undefined;
    return (data) => (serialize ??= compile(route))(data);
  };
}

/** The JSON path of the first place where what was served differs from the value (for the error). */
function firstDifference(served: unknown, plain: unknown, path: string): string {
  if (isDeepStrictEqual(served, plain)) return '';
  if (Array.isArray(served) && Array.isArray(plain)) {
    if (served.length !== plain.length) return `${path || '/'} (length ${served.length} ≠ ${plain.length})`;
    for (let i = 0; i < plain.length; i++) {
      const inner = firstDifference(served[i], plain[i], `${path}/${i}`);
      if (inner) return inner;
    }
  }
  if (isObject(served) && isObject(plain)) {
    for (const key of new Set([...Object.keys(plain), ...Object.keys(served)])) {
      if (!(key in served)) return `${path}/${key} (not in the schema)`;
      const inner = firstDifference(served[key], plain[key], `${path}/${key}`);
      if (inner) return inner;
    }
  }
  return `${path || '/'} (served ${JSON.stringify(served)?.slice(0, 80)}, value ${JSON.stringify(plain)?.slice(0, 80)})`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
