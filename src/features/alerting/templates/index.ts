/**
 * Notification templates: the data model templates see, Grafana's functions and default
 * templates, and the template set notifications are rendered with.
 *
 *   const set = createNotificationTemplates(userGroups);
 *   const data = buildNotificationData(alerts, { receiver: 'ops', externalUrl: 'https://svc.example' });
 *   set.executeText('{{ template "default.title" . }}', data).output;
 */

export {
  createNotificationTemplates,
  templateGroupText,
  type TemplateGroup,
} from './notification-templates.js';
export {
  buildNotificationData,
  type AlertInput,
  type NotificationOptions,
} from './build-notification-data.js';
export {
  Alerts,
  AlertValues,
  NotificationAlert,
  NotificationData,
  type AlertStatus,
} from './notification-data.js';
export { KV, Pair, Pairs } from './kv.js';
export {
  buildTestNotificationData,
  newTestAlert,
  testAlertAnnotations,
  testAlertLabels,
  type TestNotificationOptions,
} from './test-alert.js';
export { labelsFingerprint } from './fingerprint.js';
export { marshalJSON } from './go-json.js';
