import { Type, type Static } from '@fastify/type-provider-typebox';

const StringOrList = Type.Union([Type.String(), Type.Array(Type.String())]);
const Tags = Type.Union([Type.Array(Type.String()), Type.Null()]);
const Data = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
const Epoch = Type.Integer({ minimum: 0 });

export const AnnotationIdParams = Type.Object({ annotationId: Type.String() });

export const FindAnnotationsQuery = Type.Object({
  from: Type.Optional(Type.Integer()),
  to: Type.Optional(Type.Integer()),
  dashboardUID: Type.Optional(Type.String()),
  dashboardId: Type.Optional(Type.Integer()),
  panelId: Type.Optional(Type.Integer()),
  userId: Type.Optional(Type.Integer()),
  alertId: Type.Optional(Type.Integer()),
  type: Type.Optional(Type.String()),
  tags: Type.Optional(StringOrList),
  matchAny: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer()),
});
export type FindAnnotationsQuery = Static<typeof FindAnnotationsQuery>;

export const TagsQuery = Type.Object({
  tag: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer()),
});

export const CreateAnnotationBody = Type.Object({
  dashboardUID: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  dashboardId: Type.Optional(Type.Integer({ minimum: 0 })),
  panelId: Type.Optional(Type.Integer({ minimum: 0 })),
  time: Type.Optional(Epoch),
  timeEnd: Type.Optional(Epoch),
  // Optional here so that a missing text gets Grafana's message, not a schema error.
  text: Type.Optional(Type.String()),
  tags: Type.Optional(Tags),
  data: Type.Optional(Data),
});
export type CreateAnnotationBody = Static<typeof CreateAnnotationBody>;

export const UpdateAnnotationBody = Type.Object({
  time: Type.Optional(Epoch),
  timeEnd: Type.Optional(Epoch),
  text: Type.Optional(Type.String()),
  tags: Type.Optional(Tags),
  data: Type.Optional(Data),
});
export type UpdateAnnotationBody = Static<typeof UpdateAnnotationBody>;
