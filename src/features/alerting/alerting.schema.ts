import { Type, type Static } from '@fastify/type-provider-typebox';
import { LIMITS, MAX_ID } from '../../lib/limits.js';

const Settings = Type.Record(Type.String(), Type.Unknown());

export const CatalogueQuery = Type.Object({ version: Type.Optional(Type.String()) });

/**
 * Limits of what the alerting bodies hold, so a value too long for where it goes is a 400 naming
 * the field on every dialect. Columns: migrations 0006 and 0009.
 */
export const ALERTING_LIMITS = {
  /**
   * A contact point name: its receiver uid (the name in base64url) must fit the permission scopes
   * (`receivers:uid:<uid>` in 190 characters), so 132 UTF-8 bytes; the service checks the bytes.
   */
  contactPointName: 132,
  /** alert_integration.type, alert_notification_history.integration_type */
  integrationType: 64,
  /** alert_template.name, alert_notification_history.receiver */
  name: 190,
  /** what no column holds: label and annotation values, template versions, k8s metadata */
  labelValue: 10_000,
  secretValue: 65_536,
  version: 64,
  url: 2048,
} as const;

const Uid = Type.String({ maxLength: LIMITS.uid });

export const ContactPointBody = Type.Object({
  uid: Type.Optional(Uid),
  name: Type.String({ maxLength: ALERTING_LIMITS.contactPointName }),
  type: Type.String({ maxLength: ALERTING_LIMITS.integrationType }),
  settings: Settings,
  disableResolveMessage: Type.Optional(Type.Boolean()),
  // Grafana compat: accepted and ignored (the X-Disable-Provenance header decides).
  provenance: Type.Optional(Type.String({ maxLength: 20 })),
});
export type ContactPointBody = Static<typeof ContactPointBody>;

export const ContactPointsQuery = Type.Object({ name: Type.Optional(Type.String()) });

export const ExportQuery = Type.Object({
  name: Type.Optional(Type.String()),
  decrypt: Type.Optional(Type.Boolean()),
  format: Type.Optional(Type.Union([Type.Literal('yaml'), Type.Literal('json')])),
  download: Type.Optional(Type.Boolean()),
});

export const UidParams = Type.Object({ uid: Type.String() });
export const NameParams = Type.Object({ name: Type.String() });
/** The name of a template group being saved: it must fit its column. */
export const TemplateNameParams = Type.Object({ name: Type.String({ maxLength: ALERTING_LIMITS.name }) });

export const TemplateBody = Type.Object({
  // Free-form template text in an unbounded TEXT column (as in Grafana); the body limit bounds it.
  template: Type.String(),
  version: Type.Optional(Type.String({ maxLength: ALERTING_LIMITS.version })),
});

export const RouteBody = Type.Record(Type.String(), Type.Unknown());

const Labels = Type.Record(Type.String(), Type.String({ maxLength: ALERTING_LIMITS.labelValue }));
/** A contact point name where it is not stored but recorded in the delivery history. */
const ReceiverName = Type.String({ maxLength: ALERTING_LIMITS.name });
const TestConfig = Type.Object({
  uid: Type.Optional(Uid),
  name: Type.Optional(ReceiverName),
  type: Type.String({ maxLength: ALERTING_LIMITS.integrationType }),
  settings: Type.Optional(Settings),
  secureSettings: Type.Optional(
    Type.Record(Type.String(), Type.String({ maxLength: ALERTING_LIMITS.secretValue })),
  ),
  disableResolveMessage: Type.Optional(Type.Boolean()),
});
const TestConfigs = {
  svc_managed_receiver_configs: Type.Optional(Type.Array(TestConfig)),
  grafana_managed_receiver_configs: Type.Optional(Type.Array(TestConfig)),
};

/** SPEC's flat body (`name` + configs) and Grafana's nested one (`receivers[]`) are both accepted. */
export const TestReceiversBody = Type.Object({
  alert: Type.Optional(Type.Object({ labels: Type.Optional(Labels), annotations: Type.Optional(Labels) })),
  name: Type.Optional(ReceiverName),
  ...TestConfigs,
  receivers: Type.Optional(Type.Array(Type.Object({ name: ReceiverName, ...TestConfigs }))),
});
export type TestReceiversBody = Static<typeof TestReceiversBody>;

export const HistoryQuery = Type.Object({
  receiver: Type.Optional(Type.String()),
  integration: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  status: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('failed')])),
  ruleUID: Type.Optional(Type.String({ minLength: 1, maxLength: 190 })),
  groupKey: Type.Optional(Type.String({ maxLength: 2048 })),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

/** Grafana's PostableAlert as the template test takes it. */
const PostableAlert = Type.Object({
  labels: Labels,
  annotations: Type.Optional(Labels),
  startsAt: Type.Optional(Type.String({ format: 'date-time' })),
  endsAt: Type.Optional(Type.String({ format: 'date-time' })),
  generatorURL: Type.Optional(Type.String({ maxLength: ALERTING_LIMITS.url })),
});

export const TestTemplatesBody = Type.Object({
  // Free-form template text, rendered and never stored (as in Grafana); the body limit bounds it.
  template: Type.String(),
  name: Type.Optional(Type.String({ maxLength: ALERTING_LIMITS.name })),
  alerts: Type.Optional(Type.Array(PostableAlert, { maxItems: 1000 })),
});
