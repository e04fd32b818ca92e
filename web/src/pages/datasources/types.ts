/** The shapes of svc's data source API (Grafana's), as the pages read them. */

import type { DataSourceBody, DataSourceDto } from '../../api/datasources.js';

export type { DataSourceListItem, HealthResult } from '../../api/datasources.js';

/** One data source as the edit page reads it: secrets appear only as `secureJsonFields: {name: true}`. */
export type DataSource = DataSourceDto;

/** The body the edit page saves; a secret set to '' is removed by the server. */
export type DataSourceUpdate = DataSourceBody;

export const dataSourceScope = (uid: string) => `datasources:uid:${uid}`;
