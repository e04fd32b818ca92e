import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import { badTimeout, noReceiversToTest, unknownReceiver } from './alerting.errors.js';
import { contentProblem, prepareIntegration } from './contact-point-validation.js';
import type { ContactPointsService } from './contact-points.service.js';
import type { DeliveryService, FailureKind } from './delivery.service.js';
import type { Integration } from './integrations/index.js';
import { createIntegrationSecrets, markKept, REDACTED, storedSecrets } from './integration-secrets.js';
import { deepCopy, setPath, type Settings } from './settings-paths.js';
import { buildTestNotificationData, newTestAlert, type NotificationData } from './templates/index.js';
import type { TemplatesService } from './templates.service.js';
import type { TemplateSet } from '../../lib/gotemplate/index.js';

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

interface TestAlert {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** One integration's result: sent, or why not. */
interface TestOutcome {
  name: string;
  uid: string;
  failure?: { kind: FailureKind; error: string };
}

const presentOutcome = (o: TestOutcome) => ({
  name: o.name,
  uid: o.uid,
  status: o.failure ? ('failed' as const) : ('ok' as const),
  ...(o.failure ? { error: o.failure.error } : {}),
});

/**
 * Grafana's status of a test: 200 when every integration got it; 400 when the invalid ones, 408
 * when the timed out ones, are as many as the receivers; 207 otherwise.
 * Grafana compat: the counts are compared with the number of receivers, not integrations.
 */
function testStatus(outcomes: TestOutcome[], receivers: number): number {
  const count = (kind: FailureKind) => outcomes.filter((o) => o.failure?.kind === kind).length;
  if (outcomes.every((o) => !o.failure)) return 200;
  if (count('invalid-config') === receivers) return 400;
  if (count('timeout') === receivers) return 408;
  return 207;
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
  secrets: SecretsService;
  clock: Clock;
  externalUrl: string;
}) {
  const codec = createIntegrationSecrets(deps.secrets);

  /**
   * The config's settings with secrets from `secureSettings` and, for a known uid, the stored
   * ones where a secret is left out, empty or `[REDACTED]`; then validated like a write (but the
   * name's uniqueness: a test integration need not be stored).
   */
  async function prepare(orgId: number, config: TestIntegrationConfig, name: string, templates: TemplateSet) {
    let settings = deepCopy(config.settings ?? {});
    for (const [path, value] of Object.entries(config.secureSettings ?? {})) setPath(settings, path, value);
    const uid = config.uid ?? '';
    let stored: Record<string, string> = {};
    if (uid !== '') {
      const row = await deps.contactPoints.byUid(orgId, uid);
      if (!row) throw unknownReceiver(uid);
      stored = storedSecrets(row);
      settings = markKept(
        config.type,
        settings,
        stored,
        (_, given) => given === undefined || given === '' || given === REDACTED,
      );
    }
    const prepared = await prepareIntegration(
      codec,
      { uid, name, type: config.type ?? '', settings },
      stored,
    );
    if ('detail' in prepared) return prepared;
    return contentProblem(prepared.candidate, prepared.type, templates) ?? prepared;
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
      if (total === 0) throw noReceiversToTest();
      // One notification object per integration type, shared by every integration of that type:
      // the renders of a fan-out are cached per notification object (render-cache.ts), so 100
      // webhooks render the default title and message once instead of 100 times.
      const dataByType = new Map<string, NotificationData>();
      const dataFor = (type: string): NotificationData => {
        let data = dataByType.get(type);
        if (!data) dataByType.set(type, (data = testData(type, testAlert, now)));
        return data;
      };

      const results = await Promise.all(
        receivers.map(async (receiver) => {
          const outcomes: TestOutcome[] = [];
          const jobs: { integration: Integration; data: NotificationData; outcome: TestOutcome }[] = [];
          for (const config of receiver.configs) {
            const uid = config.uid ?? '';
            const name = config.name || receiver.name;
            const outcome: TestOutcome = { name, uid };
            outcomes.push(outcome);
            const prepared = await prepare(orgId, config, name, templates);
            if ('detail' in prepared) {
              outcome.failure = { kind: 'invalid-config', error: prepared.detail };
              continue;
            }
            const integration = {
              uid,
              name,
              type: prepared.type,
              settings: prepared.all,
              disableResolveMessage: config.disableResolveMessage ?? false,
            };
            jobs.push({ integration, data: dataFor(prepared.type), outcome });
          }
          const sent = await deps.delivery.sendAll(orgId, receiver.name, jobs, templates, {
            timeoutMs,
            isTest: true,
          });
          sent.forEach((result, i) => {
            if (result.status !== 'failed') return;
            // Grafana compat: only a config that does not validate is the invalid kind; whatever
            // fails while sending is a failure (or a timeout).
            const kind = result.kind === 'timeout' ? 'timeout' : 'failed';
            jobs[i]!.outcome.failure = { kind, error: result.error ?? 'unknown error' };
          });
          return { name: receiver.name, outcomes };
        }),
      );

      return {
        status: testStatus(
          results.flatMap((r) => r.outcomes),
          receivers.length,
        ),
        body: {
          alert: { labels: testAlert.labels, annotations: testAlert.annotations },
          receivers: results
            .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
            .map((r) => {
              const configs = r.outcomes.map(presentOutcome);
              return {
                name: r.name,
                svc_managed_receiver_configs: configs,
                grafana_managed_receiver_configs: configs,
              };
            }),
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
