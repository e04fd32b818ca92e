import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, mediumText, notNull, shortText, withId, zero } from './columns.js';

/** Sessions, login attempts, teams, service-account tokens and preferences. */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('user_auth_token'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('auth_token', 'varchar(100)', notNull)
    .addColumn('prev_auth_token', 'varchar(100)', notNull)
    .addColumn('user_agent', mediumText, emptyString)
    .addColumn('client_ip', 'varchar(255)', emptyString)
    .addColumn('seen_at', 'bigint', zero)
    .addColumn('rotated_at', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_user_auth_token')
    .on('user_auth_token')
    .column('auth_token')
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_user_auth_token_prev')
    .on('user_auth_token')
    .column('prev_auth_token')
    .execute();
  await db.schema.createIndex('ix_user_auth_token_user').on('user_auth_token').column('user_id').execute();

  await withId(db.schema.createTable('login_attempt'), dialect)
    .addColumn('username', shortText, notNull)
    .addColumn('ip_address', 'varchar(64)', emptyString)
    .addColumn('created', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ix_login_attempt_username')
    .on('login_attempt')
    .columns(['username', 'created'])
    .execute();

  await withId(db.schema.createTable('team'), dialect)
    .addColumn('uid', 'varchar(40)', notNull)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('name', shortText, notNull)
    .addColumn('email', shortText, emptyString)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('ux_team_org_name').on('team').columns(['org_id', 'name']).unique().execute();
  await db.schema.createIndex('ux_team_uid').on('team').column('uid').unique().execute();

  await withId(db.schema.createTable('team_member'), dialect)
    .addColumn('org_id', 'integer', notNull)
    .addColumn('team_id', 'integer', (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_team_member')
    .on('team_member')
    .columns(['team_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_team_member_user')
    .on('team_member')
    .columns(['user_id', 'org_id'])
    .execute();

  await withId(db.schema.createTable('api_key'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('name', shortText, notNull)
    .addColumn('key_hash', 'varchar(100)', notNull)
    .addColumn('role', 'varchar(20)', emptyString)
    .addColumn('service_account_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('is_revoked', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('ux_api_key_hash').on('api_key').column('key_hash').unique().execute();
  await db.schema
    .createIndex('ux_api_key_org_name')
    .on('api_key')
    .columns(['org_id', 'name'])
    .unique()
    .execute();

  await withId(db.schema.createTable('preferences'), dialect)
    .addColumn('org_id', 'integer', zero)
    .addColumn('user_id', 'integer', zero)
    .addColumn('team_id', 'integer', zero)
    .addColumn('theme', 'varchar(20)', emptyString)
    .addColumn('timezone', 'varchar(50)', emptyString)
    .addColumn('week_start', 'varchar(20)', emptyString)
    .addColumn('home_dashboard_uid', 'varchar(40)', emptyString)
    .addColumn('json_data', mediumText, emptyString)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_preferences_owner')
    .on('preferences')
    .columns(['org_id', 'user_id', 'team_id'])
    .unique()
    .execute();
}
