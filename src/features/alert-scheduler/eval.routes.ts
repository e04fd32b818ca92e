import { Type, type Static } from '@fastify/type-provider-typebox';
import type { Api } from '../../http/api.js';
import { LIMITS } from '../../lib/limits.js';
import { RULE_LIMITS } from '../alert-rules/alert-rules.schema.js';
import { can } from '../../access/evaluator.js';
import { identityOf } from '../../access/identity.js';
import { evaluatePipeline, validatePipeline } from '../alert-expressions/pipeline.js';
import { EXPRESSION_DATASOURCE_UID, type AlertQuery } from '../alert-rules/alert-rule.js';
import type { DataSourcesLookup } from '../datasources/datasources.lookup.js';
import type { Clock } from '../../lib/clock.js';
import { evalDataSourceDenied, evalDataSourceNotFound, evalInvalid } from './alert-scheduler.errors.js';

const EvalBody = Type.Object({
  data: Type.Array(
    Type.Object({
      refId: Type.String({ minLength: 1, maxLength: RULE_LIMITS.refId }),
      queryType: Type.Optional(Type.String({ maxLength: RULE_LIMITS.queryType })),
      relativeTimeRange: Type.Object({ from: Type.Number(), to: Type.Number() }),
      datasourceUid: Type.String({ minLength: 1, maxLength: LIMITS.uid }),
      model: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
  /** the refId that decides the state; the last refId when omitted */
  condition: Type.Optional(Type.String({ maxLength: RULE_LIMITS.refId })),
  /** evaluation time (ISO 8601 or epoch ms), now when omitted */
  now: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()])),
});
type EvalBody = Static<typeof EvalBody>;

/**
 * `POST /api/v1/eval`: Grafana's rule preview. Runs a rule's queries and expressions now, as the
 * scheduler would, and answers every refId's frames plus, for the condition, the result per series
 * (what would fire). The caller needs `datasources:query` on every queried data source.
 */
export function registerEvalRoutes(api: Api, deps: { datasources: DataSourcesLookup; clock: Clock }): void {
  api.post(
    '/api/v1/eval',
    { config: { permission: can('alert.rules:read') }, schema: { body: EvalBody } },
    async (request) => {
      const identity = identityOf(request);
      const body: EvalBody = request.body;
      const data = body.data as AlertQuery[];
      if (data.length === 0) throw evalInvalid('the rule has no queries or expressions');
      const condition = body.condition ?? data[data.length - 1]!.refId;
      const invalid = validatePipeline(data, condition);
      if (invalid) throw evalInvalid(invalid);
      for (const uid of new Set(data.map((q) => q.datasourceUid))) {
        if (uid === EXPRESSION_DATASOURCE_UID || uid === '-100') continue;
        if ((await deps.datasources.typeOf(identity.orgId, uid)) === undefined)
          throw evalDataSourceNotFound(uid);
        if (!(await deps.datasources.canQuery(identity, uid))) throw evalDataSourceDenied(uid);
      }
      const now =
        body.now === undefined
          ? deps.clock.now()
          : typeof body.now === 'number'
            ? body.now
            : Date.parse(body.now);
      if (!Number.isFinite(now)) throw evalInvalid(`now: ${String(body.now)} is not a time`);
      const output = await evaluatePipeline({
        data,
        condition,
        now,
        runQueries: (uid, queries, range) => deps.datasources.query(identity.orgId, uid, queries, range),
      });
      return {
        results: output.byRefId,
        condition: {
          refId: condition,
          results: output.results.map((r) => ({
            labels: r.labels,
            state: r.state,
            ...(r.error !== undefined ? { error: r.error } : {}),
            value: r.values[condition]?.value ?? null,
          })),
        },
      };
    },
  );
}
