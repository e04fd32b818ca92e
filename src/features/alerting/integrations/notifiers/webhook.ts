/**
 * Generic webhook (and Grafana IRM/oncall, its copy without headers, payload, TLS and HMAC):
 * Grafana's JSON body, basic or Authorization-header auth, `maxAlerts`, custom headers, a custom
 * payload template and an HMAC signature.
 */

import { createHmac } from 'node:crypto';
import { Alerts, KV, NotificationData } from '../../templates/index.js';
import { DeliveryError } from '../errors.js';
import { struct, toJson } from '../json.js';
import {
  defaultMessage,
  defaultTitle,
  goQuoteList,
  isHttpUrl,
  type Delivery,
  type NotifierDefinition,
  type NotifierOutcome,
} from '../notifier.js';
import { oauth2Authorization, validateOAuth2 } from '../oauth2.js';
import type { Settings } from '../settings.js';

/** Headers a user may not set: they belong to the transport or to the auth settings. */
const restrictedHeaders = new Set(
  [
    'Host',
    'Accept-Encoding',
    'Accept-Charset',
    'Content-Encoding',
    'Content-Length',
    'Authorization',
    'User-Agent',
    'Transfer-Encoding',
    'Connection',
    'Upgrade',
    'Trailer',
    'Te',
    'Proxy-Authorization',
    'Proxy-Authenticate',
    'Cookie',
    'Set-Cookie',
    'Referer',
    'Origin',
    'X-Forwarded-For',
    'X-Real-Ip',
    'Via',
    'Forwarded',
    'Expect',
    'Keep-Alive',
    'Date',
    'Max-Forwards',
  ].map((h) => h.toLowerCase()),
);

/** Grafana compat: this URL means "accept and drop" (used to silence a contact point). */
const noopUrls = new Set(['grafana://noop', 'svc://noop']);
const defaultSignatureHeader = 'X-Grafana-Alerting-Signature';

/** Go's textproto.CanonicalMIMEHeaderKey: `x-custom-id` → `X-Custom-Id`. */
function canonicalHeader(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');
}

function validateCommon(s: Settings): string | undefined {
  if (s.string('url') === '') return "required field 'url' is not specified";
  if (
    s.string('username') !== '' &&
    s.string('password') !== '' &&
    s.string('authorization_credentials') !== ''
  )
    return 'both HTTP Basic Authentication and Authorization Header are set, only 1 is permitted';
  const maxAlerts = s.number('maxAlerts');
  if (maxAlerts.error) return `failed to parse maxAlerts: ${maxAlerts.error}`;
  return undefined;
}

function validateWebhook(s: Settings): string | undefined {
  const common = validateCommon(s);
  if (common) return common;
  const forbidden = Object.keys(s.map('headers'))
    .filter((name) => restrictedHeaders.has(name.toLowerCase()))
    .map(canonicalHeader)
    .sort();
  if (forbidden.length > 0) return `custom headers ${goQuoteList(forbidden)} are not allowed`;
  return validateOAuth2(s);
}

/** The URL is a template: only a literal one can be checked before sending. */
function validateUrl(s: Settings): string | undefined {
  const url = s.string('url');
  if (url.includes('{{') || noopUrls.has(url) || isHttpUrl(url)) return undefined;
  return `invalid URL "${url}"`;
}

async function send(d: Delivery, extended: boolean): Promise<NotifierOutcome> {
  const s = d.settings;
  const method = s.text('httpMethod', 'POST').toUpperCase();
  if (method !== 'POST' && method !== 'PUT')
    throw new DeliveryError(`webhook only supports HTTP methods PUT or POST: ${method}`, {
      invalidConfig: true,
    });

  const maxAlerts = s.number('maxAlerts').value ?? 0;
  const vars = extended ? s.map('payload.vars') : {};
  const data = truncated(d.data, maxAlerts, vars);
  const url = d.renderWith(data, s.string('url'), 'url');
  if (noopUrls.has(url)) return { skipped: true };

  const customPayload = extended ? s.string('payload.template') : '';
  let body: string;
  if (customPayload) {
    const result = d.context.templates.executeText(customPayload, data, { name: 'payload' });
    if (result.error) throw new DeliveryError(`failed to template webhook payload: ${result.error.message}`);
    body = result.output;
  } else {
    body = defaultBody(
      data,
      d.context.orgId ?? 1,
      d.renderWith(data, s.text('title', defaultTitle), 'title'),
      d.renderWith(data, s.text('message', defaultMessage), 'message'),
    );
  }

  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const credentials = s.string('authorization_credentials');
  if (credentials) headers.Authorization = `${s.text('authorization_scheme', 'Bearer')} ${credentials}`;
  if (extended) {
    const oauth2 = await oauth2Authorization(s, d.http);
    if (oauth2) headers.Authorization = oauth2;
    for (const [name, value] of Object.entries(s.map('headers'))) headers[name] = value;
    const secret = s.string('hmacConfig.secret');
    if (secret) Object.assign(headers, hmacHeaders(s, secret, body));
  }

  const res = await d.http.send({
    url,
    method,
    headers,
    body,
    basicAuth: headers.Authorization
      ? undefined
      : { user: s.string('username'), password: s.string('password') },
    tls: extended && s.has('tlsConfig') ? tlsSettings(s) : undefined,
  });
  return { statusCode: res.status };
}

/**
 * Grafana's default body, encoded once per notification, org and texts: the webhooks of a fan-out
 * share the notification (`truncated`) and mostly its title and message, so they send the same
 * bytes, and encoding the alerts the way Go does was most of the CPU of each send.
 */
const encodedBodies = new WeakMap<NotificationData, Map<string, string>>();
/** Per notification; more distinct bodies than this are simply encoded again. */
const maxBodies = 100;

function defaultBody(data: NotificationData, orgId: number, title: string, message: string): string {
  let bodies = encodedBodies.get(data);
  if (!bodies) encodedBodies.set(data, (bodies = new Map<string, string>()));
  const key = `${orgId}\u0000${title}\u0000${message}`;
  const hit = bodies.get(key);
  if (hit !== undefined) return hit;
  const body = toJson(
    struct({
      receiver: data.Receiver,
      status: data.Status,
      alerts: data.Alerts,
      groupLabels: data.GroupLabels,
      commonLabels: data.CommonLabels,
      commonAnnotations: data.CommonAnnotations,
      externalURL: data.ExternalURL,
      appVersion: data.AppVersion || undefined,
      version: '1',
      groupKey: data.GroupKey,
      truncatedAlerts: typeof data.TruncatedAlerts === 'number' ? data.TruncatedAlerts : 0,
      orgId,
      title,
      state: data.Status === 'firing' ? 'alerting' : 'ok',
      message,
    }),
  );
  if (bodies.size < maxBodies) bodies.set(key, body);
  return body;
}

/** Grafana's HMAC: hex HMAC-SHA256 over `[<unix seconds>:]<body>`. */
function hmacHeaders(s: Settings, secret: string, body: string): Record<string, string> {
  const timestampHeader = s.string('hmacConfig.timestampHeader');
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signed = timestampHeader ? `${timestamp}:${body}` : body;
  const signature = createHmac('sha256', secret).update(signed).digest('hex');
  return {
    [s.text('hmacConfig.header', defaultSignatureHeader)]: signature,
    ...(timestampHeader ? { [timestampHeader]: timestamp } : {}),
  };
}

function tlsSettings(s: Settings) {
  return {
    insecureSkipVerify: s.bool('tlsConfig.insecureSkipVerify'),
    caCertificate: s.string('tlsConfig.caCertificate'),
    clientCertificate: s.string('tlsConfig.clientCertificate'),
    clientKey: s.string('tlsConfig.clientKey'),
  };
}

/** Webhook data (`TruncatedAlerts` = 0) of a notification sent whole. */
const untruncated = new WeakMap<NotificationData, NotificationData>();

/** The notification with at most `maxAlerts` alerts (0 = all) and the count left out. */
function truncated(
  data: NotificationData,
  maxAlerts: number,
  vars: Record<string, string>,
): NotificationData {
  const keep = maxAlerts > 0 ? Math.min(maxAlerts, data.Alerts.length) : data.Alerts.length;
  const plain = keep === data.Alerts.length && Object.keys(vars).length === 0;
  // One copy per notification for the common case, so integrations share its renders.
  const shared = plain ? untruncated.get(data) : undefined;
  if (shared) return shared;
  const alerts = new Alerts();
  for (const alert of data.Alerts.slice(0, keep)) alerts.push(alert);
  const copy = new NotificationData(
    data.Receiver,
    data.Status,
    alerts,
    data.GroupLabels,
    data.CommonLabels,
    data.CommonAnnotations,
    data.ExternalURL,
    data.AppVersion,
    data.GroupKey,
    data.Alerts.length - keep,
    Object.keys(vars).length > 0 ? KV.of(vars) : data.Vars,
  );
  if (plain) untruncated.set(data, copy);
  return copy;
}

const commonSecure = ['password', 'authorization_credentials'];
const commonDefaults = { httpMethod: 'POST', maxAlerts: 0, title: defaultTitle, message: defaultMessage };

export const webhook: NotifierDefinition = {
  type: 'webhook',
  secure: [
    ...commonSecure,
    'tlsConfig.caCertificate',
    'tlsConfig.clientCertificate',
    'tlsConfig.clientKey',
    'hmacConfig.secret',
    'http_config.oauth2.client_secret',
    'http_config.oauth2.tls_config.caCertificate',
    'http_config.oauth2.tls_config.clientCertificate',
    'http_config.oauth2.tls_config.clientKey',
  ],
  templated: ['url', 'title', 'message', 'payload.template'],
  defaults: commonDefaults,
  validate: validateWebhook,
  validateUrls: validateUrl,
  send: (d) => send(d, true),
};

export const oncall: NotifierDefinition = {
  type: 'oncall',
  secure: commonSecure,
  templated: ['url', 'title', 'message'],
  defaults: commonDefaults,
  validate: validateCommon,
  validateUrls: validateUrl,
  send: (d) => send(d, false),
};
