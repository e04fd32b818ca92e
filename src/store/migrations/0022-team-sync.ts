import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { notNull, shortText, withId, zero } from './columns.js';

/**
 * Team sync (issue #22): `team_group` links a team to the external groups (OAuth groups, LDAP group
 * DNs, the auth proxy's Groups header) whose members an external sign-in puts in the team. Sign-in
 * asks by org and group, hence the index. `team_member.external` marks the memberships the sync
 * made: only those are removed when the user leaves the group, so members added by hand stay.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('team_group'), dialect)
    .addColumn('org_id', 'integer', notNull)
    .addColumn('team_id', 'integer', (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addColumn('group_id', shortText, notNull)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_team_group_org_team_group')
    .on('team_group')
    .columns(['org_id', 'team_id', 'group_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_team_group_org_group')
    .on('team_group')
    .columns(['org_id', 'group_id'])
    .execute();

  await db.schema.alterTable('team_member').addColumn('external', 'integer', zero).execute();
}
