import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Metrics } from '../../http/metrics.js';
import type { Clock } from '../../lib/clock.js';
import type { TemplateSet } from '../../lib/gotemplate/index.js';
import type { ContactPointsService } from './contact-points.service.js';
import type { HistoryFilter, HistoryStore } from './history.store.js';
import { sendIntegration, type Integration, type SendResult } from './integrations/index.js';
import { buildNotificationData, type AlertInput, type NotificationData } from './templates/index.js';
import { privateKeys } from './templates/alert-urls.js';
import type { TemplatesService } from './templates.service.js';

/** Why an integration got nothing: its settings, its deadline, or anything else. */
export type FailureKind = 'invalid-config' | 'timeout' | 'failed';

/** The outcome of one delivery to one integration. */
export interface DeliveryOutcome {
  uid: string;
  type: string;
  /** `skipped`: nothing was sent on purpose (a suppressed resolution, a no-op URL) */
  status: 'ok' | 'skipped' | 'failed';
  /** set when failed */
  kind?: FailureKind;
  /** why it failed, as Grafana words it */
  error?: string;
  durationMs: number;
}

/** What a dispatcher adds to a notification (all optional: a bare call sends to every integration). */
export interface NotifyOptions {
  /** send to these integration uids of the contact point only (the dispatcher's dedup and retries) */
  integrations?: readonly string[];
  /** Alertmanager's group key and group labels (`.GroupKey`, `.GroupLabels`) */
  groupKey?: string;
  groupLabels?: Readonly<Record<string, string>>;
  /** epoch ms the notification is built at (default: the clock's now) */
  now?: number;
}

interface SendOptions {
  timeoutMs: number;
  isTest: boolean;
  /** what caused a rule notification, kept with each attempt in the history */
  cause?: { groupKey: string; ruleUids: string; firing: number; resolved: number };
}

/** `,uid1,uid2,` of the rules whose alerts are in `alerts` (see migration 0013), bounded by the column. */
function ruleUidsOf(alerts: AlertInput[]): string {
  const uids = new Set<string>();
  for (const alert of alerts) {
    const uid = alert.labels[privateKeys.ruleUid];
    if (uid) uids.add(uid);
  }
  if (uids.size === 0) return '';
  let joined = ',';
  for (const uid of uids) {
    if (joined.length + uid.length + 1 > 2048) break;
    joined += `${uid},`;
  }
  return joined;
}

function outcomeOf(integration: Integration, result: SendResult): DeliveryOutcome {
  const base = { uid: integration.uid, type: integration.type, durationMs: result.durationMs };
  if (result.ok) return { ...base, status: result.skipped ? 'skipped' : 'ok' };
  const kind: FailureKind = result.invalidConfig ? 'invalid-config' : result.timedOut ? 'timeout' : 'failed';
  return { ...base, status: 'failed', kind, ...(result.error !== undefined ? { error: result.error } : {}) };
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
    jobs: { integration: Integration; data: NotificationData }[],
    templates: TemplateSet,
    options: SendOptions,
  ): Promise<DeliveryOutcome[]> {
    const started = clock.now();
    const results = await Promise.all(
      jobs.map(async ({ integration, data }): Promise<DeliveryOutcome> => {
        try {
          const result = await sendIntegration(integration, data, {
            orgId,
            templates,
            externalUrl: deps.externalUrl,
            timeoutMs: options.timeoutMs,
            smtp: deps.smtp,
            env: deps.env,
            logger: deps.logger,
          });
          return outcomeOf(integration, result);
        } catch (err) {
          // The sender must not throw; if it does, the attempt still counts as failed.
          deps.logger.error({ err, type: integration.type }, 'notification sender threw');
          return outcomeOf(integration, { ok: false, error: 'internal error while sending', durationMs: 0 });
        }
      }),
    );
    const attempts = jobs
      .map(({ integration }, i) => ({ integration, result: results[i]! }))
      .filter(({ result }) => result.status !== 'skipped');
    for (const { result } of attempts) {
      if (result.status === 'ok') metrics.notificationsSent.inc({ type: result.type });
      else metrics.notificationsFailed.inc({ type: result.type });
    }
    try {
      await history.record(
        attempts.map(({ integration, result }) => ({
          org_id: orgId,
          receiver,
          integration_uid: integration.uid,
          integration_type: integration.type,
          status: result.status,
          error: (result.error ?? '').slice(0, 2000),
          duration_ms: Math.max(0, Math.round(result.durationMs)),
          send_resolved: integration.disableResolveMessage ? 0 : 1,
          is_test: options.isTest ? 1 : 0,
          created: started,
          ...(options.cause && {
            group_key: options.cause.groupKey.slice(0, 2048),
            rule_uids: options.cause.ruleUids,
            alerts_firing: options.cause.firing,
            alerts_resolved: options.cause.resolved,
          }),
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
     * The feature's entry point for alert notifications (the dispatcher's, through
     * `registerAlerting`): `alerts` go to every integration of a contact point as one
     * notification each (the integrations library skips a resolution an integration disables).
     */
    async notify(
      orgId: number,
      receiverName: string,
      alerts: AlertInput[],
      options: NotifyOptions = {},
    ): Promise<DeliveryOutcome[]> {
      const only = options.integrations && new Set(options.integrations);
      const rows = (await deps.contactPoints.byName(orgId, receiverName)).filter(
        (row) => !only || only.has(row.uid),
      );
      const templates = await deps.templates.templateSet(orgId);
      const data = buildNotificationData(alerts, {
        receiver: receiverName,
        externalUrl: deps.externalUrl,
        ...(options.groupKey !== undefined ? { groupKey: options.groupKey } : {}),
        ...(options.groupLabels ? { groupLabels: options.groupLabels } : {}),
        // the caller's clock decides which alerts are resolved (tests run on a manual one)
        now: new Date(options.now ?? clock.now()),
      });
      const jobs = await Promise.all(
        rows.map(async (row) => ({
          integration: {
            uid: row.uid,
            name: row.name,
            type: row.type,
            settings: await deps.contactPoints.plainSettings(row),
            disableResolveMessage: row.disable_resolve_message === 1,
          },
          data,
        })),
      );
      const resolved = alerts.filter((alert) => alert.status === 'resolved').length;
      return sendAll(orgId, receiverName, jobs, templates, {
        timeoutMs: deps.notificationTimeoutMs,
        isTest: false,
        cause: {
          groupKey: options.groupKey ?? '',
          ruleUids: ruleUidsOf(alerts),
          firing: alerts.length - resolved,
          resolved,
        },
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
