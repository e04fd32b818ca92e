import { Type, type Static } from 'typebox';
import type { Api } from '../../http/api.js';
import { LIMITS } from '../../lib/limits.js';
import { RULE_LIMITS } from '../alert-rules/alert-rules.schema.js';
import { EvalResponse } from '../alert-expressions/eval-output.schema.js';
import { can } from '../../access/evaluator.js';
import { identityOf } from '../../access/identity.js';
import type { EvalService } from './eval.service.js';

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

/** `POST /api/v1/eval`: Grafana's rule preview (eval.service.ts). */
export function registerEvalRoutes(api: Api, service: EvalService): void {
  api.post(
    '/api/v1/eval',
    {
      config: { permission: can('alert.rules:read') },
      schema: { body: EvalBody, response: { 200: EvalResponse } },
    },
    (request) => service.preview(identityOf(request), request.body),
  );
}
