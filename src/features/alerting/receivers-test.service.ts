import { AppError } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Clock } from '../../lib/clock.js';
import { badTimeout, unknownReceiver } from './alerting.errors.js';
import { validateIntegration } from './contact-point-validation.js';
import { REDACTED, type ContactPointsService } from './contact-points.service.js';
import type { DeliveryService } from './delivery.service.js';
import { securePaths, type IntegrationToSend } from './integrations-adapter.js';
import { deepCopy, findPathIgnoringCase, getPath, setPath, type Settings } from './settings-paths.js';
import { buildTestNotificationData, newTestAlert, type NotificationData } from './templates/index.js';
import type { TemplatesService } from './templates.service.js';

export interface TestIntegrationConfig {
  uid?: string;
  name?: string;
  type: string;
  settings?: Settings;
  secureSettings?: Record<string, string>;
  disableResolveMessage?: boolean;
}

export interface TestReceiver {
  name: string;
  configs: TestIntegrationConfig[];
}

export interface TestAlert {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

interface ConfigResult {
  name: string;
  uid: string;
  status: 'ok' | 'failed';
  error?: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_TIMEOUT_SECONDS = 30;

/**
 * Grafana's `Request-Timeout` header: whole seconds, default 15, below 30.
 * Grafana compat: the limit is printed as a Go Duration with %d, i.e. in nanoseconds.
 */
export function parseRequestTimeout(header: string | undefined): number {
  if (header === undefined || header === '') return DEFAULT_TIMEOUT_MS;
  if (!/^[+-]?\d+$/.test(header.trim())) {
    throw badTimeout(`strconv.ParseInt: parsing ${JSON.stringify(header)}: invalid syntax`);
  }
  const seconds = Number(header.trim());
  if (seconds >= MAX_TIMEOUT_SECONDS) {
    throw badTimeout(`exceeded maximum timeout of ${MAX_TIMEOUT_SECONDS * 1_000_000_000} seconds`);
  }
  return seconds <= 0 ? DEFAULT_TIMEOUT_MS : seconds * 1000;
}

/** POST …/config/api/v1/receivers/test: validates and sends a test alert to each integration. */
export function createReceiversTestService(deps: {
  contactPoints: ContactPointsService;
  templates: TemplatesService;
  delivery: DeliveryService;
  clock: Clock;
  externalUrl: string;
}) {
  /** The config's settings with secrets from `secureSettings` and, for a known uid, the stored ones. */
  async function completeSettings(orgId: number, config: TestIntegrationConfig): Promise<Settings> {
    const settings = deepCopy(config.settings ?? {});
    for (const [path, value] of Object.entries(config.secureSettings ?? {})) setPath(settings, path, value);
    const uid = config.uid ?? '';
    if (uid === '') return settings;
    const row = await deps.contactPoints.byUid(orgId, uid);
    if (!row) throw unknownReceiver(uid);
    const stored = await deps.contactPoints.plainSettings(row);
    for (const path of securePaths(config.type)) {
      const actual = findPathIgnoringCase(settings, path);
      const given = actual === undefined ? undefined : getPath(settings, actual);
      if (given !== undefined && given !== REDACTED && given !== '') continue;
      const storedValue = getPath(stored, path);
      if (storedValue !== undefined) setPath(settings, actual ?? path, storedValue);
    }
    return settings;
  }

  return {
    async test(
      identity: Identity,
      receivers: TestReceiver[],
      alert: TestAlert | undefined,
      timeoutMs: number,
    ) {
      const orgId = identity.orgId;
      const now = new Date(deps.clock.now());
      const testAlert = newTestAlert(alert ?? {}, now);
      const templates = await deps.templates.templateSet(orgId);
      const total = receivers.reduce((n, r) => n + r.configs.length, 0);
      if (total === 0) throw new AppError(400, 'no receivers with integrations to test');

      let invalid = 0;
      let timedOut = 0;
      let failed = 0;
      const results = await Promise.all(
        receivers.map(async (receiver) => {
          const prepared: {
            config: TestIntegrationConfig;
            result?: ConfigResult;
            job?: IntegrationToSend;
          }[] = [];
          for (const config of receiver.configs) {
            const uid = config.uid ?? '';
            const name = config.name || receiver.name;
            const settings = await completeSettings(orgId, config);
            try {
              const type = validateIntegration({ uid, name, type: config.type ?? '', settings }, templates);
              prepared.push({
                config,
                job: {
                  uid,
                  name,
                  type,
                  settings,
                  disableResolveMessage: config.disableResolveMessage ?? false,
                },
              });
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              invalid += 1;
              const error = err.message.replace(/^invalid object specification: /, '');
              prepared.push({ config, result: { name, uid, status: 'failed', error } });
            }
          }
          const jobs = prepared.filter((p) => p.job).map((p) => p.job!);
          const sent = await deps.delivery.sendAll(
            orgId,
            receiver.name,
            jobs.map((integration) => ({ integration, data: testData(integration.type, testAlert, now) })),
            templates,
            { timeoutMs, isTest: true },
          );
          let next = 0;
          const configs = prepared.map((p): ConfigResult => {
            if (p.result) return p.result;
            const outcome = sent[next++]!;
            if (outcome.timedOut) timedOut += 1;
            else if (!outcome.ok) failed += 1;
            return {
              name: p.job!.name,
              uid: p.job!.uid,
              status: outcome.ok ? 'ok' : 'failed',
              ...(outcome.ok ? {} : { error: outcome.error ?? 'unknown error' }),
            };
          });
          return { name: receiver.name, configs };
        }),
      );

      // Grafana compat: the counts are compared with the number of receivers, not integrations.
      let status = 207;
      if (invalid + timedOut + failed === 0) status = 200;
      else if (invalid === receivers.length) status = 400;
      else if (timedOut === receivers.length) status = 408;

      return {
        status,
        body: {
          alert: { labels: testAlert.labels, annotations: testAlert.annotations },
          receivers: results
            .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
            .map((r) => ({
              name: r.name,
              svc_managed_receiver_configs: r.configs,
              grafana_managed_receiver_configs: r.configs,
            })),
          notified_at: now.toISOString(),
        },
      };
    },
  };

  function testData(type: string, alert: ReturnType<typeof newTestAlert>, now: Date): NotificationData {
    return buildTestNotificationData({ integrationType: type, externalUrl: deps.externalUrl, alert, now });
  }
}

export type ReceiversTestService = ReturnType<typeof createReceiversTestService>;
