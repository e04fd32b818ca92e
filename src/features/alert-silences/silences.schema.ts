import { Type, type Static } from 'typebox';
import { LIMITS } from '../../lib/limits.js';

/** Column sizes of alert_silence (migration 0012) and sane bounds where a JSON column holds it. */
const SILENCE_LIMITS = {
  createdBy: 190,
  comment: 2048,
  matchers: 100,
  labelName: 1000,
  labelValue: 10_000,
} as const;

const Matcher = Type.Object({
  name: Type.String({ maxLength: SILENCE_LIMITS.labelName }),
  value: Type.String({ maxLength: SILENCE_LIMITS.labelValue }),
  isRegex: Type.Optional(Type.Boolean()),
  // Alertmanager compat: absent means an equality (or regex) match.
  isEqual: Type.Optional(Type.Boolean()),
});

/** PostableSilence of the Alertmanager API v2. */
export const PostableSilence = Type.Object({
  id: Type.Optional(Type.String({ maxLength: LIMITS.uid })),
  matchers: Type.Optional(Type.Array(Matcher, { maxItems: SILENCE_LIMITS.matchers })),
  startsAt: Type.Optional(Type.String({ format: 'date-time' })),
  endsAt: Type.Optional(Type.String({ format: 'date-time' })),
  createdBy: Type.Optional(Type.String({ maxLength: SILENCE_LIMITS.createdBy })),
  comment: Type.Optional(Type.String({ maxLength: SILENCE_LIMITS.comment })),
});
export type PostableSilence = Static<typeof PostableSilence>;

export const SilenceIdParams = Type.Object({ id: Type.String() });

/** Grafana's additions: `metadata` of the rule a silence names, `accessControl` of the caller. */
export const SilenceQuery = Type.Object({
  ruleMetadata: Type.Optional(Type.Boolean()),
  accesscontrol: Type.Optional(Type.Boolean()),
});

export const SilencesQuery = Type.Object({
  // `?filter=a="b"&filter=c=~"d"`: one or several matchers
  filter: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  ruleMetadata: Type.Optional(Type.Boolean()),
  accesscontrol: Type.Optional(Type.Boolean()),
});

// ---- responses ----

const GettableMatcher = Type.Object({
  isEqual: Type.Boolean(),
  isRegex: Type.Boolean(),
  name: Type.String(),
  value: Type.String(),
});

/**
 * GettableGrafanaSilence: the Alertmanager's GettableSilence (times RFC 3339), plus `metadata` of
 * the rule it names (with `?ruleMetadata=true`; title and folder only when the rule exists) and the
 * caller's `accessControl` (with `?accesscontrol=true`).
 */
export const GettableSilence = Type.Object({
  id: Type.String(),
  status: Type.Object({
    state: Type.Union([Type.Literal('active'), Type.Literal('pending'), Type.Literal('expired')]),
  }),
  updatedAt: Type.String({ format: 'date-time' }),
  comment: Type.String(),
  createdBy: Type.String(),
  endsAt: Type.String({ format: 'date-time' }),
  matchers: Type.Array(GettableMatcher),
  startsAt: Type.String({ format: 'date-time' }),
  metadata: Type.Optional(
    Type.Object({
      rule_uid: Type.String(),
      rule_title: Type.Optional(Type.String()),
      folder_uid: Type.Optional(Type.String()),
    }),
  ),
  accessControl: Type.Optional(
    Type.Object({ create: Type.Boolean(), read: Type.Boolean(), write: Type.Boolean() }),
  ),
});

/** The POST answer (202): the id of the silence created or changed in place. */
export const PostSilenceResponse = Type.Object({ silenceID: Type.String() });

export const SilenceMessage = Type.Object({ message: Type.String() });
