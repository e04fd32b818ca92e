/**
 * The shapes the integration library exchanges with its callers: an integration as stored (with
 * its secrets decrypted), the context of one delivery, and the outcome.
 */

import type { Config } from '../../../config/config.js';
import type { TemplateSet } from '../../../lib/gotemplate/index.js';

/** One integration of a contact point, secrets decrypted. */
export interface Integration {
  uid: string;
  /** The contact point name. */
  name: string;
  type: string;
  settings: Readonly<Record<string, unknown>>;
  /** Decrypted secure settings by dotted key (`password`, `tlsConfig.clientKey`, `sigv4.secret_key`). */
  secureSettings?: Readonly<Record<string, string>>;
  disableResolveMessage?: boolean;
}

/** The subset of a pino/Fastify logger the senders use; never given secrets. */
export interface IntegrationLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
  debug(obj: Record<string, unknown>, msg: string): void;
}

export interface SendContext {
  /** The organization's template set (defaults + its template groups). */
  templates: TemplateSet;
  /** svc's external URL (`[server] root_url`), for links. */
  externalUrl: string;
  /** Upper bound of the whole delivery (connect, send, answer), in milliseconds. */
  timeoutMs: number;
  /** Cancels the delivery early (server shutdown, client gone). */
  signal?: AbortSignal;
  /** `[smtp]` settings, for email. */
  smtp: Config['smtp'];
  /** The environment svc started with (`config.env`): SNS's default AWS credentials and region. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The integration's organization: the webhook body's `orgId` (default 1). */
  orgId?: number;
  logger?: IntegrationLogger;
}

export interface SendResult {
  ok: boolean;
  /** Why the delivery failed, as Grafana words it. */
  error?: string;
  /** The last HTTP status the receiver answered with, when it answered. */
  statusCode?: number;
  durationMs: number;
  /** Nothing was sent on purpose: a resolution with `disableResolveMessage`, or a no-op URL. */
  skipped?: boolean;
  /** The delivery ran out of time (`timeoutMs`): the test endpoint answers 408 for these. */
  timedOut?: boolean;
  /** The settings could not be turned into a notifier (the test endpoint's "bad request" class). */
  invalidConfig?: boolean;
}

export type ValidationResult = { ok: true } | { ok: false; error: string };
