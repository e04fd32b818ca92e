import { Type } from 'typebox';
import swaggerUiPath from 'swagger-ui-dist/absolute-path.js';
import { scriptNonce } from '../../http/security.js';
import type { FeatureDeps } from '../feature.js';
import { createStaticFiles } from '../web/static-files.js';
import { buildOpenApiDocument } from './openapi-document.js';
import type { CatalogRoute } from './route-catalog.js';

/** The files of swagger-ui-dist the viewer page loads, served from svc's own origin. */
const VIEWER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'svc-init.js']);

/** Starts the viewer on the document (a file, not inline: a nonce-less inline script is refused by CSP). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});
`;

const page = (nonce: string | undefined) => {
  const n = nonce ? ` nonce="${nonce}"` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>svc HTTP API</title>
<link rel="icon" type="image/png" href="/swagger/favicon-32x32.png">
<link rel="stylesheet" href="/swagger/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script${n} src="/swagger/swagger-ui-bundle.js"></script>
<script${n} src="/swagger/svc-init.js"></script>
</body></html>`;
};

/**
 * The OpenAPI document of every route (`GET /api/openapi.json`) and swagger-ui rendering it
 * (`GET /swagger`). Both are public, as Grafana's swagger is: the document describes the API that
 * every svc build serves (routes, schemas, the permission each needs), which the source already
 * publishes; it holds no data, no setting beyond the session cookie's name, and no secret.
 */
export function registerOpenApi(
  deps: FeatureDeps,
  options: { routes: readonly CatalogRoute[]; version: string },
) {
  let document: string | undefined;
  // swagger-ui-dist's own helper: the folder of its files (without loading its 1.5 MB bundle)
  const viewerRoot = swaggerUiPath();
  const files = createStaticFiles(viewerRoot);

  deps.api.get('/api/openapi.json', { config: { public: true } }, async (_request, reply) => {
    // built on first use: every route is registered by then
    document ??= JSON.stringify(
      buildOpenApiDocument(options.routes, {
        version: options.version,
        cookieName: deps.config.auth.loginCookieName,
      }),
    );
    return reply.header('content-type', 'application/json; charset=utf-8').send(document);
  });

  deps.api.get('/swagger', { config: { public: true } }, async (request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(scriptNonce(request))),
  );

  deps.api.get(
    '/swagger/:file',
    { config: { public: true }, schema: { params: Type.Object({ file: Type.String({ maxLength: 100 }) }) } },
    async (request, reply) => {
      const { file } = request.params;
      if (!VIEWER_FILES.has(file)) return reply.status(404).send({ message: 'Not found' });
      if (file === 'svc-init.js') {
        return reply.header('content-type', 'text/javascript; charset=utf-8').send(INIT_SCRIPT);
      }
      const asset = await files.get(`/${file}`);
      if (!asset) return reply.status(404).send({ message: 'Not found' });
      return reply
        .header('content-type', asset.contentType)
        .header('cache-control', 'public, max-age=3600')
        .send(asset.body);
    },
  );
}
