import { mysqlMacros } from './mysql-macros.js';
import { runMysql } from './drivers.js';
import { createSqlPlugin } from './plugin.js';

/** MySQL and MariaDB. */
export const mysqlPlugin = createSqlPlugin(
  {
    type: 'mysql',
    name: 'MySQL',
    logoUrl: 'public/app/plugins/datasource/mysql/img/mysql_logo.svg',
  },
  {
    macros: () => mysqlMacros,
    timeColumnNames: ['time', 'time_sec'],
    run: runMysql,
  },
);
