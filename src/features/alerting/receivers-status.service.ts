import type { Identity } from '../../access/identity.js';
import { toIso } from '../../lib/clock.js';
import type { GettableIntegration } from './contact-points.present.js';
import type { ContactPointsService } from './contact-points.service.js';
import type { DeliveryService } from './delivery.service.js';
import type { AttemptRow } from './history.store.js';
import type { PoliciesService } from './policies.service.js';

/** Grafana's IntegrationStatus. */
interface NotifierStatus {
  name: string;
  lastNotifyAttempt: string;
  lastNotifyAttemptDuration: string;
  lastNotifyAttemptError?: string;
  sendResolved: boolean;
}

// Go's zero time, what Grafana shows for an integration never attempted.
const NEVER = '0001-01-01T00:00:00.000Z';

/** Prometheus model.Duration text: `0s`, `15ms`, `1s500ms`, `2m3s`. */
export function modelDuration(ms: number): string {
  if (ms <= 0) return '0s';
  const units: [string, number][] = [
    ['y', 365 * 86_400_000],
    ['w', 7 * 86_400_000],
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
    ['ms', 1],
  ];
  let rest = Math.round(ms);
  let text = '';
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    if (n > 0) {
      text += `${n}${unit}`;
      rest -= n * size;
    }
  }
  return text;
}

function notifierStatus(integration: GettableIntegration, attempt: AttemptRow | undefined): NotifierStatus {
  return {
    name: integration.type,
    lastNotifyAttempt: attempt ? toIso(Number(attempt.created)) : NEVER,
    lastNotifyAttemptDuration: modelDuration(attempt ? Number(attempt.duration_ms) : 0),
    ...(attempt?.error ? { lastNotifyAttemptError: attempt.error } : {}),
    sendResolved: !integration.disableResolveMessage,
  };
}

/** Delivery status per contact point: Grafana's receivers list and the metadata listing. */
export function createReceiversStatusService(deps: {
  contactPoints: ContactPointsService;
  policies: PoliciesService;
  delivery: DeliveryService;
}) {
  async function collect(identity: Identity) {
    const [points, usage, latest] = await Promise.all([
      deps.contactPoints.grouped(identity),
      deps.policies.usage(identity.orgId),
      deps.delivery.latestPerIntegration(identity.orgId),
    ]);
    const byUid = new Map(latest.map((row) => [row.integration_uid, row]));
    return points.map((point) => {
      const notifiers = point.integrations.map((i) => notifierStatus(i, byUid.get(i.uid)));
      return { ...point, numberOfPolicies: usage.get(point.name) ?? 0, notifiers };
    });
  }

  return {
    /** GET …/config/api/v1/receivers */
    async receivers(identity: Identity) {
      return (await collect(identity)).map((point) => ({
        active: point.numberOfPolicies > 0,
        integrations: point.notifiers,
        name: point.name,
      }));
    },

    /** GET /api/v1/notifications/receivers: contact points with metadata. */
    async withMetadata(identity: Identity) {
      return (await collect(identity)).map((point) => ({
        name: point.name,
        integrations: point.integrations,
        numberOfPolicies: point.numberOfPolicies,
        receiverStatus: {
          active: point.numberOfPolicies > 0,
          errorCount: point.notifiers.filter((n) => n.lastNotifyAttemptError).length,
          notifiers: point.notifiers,
        },
      }));
    },
  };
}
