import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { notNull, shortText, withId } from './columns.js';

/**
 * One row per contact point, so that its name is unique within the organization in the database
 * itself (issue #14): concurrent creates of one name leave exactly one row. Integrations keep
 * naming their contact point (`alert_integration.name`); `name_key` is the lower-cased name, since
 * names that differ only in case are one contact point. MySQL compares it byte for byte whatever
 * the database's collation, so the three dialects agree on what a duplicate is.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  const key: ColumnDataType | Expression<unknown> =
    dialect === 'mysql' ? sql`varchar(190) character set utf8mb4 collate utf8mb4_bin` : shortText;
  await withId(db.schema.createTable('alert_contact_point'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('name', shortText, notNull)
    .addColumn('name_key', key, notNull)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_alert_contact_point_org_name_key')
    .on('alert_contact_point')
    .columns(['org_id', 'name_key'])
    .unique()
    .execute();

  // The contact points that exist so far: one per distinct name (the first spelling wins when two
  // differ only in case, which validation refused but a race could have let through).
  const existing = await sql<{ org_id: number; name: string }>`
    SELECT DISTINCT org_id, name FROM alert_integration
  `.execute(db);
  // Sorted here, not by the database's collation, so every dialect picks the same spelling.
  const rows = existing.rows
    .map((row) => ({ orgId: Number(row.org_id), name: row.name }))
    .sort((a, b) => a.orgId - b.orgId || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const seen = new Set<string>();
  const now = Date.now();
  for (const { orgId, name } of rows) {
    const nameKey = keyOf(name);
    const id = `${orgId}\u0000${nameKey}`;
    if (seen.has(id)) continue;
    seen.add(id);
    await sql`
      INSERT INTO alert_contact_point (org_id, name, name_key, created, updated)
      VALUES (${orgId}, ${name}, ${nameKey}, ${now}, ${now})
    `.execute(db);
  }
}

/**
 * Lower case character by character, keeping a character whose lower case is longer (`İ`), so the
 * key has as many characters as the name and fits the same column. (A copy of the rule the
 * contact point store applies: a migration keeps the rule it was written with.)
 */
function keyOf(name: string): string {
  return Array.from(name, (ch) => {
    const lower = ch.toLowerCase();
    return Array.from(lower).length === 1 ? lower : ch;
  }).join('');
}
