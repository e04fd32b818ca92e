import { Type, type Static } from '@fastify/type-provider-typebox';

const Settings = Type.Record(Type.String(), Type.Unknown());

export const CatalogueQuery = Type.Object({ version: Type.Optional(Type.String()) });

export const ContactPointBody = Type.Object({
  uid: Type.Optional(Type.String()),
  name: Type.String(),
  type: Type.String(),
  settings: Settings,
  disableResolveMessage: Type.Optional(Type.Boolean()),
  provenance: Type.Optional(Type.String()),
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

export const TemplateBody = Type.Object({
  template: Type.String(),
  version: Type.Optional(Type.String()),
});

export const RouteBody = Type.Record(Type.String(), Type.Unknown());

const Labels = Type.Record(Type.String(), Type.String());
const TestConfig = Type.Object({
  uid: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  type: Type.String(),
  settings: Type.Optional(Settings),
  secureSettings: Type.Optional(Type.Record(Type.String(), Type.String())),
  disableResolveMessage: Type.Optional(Type.Boolean()),
});
const TestConfigs = {
  svc_managed_receiver_configs: Type.Optional(Type.Array(TestConfig)),
  grafana_managed_receiver_configs: Type.Optional(Type.Array(TestConfig)),
};

/** SPEC's flat body (`name` + configs) and Grafana's nested one (`receivers[]`) are both accepted. */
export const TestReceiversBody = Type.Object({
  alert: Type.Optional(Type.Object({ labels: Type.Optional(Labels), annotations: Type.Optional(Labels) })),
  name: Type.Optional(Type.String()),
  ...TestConfigs,
  receivers: Type.Optional(Type.Array(Type.Object({ name: Type.String(), ...TestConfigs }))),
});
export type TestReceiversBody = Static<typeof TestReceiversBody>;

export const HistoryQuery = Type.Object({
  receiver: Type.Optional(Type.String()),
  integration: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  status: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('failed')])),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

/** Grafana's PostableAlert as the template test takes it. */
const PostableAlert = Type.Object({
  labels: Labels,
  annotations: Type.Optional(Labels),
  startsAt: Type.Optional(Type.String({ format: 'date-time' })),
  endsAt: Type.Optional(Type.String({ format: 'date-time' })),
  generatorURL: Type.Optional(Type.String()),
});

export const TestTemplatesBody = Type.Object({
  template: Type.String(),
  name: Type.Optional(Type.String()),
  alerts: Type.Optional(Type.Array(PostableAlert, { maxItems: 1000 })),
});
