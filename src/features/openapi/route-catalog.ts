import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** A route as Fastify registered it: method, URL pattern, access declaration and schemas. */
export interface CatalogRoute {
  method: string;
  url: string;
  config: Record<string, unknown>;
  schema: FastifySchema;
}

/**
 * Records every route registered on `app` from now on (Fastify's onRoute hook), so the OpenAPI
 * document is generated from the routes themselves. Called in app.ts before any route exists.
 * HEAD routes Fastify adds for each GET are left out: they answer like the GET.
 */
export function recordRoutes(app: FastifyInstance): CatalogRoute[] {
  const routes: CatalogRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        config: (route.config ?? {}) as Record<string, unknown>,
        schema: route.schema ?? {},
      });
    }
  });
  return routes;
}
