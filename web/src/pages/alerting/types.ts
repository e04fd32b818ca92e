/** Shapes of the alerting API the pages use (Grafana's, as svc serves them). */

import type {
  ReceiverBody,
  ReceiverIntegration,
} from '../../../../src/features/alerting/receivers-api.schema.js';
import type { GettableIntegration } from '../../../../src/features/alerting/contact-points.present.js';

export type Settings = Record<string, unknown>;

/** One field of a notifier type (GET /api/alert-notifiers?version=2). */
export interface NotifierOption {
  element: string;
  inputType: string;
  label: string;
  description: string;
  placeholder: string;
  propertyName: string;
  selectOptions: { value: string; label: string }[] | null;
  showWhen: { field: string; is: string } | '';
  required: boolean;
  protected?: boolean;
  validationRule: string;
  secure: boolean;
  dependsOn: string;
  subformOptions: NotifierOption[] | null;
}

export interface NotifierVersion {
  version: string;
  canCreate: boolean;
  options: NotifierOption[];
  info?: string;
  deprecated?: boolean;
}

export interface NotifierType {
  type: string;
  currentVersion: string;
  name: string;
  heading?: string;
  description?: string;
  info?: string;
  deprecated?: boolean;
  versions: NotifierVersion[];
}

/** An integration as GET /api/v1/notifications/receivers lists it: secrets named, never shown. */
export type { GettableIntegration };

/** An integration of Grafana's receivers API resource (the server's wire type). */
export type { ReceiverIntegration };

/**
 * A contact point as Grafana's receivers API (notifications.alerting.grafana.app) answers it: the
 * body the server takes, with the metadata it adds.
 */
export interface Receiver extends Omit<ReceiverBody, 'metadata'> {
  metadata: NonNullable<ReceiverBody['metadata']> & { annotations?: Record<string, string> };
}

export interface NotifierStatus {
  name: string;
  lastNotifyAttempt: string;
  lastNotifyAttemptDuration: string;
  lastNotifyAttemptError?: string;
  sendResolved: boolean;
}

/** A contact point with metadata (`GET /api/v1/notifications/receivers`). */
export interface ContactPoint {
  name: string;
  integrations: GettableIntegration[];
  numberOfPolicies: number;
  receiverStatus: { active: boolean; errorCount: number; notifiers: NotifierStatus[] };
}

export interface TestConfigResult {
  name: string;
  uid: string;
  status: 'ok' | 'failed';
  error?: string;
}

export interface TestResponse {
  receivers?: { name: string; svc_managed_receiver_configs: TestConfigResult[] }[];
  notified_at?: string;
  message?: string;
}

export interface NotificationTemplate {
  name: string;
  template: string;
  provenance: string;
  version: string;
}

/** A notification policy (Grafana's provisioning route JSON). */
export interface Route {
  receiver?: string;
  group_by?: string[];
  continue?: boolean;
  object_matchers?: [string, string, string][];
  matchers?: string[];
  match?: Record<string, string>;
  match_re?: Record<string, string>;
  group_wait?: string;
  group_interval?: string;
  repeat_interval?: string;
  mute_time_intervals?: string[];
  active_time_intervals?: string[];
  routes?: Route[];
  provenance?: string;
}
