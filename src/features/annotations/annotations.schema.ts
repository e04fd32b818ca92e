import { Type, type Static } from '@fastify/type-provider-typebox';
import { MAX_TAGS_LENGTH } from './annotation-tags.js';
import { Count, EpochMs, Id, LIMITS, Text } from '../../lib/limits.js';

const StringOrList = Type.Union([Type.String(), Type.Array(Type.String())]);
// A tag is split into a key and a value of at most 100 characters each (annotation-tags.ts);
// all of them together may have at most MAX_TAGS_LENGTH.
const Tags = Type.Union([Type.Array(Text(MAX_TAGS_LENGTH)), Type.Null()]);
const Data = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
const Epoch = EpochMs({ minimum: 0 });

export const AnnotationIdParams = Type.Object({ annotationId: Id() });

export const FindAnnotationsQuery = Type.Object({
  from: Type.Optional(EpochMs()),
  to: Type.Optional(EpochMs()),
  dashboardUID: Type.Optional(Type.String()),
  dashboardId: Type.Optional(Id()),
  panelId: Type.Optional(Id()),
  userId: Type.Optional(Id()),
  alertId: Type.Optional(Id()),
  type: Type.Optional(Type.String()),
  tags: Type.Optional(StringOrList),
  matchAny: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Count()),
});
export type FindAnnotationsQuery = Static<typeof FindAnnotationsQuery>;

export const TagsQuery = Type.Object({
  tag: Type.Optional(Type.String()),
  limit: Type.Optional(Count()),
});

export const CreateAnnotationBody = Type.Object({
  dashboardUID: Type.Optional(Type.Union([Text(LIMITS.uid), Type.Null()])),
  dashboardId: Type.Optional(Id()),
  panelId: Type.Optional(Id()),
  time: Type.Optional(Epoch),
  timeEnd: Type.Optional(Epoch),
  // Optional here so that a missing text gets Grafana's message, not a schema error. The text
  // column is unbounded on every dialect: only the body limit bounds it.
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
