import { EXPRESSION_DATASOURCE_UID, type AlertQuery } from '../alert-rules/alert-rule.js';
import type { DataFrame } from '../datasources/plugins/types.js';
import { conditionResults, errorResult } from './condition-results.js';
import type { EvaluationResult } from './evaluation-result.js';
import type { Command } from './expression-model.js';
import { ExpressionError, expressionRange, runExpression } from './expression-runner.js';
import { FrameConversionError, framesToResults } from './frame-conversion.js';
import { resultsToFrames } from './frame-output.js';
import { planPipeline, type Plan } from './plan.js';
import { queryOutcome, queryOutputs, type RefIdOutput } from './query-outcome.js';
import { runDataQueries, type QueryRunner } from './query-execution.js';
import type { Labels, Results } from './values.js';

export type { QueryRunner } from './query-execution.js';
export { validatePipeline } from './validate.js';

export interface PipelineOutput {
  /** every refId's output as Grafana's /api/v1/eval shows it: {status, frames, error?} (frames in the DataFrame wire form) */
  byRefId: Record<string, RefIdOutput>;
  /** one result per dimension of the condition (see evaluation-result.ts) */
  results: EvaluationResult[];
}

export interface PipelineInput {
  data: AlertQuery[];
  condition: string;
  /** the evaluation time, epoch ms */
  now: number;
  runQueries: QueryRunner;
  /** threshold recovery (unloadEvaluator): is this dimension (by its labels) currently firing? */
  isFiring?: (labels: Labels) => boolean;
}

/** Only these expression types feed `$values` (Grafana captures reduce, math and threshold). */
const CAPTURING_TYPES: ReadonlySet<Command['type']> = new Set(['reduce', 'math', 'threshold']);

/**
 * Evaluates a rule's queries and expressions (Grafana's server-side expressions) and turns the
 * condition into results: queries first (all data sources at once), then the expressions in
 * dependency order. A failed query or expression makes the outcome one Error result; queries
 * answered without frames make it NoData.
 */
export async function evaluatePipeline(input: PipelineInput): Promise<PipelineOutput> {
  const plan = planPipeline(input.data, input.condition);
  if (typeof plan === 'string') return { byRefId: {}, results: [errorResult(plan)] };

  const answers = await runDataQueries(plan.queries, input.now, input.runQueries);
  const byRefId = queryOutputs(plan.queries, answers);
  const decided = queryOutcome(plan.queries, answers);
  if (decided) return { byRefId, results: decided };

  // Query frames are converted when an expression (or the condition) first reads them.
  const computed = new Map<string, Results>();
  const vars = (refId: string): Results => {
    let found = computed.get(refId);
    if (!found) {
      found = convertQuery(refId, answers.get(refId)?.frames ?? []);
      computed.set(refId, found);
    }
    return found;
  };

  try {
    for (const refId of plan.order) {
      const { command } = plan.commands.get(refId)!;
      const range = () => expressionRange(plan, refId, input.now);
      const output = runExpression(refId, command, { vars, range, isFiring: input.isFiring });
      computed.set(refId, output);
      byRefId[refId] = { status: 200, frames: resultsToFrames(refId, output) };
    }
    return {
      byRefId,
      results: conditionResults(input.condition, vars(input.condition), captures(plan, vars)),
    };
  } catch (error) {
    return { byRefId, results: [failure(error, plan, byRefId)] };
  }
}

function convertQuery(refId: string, frames: DataFrame[]): Results {
  try {
    return framesToResults(frames);
  } catch (error) {
    if (error instanceof FrameConversionError)
      throw new ExpressionError(`[${refId}] ${error.message}`, refId);
    throw error;
  }
}

/**
 * The refIds whose numbers go into `$values`, in refId order: reduce, math and threshold
 * expressions, and queries answered with numbers (instant queries, SQL tables) — Grafana's
 * "labels and values of all instant queries and expressions". A query that answered series, or
 * frames no expression could read, adds nothing.
 */
function captures(plan: Plan, vars: (refId: string) => Results): Map<string, Results> {
  const refIds = [...plan.commands.keys(), ...plan.queries.map((q) => q.refId)].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const found = new Map<string, Results>();
  for (const refId of refIds) {
    const command = plan.commands.get(refId);
    if (command) {
      if (CAPTURING_TYPES.has(command.command.type)) found.set(refId, vars(refId));
      continue;
    }
    try {
      found.set(refId, vars(refId));
    } catch {
      // not convertible to numbers: nothing to capture
    }
  }
  return found;
}

/**
 * Any failure while running the expressions is an execution error of the rule (one Error
 * result), never a crash of its caller; an expression's own failure also shows in its output.
 */
function failure(error: unknown, plan: Plan, byRefId: Record<string, RefIdOutput>): EvaluationResult {
  if (!(error instanceof ExpressionError))
    return errorResult(error instanceof Error ? error.message : String(error));
  if (plan.commands.has(error.refId)) {
    byRefId[error.refId] = { status: 400, frames: [], error: error.message };
    return errorResult(error.message, error.refId, EXPRESSION_DATASOURCE_UID);
  }
  const query = plan.queries.find((candidate) => candidate.refId === error.refId);
  return errorResult(error.message, error.refId, query?.datasourceUid);
}
