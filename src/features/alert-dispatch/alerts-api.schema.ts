import { Type, type Static } from 'typebox';

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

// ---- responses ----

const Labels = Type.Record(Type.String(), Type.String());

/** Alertmanager's GettableAlert (times RFC 3339). */
export const GettableAlert = Type.Object({
  annotations: Labels,
  endsAt: Type.String({ format: 'date-time' }),
  fingerprint: Type.String(),
  receivers: Type.Array(Type.Object({ name: Type.String() })),
  startsAt: Type.String({ format: 'date-time' }),
  status: Type.Object({
    inhibitedBy: Type.Array(Type.String()),
    silencedBy: Type.Array(Type.String()),
    state: Type.Union([Type.Literal('active'), Type.Literal('suppressed'), Type.Literal('unprocessed')]),
  }),
  updatedAt: Type.String({ format: 'date-time' }),
  generatorURL: Type.String(),
  labels: Labels,
});

/** Alertmanager's AlertGroup: one aggregation group of a receiver. */
export const AlertGroup = Type.Object({
  labels: Labels,
  receiver: Type.Object({ name: Type.String() }),
  alerts: Type.Array(GettableAlert),
});

/** POST answers 200 with no body, as Alertmanager does. */
export const EmptyBody = Type.Null({ description: 'No body' });
