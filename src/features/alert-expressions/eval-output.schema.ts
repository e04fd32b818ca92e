import { Type } from 'typebox';
import { QueryResult } from '../datasources/datasources.schema.js';

/**
 * What `POST /api/v1/eval` answers (the rule preview): each refId's output as data frames in
 * Grafana's JSON wire form, and the condition's results.
 */

const Labels = Type.Record(Type.String(), Type.String());

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
  // each refId's output: its frames as /api/ds/query answers them
  results: Type.Record(Type.String(), QueryResult),
  condition: Type.Object({ refId: Type.String(), results: Type.Array(ConditionResult) }),
});
