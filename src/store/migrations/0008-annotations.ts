import { sql, type Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, longText, notNull, withId, zero } from './columns.js';

/**
 * Annotations (Grafana's /api/annotations) and their tags. A dashboard's annotations go with the
 * dashboard, and an organization's with the organization, by foreign-key cascade (SQLite runs
 * with `foreign_keys = ON`); an annotation's tags go with it.
 *
 * Dashboard resource permissions now carry Grafana's annotation actions (View: annotations:read;
 * Edit and Admin: annotations:read/create/write/delete), so the managed permissions stored before
 * this step get them too, as Grafana's own migration does.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('annotation'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    // NULL for an organization annotation
    .addColumn('dashboard_id', 'integer', (c) => c.references('dashboard.id').onDelete('cascade'))
    .addColumn('panel_id', 'integer', zero)
    .addColumn('user_id', 'integer', zero)
    .addColumn('alert_id', 'integer', zero)
    .addColumn('prev_state', 'varchar(40)', emptyString)
    .addColumn('new_state', 'varchar(40)', emptyString)
    .addColumn('text', longText(dialect), notNull)
    // JSON object
    .addColumn('data', longText(dialect), notNull)
    // start and end of the annotated span (equal for a point in time)
    .addColumn('epoch', 'bigint', notNull)
    .addColumn('epoch_end', 'bigint', notNull)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ix_annotation_org_epoch')
    .on('annotation')
    .columns(['org_id', 'epoch'])
    .execute();
  await db.schema
    .createIndex('ix_annotation_dashboard_epoch')
    .on('annotation')
    .columns(['dashboard_id', 'epoch'])
    .execute();

  // One row per tag of an annotation: `key:value` split as Grafana does, matched by an index.
  await withId(db.schema.createTable('annotation_tag'), dialect)
    .addColumn('annotation_id', 'integer', (c) => c.notNull().references('annotation.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', notNull)
    .addColumn('tag_key', 'varchar(100)', notNull)
    .addColumn('tag_value', 'varchar(100)', emptyString)
    .execute();
  await db.schema
    .createIndex('ix_annotation_tag_org_key_value')
    .on('annotation_tag')
    .columns(['org_id', 'tag_key', 'tag_value', 'annotation_id'])
    .execute();
  await db.schema
    .createIndex('ix_annotation_tag_annotation')
    .on('annotation_tag')
    .column('annotation_id')
    .execute();

  await addAnnotationActions(db);
}

const ADDED: Record<string, string[]> = {
  'dashboards:read': ['annotations:read'],
  'dashboards:write': ['annotations:create', 'annotations:write', 'annotations:delete'],
};

/** Managed dashboard and folder permissions get the annotation actions of their level (idempotent). */
export async function addAnnotationActions(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ role_id: number; action: string; scope: string }>`
    SELECT p.role_id, p.action, p.scope FROM permission p JOIN role r ON r.id = p.role_id
    WHERE r.name LIKE 'managed:%'
      AND p.action IN ('dashboards:read', 'dashboards:write', 'annotations:read', 'annotations:create',
                       'annotations:write', 'annotations:delete')
      AND (p.scope LIKE 'dashboards:uid:%' OR p.scope LIKE 'folders:uid:%')`.execute(db);
  const held = new Set(rows.rows.map((r) => `${r.role_id} ${r.action} ${r.scope}`));
  const now = Date.now();
  const missing: { role_id: number; action: string; scope: string; created: number; updated: number }[] = [];
  for (const row of rows.rows) {
    for (const action of ADDED[row.action] ?? []) {
      const key = `${row.role_id} ${action} ${row.scope}`;
      if (held.has(key)) continue;
      held.add(key);
      missing.push({ role_id: Number(row.role_id), action, scope: row.scope, created: now, updated: now });
    }
  }
  for (let i = 0; i < missing.length; i += 500) {
    await (db as Kysely<{ permission: (typeof missing)[number] }>)
      .insertInto('permission')
      .values(missing.slice(i, i + 500))
      .execute();
  }
}
