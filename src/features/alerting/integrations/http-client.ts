/**
 * The HTTP client every HTTP integration sends through: node:http/https (fetch cannot take
 * per-request TLS settings), bounded by the delivery's AbortSignal, following redirects like Go,
 * with Grafana's error texts and the URL redacted from them (it may carry a secret).
 */

import {
  request as httpRequest,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { abortCause, DeliveryError } from './errors.js';

export interface TlsSettings {
  insecureSkipVerify?: boolean;
  caCertificate?: string;
  clientCertificate?: string;
  clientKey?: string;
}

export interface HttpRequest {
  url: string;
  /** Default POST. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sent as a Basic Authorization header when both parts are non-empty. */
  basicAuth?: { user: string; password: string };
  tls?: TlsSettings;
}

export interface HttpResponse {
  status: number;
  /** Go's resp.Status: `500 Internal Server Error`. */
  statusLine: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const maxRedirects = 10;
/** Answers are read up to this size; the rest is drained and dropped. */
const maxResponseBytes = 1 << 20;
/** Grafana quotes at most this much of a failed answer in the error. */
const maxErrorBodyBytes = 1024;

const userAgent = 'svc';

export class HttpClient {
  constructor(private readonly signal: AbortSignal) {}

  /** Sends and returns any answer; throws a DeliveryError when there is none. */
  async request(req: HttpRequest): Promise<HttpResponse> {
    let current = req;
    let url = req.url;
    let method = (req.method ?? 'POST').toUpperCase();
    let body = req.body;
    for (let redirects = 0; ; redirects++) {
      const res = await this.once(current, url, method, body);
      const location = res.headers.location;
      if (![301, 302, 303, 307, 308].includes(res.status) || !location) return res;
      if (redirects + 1 >= maxRedirects)
        throw transportError(req.method ?? 'POST', 'stopped after 10 redirects');
      const next = new URL(location, url);
      // Like Go, credentials are not forwarded to another host.
      if (next.host !== new URL(url).host) current = withoutCredentials(current);
      url = next.toString();
      // Go's client turns a redirected POST into a GET without body except for 307/308.
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  }

  /** Sends and insists on a 2xx answer (Grafana's SendWebhook). */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const res = await this.request(req);
    if (res.status < 200 || res.status > 299) throw statusError(res);
    return res;
  }

  private once(req: HttpRequest, url: string, method: string, body: string | Buffer | undefined) {
    return new Promise<HttpResponse>((resolve, reject) => {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        reject(new DeliveryError(`${goMethod(method)} "<redacted>": invalid URL`, { invalidConfig: true }));
        return;
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        reject(transportError(method, `unsupported protocol scheme "${parsed.protocol.slice(0, -1)}"`));
        return;
      }
      if (this.signal.aborted) {
        reject(abortError(method, this.signal));
        return;
      }
      const headers: Record<string, string> = { 'User-Agent': userAgent, ...req.headers };
      if (req.basicAuth?.user && req.basicAuth.password) {
        const token = Buffer.from(`${req.basicAuth.user}:${req.basicAuth.password}`).toString('base64');
        headers.Authorization = `Basic ${token}`;
      }
      const payload = body === undefined ? undefined : Buffer.from(body);
      if (payload) headers['Content-Length'] = String(payload.length);
      const options: RequestOptions = { method, headers, ...tlsOptions(req.tls) };
      const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
      const clientRequest = send(parsed, options);

      let response: IncomingMessage | undefined;
      const onAbort = (): void => {
        const err = abortError(method, this.signal);
        response?.destroy(err);
        clientRequest.destroy(err);
        reject(err);
      };
      this.signal.addEventListener('abort', onAbort, { once: true });
      const done = (): void => this.signal.removeEventListener('abort', onAbort);

      clientRequest.on('error', (err) => {
        done();
        reject(err instanceof DeliveryError ? err : transportError(method, describeNetworkError(err)));
      });
      clientRequest.on('response', (res) => {
        response = res;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < maxResponseBytes) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('error', (err) => {
          done();
          reject(err instanceof DeliveryError ? err : transportError(method, err.message));
        });
        res.on('close', () => {
          if (res.complete) return;
          done();
          reject(transportError(method, 'unexpected EOF'));
        });
        res.on('end', () => {
          done();
          const status = res.statusCode ?? 0;
          resolve({
            status,
            statusLine: `${status} ${res.statusMessage || STATUS_CODES[status] || ''}`.trim(),
            headers: res.headers,
            body: Buffer.concat(chunks).subarray(0, maxResponseBytes).toString('utf8'),
          });
        });
      });
      clientRequest.end(payload);
    });
  }
}

/** `webhook response status 500 Internal Server Error: <body>` with the answer's status kept. */
function statusError(res: HttpResponse): DeliveryError {
  const body = Buffer.from(res.body).subarray(0, maxErrorBodyBytes).toString('utf8');
  return new DeliveryError(`webhook response status ${res.statusLine}: ${body}`, { statusCode: res.status });
}

function withoutCredentials(req: HttpRequest): HttpRequest {
  const sensitive = new Set(['authorization', 'www-authenticate', 'cookie', 'cookie2']);
  const headers = Object.fromEntries(
    Object.entries(req.headers ?? {}).filter(([k]) => !sensitive.has(k.toLowerCase())),
  );
  return { ...req, headers, basicAuth: undefined };
}

function tlsOptions(tls: TlsSettings | undefined): RequestOptions {
  if (!tls) return {};
  return {
    rejectUnauthorized: !tls.insecureSkipVerify,
    ...(tls.caCertificate ? { ca: tls.caCertificate } : {}),
    ...(tls.clientCertificate ? { cert: tls.clientCertificate } : {}),
    ...(tls.clientKey ? { key: tls.clientKey } : {}),
  };
}

/** Go prints the method of a url.Error capitalized: `Post "…": …`. */
function goMethod(method: string): string {
  return method.charAt(0).toUpperCase() + method.slice(1).toLowerCase();
}

function transportError(method: string, cause: string): DeliveryError {
  return new DeliveryError(`${goMethod(method)} "<redacted>": ${cause}`);
}

function abortError(method: string, signal: AbortSignal): DeliveryError {
  const cause = abortCause(signal);
  return new DeliveryError(`${goMethod(method)} "<redacted>": ${cause.text}`, { timedOut: cause.timedOut });
}

/** Node's socket errors in the words of Go's net package. */
function describeNetworkError(err: Error): string {
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };
  const target = e.address ? `${e.address.includes(':') ? `[${e.address}]` : e.address}:${e.port ?? ''}` : '';
  switch (e.code) {
    case 'ECONNREFUSED':
      return `dial tcp ${target}: connect: connection refused`;
    case 'ENOTFOUND':
      return `dial tcp: lookup ${e.hostname ?? ''}: no such host`;
    case 'ECONNRESET':
      return 'read: connection reset by peer';
    case 'EHOSTUNREACH':
      return `dial tcp ${target}: connect: no route to host`;
    default:
      return e.message;
  }
}
