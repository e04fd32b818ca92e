import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, longText, mediumText, notNull, shortText, withId, zero } from './columns.js';

/**
 * Library panels (issue #24): `library_element` holds a panel model shared by dashboards, in a
 * folder ('' is General); its name is unique per folder and kind, its uid per org.
 * `library_element_connection` records which dashboard uses which element; a connection goes with
 * its element and with its dashboard (foreign keys), so a dashboard deleted by any path (its own
 * delete, its folder's, its org's) leaves no connection behind.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('library_element'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(40)', notNull)
    .addColumn('folder_uid', 'varchar(40)', emptyString)
    .addColumn('name', shortText, notNull)
    .addColumn('kind', 'integer', notNull)
    .addColumn('type', shortText, emptyString)
    .addColumn('description', mediumText, emptyString)
    // JSON: the panel model
    .addColumn('model', longText(dialect), notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('created', 'bigint', notNull)
    .addColumn('created_by', 'integer', zero)
    .addColumn('updated', 'bigint', notNull)
    .addColumn('updated_by', 'integer', zero)
    .execute();
  await db.schema
    .createIndex('ux_library_element_org_uid')
    .on('library_element')
    .columns(['org_id', 'uid'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ux_library_element_org_folder_name_kind')
    .on('library_element')
    .columns(['org_id', 'folder_uid', 'name', 'kind'])
    .unique()
    .execute();

  await withId(db.schema.createTable('library_element_connection'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('element_id', 'integer', (c) =>
      c.notNull().references('library_element.id').onDelete('cascade'),
    )
    // 1: a dashboard
    .addColumn('kind', 'integer', notNull)
    .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboard.id').onDelete('cascade'))
    .addColumn('created', 'bigint', notNull)
    .addColumn('created_by', 'integer', zero)
    .execute();
  await db.schema
    .createIndex('ux_library_element_connection')
    .on('library_element_connection')
    .columns(['element_id', 'kind', 'dashboard_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_library_element_connection_dashboard')
    .on('library_element_connection')
    .column('dashboard_id')
    .execute();
}
