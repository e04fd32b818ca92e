import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, longText, mediumText, notNull, withId, zero } from './columns.js';

/**
 * Alert notifications (issue #17): silences, mute timings, the alerts the dispatcher holds, its
 * aggregation groups and the notification log — all in the database, so a restart or a failover
 * neither repeats nor forgets a notification.
 *
 * - `alert_silence`: Alertmanager silences (matchers as JSON), by uuid within the org.
 * - `alert_mute_timing`: named time intervals referenced from policies and rules.
 * - `alert_dispatch_alert`: every alert the dispatcher knows (from rules or POSTed by clients),
 *   by its Alertmanager fingerprint.
 * - `alert_dispatch_group`: one row per aggregation group (route + group labels): when it flushes next.
 * - `alert_notification_log`: per group and receiver, what was last notified (firing and resolved
 *   fingerprints) and when — Alertmanager's nflog.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  const exact: ColumnDataType | Expression<unknown> =
    dialect === 'mysql' ? sql`varchar(190) character set utf8mb4 collate utf8mb4_bin` : 'varchar(190)';

  await withId(db.schema.createTable('alert_silence'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(40)', notNull)
    // JSON array of {name, value, isRegex, isEqual}
    .addColumn('matchers', longText(dialect), notNull)
    .addColumn('starts_at', 'bigint', notNull)
    .addColumn('ends_at', 'bigint', notNull)
    .addColumn('created_by', 'varchar(190)', emptyString)
    .addColumn('comment', mediumText, emptyString)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_alert_silence_org_uid')
    .on('alert_silence')
    .columns(['org_id', 'uid'])
    .unique()
    .execute();

  await withId(db.schema.createTable('alert_mute_timing'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('name', exact, notNull)
    // JSON array of Grafana's time intervals
    .addColumn('time_intervals', longText(dialect), notNull)
    .addColumn('provenance', 'varchar(20)', emptyString)
    .addColumn('version', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_alert_mute_timing_org_name')
    .on('alert_mute_timing')
    .columns(['org_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('alert_dispatch_alert')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    // Alertmanager fingerprint: FNV-1a 64 of the labels, 16 hex digits
    .addColumn('fingerprint', 'varchar(16)', notNull)
    .addColumn('labels', longText(dialect), notNull)
    .addColumn('annotations', longText(dialect), notNull)
    .addColumn('starts_at', 'bigint', notNull)
    .addColumn('ends_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addColumn('generator_url', mediumText, emptyString)
    // 'rule' (svc's rule engine) or 'api' (POST /api/alertmanager/…/alerts)
    .addColumn('source', 'varchar(10)', notNull)
    .addPrimaryKeyConstraint('pk_alert_dispatch_alert', ['org_id', 'fingerprint'])
    .execute();
  await db.schema
    .createIndex('ix_alert_dispatch_alert_updated')
    .on('alert_dispatch_alert')
    .columns(['updated_at'])
    .execute();

  await db.schema
    .createTable('alert_dispatch_group')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    // SHA-256 hex of the group key (route path + group labels), which can be long
    .addColumn('group_hash', 'varchar(64)', notNull)
    .addColumn('group_key', longText(dialect), notNull)
    .addColumn('receiver', exact, notNull)
    .addColumn('group_labels', longText(dialect), notNull)
    // epoch ms of the next flush; 0 = not yet scheduled
    .addColumn('next_flush_at', 'bigint', notNull)
    .addColumn('flushed_once', 'integer', zero)
    .addColumn('updated_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('pk_alert_dispatch_group', ['org_id', 'group_hash'])
    .execute();

  await withId(db.schema.createTable('alert_notification_log'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('group_hash', 'varchar(64)', notNull)
    .addColumn('receiver', exact, notNull)
    // the integration's uid within the contact point
    .addColumn('integration', 'varchar(64)', notNull)
    // JSON arrays of alert fingerprints in the last notification
    .addColumn('firing', longText(dialect), notNull)
    .addColumn('resolved', longText(dialect), notNull)
    .addColumn('sent_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_alert_notification_log_entry')
    .on('alert_notification_log')
    .columns(['org_id', 'group_hash', 'receiver', 'integration'])
    .unique()
    .execute();
}
