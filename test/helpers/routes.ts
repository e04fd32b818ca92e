import type { FastifySchema, RouteOptions } from 'fastify';

/** A route as Fastify registered it: its method, URL pattern, access declaration and schemas. */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: Record<string, unknown>;
  schema: FastifySchema;
}

/**
 * Every route of the apps built in this test file, in registration order. Filled by the Fastify
 * that `recordingFastify` returns; a test installs it before anything imports Fastify:
 *
 * ```ts
 * vi.mock('fastify', async (importOriginal) =>
 *   (await import('./routes.js')).recordingFastify(await importOriginal()),
 * );
 * ```
 */
export const registeredRoutes: RegisteredRoute[] = [];

/** Fastify's module with a factory whose apps record each route into `registeredRoutes`. */
export function recordingFastify<T extends { default: (...args: never[]) => unknown }>(original: T): T {
  const create = ((options?: object) => {
    const app = (original.default as unknown as (options?: object) => RecordingApp)(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        registeredRoutes.push({
          method,
          url: route.url,
          config: (route.config ?? {}) as Record<string, unknown>,
          schema: route.schema ?? {},
        });
      }
    });
    return app;
  }) as unknown as T['default'];
  return { ...original, default: create };
}

interface RecordingApp {
  addHook(name: 'onRoute', hook: (route: RouteOptions) => void): unknown;
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
