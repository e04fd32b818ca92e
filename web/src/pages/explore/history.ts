/** Explore's query history: the user's recent queries in localStorage, newest first. */

import type { Target } from '../../lib/model.js';

export interface HistoryEntry {
  datasource: string;
  datasourceName: string;
  queries: Target[];
  /** epoch milliseconds of the last run */
  time: number;
}

const LIMIT = 50;

/** One list per user and organization, so a shared browser does not mix people's queries. */
const storageKey = (userId: number, orgId: number) => `svc.explore.history.${orgId}.${userId}`;

export function readHistory(userId: number, orgId: number): HistoryEntry[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(userId, orgId)) ?? '[]');
    return Array.isArray(value) ? (value as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

function withoutDataSource(query: Target): Target {
  const copy = { ...query };
  delete copy.datasource;
  return copy;
}

const sameQuery = (a: HistoryEntry, b: HistoryEntry) =>
  a.datasource === b.datasource && JSON.stringify(a.queries) === JSON.stringify(b.queries);

/** The text keys of the query editors: a query whose key is there but empty has not been written yet. */
const TEXT_KEYS = ['expr', 'rawSql', 'query'];

const isBlank = (query: Target) =>
  TEXT_KEYS.some((key) => typeof query[key] === 'string' && query[key].trim() === '');

/**
 * Adds a run to the front (moving an identical earlier run there) and returns the new list. A run
 * with nothing written (a fresh SQL editor run by changing its format) is not a query to go back
 * to, as in Grafana's history: the list stays as it was.
 */
export function addToHistory(userId: number, orgId: number, ran: HistoryEntry): HistoryEntry[] {
  if (ran.queries.every(isBlank)) return readHistory(userId, orgId);
  // the entry names the data source; its queries do not repeat it (nor do the URL's)
  const entry = { ...ran, queries: ran.queries.map(withoutDataSource) };
  const next = [entry, ...readHistory(userId, orgId).filter((old) => !sameQuery(old, entry))].slice(0, LIMIT);
  try {
    localStorage.setItem(storageKey(userId, orgId), JSON.stringify(next));
  } catch {
    // storage full or disabled: the history just is not kept
  }
  return next;
}

export function clearHistory(userId: number, orgId: number): void {
  localStorage.removeItem(storageKey(userId, orgId));
}

/** A line of text for a query: its expression or SQL, else its JSON. */
export function queryText(query: Target): string {
  for (const key of ['expr', 'rawSql', 'query', 'scenarioId']) {
    const value = query[key];
    if (typeof value === 'string' && value) return value;
  }
  const copy = { ...query };
  delete copy.refId;
  delete copy.datasource;
  return JSON.stringify(copy);
}
