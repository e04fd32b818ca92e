import type { AlertQuery } from '../alert-rules/alert-rule.js';
import type { DataFrame, QueryResult } from '../datasources/plugins/types.js';
import { errorResult, queryNoDataResult } from './condition-results.js';
import type { EvaluationResult } from './evaluation-result.js';

/** One refId's output as `/api/v1/eval` shows it. */
export interface RefIdOutput {
  status: number;
  frames: DataFrame[];
  error?: string;
}

/** The data sources' answers as they came, errors included, for the eval output. */
export function queryOutputs(
  queries: AlertQuery[],
  answers: Map<string, QueryResult>,
): Record<string, RefIdOutput> {
  const outputs: Record<string, RefIdOutput> = {};
  for (const query of queries) {
    const answer = answers.get(query.refId)!;
    outputs[query.refId] = {
      status: answer.status,
      frames: answer.frames,
      ...(answer.error ? { error: answer.error } : {}),
    };
  }
  return outputs;
}

/**
 * What the answers decide before any expression runs, as Grafana does: a failed query makes the
 * rule's single Error result; otherwise queries answered without any frame make one NoData
 * result per data source. Undefined when the expressions should run.
 */
export function queryOutcome(
  queries: AlertQuery[],
  answers: Map<string, QueryResult>,
): EvaluationResult[] | undefined {
  const failed = queries.find((query) => answers.get(query.refId)!.error);
  if (failed) {
    const message = `failed to execute query [${failed.refId}]: ${answers.get(failed.refId)!.error}`;
    return [errorResult(message, failed.refId, failed.datasourceUid)];
  }
  const frameless = new Map<string, string[]>();
  for (const query of queries) {
    if (answers.get(query.refId)!.frames.length > 0) continue;
    frameless.set(query.datasourceUid, [...(frameless.get(query.datasourceUid) ?? []), query.refId]);
  }
  if (frameless.size === 0) return undefined;
  return [...frameless].map(([uid, refIds]) => queryNoDataResult(refIds, uid));
}
