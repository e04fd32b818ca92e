import type { AlertQuery } from '../alert-rules/alert-rule.js';
import { planPipeline } from './plan.js';

/**
 * Checks a rule's queries and expressions without running them: undefined when valid, else a
 * message naming the problem (duplicate or unknown refIds, cycles, unknown expression types,
 * unsupported reducers, math syntax errors with their position).
 */
export function validatePipeline(data: AlertQuery[], condition: string): string | undefined {
  const plan = planPipeline(data, condition);
  return typeof plan === 'string' ? plan : undefined;
}
