import { EXPRESSION_DATASOURCE_UID, type AlertQuery } from './alert-rule.js';

/**
 * The executable-pipeline check of a rule's queries: the condition names a query and every
 * expression refers only to queries of the rule, without cycles. Returns the problem, or
 * undefined when the pipeline is sound.
 *
 * TODO(#16): replace the body with `validatePipeline(data, condition)` from
 * `alert-expressions/pipeline.ts` once it lands (it also checks each expression's own fields);
 * this call site is the only one.
 */
export function checkExpressions(data: AlertQuery[], condition: string): string | undefined {
  const refIds = data.map((q) => q.refId);
  if (!refIds.includes(condition))
    return `condition ${condition} does not exist, must be one of [${refIds.join(', ')}]`;

  const inputs = new Map<string, string[]>();
  for (const query of data) {
    if (query.datasourceUid !== EXPRESSION_DATASOURCE_UID) continue;
    const named = referencesOf(query.model);
    for (const ref of named)
      if (!refIds.includes(ref)) return `expression ${query.refId} refers to an unknown query ${ref}`;
    inputs.set(query.refId, named);
  }
  // Depth-first walk: an expression reached again while on the path is a cycle.
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (refId: string): string | undefined => {
    if (state.get(refId) === 'done') return undefined;
    if (state.get(refId) === 'visiting') return `expressions form a cycle through ${refId}`;
    state.set(refId, 'visiting');
    for (const input of inputs.get(refId) ?? []) {
      const problem = visit(input);
      if (problem) return problem;
    }
    state.set(refId, 'done');
    return undefined;
  };
  for (const refId of inputs.keys()) {
    const problem = visit(refId);
    if (problem) return problem;
  }
  return undefined;
}

/** The refIds an expression reads: `expression` (a refId, or `$A` terms of a math expression) and classic conditions' queries. */
function referencesOf(model: Record<string, unknown>): string[] {
  const refs = new Set<string>();
  const expression = typeof model.expression === 'string' ? model.expression : '';
  if (model.type === 'math') {
    for (const match of expression.matchAll(/\$\{?([A-Za-z0-9_-]+)\}?/g)) refs.add(match[1]!);
  } else if (expression !== '') refs.add(expression.trim());
  if (Array.isArray(model.conditions)) {
    for (const condition of model.conditions as { query?: { params?: unknown[] } }[]) {
      const ref = condition.query?.params?.[0];
      if (typeof ref === 'string') refs.add(ref);
    }
  }
  return [...refs];
}
