import { Type, type Static } from '@fastify/type-provider-typebox';

/** Bounds for what a client may post; the columns are long text, these keep one request sane. */
const POST_LIMITS = { alerts: 10_000, name: 1000, value: 10_000, url: 4000 } as const;

const LabelSet = Type.Record(
  Type.String({ maxLength: POST_LIMITS.name }),
  Type.String({ maxLength: POST_LIMITS.value }),
);

/** PostableAlert of the Alertmanager API v2. */
const PostableAlert = Type.Object({
  labels: LabelSet,
  annotations: Type.Optional(LabelSet),
  startsAt: Type.Optional(Type.String({ format: 'date-time' })),
  endsAt: Type.Optional(Type.String({ format: 'date-time' })),
  generatorURL: Type.Optional(Type.String({ maxLength: POST_LIMITS.url })),
});
export type PostableAlert = Static<typeof PostableAlert>;

export const PostableAlerts = Type.Array(PostableAlert, { maxItems: POST_LIMITS.alerts });

const Flag = Type.Optional(Type.Boolean());

/** GET /alerts and /alerts/groups: Alertmanager's filters (the flags default to true). */
export const AlertsQuery = Type.Object({
  filter: Type.Optional(Type.Union([Type.Array(Type.String()), Type.String()])),
  receiver: Type.Optional(Type.String()),
  active: Flag,
  silenced: Flag,
  inhibited: Flag,
  unprocessed: Flag,
});
export type AlertsQuery = Static<typeof AlertsQuery>;
