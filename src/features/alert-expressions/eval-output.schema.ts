import { Type } from '@fastify/type-provider-typebox';

/**
 * What `POST /api/v1/eval` answers (the rule preview): each refId's output as data frames in
 * Grafana's JSON wire form, and the condition's results.
 */

const Labels = Type.Record(Type.String(), Type.String());

/** A data frame field's schema (datasources/plugins/types.ts FieldSchema). */
const FrameField = Type.Object({
  name: Type.String(),
  type: Type.String(),
  typeInfo: Type.Optional(Type.Object({ frame: Type.String(), nullable: Type.Optional(Type.Boolean()) })),
  labels: Type.Optional(Labels),
  // Grafana's field config: display options a plugin may set, free-form
  config: Type.Optional(Type.Object({}, { additionalProperties: true })),
});

const FrameMeta = Type.Object({
  type: Type.Optional(Type.String()),
  typeVersion: Type.Optional(Type.Array(Type.Number())),
  executedQueryString: Type.Optional(Type.String()),
  preferredVisualisationType: Type.Optional(Type.String()),
  // plugin-specific, passed through
  custom: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  notices: Type.Optional(
    Type.Array(
      Type.Object({
        severity: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]),
        text: Type.String(),
      }),
    ),
  ),
});

/** Indexes of the values JSON cannot carry, per column (Grafana's `data.entities`). */
const FieldEntities = Type.Object({
  NaN: Type.Optional(Type.Array(Type.Integer())),
  Inf: Type.Optional(Type.Array(Type.Integer())),
  NegInf: Type.Optional(Type.Array(Type.Integer())),
});

/** A data frame in its JSON wire form: column-major values (times in epoch ms). */
export const DataFrameWire = Type.Object({
  schema: Type.Object({
    refId: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    meta: Type.Optional(FrameMeta),
    fields: Type.Array(FrameField),
  }),
  data: Type.Object({
    // a column holds times, numbers, strings, booleans or null: any JSON value
    values: Type.Array(Type.Array(Type.Unknown())),
    entities: Type.Optional(Type.Array(Type.Union([FieldEntities, Type.Null()]))),
  }),
});

/** One refId's output: the data source's HTTP-like status, its frames, and its error if any. */
const RefIdOutput = Type.Object({
  status: Type.Integer(),
  frames: Type.Array(DataFrameWire),
  error: Type.Optional(Type.String()),
});

const ConditionResult = Type.Object({
  labels: Labels,
  /** Normal, Alerting, NoData, Error */
  state: Type.String(),
  error: Type.Optional(Type.String()),
  // A number or null. Unknown on purpose: NaN and ±Inf are written as null (JSON.stringify's
  // rule), which a number schema would refuse.
  value: Type.Unknown({ description: 'number or null (NaN and ±Inf as null)' }),
});

export const EvalResponse = Type.Object({
  results: Type.Record(Type.String(), RefIdOutput),
  condition: Type.Object({ refId: Type.String(), results: Type.Array(ConditionResult) }),
});
