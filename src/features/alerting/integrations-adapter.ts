/**
 * The one seam between this feature and the integrations library (./integrations, built
 * alongside): everything contact points, the test endpoint and delivery need from it goes through
 * here, so a signature change there is a change in this file only.
 */

import type { Config } from '../../config/config.js';
import type { TemplateSet } from '../../lib/gotemplate/index.js';
import {
  notifierFor,
  secureSettingKeys,
  sendIntegration,
  validateIntegrationSettings,
  validateIntegrationTemplates,
  validateIntegrationUrls,
  type IntegrationLogger,
} from './integrations/index.js';
import type { NotificationData } from './templates/index.js';

export interface IntegrationToSend {
  uid: string;
  /** contact point name */
  name: string;
  type: string;
  /** settings with the decrypted secure settings merged in at their paths */
  settings: Record<string, unknown>;
  disableResolveMessage: boolean;
}

export interface SendContext {
  orgId: number;
  templates: TemplateSet;
  externalUrl: string;
  timeoutMs: number;
  smtp: Config['smtp'];
  env: Readonly<Record<string, string | undefined>>;
  logger: IntegrationLogger;
}

export interface SendOutcome {
  ok: boolean;
  error?: string;
  durationMs: number;
  /** nothing was sent on purpose (a no-op URL, a suppressed resolution) */
  skipped?: boolean;
  timedOut?: boolean;
  /** the settings could not be turned into a notifier */
  invalidConfig?: boolean;
}

/** The canonical spelling of a supported type (`line` → `LINE`), or undefined. */
export function supportedType(type: string): string | undefined {
  return notifierFor(type)?.type;
}

/** Dotted paths of the settings stored encrypted. */
export function securePaths(type: string): readonly string[] {
  return secureSettingKeys(type);
}

/** Required settings and value checks with Grafana's messages; undefined when acceptable. */
export function requiredSettingsError(type: string, settings: Record<string, unknown>): string | undefined {
  const result = validateIntegrationSettings(type, settings);
  return result.ok ? undefined : result.error;
}

/** The first templated field that does not parse: its name and the engine's message. */
export function templateError(
  type: string,
  settings: Record<string, unknown>,
  templates: TemplateSet,
): { field: string; error: string } | undefined {
  const result = validateIntegrationTemplates(type, settings, templates);
  return result.ok ? undefined : { field: result.field ?? '', error: result.error };
}

export function urlError(type: string, settings: Record<string, unknown>): string | undefined {
  const result = validateIntegrationUrls(type, settings);
  return result.ok ? undefined : result.error;
}

/** Sends one notification to one integration; never throws. */
export function sendToIntegration(
  integration: IntegrationToSend,
  data: NotificationData,
  context: SendContext,
): Promise<SendOutcome> {
  return sendIntegration(
    {
      uid: integration.uid,
      name: integration.name,
      type: integration.type,
      settings: integration.settings,
      disableResolveMessage: integration.disableResolveMessage,
    },
    data,
    context,
  );
}
