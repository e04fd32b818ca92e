import { Type, type Static } from 'typebox';

/** alert_mute_timing.name (migration 0012); bounds on what the JSON column holds. */
const LIMITS = { name: 190, intervals: 100, entries: 100, entry: 64 } as const;

const Entries = Type.Array(Type.String({ maxLength: LIMITS.entry }), { maxItems: LIMITS.entries });

export const TimeIntervalBody = Type.Object({
  times: Type.Optional(
    Type.Array(
      Type.Object({
        start_time: Type.Optional(Type.String({ maxLength: LIMITS.entry })),
        end_time: Type.Optional(Type.String({ maxLength: LIMITS.entry })),
      }),
      { maxItems: LIMITS.entries },
    ),
  ),
  weekdays: Type.Optional(Entries),
  days_of_month: Type.Optional(Entries),
  months: Type.Optional(Entries),
  years: Type.Optional(Entries),
  location: Type.Optional(Type.String({ maxLength: LIMITS.entry })),
});

export const MuteTimingBody = Type.Object({
  name: Type.String({ maxLength: LIMITS.name }),
  time_intervals: Type.Optional(Type.Array(TimeIntervalBody, { maxItems: LIMITS.intervals })),
  version: Type.Optional(Type.String({ maxLength: 64 })),
  // Grafana compat: accepted and ignored (the X-Disable-Provenance header decides).
  provenance: Type.Optional(Type.String({ maxLength: 20 })),
});
export type MuteTimingBody = Static<typeof MuteTimingBody>;

export const MuteTimingNameParams = Type.Object({ name: Type.String() });

export const DeleteQuery = Type.Object({ version: Type.Optional(Type.String()) });

export const ExportQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('yaml'), Type.Literal('json')])),
  download: Type.Optional(Type.Boolean()),
});

// ---- responses ----

/** Grafana's MuteTimeInterval as served: the intervals in their normalised spelling. */
export const MuteTiming = Type.Object({
  name: Type.String(),
  time_intervals: Type.Array(TimeIntervalBody),
  version: Type.String(),
  // only when there is one
  provenance: Type.Optional(Type.String()),
});

/** DELETE answers 204 with no body. */
export const NoContent = Type.Null({ description: 'No Content' });
