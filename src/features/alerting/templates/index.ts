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
export { buildNotificationData, type AlertInput } from './build-notification-data.js';
export { Alerts, NotificationAlert, NotificationData } from './notification-data.js';
export { KV } from './kv.js';
export { buildTestNotificationData, newTestAlert } from './test-alert.js';
export { labelsFingerprint } from './fingerprint.js';
export { marshalJSON } from './go-json.js';
