import type { TimeRange } from '../datasources/plugins/types.js';
import { classicConditionsResults } from './classic-conditions.js';
import type { Command } from './expression-model.js';
import { evaluateMath } from './math-evaluator.js';
import type { Plan } from './plan.js';
import { queryRange } from './query-execution.js';
import { reduceResults } from './reduce.js';
import { ResampleError, resampleResults } from './resample.js';
import { thresholdResults } from './threshold.js';
import type { Labels, Results } from './values.js';

/** A failure of one refId (an expression, or a query whose frames cannot be read). */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly refId: string,
  ) {
    super(message);
  }
}

export interface ExpressionContext {
  /** the output of another refId */
  vars: (refId: string) => Results;
  /** the range resample works over; only computed when asked for */
  range: () => TimeRange;
  isFiring?: (labels: Labels) => boolean;
}

/** Runs one expression; its own failures (e.g. a range shorter than the resample window) name it. */
export function runExpression(refId: string, command: Command, context: ExpressionContext): Results {
  try {
    return runCommand(command, context);
  } catch (error) {
    if (error instanceof ResampleError) throw new ExpressionError(`${refId}: ${error.message}`, refId);
    throw error;
  }
}

function runCommand(command: Command, { vars, range, isFiring }: ExpressionContext): Results {
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
 * it has one, else that of the refId it reads, so an expression saved with a zero range still
 * covers its query's data.
 */
export function expressionRange(plan: Plan, refId: string, now: number): TimeRange {
  const own = plan.commands.get(refId);
  if (!own) {
    const query = plan.queries.find((candidate) => candidate.refId === refId);
    return query ? queryRange(query, now) : { from: now, to: now };
  }
  const relative = own.query.relativeTimeRange;
  if (relative.from !== 0 || relative.to !== 0) return queryRange(own.query, now);
  const input = own.command.refs[0];
  return input === undefined ? { from: now, to: now } : expressionRange(plan, input, now);
}
