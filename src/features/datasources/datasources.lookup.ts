import type { Identity } from '../../access/identity.js';
import type { DataQuery, QueryResults, TimeRange } from './plugins/index.js';

/** What other features (the alert rule engine) may ask the datasources feature. */
export interface DataSourcesLookup {
  /** the data source's type, or undefined when no data source has that uid in the org */
  typeOf(orgId: number, uid: string): Promise<string | undefined>;
  /** whether the caller holds `datasources:query` on it */
  canQuery(identity: Identity, uid: string): Promise<boolean>;
  /**
   * Runs queries against one data source on behalf of the server (rule evaluation: no caller to
   * check). Never throws for back-end trouble: every refId gets a result, an error result when the
   * data source is gone or failed.
   */
  query(
    orgId: number,
    uid: string,
    queries: DataQuery[],
    range: TimeRange,
    signal?: AbortSignal,
  ): Promise<QueryResults>;
}
