/** Building data source query requests (POST /api/ds/query, `queryData`) from panel targets: data source resolution and interpolation. */

import type { DataSourceRef, Target } from './model.js';
import { interpolateDeep, type ScopedVars } from './variables.js';

export interface DataSourceSummary {
  uid: string;
  name: string;
  type: string;
  isDefault?: boolean;
}

export const MIXED_UID = '-- Mixed --';

/**
 * The data source a reference names: `{uid, type}`, a uid or name string (older dashboards), a
 * `${var}` of a datasource variable, or nothing (the org's default). Undefined when none matches.
 */
export function resolveDataSource(
  ref: DataSourceRef,
  datasources: DataSourceSummary[],
  vars: ScopedVars,
): DataSourceSummary | undefined {
  const byDefault = () => datasources.find((ds) => ds.isDefault) ?? datasources[0];
  if (ref === null || ref === undefined) return byDefault();
  const text = typeof ref === 'string' ? ref : (ref.uid ?? undefined);
  if (text === undefined || text === null || text === '' || text === 'default') {
    if (typeof ref === 'object' && ref?.type)
      return (
        datasources.find((ds) => ds.type === ref.type && ds.isDefault) ??
        datasources.find((ds) => ds.type === ref.type) ??
        byDefault()
      );
    return byDefault();
  }
  const resolved = interpolateDeep(text, vars);
  const found =
    datasources.find((ds) => ds.uid === resolved) ?? datasources.find((ds) => ds.name === resolved);
  if (found) return found;
  // An export's unfilled input (`${DS_PROMETHEUS}`): any data source of the referenced type.
  if (/^\$\{?\w+\}?$/.test(resolved) && typeof ref === 'object' && ref?.type) {
    return (
      datasources.find((ds) => ds.type === ref.type && ds.isDefault) ??
      datasources.find((ds) => ds.type === ref.type)
    );
  }
  return undefined;
}

export function isMixed(ref: DataSourceRef): boolean {
  const uid = typeof ref === 'string' ? ref : ref?.uid;
  return uid === MIXED_UID;
}

/** Prometheus wants several selected values as a regex alternation; others take Grafana's glob. */
function multiValueFormat(type: string): string | undefined {
  return type === 'prometheus' || type === 'loki' ? 'regex' : undefined;
}

export interface BuiltQuery {
  refId: string;
  datasource: { uid: string; type: string };
  intervalMs: number;
  maxDataPoints: number;
  [key: string]: unknown;
}

interface BuildResult {
  queries: BuiltQuery[];
  /** targets whose data source could not be found, with why */
  problems: string[];
}

export function buildQueries(
  targets: Target[],
  panelDatasource: DataSourceRef,
  datasources: DataSourceSummary[],
  vars: ScopedVars,
  options: { intervalMs: number; maxDataPoints: number },
): BuildResult {
  const queries: BuiltQuery[] = [];
  const problems: string[] = [];
  const mixed = isMixed(panelDatasource);
  targets.forEach((target, index) => {
    if (target.hide) return;
    const refId = target.refId || String.fromCharCode(65 + index);
    const ref = mixed || target.datasource ? (target.datasource ?? panelDatasource) : panelDatasource;
    const ds = resolveDataSource(isMixed(ref) ? null : ref, datasources, vars);
    if (!ds) {
      const name = typeof ref === 'string' ? ref : (ref?.uid ?? 'default');
      problems.push(`Data source ${name} was not found`);
      return;
    }
    const interpolated = interpolateDeep(
      { ...target, datasource: undefined },
      vars,
      multiValueFormat(ds.type),
    );
    queries.push({
      ...interpolated,
      refId,
      datasource: { uid: ds.uid, type: ds.type },
      intervalMs: options.intervalMs,
      maxDataPoints: options.maxDataPoints,
    });
  });
  return { queries, problems };
}
