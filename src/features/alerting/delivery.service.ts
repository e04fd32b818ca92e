import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Metrics } from '../../http/metrics.js';
import type { Clock } from '../../lib/clock.js';
import type { TemplateSet } from '../../lib/gotemplate/index.js';
import type { ContactPointsService } from './contact-points.service.js';
import type { HistoryFilter, HistoryStore } from './history.store.js';
import { sendToIntegration, type IntegrationToSend, type SendOutcome } from './integrations-adapter.js';
import { buildNotificationData, type AlertInput, type NotificationData } from './templates/index.js';
import type { TemplatesService } from './templates.service.js';

export interface DeliveryResult extends SendOutcome {
  uid: string;
  type: string;
}

export interface SendOptions {
  timeoutMs: number;
  isTest: boolean;
}

/**
 * Sends notifications to integrations, each attempt bounded by a timeout and recorded (history,
 * status, metrics). One slow integration never delays the others: all go out concurrently.
 */
export function createDeliveryService(deps: {
  contactPoints: ContactPointsService;
  templates: TemplatesService;
  history: HistoryStore;
  metrics: Metrics;
  clock: Clock;
  logger: FastifyBaseLogger;
  externalUrl: string;
  smtp: Config['smtp'];
  /** the environment svc started with (SNS's default AWS credentials) */
  env: Readonly<Record<string, string | undefined>>;
  notificationTimeoutMs: number;
  notificationHistoryRetentionMs: number;
}) {
  const { history, metrics, clock } = deps;

  async function sendAll(
    orgId: number,
    receiver: string,
    jobs: { integration: IntegrationToSend; data: NotificationData }[],
    templates: TemplateSet,
    options: SendOptions,
  ): Promise<DeliveryResult[]> {
    const started = clock.now();
    const results = await Promise.all(
      jobs.map(async ({ integration, data }): Promise<DeliveryResult> => {
        try {
          const outcome = await sendToIntegration(integration, data, {
            orgId,
            templates,
            externalUrl: deps.externalUrl,
            timeoutMs: options.timeoutMs,
            smtp: deps.smtp,
            env: deps.env,
            logger: deps.logger,
          });
          return { ...outcome, uid: integration.uid, type: integration.type };
        } catch (err) {
          // The sender must not throw; if it does, the attempt still counts as failed.
          deps.logger.error({ err, type: integration.type }, 'notification sender threw');
          return {
            ok: false,
            error: 'internal error while sending',
            durationMs: 0,
            uid: integration.uid,
            type: integration.type,
          };
        }
      }),
    );
    const attempts = jobs
      .map(({ integration }, i) => ({ integration, result: results[i]! }))
      .filter(({ result }) => !result.skipped);
    for (const { result } of attempts) {
      if (result.ok) metrics.notificationsSent.inc({ type: result.type });
      else metrics.notificationsFailed.inc({ type: result.type });
    }
    try {
      await history.record(
        attempts.map(({ integration, result }) => ({
          org_id: orgId,
          receiver,
          integration_uid: integration.uid,
          integration_type: integration.type,
          status: result.ok ? 'ok' : 'failed',
          error: (result.error ?? '').slice(0, 2000),
          duration_ms: Math.max(0, Math.round(result.durationMs)),
          send_resolved: integration.disableResolveMessage ? 0 : 1,
          is_test: options.isTest ? 1 : 0,
          created: started,
        })),
      );
    } catch (err) {
      deps.logger.error({ err }, 'could not record notification attempts');
    }
    return results;
  }

  return {
    sendAll,

    /**
     * Sends `alerts` to every integration of a contact point, as one notification each;
     * integrations with `disableResolveMessage` skip an all-resolved notification.
     */
    async notify(orgId: number, receiverName: string, alerts: AlertInput[]): Promise<DeliveryResult[]> {
      const rows = await deps.contactPoints.byName(orgId, receiverName);
      const templates = await deps.templates.templateSet(orgId);
      const data = buildNotificationData(alerts, { receiver: receiverName, externalUrl: deps.externalUrl });
      const jobs: { integration: IntegrationToSend; data: NotificationData }[] = [];
      for (const row of rows) {
        const disableResolveMessage = row.disable_resolve_message === 1;
        if (disableResolveMessage && data.Status === 'resolved') continue;
        jobs.push({
          integration: {
            uid: row.uid,
            name: row.name,
            type: row.type,
            settings: await deps.contactPoints.plainSettings(row),
            disableResolveMessage,
          },
          data,
        });
      }
      return sendAll(orgId, receiverName, jobs, templates, {
        timeoutMs: deps.notificationTimeoutMs,
        isTest: false,
      });
    },

    page(orgId: number, filter: HistoryFilter, limit: number, offset: number) {
      return history.page(orgId, filter, limit, offset);
    },

    latestPerIntegration(orgId: number) {
      return history.latestPerIntegration(orgId);
    },

    async prune(): Promise<number> {
      return history.prune(clock.now() - deps.notificationHistoryRetentionMs);
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
