/**
 * OAuth2 client credentials for the webhook's `http_config.oauth2`: a token fetched from
 * `token_url` (client id and secret in a Basic header, like Go's oauth2 package tries first),
 * cached until shortly before it expires.
 */

import { DeliveryError } from './errors.js';
import type { HttpClient, TlsSettings } from './http-client.js';
import type { Settings } from './settings.js';

interface CachedToken {
  header: string;
  expiresAt: number;
}

/** Tokens by client and endpoint; bounded so arbitrary settings cannot grow it forever. */
const cache = new Map<string, CachedToken>();
const maxCached = 1000;
const expiryMarginMs = 10_000;

export function validateOAuth2(s: Settings): string | undefined {
  if (!s.has('http_config.oauth2')) return undefined;
  if (s.string('http_config.oauth2.client_id') === '') return 'client_id must be specified';
  if (s.string('http_config.oauth2.client_secret') === '') return 'client_secret must be specified';
  if (s.string('http_config.oauth2.token_url') === '') return 'token_url must be specified';
  return undefined;
}

/** The Authorization header value (`Bearer <token>`), or undefined when OAuth2 is not configured. */
export async function oauth2Authorization(s: Settings, http: HttpClient): Promise<string | undefined> {
  if (!s.has('http_config.oauth2')) return undefined;
  const clientId = s.string('http_config.oauth2.client_id');
  const clientSecret = s.string('http_config.oauth2.client_secret');
  const tokenUrl = s.string('http_config.oauth2.token_url');
  const scopes = s.list('http_config.oauth2.scopes').filter((x): x is string => typeof x === 'string');
  const params = s.map('http_config.oauth2.endpoint_params');
  const key = JSON.stringify([tokenUrl, clientId, clientSecret, scopes, params]);
  const cached = cache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.header;

  const form = new URLSearchParams({ grant_type: 'client_credentials', ...params });
  if (scopes.length > 0) form.set('scope', scopes.join(' '));
  const res = await http.request({
    url: tokenUrl,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form.toString(),
    basicAuth: { user: encodeURIComponent(clientId), password: encodeURIComponent(clientSecret) },
    tls: s.has('http_config.oauth2.tls_config') ? tls(s) : undefined,
  });
  const answer = parse(res.body);
  if (
    res.status < 200 ||
    res.status > 299 ||
    typeof answer.access_token !== 'string' ||
    answer.access_token === ''
  ) {
    throw new DeliveryError(
      `oauth2: cannot fetch token: ${res.statusLine}\nResponse: ${res.body.slice(0, 1024)}`,
      { statusCode: res.status },
    );
  }
  const type = typeof answer.token_type === 'string' && answer.token_type ? answer.token_type : 'Bearer';
  const header = `${type.toLowerCase() === 'bearer' ? 'Bearer' : type} ${answer.access_token}`;
  const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in * 1000 : 0;
  if (expiresIn > expiryMarginMs) {
    if (cache.size >= maxCached) cache.delete(cache.keys().next().value!);
    cache.set(key, { header, expiresAt: Date.now() + expiresIn - expiryMarginMs });
  }
  return header;
}

function tls(s: Settings): TlsSettings {
  return {
    insecureSkipVerify: s.bool('http_config.oauth2.tls_config.insecureSkipVerify'),
    caCertificate: s.string('http_config.oauth2.tls_config.caCertificate'),
    clientCertificate: s.string('http_config.oauth2.tls_config.clientCertificate'),
    clientKey: s.string('http_config.oauth2.tls_config.clientKey'),
  };
}

function parse(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
