import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../../http/metrics.js';
import { dataSourceTimeoutMs } from './call-options.js';
import { directAccess, invalidProxyUrl, proxyPathInvalid } from './datasources.errors.js';
import {
  DEFAULT_EGRESS,
  dataSourceHeaders,
  type DataSourceSettings,
  type EgressGuard,
} from './plugins/index.js';

/** Grafana's `[dataproxy] timeout` default: how long a proxied back end may take to answer. */
const PROXY_TIMEOUT_MS = 30_000;

// RFC 9110 hop-by-hop headers: they describe one connection, never the next one.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
// The caller's credentials for svc must never reach a data source; Grafana also drops these.
const CALLER_ONLY = new Set(['host', 'cookie', 'authorization', 'origin', 'referer', 'x-grafana-org-id']);

interface ProxyTarget {
  url: URL;
  headers: Record<string, string | string[]>;
  timeoutMs: number;
  rejectUnauthorized: boolean;
  /** resolves the host refusing link-local and metadata addresses (see plugins/egress.ts) */
  lookup?: ReturnType<EgressGuard['lookupFor']>;
}

/**
 * `/api/datasources/proxy/uid/<uid>/<rest>?<query>` -> `<rest>?<query>`, untouched (still
 * encoded); `prefixSegments` counts the path segments before `<rest>`.
 */
function proxiedPath(rawUrl: string, prefixSegments: number): { path: string; search: string } {
  const queryAt = rawUrl.indexOf('?');
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const search = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  const rest = pathname.split('/').slice(prefixSegments + 1);
  // A `..` segment would climb out of the data source's base path.
  if (rest.some((segment) => decodeSegment(segment) === '..')) throw proxyPathInvalid();
  return { path: rest.join('/'), search };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Where a proxied request goes and what it carries: the data source's auth, not the caller's. */
export function proxyTarget(
  ds: DataSourceSettings,
  rawUrl: string,
  incoming: IncomingHttpHeaders,
  clientIp: string,
  prefixSegments: number,
): ProxyTarget {
  if (ds.access === 'direct') throw directAccess();
  const base = parseBase(ds.url);
  const { path, search } = proxiedPath(rawUrl, prefixSegments);
  const url = new URL(base);
  const basePath = base.pathname.replace(/\/+$/, '');
  url.pathname = path === '' && !rawUrl.split('?')[0]!.endsWith('/') ? base.pathname : `${basePath}/${path}`;
  url.search = search;

  const headers: Record<string, string | string[]> = {};
  const connectionTokens = String(incoming.connection ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase());
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || CALLER_ONLY.has(name)) continue;
    if (connectionTokens.includes(name)) continue;
    headers[name] = value;
  }
  const kept = keptCookies(ds, incoming.cookie);
  if (kept) headers.cookie = kept;
  const forwardedFor = incoming['x-forwarded-for'];
  headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${clientIp}` : clientIp;
  for (const [name, value] of Object.entries(dataSourceHeaders(ds))) headers[name.toLowerCase()] = value;
  return {
    url,
    headers,
    timeoutMs: dataSourceTimeoutMs(ds.jsonData) ?? PROXY_TIMEOUT_MS,
    rejectUnauthorized: ds.jsonData.tlsSkipVerify !== true,
    lookup: (ds.egress ?? DEFAULT_EGRESS).lookupFor(url),
  };
}

/** Grafana compat: a URL without a scheme means http://. */
function parseBase(raw: string): URL {
  const withScheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalidProxyUrl(raw);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || raw.trim() === '') {
    throw invalidProxyUrl(raw);
  }
  return url;
}

/** Grafana's jsonData.keepCookies: the only caller cookies a data source may see. */
function keptCookies(ds: DataSourceSettings, header: string | undefined): string | undefined {
  const names = ds.jsonData.keepCookies;
  if (!header || !Array.isArray(names) || names.length === 0) return undefined;
  const kept = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => names.includes(pair.slice(0, pair.indexOf('=')).trim()));
  return kept.length ? kept.join('; ') : undefined;
}

class ProxyTimeout extends Error {}

/**
 * Streams a request to the data source and its answer back: bodies are piped, never buffered.
 * No answer within the timeout gives 504, a transport failure 502, both with a message.
 */
export function createProxyForwarder(deps: { metrics: Metrics }) {
  const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
  const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256 });

  return {
    forward(request: FastifyRequest, reply: FastifyReply, target: ProxyTarget): Promise<void> {
      const started = performance.now();
      reply.raw.once('close', () => deps.metrics.dataproxyRequest.observe(performance.now() - started));
      return new Promise<void>((resolve) => {
        const secure = target.url.protocol === 'https:';
        const upstream = (secure ? httpsRequest : httpRequest)(target.url, {
          method: request.method,
          headers: target.headers,
          agent: secure ? httpsAgent : httpAgent,
          ...(target.lookup ? { lookup: target.lookup } : {}),
          ...(secure ? { rejectUnauthorized: target.rejectUnauthorized } : {}),
        });
        const timer = setTimeout(() => upstream.destroy(new ProxyTimeout()), target.timeoutMs);
        const clientGone = () => {
          if (!reply.raw.writableFinished) upstream.destroy();
        };
        reply.raw.once('close', clientGone);

        upstream.once('response', (response: IncomingMessage) => {
          clearTimeout(timer);
          // A body that stalls longer than the timeout is cut off as well.
          response.setTimeout(target.timeoutMs, () => response.destroy(new ProxyTimeout()));
          reply.status(response.statusCode ?? 502);
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined || HOP_BY_HOP.has(name) || name === 'set-cookie') continue;
            reply.header(name, value);
          }
          void reply.send(response);
          resolve();
        });
        upstream.once('error', (error: Error) => {
          clearTimeout(timer);
          if (reply.sent || reply.raw.headersSent) {
            reply.raw.destroy();
          } else if (error instanceof ProxyTimeout) {
            void reply
              .status(504)
              .send({ message: `Data source did not answer within ${target.timeoutMs / 1000} s` });
          } else {
            void reply.status(502).send({ message: `Data source request failed: ${describe(error)}` });
          }
          resolve();
        });
        request.raw.pipe(upstream);
      });
    },

    close(): void {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

function describe(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === 'string' ? code : error.name);
}

export type ProxyForwarder = ReturnType<typeof createProxyForwarder>;
