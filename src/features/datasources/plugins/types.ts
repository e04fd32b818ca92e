import type { EgressGuard } from './egress.js';

/**
 * The contract between svc's data source routes and its back-end plugins. A plugin knows how to
 * talk to one kind of back end (Prometheus, PostgreSQL, ...); it never sees HTTP requests, the
 * database of svc, RBAC or encryption: the route layer hands it decrypted settings and gets values
 * back. Plugins never throw for back-end trouble: failures are results (status ERROR, or a query
 * result with `error`), so a bad data source can never turn into a 500 of svc.
 */

/** A stored data source as the plugin needs it: secrets already decrypted. */
export interface DataSourceSettings {
  uid: string;
  type: string;
  name: string;
  url: string;
  /** `proxy` or `direct` */
  access?: string;
  database?: string;
  user?: string;
  basicAuth?: boolean;
  basicAuthUser?: string;
  jsonData: Record<string, unknown>;
  /** Decrypted `secureJsonData` (includes the legacy `password` / `basicAuthPassword`). */
  secureJsonData: Record<string, string>;
  /** Where svc may connect for it (`[security]`); absent: the default guard. */
  egress?: EgressGuard;
}

export type HealthStatus = 'OK' | 'ERROR' | 'UNKNOWN';

/** Grafana's health-check body: `{status, message, details?}`. */
export interface HealthResult {
  status: HealthStatus;
  message: string;
  details?: Record<string, unknown>;
}

export interface CallOptions {
  /** Upper bound for the whole call, connection included. */
  timeoutMs?: number;
  /** Aborts the call early (e.g. the HTTP client went away). */
  signal?: AbortSignal;
}

export type FieldType = 'time' | 'number' | 'string' | 'boolean' | 'other';

/** Go type names as Grafana's data frames report them (`time.Time`, `float64`, `int64`, ...). */
export interface FieldTypeInfo {
  frame: string;
  nullable?: boolean;
}

export interface FieldConfig {
  displayNameFromDS?: string;
  /** expected distance between points, in ms (time fields) */
  interval?: number;
  unit?: string;
  [key: string]: unknown;
}

export interface FieldSchema {
  name: string;
  type: FieldType;
  typeInfo?: FieldTypeInfo;
  labels?: Record<string, string>;
  config?: FieldConfig;
}

export interface FrameNotice {
  severity: 'info' | 'warning' | 'error';
  text: string;
}

export interface FrameMeta {
  /** Grafana frame type, e.g. `timeseries-multi`, `timeseries-wide`, `heatmap-rows` */
  type?: string;
  typeVersion?: [number, number];
  executedQueryString?: string;
  preferredVisualisationType?: string;
  custom?: Record<string, unknown>;
  notices?: FrameNotice[];
}

/** Per-column replacements for values JSON cannot carry (Grafana's `data.entities`). */
export interface FieldEntities {
  NaN?: number[];
  Inf?: number[];
  NegInf?: number[];
}

/**
 * A Grafana data frame in its JSON wire form. Column-major: `data.values[i]` holds field i's
 * values; times are epoch milliseconds.
 */
export interface DataFrame {
  schema: {
    refId?: string;
    name?: string;
    meta?: FrameMeta;
    fields: FieldSchema[];
  };
  data: {
    values: unknown[][];
    entities?: (FieldEntities | null)[];
  };
}

/** One query of a `/api/ds/query` request; the rest of its fields belong to the plugin. */
export interface DataQuery {
  refId: string;
  datasource?: { uid?: string; type?: string };
  datasourceId?: number;
  /** interval the panel asked for, in ms (Grafana's default: 1000) */
  intervalMs?: number;
  /** points the panel can show (Grafana's default: 100) */
  maxDataPoints?: number;
  queryType?: string;
  hide?: boolean;
  [key: string]: unknown;
}

/** The body of `POST /api/ds/query`. */
export interface QueryRequest {
  queries: DataQuery[];
  from: string;
  to: string;
}

/** An absolute time range in epoch milliseconds, `from` <= `to` is not enforced. */
export interface TimeRange {
  from: number;
  to: number;
}

/** One refId's answer; `status` is 200 unless the query failed (then `error` says why). */
export interface QueryResult {
  status: number;
  frames: DataFrame[];
  error?: string;
}

export type QueryResults = Record<string, QueryResult>;

export interface DataSourcePlugin {
  /** Grafana plugin id, e.g. `prometheus` */
  type: string;
  name: string;
  logoUrl: string;
  /** other type ids served by this plugin (Grafana renamed some: `postgres` ->
   * `grafana-postgresql-datasource`) */
  aliases?: string[];
  checkHealth?(ds: DataSourceSettings, opts: CallOptions): Promise<HealthResult>;
  query?(
    ds: DataSourceSettings,
    queries: DataQuery[],
    range: TimeRange,
    opts: CallOptions,
  ): Promise<QueryResults>;
}
