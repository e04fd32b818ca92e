import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { scriptNonce } from '../../http/security.js';
import { projectRoot } from '../../lib/build-info.js';
import type { FeatureDeps } from '../feature.js';
import { createStaticFiles, type StaticFile } from './static-files.js';

/** Vite names every asset by its content hash, so a cached copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>svc</title></head>
<body><h1>svc</h1><p>The web UI is not built. Run <code>npm run build</code> (or
<code>npx vite build --config web/vite.config.ts</code>) and reload. The HTTP API is served under
<code>/api</code>.</p></body></html>`;

/**
 * The web UI: serves web/dist at / with deep links (`/d/<uid>/<slug>`, `/login`, ...) falling back
 * to index.html, so a reload of any page of the single-page app works. Registered last: every
 * other route wins over the catch-all.
 */
export function registerWeb(deps: FeatureDeps): void {
  const root = join(projectRoot, 'web', 'dist');
  const files = createStaticFiles(root);

  deps.api.get('/*', { config: { public: true } }, async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    // Unknown API paths (and /metrics while metrics are off) keep the API's contract instead of
    // getting the app's HTML.
    if (path === '/api' || path.startsWith('/api/') || path === '/metrics') {
      return reply.status(404).send({ message: 'Not found' });
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return reply.status(400).send({ message: 'Bad request' });
    }
    const asset = decoded === '/' ? undefined : await files.get(decoded);
    if (asset) return send(request, reply, asset, decoded.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    // A missing hashed asset must not be answered with HTML a browser would try to run.
    if (decoded.startsWith('/assets/')) return reply.status(404).send({ message: 'Not found' });
    const index = await files.get('/index.html');
    if (!index) {
      return reply
        .status(existsSync(root) ? 404 : 200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(NOT_BUILT_PAGE);
    }
    const nonce = scriptNonce(request);
    if (nonce) {
      // A content security policy with a nonce: this page view's scripts carry it, so the page is
      // rewritten per request (never cached, no etag).
      return reply
        .header('content-type', index.contentType)
        .header('cache-control', 'no-store')
        .send(index.body.toString('utf8').replaceAll('<script', `<script nonce="${nonce}"`));
    }
    return send(request, reply, index, 'no-cache');
  });
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile, cacheControl: string) {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', cacheControl)
    .header('etag', file.etag);
  reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (file.gzipped && acceptsGzip) return reply.header('content-encoding', 'gzip').send(file.gzipped);
  return reply.send(file.body);
}
