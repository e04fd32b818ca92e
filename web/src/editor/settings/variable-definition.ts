import type { VariableModel } from '../../lib/model.js';

/** A variable's query as text: its `definition`, or the query string (or `query.query`). */
export function definitionOf(variable: VariableModel): string {
  if (variable.definition) return variable.definition;
  const query = variable.query;
  if (typeof query === 'string') return query;
  const inner = query && typeof query === 'object' ? (query as { query?: unknown }).query : undefined;
  if (typeof inner === 'string') return inner;
  return '';
}
