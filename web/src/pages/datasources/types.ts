/** The shapes of svc's data source API (Grafana's), as the pages read them. */

/** One entry of `GET /api/datasources`. */
export interface DataSourceListItem {
  id: number;
  uid: string;
  name: string;
  type: string;
  typeName: string;
  access: string;
  url: string;
  isDefault: boolean;
  readOnly: boolean;
}

/** The settings a data source is read and saved with (all but its secrets). */
interface DataSourceSettings {
  name: string;
  type: string;
  access: string;
  url: string;
  user: string;
  database: string;
  basicAuth: boolean;
  basicAuthUser: string;
  withCredentials: boolean;
  isDefault: boolean;
  jsonData: Record<string, unknown>;
  version: number;
}

/** `GET /api/datasources/uid/:uid`: secrets appear only as `secureJsonFields: {name: true}`. */
export interface DataSource extends DataSourceSettings {
  id: number;
  uid: string;
  secureJsonFields: Record<string, boolean>;
  readOnly: boolean;
}

/** The body of `PUT /api/datasources/uid/:uid`; a secret set to '' is removed by the server. */
export interface DataSourceUpdate extends DataSourceSettings {
  secureJsonData: Record<string, string>;
}

/** `GET /api/datasources/uid/:uid/health` (HTTP 400 when not OK, with the same body). */
export interface HealthResult {
  /** 'OK', 'ERROR' or 'UNKNOWN' */
  status: string;
  message: string;
}

export const dataSourceScope = (uid: string) => `datasources:uid:${uid}`;
