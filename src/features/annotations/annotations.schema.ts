import { Type, type Static } from 'typebox';
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

// Responses

/** Grafana's ItemDTO: one annotation as the list and the single read answer it. */
export const AnnotationDto = Type.Object({
  id: Type.Integer(),
  alertId: Type.Integer(),
  alertName: Type.String(),
  dashboardId: Type.Integer(),
  /** null: an organization annotation */
  dashboardUID: Type.Union([Type.String(), Type.Null()]),
  panelId: Type.Integer(),
  userId: Type.Integer(),
  newState: Type.String(),
  prevState: Type.String(),
  /** epoch milliseconds, like time and timeEnd */
  created: Type.Integer(),
  updated: Type.Integer(),
  time: Type.Integer(),
  timeEnd: Type.Integer(),
  text: Type.String(),
  /** `key:value` or `key` */
  tags: Type.Array(Type.String()),
  login: Type.String(),
  email: Type.String(),
  avatarUrl: Type.String(),
  // Whatever object the client stored, as it stored it. Typed unknown: the service parses it from
  // the stored text.
  data: Type.Unsafe<unknown>(Type.Object({}, { additionalProperties: true })),
});
export const AnnotationList = Type.Array(AnnotationDto);

/** GET /api/annotations/tags: Grafana's `{result: {tags: [{tag, count}]}}`. */
export const TagsResponse = Type.Object({
  result: Type.Object({
    tags: Type.Array(Type.Object({ tag: Type.String(), count: Type.Integer() })),
  }),
});

/** POST /api/annotations: the new annotation's id. */
export const CreatedAnnotationResponse = Type.Object({ message: Type.String(), id: Type.Integer() });

/** PUT, PATCH and DELETE answer `{message}`. */
export const MessageResponse = Type.Object({ message: Type.String() });
