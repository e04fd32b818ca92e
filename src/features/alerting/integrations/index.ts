/**
 * The integration (notifier) library: every contact-point integration type's settings model,
 * validation, and a sender delivering real notifications.
 *
 * Model
 *   integrationTypes                       identifiers, catalogue order
 *   notifierFor(type)                      case-insensitive lookup (`line` → LINE); undefined if unknown
 *   secureSettingKeys(type)                dotted secure keys (stored encrypted, shown as secureFields)
 *   settingDefaults(type)                  defaults applied in memory at send time
 *   templatedFields(type)                  templated field patterns (`title`, `details.*`, `responders[].type`)
 *   templatedValues(type, settings)        their current texts: [{ field, text }]
 *   extractSecureSettings(type, settings)  → { settings (secrets removed), secureSettings, redacted[] }
 *   redactedSettings(settings, secure)     secrets put back as "[REDACTED]" (or decrypted values)
 *   secureFieldsOf(secureSettings)         → { key: true }
 *
 * Validation (SPEC order: type → required → [name unique: API] → templates → URLs); each returns
 * `{ ok: true } | { ok: false, error }` with Grafana's per-type message:
 *   validateIntegrationType(type)                                   `notifier <type> is not supported`
 *   validateIntegrationSettings(type, settings, secureSettings?)    required settings and value checks
 *   validateIntegrationTemplates(type, settings, templateSet)       parse errors name the field
 *   validateIntegrationUrls(type, settings, secureSettings?)        URL checks
 *   validateIntegration(type, settings, secureSettings?, templateSet?)  all of the above in order
 *   integrationValidationMessage({name, uid, type}, error)          Grafana's 400 wrapping
 *
 * Sending
 *   sendIntegration(integration, data, ctx) → Promise<SendResult>
 *     never throws; bounded by ctx.timeoutMs (and ctx.signal); a resolved notification to an
 *     integration with disableResolveMessage is skipped ({ ok: true, skipped: true }). Fan out
 *     with Promise.all: every delivery has its own deadline. Build `data` with
 *     buildNotificationData / buildTestNotificationData from ../templates; its `receiver` is used
 *     verbatim (Grafana compat: pass `quoteMeta(contactPointName)`, as Alertmanager does).
 *   SendResult: { ok, error?, statusCode?, durationMs, skipped?, timedOut?, invalidConfig? }
 *     timedOut      the deadline passed (the test endpoint's 408 class; Grafana words it
 *                   `the receiver timed out: <error>`)
 *     invalidConfig the settings cannot be sent with (the test endpoint's 400 class)
 *     statusCode    the receiver's last HTTP status, also on 4xx/5xx failures
 *   Share one template set per organization (parsing the defaults costs tens of ms); texts are
 *   rendered once per notification object and reused by every integration it is sent to.
 */

export type { Integration, SendContext, SendResult } from './types.js';
export { integrationTypes, notifierFor } from './registry.js';
export { sendIntegration } from './send.js';
export {
  integrationValidationMessage,
  validateIntegration,
  validateIntegrationSettings,
  validateIntegrationTemplates,
  validateIntegrationType,
  validateIntegrationUrls,
} from './validate.js';
export { templatedFields, templatedValues } from './templated-fields.js';
export {
  extractSecureSettings,
  redactedSettings,
  redactedValue,
  secureFieldsOf,
  secureSettingKeys,
} from './secure-settings.js';
export { settingDefaults } from './defaults.js';
export { quoteMeta } from './notifier.js';
