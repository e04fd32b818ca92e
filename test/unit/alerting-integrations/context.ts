import type { SendContext } from '../../../src/features/alerting/integrations/index.js';
import {
  buildNotificationData,
  buildTestNotificationData,
  createNotificationTemplates,
  type NotificationData,
} from '../../../src/features/alerting/templates/index.js';

export const externalUrl = 'http://svc.test:3000/';
const now = new Date('2026-05-01T10:00:00Z');

export const smtpDefaults: SendContext['smtp'] = {
  enabled: false,
  host: 'localhost:25',
  user: '',
  password: '',
  skipVerify: false,
  fromAddress: 'admin@svc.localhost',
  fromName: 'svc',
  startTlsPolicy: 'OpportunisticStartTLS',
  ehloIdentity: '',
};

/** Parsing the defaults takes tens of milliseconds: share one set, as the API caches one per org. */
const templates = createNotificationTemplates();

export function context(overrides: Partial<SendContext> = {}): SendContext {
  return {
    templates,
    externalUrl,
    timeoutMs: 5000,
    smtp: smtpDefaults,
    ...overrides,
  };
}

/** The default test notification of an integration type (firing). */
export function firing(type = 'webhook'): NotificationData {
  return buildTestNotificationData({ integrationType: type, externalUrl, now });
}

/** A notification whose alerts are all resolved. */
export function resolved(receiver = 'ops'): NotificationData {
  return buildNotificationData(
    [
      {
        labels: { alertname: 'HighCPU', instance: 'web-1' },
        annotations: { summary: 'CPU high' },
        startsAt: new Date(now.getTime() - 3600_000),
        endsAt: new Date(now.getTime() - 60_000),
      },
    ],
    {
      receiver,
      externalUrl,
      groupLabels: { alertname: 'HighCPU' },
      groupKey: '{}:{alertname="HighCPU"}',
      now,
    },
  );
}

/** Several firing alerts of one group. */
export function manyFiring(count: number, receiver = 'ops'): NotificationData {
  return buildNotificationData(
    Array.from({ length: count }, (_, i) => ({
      labels: { alertname: 'Disk', instance: `db-${i}` },
      annotations: { summary: `disk ${i} full` },
      startsAt: new Date(now.getTime() - 600_000),
    })),
    { receiver, externalUrl, groupLabels: { alertname: 'Disk' }, groupKey: '{}:{alertname="Disk"}', now },
  );
}

export function integration(type: string, settings: Record<string, unknown>, extra: object = {}) {
  return { uid: `${type}-uid`, name: 'ops', type, settings, ...extra };
}
