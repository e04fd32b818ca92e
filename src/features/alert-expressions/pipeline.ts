import { EXPRESSION_DATASOURCE_UID, type AlertQuery } from '../alert-rules/alert-rule.js';
import type { DataFrame, TimeRange } from '../datasources/plugins/types.js';
import { classicConditionsResults } from './classic-conditions.js';
import { conditionResults, errorResult, queryNoDataResult } from './condition-results.js';
import type { EvaluationResult } from './evaluation-result.js';
import type { Command } from './expression-model.js';
import { FrameConversionError, framesToResults } from './frame-conversion.js';
import { resultsToFrames } from './frame-output.js';
import { evaluateMath } from './math-evaluator.js';
import { planPipeline, type Plan } from './plan.js';
import { queryRange, runDataQueries, type QueryRunner } from './query-execution.js';
import { reduceResults } from './reduce.js';
import { ResampleError, resampleResults } from './resample.js';
import { thresholdResults } from './threshold.js';
import type { Labels, Results } from './values.js';

export type { QueryRunner } from './query-execution.js';

export interface PipelineOutput {
  /** every refId's output as Grafana's /api/v1/eval shows it (frames in the DataFrame wire form) */
  byRefId: Record<string, { status: number; frames: DataFrame[]; error?: string }>;
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

/** A failure inside an expression: the rule's single Error result. */
class ExpressionError extends Error {
  constructor(
    message: string,
    readonly refId: string,
  ) {
    super(message);
  }
}

/**
 * Evaluates a rule's queries and expressions (Grafana's server-side expressions) and turns the
 * condition into results: queries first (all data sources at once), then the expressions in
 * dependency order. A failed query or expression makes the outcome one Error result; a query
 * answered without frames makes it NoData for that query.
 */
export async function evaluatePipeline(input: PipelineInput): Promise<PipelineOutput> {
  const plan = planPipeline(input.data, input.condition);
  if (typeof plan === 'string') return { byRefId: {}, results: [errorResult(plan)] };

  const byRefId: PipelineOutput['byRefId'] = {};
  const answers = await runDataQueries(plan.queries, input.now, input.runQueries);
  for (const query of plan.queries) {
    const answer = answers.get(query.refId)!;
    byRefId[query.refId] = {
      status: answer.status,
      frames: answer.frames,
      ...(answer.error ? { error: answer.error } : {}),
    };
  }
  const failed = plan.queries.find((query) => answers.get(query.refId)!.error);
  if (failed) {
    const message = `failed to execute query [${failed.refId}]: ${answers.get(failed.refId)!.error}`;
    return { byRefId, results: [errorResult(message, failed.refId, failed.datasourceUid)] };
  }
  const empty = plan.queries.filter((query) => answers.get(query.refId)!.frames.length === 0);
  if (empty.length > 0) {
    const byDatasource = new Map<string, string[]>();
    for (const query of empty)
      byDatasource.set(query.datasourceUid, [...(byDatasource.get(query.datasourceUid) ?? []), query.refId]);
    return { byRefId, results: [...byDatasource].map(([uid, refIds]) => queryNoDataResult(refIds, uid)) };
  }

  const computed = new Map<string, Results>();
  const results = (refId: string): Results => {
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
      const output = runExpression(
        refId,
        command,
        results,
        () => expressionRange(plan, refId, input.now),
        input.isFiring,
      );
      computed.set(refId, output);
      byRefId[refId] = { status: 200, frames: resultsToFrames(refId, output) };
    }
    const captures = new Map<string, Results>();
    for (const [refId, { command }] of [...plan.commands].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (CAPTURING_TYPES.has(command.type)) captures.set(refId, results(refId));
    }
    return { byRefId, results: conditionResults(input.condition, results(input.condition), captures) };
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    if (plan.commands.has(error.refId))
      byRefId[error.refId] = { status: 400, frames: [], error: error.message };
    const datasourceUid = plan.commands.has(error.refId)
      ? EXPRESSION_DATASOURCE_UID
      : plan.queries.find((query) => query.refId === error.refId)?.datasourceUid;
    return { byRefId, results: [errorResult(error.message, error.refId, datasourceUid)] };
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

/** Runs one expression; its own failures (e.g. a range shorter than the resample window) name it. */
function runExpression(refId: string, ...args: Parameters<typeof runCommand>): Results {
  try {
    return runCommand(...args);
  } catch (error) {
    if (error instanceof ResampleError) throw new ExpressionError(`${refId}: ${error.message}`, refId);
    throw error;
  }
}

function runCommand(
  command: Command,
  vars: (refId: string) => Results,
  range: () => TimeRange,
  isFiring: ((labels: Labels) => boolean) | undefined,
): Results {
  switch (command.type) {
    case 'math':
      return evaluateMath(command.tree, vars);
    case 'reduce':
      return reduceResults(vars(command.input), command.reducer, command.mode);
    case 'resample':
      return resampleResults(vars(command.input), command.spec, range());
    case 'threshold':
      return thresholdResults(vars(command.input), command.spec, isFiring);
    case 'classic_conditions':
      return classicConditionsResults(command.conditions, vars);
  }
}

/**
 * The time range an expression works over (resample needs one): its own relative range when
 * it has one, else that of the refId it reads, like the UI that copies the query's range.
 */
function expressionRange(plan: Plan, refId: string, now: number): TimeRange {
  const own = plan.commands.get(refId);
  if (!own) {
    const query = plan.queries.find((candidate) => candidate.refId === refId);
    return query ? queryRange(query, now) : { from: now, to: now };
  }
  const relative = own.query.relativeTimeRange;
  if (relative && (relative.from !== 0 || relative.to !== 0)) return queryRange(own.query, now);
  const input = own.command.refs[0];
  return input === undefined ? { from: now, to: now } : expressionRange(plan, input, now);
}

export { validatePipeline } from './validate.js';
