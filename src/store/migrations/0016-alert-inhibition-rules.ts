import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { longText, notNull, withId, zero } from './columns.js';

/**
 * Inhibition rules (issue #17): Alertmanager's `inhibit_rules`, served as Grafana's k8s-style
 * resource `inhibitionrules` of notifications.alerting.grafana.app. One row per rule, by its
 * `metadata.name` within the org (compared byte for byte, as k8s names are); the spec (source and
 * target matchers, equal labels) as JSON. `version` counts writes, for compare-and-set updates.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  const exact: ColumnDataType | Expression<unknown> =
    dialect === 'mysql' ? sql`varchar(190) character set utf8mb4 collate utf8mb4_bin` : 'varchar(190)';

  await withId(db.schema.createTable('alert_inhibition_rule'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('name', exact, notNull)
    // JSON: {source_matchers, target_matchers, equal}
    .addColumn('spec', longText(dialect), notNull)
    .addColumn('version', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_alert_inhibition_rule_org_name')
    .on('alert_inhibition_rule')
    .columns(['org_id', 'name'])
    .unique()
    .execute();
}
