import { Type, type Static } from 'typebox';

const Names = (description: string) => Type.Optional(Type.Array(Type.String(), { description }));
const Duration = (description: string) =>
  Type.Optional(Type.String({ description: `Prometheus duration (\`30s\`, \`1h30m\`): ${description}` }));

/**
 * Grafana's notification policy (its Route), nested: `routes` holds children of the same shape.
 * The types are checked here (by Ajv on the API, by the policies service for files); the meaning
 * (receivers and mute timings that exist, matchers, durations) by routing/route-validation.ts.
 * Unknown fields are dropped, as Grafana's JSON decoder drops them. The definition's name is the
 * name OpenAPI's components give it (openapi-document.ts hoists cyclic schemas there).
 */
export const PolicyRoute = Type.Cyclic(
  {
    NotificationPolicyRoute: Type.Object(
      {
        receiver: Type.Optional(
          Type.String({ description: 'contact point name; required on the root, inherited below' }),
        ),
        group_by: Names('label names to group alerts by; `...` (alone) groups by every label'),
        continue: Type.Optional(
          Type.Boolean({ description: 'keep matching sibling policies after this one' }),
        ),
        object_matchers: Type.Optional(
          Type.Array(Type.Tuple([Type.String(), Type.String(), Type.String()]), {
            description: '`[name, operator, value]` with an operator among `=`, `!=`, `=~`, `!~`',
          }),
        ),
        matchers: Names('Prometheus matchers, e.g. `severity=~"crit.*"`'),
        match: Type.Optional(
          Type.Record(Type.String(), Type.String(), { description: 'legacy equality matchers' }),
        ),
        match_re: Type.Optional(
          Type.Record(Type.String(), Type.String(), { description: 'legacy regex matchers' }),
        ),
        group_wait: Duration('wait before the first notification of a new group'),
        group_interval: Duration('wait before notifying of alerts added to a group (not zero)'),
        repeat_interval: Duration('wait before notifying again of the same alerts (not zero)'),
        mute_time_intervals: Names('mute timing names during which the policy is muted'),
        active_time_intervals: Names('mute timing names outside of which the policy is muted'),
        routes: Type.Optional(Type.Array(Type.Ref('NotificationPolicyRoute'))),
        provenance: Type.Optional(
          Type.String({ description: 'set by svc on the root (`api`, `file`); ignored in a body' }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  'NotificationPolicyRoute',
);
export type PolicyRoute = Static<typeof PolicyRoute>;
