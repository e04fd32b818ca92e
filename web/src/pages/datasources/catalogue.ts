/**
 * The data source types svc can query and health-check (its built-in plugins). The server has
 * no plugin list endpoint, so the picker's choices live here.
 */

/** Which settings form a type gets. */
export type FormKind = 'prometheus' | 'loki' | 'postgres' | 'mysql' | 'testdata' | 'http';

export interface DataSourceType {
  /** the `type` stored on the data source */
  type: string;
  name: string;
  description: string;
  kind: FormKind;
  /** what the URL / host field suggests */
  urlPlaceholder?: string;
}

export const DATA_SOURCE_TYPES: DataSourceType[] = [
  {
    type: 'prometheus',
    name: 'Prometheus',
    description: 'Open source time series database and alerting (PromQL)',
    kind: 'prometheus',
    urlPlaceholder: 'http://localhost:9090',
  },
  {
    type: 'loki',
    name: 'Loki',
    description: 'Like Prometheus but for logs (LogQL)',
    kind: 'loki',
    urlPlaceholder: 'http://localhost:3100',
  },
  {
    type: 'grafana-postgresql-datasource',
    name: 'PostgreSQL',
    description: 'SQL queries against a PostgreSQL database',
    kind: 'postgres',
    urlPlaceholder: 'localhost:5432',
  },
  {
    type: 'mysql',
    name: 'MySQL',
    description: 'SQL queries against a MySQL or MariaDB database',
    kind: 'mysql',
    urlPlaceholder: 'localhost:3306',
  },
  {
    type: 'grafana-testdata-datasource',
    name: 'TestData',
    description: 'Generates test data: random walks, CSV content, predictable pulses',
    kind: 'testdata',
  },
];

// Grafana compat: older type ids of the same plugins.
const ALIASES: Record<string, string> = {
  postgres: 'grafana-postgresql-datasource',
  testdata: 'grafana-testdata-datasource',
};

/** The type's entry; types svc has no back end for get the plain HTTP form. */
export function typeInfo(type: string): DataSourceType {
  const known = DATA_SOURCE_TYPES.find((entry) => entry.type === (ALIASES[type] ?? type));
  return known ?? { type, name: type, description: '', kind: 'http' };
}
