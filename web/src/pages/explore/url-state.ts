/** Explore's URL state, as Grafana writes it: `/explore?left=<json>&right=<json>`, one JSON per pane. */

import type { Target } from '../../lib/model.js';
import type { RawTimeRange } from '../../lib/time.js';

export interface PaneState {
  /** the data source's uid ("" until one is picked) */
  datasource: string;
  queries: Target[];
  range: RawTimeRange;
}

export const DEFAULT_RANGE: RawTimeRange = { from: 'now-1h', to: 'now' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A pane from its URL parameter; undefined when absent or not JSON of the expected shape. */
export function parsePane(text: string | null): PaneState | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const queries = Array.isArray(value.queries)
    ? value.queries.filter(isObject).map((q, i) => ({
        ...q,
        refId: typeof q.refId === 'string' && q.refId ? q.refId : String.fromCharCode(65 + i),
      }))
    : [];
  const range = isObject(value.range) ? value.range : {};
  return {
    datasource: typeof value.datasource === 'string' ? value.datasource : '',
    queries,
    range: {
      from: typeof range.from === 'string' ? range.from : DEFAULT_RANGE.from,
      to: typeof range.to === 'string' ? range.to : DEFAULT_RANGE.to,
    },
  };
}

/** The URL parameter of a pane: the queries without their data source (the pane names it). */
export function paneParam(pane: PaneState): string {
  return JSON.stringify({
    datasource: pane.datasource,
    queries: pane.queries.map((q) => {
      const copy = { ...q };
      delete copy.datasource;
      return copy;
    }),
    range: pane.range,
  });
}
