import { postgresMacros } from './postgres-macros.js';
import { runPostgres } from './drivers.js';
import { createSqlPlugin } from './plugin.js';

/** PostgreSQL (Grafana renamed the type from `postgres` to `grafana-postgresql-datasource`). */
export const postgresPlugin = createSqlPlugin(
  {
    type: 'grafana-postgresql-datasource',
    aliases: ['postgres'],
    name: 'PostgreSQL',
    logoUrl: 'public/app/plugins/datasource/grafana-postgresql-datasource/img/postgresql_logo.svg',
  },
  {
    macros: (ds) => postgresMacros({ timescaledb: ds.jsonData.timescaledb === true }),
    timeColumnNames: ['time'],
    run: runPostgres,
  },
);
