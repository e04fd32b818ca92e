import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, longText, mediumText, notNull, shortText, withId, zero } from './columns.js';

/**
 * Grafana-managed alert rules (issue #16) and what their evaluation leaves behind:
 *
 * - `alert_rule`: one row per rule, in a folder and a group; the queries, labels, annotations and
 *   notification settings are JSON documents. A title is unique within its folder, compared byte
 *   for byte on every dialect (MySQL's default collation would fold case).
 * - `alert_rule_version`: every saved state of a rule (like `dashboard_version`).
 * - `alert_instance`: the persisted state of each alert instance (rule + label fingerprint), so a
 *   restart or a failover resumes Pending timers and firing alerts.
 * - `alert_state_history`: every state transition, pruned by retention.
 * - `alert_scheduler_lease`: which instance evaluates rules (one at a time, HA).
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  const exact: ColumnDataType | Expression<unknown> =
    dialect === 'mysql' ? sql`varchar(190) character set utf8mb4 collate utf8mb4_bin` : shortText;
  const uid: ColumnDataType | Expression<unknown> =
    dialect === 'mysql' ? sql`varchar(40) character set utf8mb4 collate utf8mb4_bin` : 'varchar(40)';

  await withId(db.schema.createTable('alert_rule'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('uid', uid, notNull)
    .addColumn('folder_uid', 'varchar(40)', notNull)
    .addColumn('rule_group', exact, notNull)
    // position of the rule within its group (the order of the group's rules list)
    .addColumn('rule_group_index', 'integer', zero)
    .addColumn('title', exact, notNull)
    .addColumn('condition', 'varchar(40)', emptyString)
    // JSON array of AlertQuery
    .addColumn('data', longText(dialect), notNull)
    .addColumn('interval_seconds', 'integer', notNull)
    .addColumn('no_data_state', 'varchar(20)', notNull)
    .addColumn('exec_err_state', 'varchar(20)', notNull)
    .addColumn('for_seconds', 'integer', zero)
    .addColumn('keep_firing_for_seconds', 'integer', zero)
    // JSON objects
    .addColumn('labels', longText(dialect), notNull)
    .addColumn('annotations', longText(dialect), notNull)
    .addColumn('is_paused', 'integer', zero)
    // JSON object or NULL
    .addColumn('notification_settings', longText(dialect))
    // JSON object or NULL (a recording rule)
    .addColumn('record', longText(dialect))
    .addColumn('missing_series_evals_to_resolve', 'integer')
    // '', 'api' or 'file'
    .addColumn('provenance', 'varchar(20)', emptyString)
    .addColumn('version', 'integer', notNull)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .addColumn('updated_by', 'integer')
    .execute();
  await db.schema
    .createIndex('ux_alert_rule_org_uid')
    .on('alert_rule')
    .columns(['org_id', 'uid'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ux_alert_rule_org_folder_title')
    .on('alert_rule')
    .columns(['org_id', 'folder_uid', 'title'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_alert_rule_org_folder_group')
    .on('alert_rule')
    .columns(['org_id', 'folder_uid', 'rule_group'])
    .execute();

  await withId(db.schema.createTable('alert_rule_version'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('rule_uid', 'varchar(40)', notNull)
    .addColumn('version', 'integer', notNull)
    // JSON: the rule as the ruler API shows it at that version
    .addColumn('rule', longText(dialect), notNull)
    .addColumn('created', 'bigint', notNull)
    .addColumn('created_by', 'integer')
    .addColumn('message', mediumText, emptyString)
    .execute();
  await db.schema
    .createIndex('ix_alert_rule_version_rule')
    .on('alert_rule_version')
    .columns(['org_id', 'rule_uid', 'version'])
    .execute();

  await db.schema
    .createTable('alert_instance')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('rule_uid', 'varchar(40)', notNull)
    // 16 hex digits: FNV-1 64 of the instance's labels
    .addColumn('fingerprint', 'varchar(16)', notNull)
    // JSON object: the instance's full label set
    .addColumn('labels', longText(dialect), notNull)
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('reason', 'varchar(100)', emptyString)
    .addColumn('starts_at', 'bigint', notNull)
    .addColumn('ends_at', 'bigint', notNull)
    .addColumn('last_eval_at', 'bigint', notNull)
    .addColumn('resolved_at', 'bigint')
    .addColumn('last_sent_at', 'bigint')
    // JSON: values by refId, expanded annotations, last error
    .addColumn('detail', longText(dialect), notNull)
    .addPrimaryKeyConstraint('pk_alert_instance', ['org_id', 'rule_uid', 'fingerprint'])
    .execute();

  await withId(db.schema.createTable('alert_state_history'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('rule_uid', 'varchar(40)', notNull)
    .addColumn('rule_title', shortText, emptyString)
    .addColumn('folder_uid', 'varchar(40)', emptyString)
    .addColumn('fingerprint', 'varchar(16)', notNull)
    .addColumn('labels', longText(dialect), notNull)
    .addColumn('prev_state', 'varchar(60)', notNull)
    .addColumn('new_state', 'varchar(60)', notNull)
    // JSON object: value by refId at the transition
    .addColumn('value_data', longText(dialect), notNull)
    .addColumn('error', mediumText, emptyString)
    .addColumn('created', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ix_alert_state_history_org_created')
    .on('alert_state_history')
    .columns(['org_id', 'created'])
    .execute();
  await db.schema
    .createIndex('ix_alert_state_history_rule_created')
    .on('alert_state_history')
    .columns(['org_id', 'rule_uid', 'created'])
    .execute();

  await db.schema
    .createTable('alert_scheduler_lease')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('version', 'integer', zero)
    .execute();
}
