import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, longText, notNull, shortText, withId, zero } from './columns.js';

/**
 * Dashboard snapshots (issue #24): a dashboard model with its panels' data frozen in it, found by
 * a random key (its link) and deletable by a second one. Keys are unique across orgs, as in
 * Grafana. `expires` is epoch ms, 0 for never; expired rows are deleted by a background job.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('dashboard_snapshot'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', zero)
    .addColumn('name', shortText, emptyString)
    .addColumn('snapshot_key', shortText, notNull)
    .addColumn('delete_key', shortText, notNull)
    // JSON: the dashboard model as sent, data included
    .addColumn('dashboard', longText(dialect), notNull)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .addColumn('expires', 'bigint', zero)
    .execute();
  await db.schema
    .createIndex('ux_dashboard_snapshot_key')
    .on('dashboard_snapshot')
    .column('snapshot_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('ux_dashboard_snapshot_delete_key')
    .on('dashboard_snapshot')
    .column('delete_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_dashboard_snapshot_org_name')
    .on('dashboard_snapshot')
    .columns(['org_id', 'name'])
    .execute();
  await db.schema
    .createIndex('ix_dashboard_snapshot_expires')
    .on('dashboard_snapshot')
    .column('expires')
    .execute();
}
