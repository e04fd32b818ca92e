/** Table and column names of a SQL data source, asked through /api/ds/query from information_schema. */

import { queryData } from '../../api/datasources.js';
import { toPanelData } from '../../lib/frames.js';

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

export function tablesSql(type: string): string {
  return type === 'mysql'
    ? 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY table_name'
    : "SELECT CASE WHEN table_schema = current_schema() THEN table_name ELSE table_schema || '.' || table_name END AS name " +
        "FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1";
}

export function columnsSql(type: string, table: string): string {
  if (type === 'mysql')
    return (
      'SELECT column_name AS name, data_type AS type FROM information_schema.columns ' +
      `WHERE table_schema = DATABASE() AND table_name = ${quote(table)} ORDER BY ordinal_position`
    );
  const dot = table.indexOf('.');
  const schema = dot >= 0 ? quote(table.slice(0, dot)) : 'current_schema()';
  const name = dot >= 0 ? table.slice(dot + 1) : table;
  return (
    'SELECT column_name AS name, data_type AS type FROM information_schema.columns ' +
    `WHERE table_schema = ${schema} AND table_name = ${quote(name)} ORDER BY ordinal_position`
  );
}

/** The `name` (and `type`) columns of a table query's result. */
export async function runListing(
  datasource: { uid: string; type: string },
  rawSql: string,
): Promise<{ name: string; type?: string }[]> {
  const now = Date.now();
  const response = await queryData({
    queries: [{ refId: 'schema', datasource, rawSql, format: 'table' }],
    from: String(now - 3600_000),
    to: String(now),
  });
  const data = toPanelData(response);
  if (data.errors[0]) throw new Error(data.errors[0].message);
  const frame = data.frames[0];
  if (!frame) return [];
  const names = frame.fields.find((f) => f.name.toLowerCase() === 'name')?.values ?? [];
  const types = frame.fields.find((f) => f.name.toLowerCase() === 'type')?.values ?? [];
  return names.map((name, i) => ({
    name: String(name),
    type: typeof types[i] === 'string' ? types[i] : undefined,
  }));
}

/** A starting query for the picked table and columns. */
export function selectSql(type: string, table: string, columns: string[]): string {
  const ident = (name: string) =>
    /^[a-z_][a-z0-9_]*$/.test(name)
      ? name
      : type === 'mysql'
        ? `\`${name}\``
        : `"${name.replace(/"/g, '""')}"`;
  const from = table.split('.').map(ident).join('.');
  return `SELECT ${columns.length ? columns.map(ident).join(', ') : '*'} FROM ${from} LIMIT 100`;
}
