import type { AlertQuery } from '../alert-rules/alert-rule.js';
import { CLASSIC_EVALUATORS, classicEvaluatorArity, type ClassicCondition } from './classic-conditions.js';
import { CLASSIC_REDUCERS } from './classic-reducers.js';
import { parseDurationMs } from './duration.js';
import { MathParseError, mathVariables, parseMath, type MathNode } from './math-parser.js';
import { REDUCERS, type ReduceMode, type Reducer } from './reduce.js';
import { DOWNSAMPLERS, UPSAMPLERS, type ResampleSpec } from './resample.js';
import { THRESHOLD_TYPES, thresholdArity, type ThresholdEvaluator, type ThresholdSpec } from './threshold.js';

/** An expression's model, checked and typed once, for both validation and execution. */
export type Command =
  | { type: 'math'; tree: MathNode; refs: string[] }
  | { type: 'reduce'; input: string; reducer: Reducer; mode: ReduceMode; refs: string[] }
  | { type: 'resample'; input: string; spec: ResampleSpec; refs: string[] }
  | { type: 'threshold'; input: string; spec: ThresholdSpec; refs: string[] }
  | { type: 'classic_conditions'; conditions: ClassicCondition[]; refs: string[] };

class ModelError extends Error {}
class UnknownTypeError extends Error {}

/** Parses an expression's model; returns an error message naming the refId when it is invalid. */
export function parseCommand(query: AlertQuery): Command | string {
  try {
    return build(query);
  } catch (error) {
    if (error instanceof UnknownTypeError) return `${error.message} in ${query.refId}`;
    if (error instanceof ModelError) return `${query.refId}: ${error.message}`;
    if (error instanceof MathParseError) return `${query.refId}: math expression: ${error.message}`;
    throw error;
  }
}

function build(query: AlertQuery): Command {
  const model = query.model;
  const type = typeof model.type === 'string' ? model.type : '';
  switch (type) {
    case 'math': {
      const tree = parseMath(requiredString(model.expression, 'expression'));
      return { type, tree, refs: mathVariables(tree) };
    }
    case 'reduce': {
      const input = inputRef(model.expression);
      const reducer = oneOf(REDUCERS, requiredString(model.reducer, 'reducer').toLowerCase(), 'reducer');
      return { type, input, reducer, mode: reduceMode(model.settings), refs: [input] };
    }
    case 'resample': {
      const input = inputRef(model.expression);
      const windowText = requiredString(model.window, 'window');
      const windowMs = parseDurationMs(windowText);
      if (windowMs === undefined) throw new ModelError(`window "${windowText}" is not a valid duration`);
      const downsampler = oneOf(
        DOWNSAMPLERS,
        requiredString(model.downsampler, 'downsampler'),
        'downsampler',
      );
      const upsampler = oneOf(UPSAMPLERS, requiredString(model.upsampler, 'upsampler'), 'upsampler');
      return { type, input, spec: { windowMs, downsampler, upsampler }, refs: [input] };
    }
    case 'threshold': {
      const input = inputRef(model.expression);
      return { type, input, spec: thresholdSpec(model.conditions), refs: [input] };
    }
    case 'classic_conditions': {
      const conditions = classicConditions(model.conditions);
      return { type, conditions, refs: [...new Set(conditions.map((c) => c.refId))] };
    }
    case 'sql':
      // a Grafana type, but svc has no SQL engine over frames
      throw new ModelError('SQL expressions are not supported');
    default:
      throw new UnknownTypeError(`unknown expression type "${type}"`);
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function requiredString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new ModelError(`${name} is required`);
  return value.trim();
}

function oneOf<T extends string>(allowed: readonly T[], value: string, name: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new ModelError(`${name} "${value}" is not supported`);
  return value as T;
}

/** `A`, `$A` and `${A}` all name refId A. */
function inputRef(value: unknown): string {
  const text = requiredString(value, 'expression');
  const braced = /^\$\{(.+)\}$/.exec(text);
  if (braced) return braced[1]!;
  return text.startsWith('$') ? text.slice(1) : text;
}

function reduceMode(settings: unknown): ReduceMode {
  const record = asRecord(settings);
  const mode = typeof record.mode === 'string' && record.mode !== '' ? record.mode : 'strict';
  if (mode === 'strict') return { mode };
  if (mode === 'dropNN') return { mode };
  if (mode === 'replaceNN') {
    const replaceWith = Number(record.replaceWithValue);
    if (
      record.replaceWithValue === undefined ||
      record.replaceWithValue === null ||
      !Number.isFinite(replaceWith)
    ) {
      throw new ModelError('replaceNN mode needs a numeric replaceWithValue');
    }
    return { mode, replaceWith };
  }
  throw new ModelError(`reduce mode "${mode}" is not supported`);
}

function numericParams(value: unknown, count: number, what: string): number[] {
  const params = Array.isArray(value) ? value.map(Number) : [];
  if (params.length < count || params.slice(0, count).some((param) => !Number.isFinite(param))) {
    throw new ModelError(`${what} needs ${count} numeric parameter(s)`);
  }
  return params.slice(0, count);
}

function thresholdEvaluator(value: unknown, what: string): ThresholdEvaluator {
  const record = asRecord(value);
  const type = oneOf(THRESHOLD_TYPES, requiredString(record.type, `${what} type`), `${what} type`);
  return { type, params: numericParams(record.params, thresholdArity(type), `${what} "${type}"`) };
}

function thresholdSpec(conditions: unknown): ThresholdSpec {
  if (!Array.isArray(conditions) || conditions.length !== 1) {
    throw new ModelError('threshold expressions need exactly one condition');
  }
  const condition = asRecord(conditions[0]);
  const evaluator = thresholdEvaluator(condition.evaluator, 'evaluator');
  if (condition.unloadEvaluator === undefined || condition.unloadEvaluator === null) return { evaluator };
  return { evaluator, unloadEvaluator: thresholdEvaluator(condition.unloadEvaluator, 'unloadEvaluator') };
}

function classicConditions(conditions: unknown): ClassicCondition[] {
  if (!Array.isArray(conditions) || conditions.length === 0) {
    throw new ModelError('classic conditions need at least one condition');
  }
  return conditions.map((raw, index) => {
    const condition = asRecord(raw);
    const where = `condition ${index + 1}`;
    const params = asRecord(condition.query).params;
    const refId = Array.isArray(params) && typeof params[0] === 'string' ? params[0] : '';
    if (refId === '') throw new ModelError(`${where} names no query`);
    const reducer = oneOf(
      CLASSIC_REDUCERS,
      requiredString(asRecord(condition.reducer).type, 'reducer'),
      'reducer',
    );
    const evaluatorRecord = asRecord(condition.evaluator);
    const type = oneOf(CLASSIC_EVALUATORS, requiredString(evaluatorRecord.type, 'evaluator'), 'evaluator');
    // the first condition's operator joins nothing, so Grafana ignores it (old models say "when")
    const operatorType = asRecord(condition.operator).type;
    const operator = index === 0 || operatorType === undefined || operatorType === '' ? 'and' : operatorType;
    if (operator !== 'and' && operator !== 'or')
      throw new ModelError(`${where}: operator ${JSON.stringify(operator)} is not supported`);
    return {
      refId,
      reducer,
      evaluator: {
        type,
        params: numericParams(evaluatorRecord.params, classicEvaluatorArity(type), `evaluator "${type}"`),
      },
      operator,
    };
  });
}
