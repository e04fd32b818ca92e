import type { Kysely } from 'kysely';
import { emptyString, mediumText, zero } from './columns.js';

/**
 * Delivery history linked to what caused it (issue #17): the dispatcher's group key, the rules
 * whose alerts a notification carried (`,uid1,uid2,`: a rule's notifications are found with one
 * LIKE, and a group rarely holds more than a few rules), and how many alerts fired and resolved.
 * Test sends leave them empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('alert_notification_history')
    .addColumn('group_key', mediumText, emptyString)
    .execute();
  await db.schema
    .alterTable('alert_notification_history')
    .addColumn('rule_uids', mediumText, emptyString)
    .execute();
  await db.schema
    .alterTable('alert_notification_history')
    .addColumn('alerts_firing', 'integer', zero)
    .execute();
  await db.schema
    .alterTable('alert_notification_history')
    .addColumn('alerts_resolved', 'integer', zero)
    .execute();
}
