import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, longText, mediumText, notNull, shortText, withId, zero } from './columns.js';

/** Contact points, notification templates, policies and delivery history (issue #8). */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  const org = (c: ColumnDefinitionBuilder) => c.notNull().references('org.id').onDelete('cascade');

  // One row per integration; integrations sharing `name` form one contact point.
  await withId(db.schema.createTable('alert_integration'), dialect)
    .addColumn('org_id', 'integer', org)
    .addColumn('uid', 'varchar(40)', notNull)
    .addColumn('name', shortText, notNull)
    .addColumn('type', 'varchar(64)', notNull)
    .addColumn('settings', longText(dialect), notNull)
    .addColumn('secure_settings', longText(dialect), notNull)
    .addColumn('disable_resolve_message', 'integer', zero)
    .addColumn('provenance', 'varchar(20)', emptyString)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_alert_integration_org_uid')
    .on('alert_integration')
    .columns(['org_id', 'uid'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_alert_integration_org_name')
    .on('alert_integration')
    .columns(['org_id', 'name'])
    .execute();

  await withId(db.schema.createTable('alert_template'), dialect)
    .addColumn('org_id', 'integer', org)
    .addColumn('name', shortText, notNull)
    .addColumn('template', longText(dialect), notNull)
    .addColumn('provenance', 'varchar(20)', emptyString)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_alert_template_org_name')
    .on('alert_template')
    .columns(['org_id', 'name'])
    .unique()
    .execute();

  // The notification policy tree of an organization, as JSON.
  await withId(db.schema.createTable('alert_policy'), dialect)
    .addColumn('org_id', 'integer', org)
    .addColumn('tree', longText(dialect), notNull)
    .addColumn('provenance', 'varchar(20)', emptyString)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('ux_alert_policy_org').on('alert_policy').column('org_id').unique().execute();

  // Every delivery attempt; the latest per integration is its status. Pruned after the retention.
  await withId(db.schema.createTable('alert_notification_history'), dialect)
    .addColumn('org_id', 'integer', org)
    .addColumn('receiver', shortText, notNull)
    .addColumn('integration_uid', 'varchar(40)', emptyString)
    .addColumn('integration_type', 'varchar(64)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('error', mediumText, emptyString)
    .addColumn('duration_ms', 'integer', zero)
    .addColumn('send_resolved', 'integer', zero)
    .addColumn('is_test', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ix_alert_history_org_created')
    .on('alert_notification_history')
    .columns(['org_id', 'created'])
    .execute();
  await db.schema
    .createIndex('ix_alert_history_org_integration')
    .on('alert_notification_history')
    .columns(['org_id', 'integration_uid', 'id'])
    .execute();
  await db.schema
    .createIndex('ix_alert_history_created')
    .on('alert_notification_history')
    .column('created')
    .execute();
}
