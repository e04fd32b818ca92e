import { DeadlineError } from './deadline.js';
import type { DataQuery, QueryResult, QueryResults } from './types.js';

/** A failed query, as a value: the route layer turns any of these into a 207 answer. */
export function queryError(status: number, message: string): QueryResult {
  return { status, frames: [], error: message };
}

/** The same failure for every query of a batch (e.g. the back end is unreachable). */
export function failAll(queries: DataQuery[], status: number, message: string): QueryResults {
  const results: QueryResults = {};
  for (const query of queries) results[query.refId] = queryError(status, message);
  return results;
}

/**
 * A readable one-line reason from whatever a driver or fetch threw. fetch hides the useful part
 * ("connect ECONNREFUSED 127.0.0.1:9") in `cause`, so that is unwrapped.
 */
export function describeError(error: unknown): string {
  if (error instanceof DeadlineError) return error.message;
  if (error instanceof AggregateError && error.errors.length > 0) return describeError(error.errors[0]);
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    if (error.message === 'fetch failed' && cause !== undefined) return describeError(cause);
    if (error.message !== '') return error.message;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    return error.name;
  }
  return String(error);
}
