/**
 * The alert Grafana sends when a contact point is tested, and the notification built around it.
 * Quirk kept for compatibility: a test notification's receiver is the integration type.
 */

import { buildNotificationData, type AlertInput } from './build-notification-data.js';
import { labelsFingerprint } from './fingerprint.js';
import type { NotificationData } from './notification-data.js';

const testAlertLabels: Readonly<Record<string, string>> = {
  alertname: 'TestAlert',
  instance: 'Grafana',
};

const testAlertAnnotations: Readonly<Record<string, string>> = {
  summary: 'Notification test',
  __value_string__: "[ metric='foo' labels={instance=bar} value=10 ]",
};

/** The default test alert, firing since `now`, with the caller's labels and annotations merged over. */
export function newTestAlert(
  custom: { labels?: Readonly<Record<string, string>>; annotations?: Readonly<Record<string, string>> } = {},
  now: Date = new Date(),
): AlertInput & { annotations: Readonly<Record<string, string>> } {
  return {
    labels: { ...testAlertLabels, ...custom.labels },
    annotations: { ...testAlertAnnotations, ...custom.annotations },
    startsAt: now,
  };
}

interface TestNotificationOptions {
  /** The integration type, e.g. `webhook`: Grafana uses it as receiver name and in the group key. */
  integrationType: string;
  externalUrl: string;
  alert?: AlertInput;
  now?: Date;
}

/** The data a test notification renders: the alert's labels are the group labels. */
export function buildTestNotificationData(options: TestNotificationOptions): NotificationData {
  const now = options.now ?? new Date();
  const alert = options.alert ?? newTestAlert({}, now);
  const unixSeconds = Math.floor(now.getTime() / 1000);
  return buildNotificationData([alert], {
    receiver: options.integrationType,
    externalUrl: options.externalUrl,
    groupLabels: alert.labels,
    groupKey: `${options.integrationType}-${labelsFingerprint(alert.labels)}-${unixSeconds}`,
    now,
  });
}
