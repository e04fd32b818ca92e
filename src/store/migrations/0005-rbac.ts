import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, mediumText, notNull, shortText, withId, zero } from './columns.js';

/**
 * Roles, their permissions and assignments (issue #4). Managed roles hold resource permissions:
 * `managed:users:<id>:permissions`, `managed:teams:<id>:permissions`,
 * `managed:builtins:<role>:permissions`, one per org.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('role'), dialect)
    .addColumn('org_id', 'integer', zero)
    .addColumn('uid', 'varchar(64)', notNull)
    .addColumn('name', shortText, notNull)
    .addColumn('display_name', shortText, emptyString)
    .addColumn('description', mediumText, emptyString)
    .addColumn('group_name', shortText, emptyString)
    .addColumn('hidden', 'integer', zero)
    .addColumn('version', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('ux_role_org_name').on('role').columns(['org_id', 'name']).unique().execute();
  await db.schema.createIndex('ux_role_uid').on('role').column('uid').unique().execute();

  await withId(db.schema.createTable('permission'), dialect)
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('action', shortText, notNull)
    .addColumn('scope', shortText, emptyString)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('ix_permission_role').on('permission').column('role_id').execute();
  await db.schema.createIndex('ix_permission_scope').on('permission').column('scope').execute();

  await withId(db.schema.createTable('builtin_role'), dialect)
    .addColumn('role', 'varchar(20)', notNull)
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_builtin_role')
    .on('builtin_role')
    .columns(['org_id', 'role', 'role_id'])
    .unique()
    .execute();

  await withId(db.schema.createTable('user_role'), dialect)
    .addColumn('org_id', 'integer', zero)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('created', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_user_role')
    .on('user_role')
    .columns(['org_id', 'user_id', 'role_id'])
    .unique()
    .execute();

  await withId(db.schema.createTable('team_role'), dialect)
    .addColumn('org_id', 'integer', zero)
    .addColumn('team_id', 'integer', (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('created', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_team_role')
    .on('team_role')
    .columns(['org_id', 'team_id', 'role_id'])
    .unique()
    .execute();
}
