import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, longText, notNull, shortText, withId, zero } from './columns.js';

/** Dashboards, folders, versions, tags and stars (issue #5). Dashboard permissions live in RBAC. */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('folder'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(40)', notNull)
    .addColumn('title', shortText, notNull)
    .addColumn('description', 'varchar(2048)', emptyString)
    // '' at the root
    .addColumn('parent_uid', 'varchar(40)', emptyString)
    .addColumn('version', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .addColumn('created_by', 'integer', zero)
    .addColumn('updated_by', 'integer', zero)
    .execute();
  await db.schema.createIndex('ux_folder_org_uid').on('folder').columns(['org_id', 'uid']).unique().execute();
  await db.schema
    .createIndex('ix_folder_org_parent_title')
    .on('folder')
    .columns(['org_id', 'parent_uid', 'title'])
    .execute();

  await withId(db.schema.createTable('dashboard'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(40)', notNull)
    // Grafana allows titles of 5000 characters; only their lower-case prefix is indexed.
    .addColumn('title', 'varchar(5000)', notNull)
    // lower-case title (its first 190 characters): matched and sorted identically on every dialect
    .addColumn('sort_title', shortText, notNull)
    .addColumn('slug', 'varchar(5000)', notNull)
    // '' at the root (Grafana's "General")
    .addColumn('folder_uid', 'varchar(40)', emptyString)
    .addColumn('version', 'integer', notNull)
    .addColumn('data', longText(dialect), notNull)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .addColumn('created_by', 'integer', zero)
    .addColumn('updated_by', 'integer', zero)
    // provisioning: the provider name ('' when not provisioned), its file and whether the UI may save
    .addColumn('provisioner', shortText, emptyString)
    .addColumn('provisioned_external_id', 'varchar(2048)', emptyString)
    .addColumn('provisioned_checksum', 'varchar(64)', emptyString)
    .addColumn('allow_ui_updates', 'integer', zero)
    .execute();
  await db.schema
    .createIndex('ux_dashboard_org_uid')
    .on('dashboard')
    .columns(['org_id', 'uid'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_dashboard_org_title')
    .on('dashboard')
    .columns(['org_id', 'sort_title'])
    .execute();
  await db.schema
    .createIndex('ix_dashboard_org_folder_title')
    .on('dashboard')
    .columns(['org_id', 'folder_uid', 'sort_title'])
    .execute();
  await db.schema
    .createIndex('ix_dashboard_org_provisioner')
    .on('dashboard')
    .columns(['org_id', 'provisioner'])
    .execute();

  await withId(db.schema.createTable('dashboard_tag'), dialect)
    .addColumn('org_id', 'integer', notNull)
    .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboard.id').onDelete('cascade'))
    .addColumn('term', shortText, notNull)
    .execute();
  await db.schema
    .createIndex('ix_dashboard_tag_org_term')
    .on('dashboard_tag')
    .columns(['org_id', 'term', 'dashboard_id'])
    .execute();
  await db.schema
    .createIndex('ix_dashboard_tag_dashboard')
    .on('dashboard_tag')
    .column('dashboard_id')
    .execute();

  await withId(db.schema.createTable('dashboard_version'), dialect)
    .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboard.id').onDelete('cascade'))
    .addColumn('version', 'integer', notNull)
    .addColumn('parent_version', 'integer', zero)
    .addColumn('restored_from', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .addColumn('created_by', 'integer', zero)
    .addColumn('message', 'varchar(500)', emptyString)
    .addColumn('data', longText(dialect), notNull)
    .execute();
  // Two concurrent saves can never record the same version.
  await db.schema
    .createIndex('ux_dashboard_version')
    .on('dashboard_version')
    .columns(['dashboard_id', 'version'])
    .unique()
    .execute();

  await withId(db.schema.createTable('star'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', notNull)
    .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboard.id').onDelete('cascade'))
    .addColumn('created', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('ux_star').on('star').columns(['user_id', 'dashboard_id']).unique().execute();
}
