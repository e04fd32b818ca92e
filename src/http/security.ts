import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';

/** Methods the CSRF check lets through (Grafana's: GET may have side effects, so it is checked). */
const SAFE_METHODS = new Set(['HEAD', 'OPTIONS', 'TRACE']);

/** `host[:port]` or `[v6]:port` without its port, lower-cased; '' when there is none. */
function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') === -1 ? undefined : host.indexOf(']'));
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * Grafana's CSRF check: a request carrying the session cookie, other than HEAD/OPTIONS/TRACE, with
 * an `Origin` header, must come from svc's own host (the `Host` header, port ignored), a host named
 * by one of `csrf_additional_headers`, or one of `csrf_trusted_origins`; else 403. Requests without
 * the cookie, with an `Authorization` credential (API tokens, Basic: it is the one used) and without
 * `Origin` (not sent by a browser) are not checked.
 * Returns the refusal's message, or undefined when the request may go on.
 */
export function csrfRefusal(
  request: Pick<FastifyRequest, 'method' | 'headers' | 'cookies'>,
  options: { cookieName: string; trustedOrigins: ReadonlySet<string>; additionalHeaders: readonly string[] },
): string | undefined {
  if (request.cookies[options.cookieName] === undefined) return undefined;
  // a Basic or Bearer credential wins over the cookie, so such a request is not cookie-authenticated
  if (/^\s*(basic|bearer)\s+\S/i.test(request.headers.authorization ?? '')) return undefined;
  if (SAFE_METHODS.has(request.method)) return undefined;
  const origin = request.headers.origin;
  if (!origin) return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return 'origin not allowed';
  }
  const ownHost = hostnameOf(request.headers.host);
  if (ownHost === '') return 'origin not allowed';
  if (originHost === ownHost || options.trustedOrigins.has(originHost)) return undefined;
  for (const header of options.additionalHeaders) {
    const value = request.headers[header.toLowerCase()];
    if (typeof value === 'string' && hostnameOf(value) === originHost) return undefined;
  }
  return 'origin not allowed';
}

/** The fixed security headers of every response, computed once from `[security]`. */
function fixedHeaders(headers: Config['security']['headers']): [string, string][] {
  const fixed: [string, string][] = [];
  if (!headers.allowEmbedding) fixed.push(['x-frame-options', 'deny']);
  if (headers.contentTypeOptions) fixed.push(['x-content-type-options', 'nosniff']);
  if (headers.xssProtection) fixed.push(['x-xss-protection', '1; mode=block']);
  if (headers.strictTransportSecurity) {
    let value = `max-age=${headers.strictTransportSecurityMaxAgeSeconds}`;
    if (headers.strictTransportSecurityPreload) value += '; preload';
    if (headers.strictTransportSecuritySubdomains) value += '; includeSubDomains';
    fixed.push(['strict-transport-security', value]);
  }
  return fixed;
}

/** `$ROOT_PATH`: the host and path of root_url (Grafana's), e.g. `svc.example.com/grafana`. */
function rootPathOf(rootUrl: string): string {
  try {
    const url = new URL(rootUrl);
    return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '';
  }
}

/**
 * The request's CSP nonce, when a policy is configured: the web UI's page puts it on its script
 * tags (`scriptNonce`), so `'strict-dynamic' $NONCE` lets svc's own scripts run and no injected one.
 */
const nonces = new WeakMap<FastifyRequest, string>();
export const scriptNonce = (request: FastifyRequest): string | undefined => nonces.get(request);

/**
 * Response headers and the CSRF check, on every request before routing (so errors and the web
 * UI's pages carry the headers too).
 */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const { security } = config;
  const fixed = fixedHeaders(security.headers);
  const rootPath = rootPathOf(config.server.rootUrl);
  const policies: [string, string][] = [];
  if (security.headers.contentSecurityPolicy) {
    policies.push(['content-security-policy', security.headers.contentSecurityPolicyTemplate]);
  }
  if (security.headers.contentSecurityPolicyReportOnly) {
    policies.push([
      'content-security-policy-report-only',
      security.headers.contentSecurityPolicyReportOnlyTemplate,
    ]);
  }
  const csrf = {
    cookieName: config.auth.loginCookieName,
    trustedOrigins: new Set(security.csrfTrustedOrigins.map((o) => o.toLowerCase())),
    additionalHeaders: security.csrfAdditionalHeaders,
  };

  // Synchronous (no promise per request): answers early without calling `done`.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    for (const [name, value] of fixed) reply.header(name, value);
    if (policies.length) {
      // 16 random bytes per page view; only when an operator turned a policy on
      const nonce = randomBytes(16).toString('base64');
      nonces.set(request, nonce);
      for (const [name, template] of policies) {
        reply.header(
          name,
          template.replaceAll('$NONCE', `'nonce-${nonce}'`).replaceAll('$ROOT_PATH', rootPath),
        );
      }
    }
    const refusal = csrfRefusal(request, csrf);
    if (refusal) void reply.status(403).send({ message: refusal });
    else done();
  });
}
