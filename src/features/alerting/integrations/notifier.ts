/**
 * What every integration type provides (its model and its sender) and what a sender gets to
 * work with for one delivery.
 */

import { createHash } from 'node:crypto';
import type { NotificationData } from '../templates/index.js';
import { renderCached } from './render-cache.js';
import type { HttpClient } from './http-client.js';
import type { Settings } from './settings.js';
import type { Integration, IntegrationLogger, SendContext } from './types.js';

export interface NotifierDefinition {
  /** The canonical type identifier (`LINE` keeps its case). */
  type: string;
  /** Dotted keys stored encrypted and shown as `secureFields`. */
  secure: readonly string[];
  /**
   * Dotted keys of text fields rendered as templates; `details.*` = every value of a map,
   * `responders[].name` = a field of every list item.
   */
  templated: readonly string[];
  /** Defaults applied in memory at send time (never written back), as Grafana does. */
  defaults: Readonly<Record<string, unknown>>;
  /** Required settings and value checks, first failure in Grafana's order. */
  validate(settings: Settings): string | undefined;
  /** URL checks, which the API runs last (after name uniqueness and templates). */
  validateUrls?(settings: Settings): string | undefined;
  send(delivery: Delivery): Promise<NotifierOutcome | undefined>;
}

export interface NotifierOutcome {
  statusCode?: number;
  skipped?: boolean;
}

/** One delivery of one notification to one integration. */
export interface Delivery {
  integration: Integration;
  settings: Settings;
  data: NotificationData;
  context: SendContext;
  http: HttpClient;
  /** Fires when the delivery runs out of time or is cancelled. */
  signal: AbortSignal;
  logger?: IntegrationLogger;
  /** Renders a templated field; errors are logged and the partial output used (Grafana's tmpl). */
  render(text: string, field: string): string;
  /** Renders against other data of the same notification (the webhook's truncated alerts). */
  renderWith(data: NotificationData, text: string, field: string): string;
  /** `<externalURL>/alerting/list`. */
  ruleUrl: string;
}

/** Where svc's name replaces Grafana's in outbound texts (usernames, clients, footers). */
export const productName = 'svc';

export const defaultTitle = '{{ template "default.title" . }}';
export const defaultMessage = '{{ template "default.message" . }}';
export const statusColorTemplate = '{{ if eq .Status "firing" }}#D63232{{ else }}#36a64f{{ end }}';

export function newDelivery(base: Omit<Delivery, 'render' | 'renderWith' | 'ruleUrl'>): Delivery {
  const { templates } = base.context;
  const renderWith = (data: NotificationData, text: string, field: string): string => {
    if (text === '') return '';
    const result = renderCached(templates, data, text, field);
    if (result.error) {
      base.logger?.warn(
        {
          integration: base.integration.uid,
          type: base.integration.type,
          field,
          error: result.error.message,
        },
        'failed to render a notification template; sending the partial text',
      );
    }
    return result.output;
  };
  return {
    ...base,
    render: (text, field) => renderWith(base.data, text, field),
    renderWith,
    ruleUrl: joinUrl(base.context.externalUrl, '/alerting/list'),
  };
}

/** Grafana's joinUrlPath: the path appended to the base's path, query kept. */
export function joinUrl(base: string, path: string): string {
  try {
    const url = new URL(base);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
    return url.toString();
  } catch {
    return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  }
}

/** Alertmanager's GroupKey.Hash(): the SHA-256 of the group key, hex. */
export function groupKeyHash(data: NotificationData): string {
  return createHash('sha256').update(data.GroupKey).digest('hex');
}

/** Grafana's TruncateInRunes: at most `max` characters, the last one `…` when cut. */
export function truncateRunes(text: string, max: number): { text: string; truncated: boolean } {
  const runes = [...text];
  if (runes.length <= max) return { text, truncated: false };
  return { text: `${runes.slice(0, max - 1).join('')}…`, truncated: true };
}

/** `svc v<version>` or just `svc`, where Grafana says `Grafana v<version>`. */
export function productVersion(data: NotificationData): string {
  return data.AppVersion ? `${productName} v${data.AppVersion}` : productName;
}

/** Go's `%q` of a string slice: `["a" "b"]`. */
export function goQuoteList(items: readonly string[]): string {
  return `[${items.map((i) => JSON.stringify(i)).join(' ')}]`;
}

/** A URL Go's url.Parse plus a scheme check accepts: http(s) with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}

/**
 * The URL check of a field whose value may be a template: a literal value must be an http(s) URL;
 * an empty one is the required check's business.
 */
export function literalUrlCheck(field: string) {
  return (s: Settings): string | undefined => {
    const url = s.string(field);
    return url === '' || url.includes('{{') || isHttpUrl(url)
      ? undefined
      : `invalid URL ${JSON.stringify(url)}`;
  };
}

/**
 * Go's regexp.QuoteMeta: Alertmanager passes the contact point name through it before templates
 * and the webhook body see it as `.Receiver` — build notification data with
 * `receiver: quoteMeta(contactPointName)`.
 */
export function quoteMeta(name: string): string {
  return name.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}
