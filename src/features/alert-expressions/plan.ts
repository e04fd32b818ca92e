import type { AlertQuery } from '../alert-rules/alert-rule.js';
import { isExpression } from '../alert-rules/alert-rule.js';
import { parseCommand, type Command } from './expression-model.js';

/** A rule's queries and expressions, checked, with the expressions in an order that can run. */
export interface Plan {
  queries: AlertQuery[];
  commands: Map<string, { query: AlertQuery; command: Command }>;
  /** expression refIds, every one after the expressions it reads */
  order: string[];
}

/**
 * Checks a rule's data the way Grafana does before evaluating it, and orders the expressions
 * topologically. Returns a message naming the first problem instead of a plan.
 */
export function planPipeline(data: AlertQuery[], condition: string): Plan | string {
  if (data.length === 0) return 'the rule has no queries or expressions';
  const byRefId = new Map<string, AlertQuery>();
  for (const query of data) {
    if (query.refId === '') return 'every query and expression needs a refId';
    if (byRefId.has(query.refId)) return `duplicate refId "${query.refId}"`;
    byRefId.set(query.refId, query);
  }
  if (!byRefId.has(condition)) return `condition "${condition}" is not a refId of the rule`;

  const commands: Plan['commands'] = new Map();
  for (const query of data.filter(isExpression)) {
    const command = parseCommand(query);
    if (typeof command === 'string') return command;
    const unknown = command.refs.find((ref) => !byRefId.has(ref));
    if (unknown !== undefined) return `expression ${query.refId} refers to unknown refId "${unknown}"`;
    commands.set(query.refId, { query, command });
  }

  const order = topologicalOrder(commands);
  if (typeof order === 'string') return order;
  return { queries: data.filter((query) => !isExpression(query)), commands, order };
}

/** Depth-first: an expression is placed once all it reads is placed; a back edge is a cycle. */
function topologicalOrder(commands: Plan['commands']): string[] | string {
  const order: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (refId: string): string | undefined => {
    if (done.has(refId) || !commands.has(refId)) return undefined;
    const start = path.indexOf(refId);
    if (start >= 0)
      return `cyclic dependency between expressions: ${[...path.slice(start), refId].join(' -> ')}`;
    path.push(refId);
    for (const ref of commands.get(refId)!.command.refs) {
      const problem = visit(ref);
      if (problem) return problem;
    }
    path.pop();
    done.add(refId);
    order.push(refId);
    return undefined;
  };
  for (const refId of commands.keys()) {
    const problem = visit(refId);
    if (problem) return problem;
  }
  return order;
}
