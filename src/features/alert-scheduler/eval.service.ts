import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { evaluatePipeline, validatePipeline } from '../alert-expressions/pipeline.js';
import { isExpression, type AlertQuery } from '../alert-rules/alert-rule.js';
import type { DataSourcesLookup } from '../datasources/datasources.lookup.js';
import { evalDataSourceDenied, evalDataSourceNotFound, evalInvalid } from './alert-scheduler.errors.js';

export interface PreviewRequest {
  data: AlertQuery[];
  /** the refId that decides the state; the last refId when omitted */
  condition?: string;
  /** evaluation time (ISO 8601 or epoch ms), now when omitted */
  now?: string | number;
}

/**
 * Grafana's rule preview: a rule's queries and expressions run now, as the scheduler would run
 * them. The caller needs `datasources:query` on every queried data source.
 */
export function createEvalService(deps: { datasources: DataSourcesLookup; clock: Clock }) {
  async function checkSources(identity: Identity, data: AlertQuery[]): Promise<void> {
    for (const uid of new Set(data.filter((q) => !isExpression(q)).map((q) => q.datasourceUid))) {
      if ((await deps.datasources.typeOf(identity.orgId, uid)) === undefined)
        throw evalDataSourceNotFound(uid);
      if (!(await deps.datasources.canQuery(identity, uid))) throw evalDataSourceDenied(uid);
    }
  }

  function timeOf(now: string | number | undefined): number {
    const time = now === undefined ? deps.clock.now() : typeof now === 'number' ? now : Date.parse(now);
    if (!Number.isFinite(time)) throw evalInvalid(`now: ${String(now)} is not a time`);
    return time;
  }

  return {
    async preview(identity: Identity, request: PreviewRequest) {
      const { data } = request;
      if (data.length === 0) throw evalInvalid('the rule has no queries or expressions');
      const condition = request.condition ?? data[data.length - 1]!.refId;
      const invalid = validatePipeline(data, condition);
      if (invalid) throw evalInvalid(invalid);
      await checkSources(identity, data);
      const output = await evaluatePipeline({
        data,
        condition,
        now: timeOf(request.now),
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
  };
}

export type EvalService = ReturnType<typeof createEvalService>;
