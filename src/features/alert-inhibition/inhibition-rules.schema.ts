import { Type, type Static } from 'typebox';

/** Grafana's inhibition rules API: the k8s-style resource `InhibitionRule` of notifications.alerting.grafana.app. */

/**
 * Bounds: the name is the indexed column (VARCHAR(190)); the spec is a JSON text column, these
 * keep one rule sane (label bounds as the silences').
 */
const INHIBITION_LIMITS = {
  name: 190,
  matchers: 100,
  equal: 100,
  labelName: 1000,
  labelValue: 10_000,
  matchType: 20,
} as const;

export const NamespaceParams = Type.Object({ namespace: Type.String() });
export const InhibitionRuleParams = Type.Object({ namespace: Type.String(), name: Type.String() });

const Matcher = Type.Object({
  // checked by the service, to answer with the field and Grafana's message
  type: Type.String({ maxLength: INHIBITION_LIMITS.matchType }),
  label: Type.String({ maxLength: INHIBITION_LIMITS.labelName }),
  value: Type.String({ maxLength: INHIBITION_LIMITS.labelValue }),
});

/** The body of POST and PUT; metadata other than these fields is ignored. */
export const InhibitionRuleBody = Type.Object({
  apiVersion: Type.Optional(Type.String({ maxLength: 100 })),
  kind: Type.Optional(Type.String({ maxLength: 100 })),
  metadata: Type.Optional(
    Type.Object({
      name: Type.Optional(Type.String({ maxLength: INHIBITION_LIMITS.name })),
      namespace: Type.Optional(Type.String({ maxLength: 63 })),
      resourceVersion: Type.Optional(Type.String({ maxLength: 64 })),
    }),
  ),
  spec: Type.Object({
    source_matchers: Type.Optional(Type.Array(Matcher, { maxItems: INHIBITION_LIMITS.matchers })),
    target_matchers: Type.Optional(Type.Array(Matcher, { maxItems: INHIBITION_LIMITS.matchers })),
    equal: Type.Optional(
      Type.Array(Type.String({ maxLength: INHIBITION_LIMITS.labelName }), {
        maxItems: INHIBITION_LIMITS.equal,
      }),
    ),
  }),
});
export type InhibitionRuleBody = Static<typeof InhibitionRuleBody>;

// ---- responses ----

const InhibitionMatcher = Type.Object({ type: Type.String(), label: Type.String(), value: Type.String() });

/** The k8s object `InhibitionRule` as served (GET, the POST/PUT result, and what DELETE removed). */
export const InhibitionRuleResource = Type.Object({
  apiVersion: Type.String(),
  kind: Type.String(), // 'InhibitionRule'
  metadata: Type.Object({
    name: Type.String(),
    namespace: Type.String(),
    uid: Type.String(),
    resourceVersion: Type.String(),
    annotations: Type.Record(Type.String(), Type.String()),
  }),
  spec: Type.Object({
    source_matchers: Type.Array(InhibitionMatcher),
    target_matchers: Type.Array(InhibitionMatcher),
    // left out when empty, as Grafana does
    equal: Type.Optional(Type.Array(Type.String())),
  }),
});

export const InhibitionRuleList = Type.Object({
  apiVersion: Type.String(),
  kind: Type.String(), // 'InhibitionRuleList'
  metadata: Type.Object({}),
  items: Type.Array(InhibitionRuleResource),
});
