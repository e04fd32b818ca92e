import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, notNull, shortText, withId, zero } from './columns.js';

/** Organizations, users, memberships and the lock table for background jobs. */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('org'), dialect)
    .addColumn('version', 'integer', zero)
    .addColumn('name', shortText, notNull)
    .addColumn('address1', shortText, emptyString)
    .addColumn('address2', shortText, emptyString)
    .addColumn('city', shortText, emptyString)
    .addColumn('state', shortText, emptyString)
    .addColumn('zip_code', shortText, emptyString)
    .addColumn('country', shortText, emptyString)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('ux_org_name').on('org').column('name').unique().execute();

  await withId(db.schema.createTable('users'), dialect)
    .addColumn('uid', 'varchar(40)', notNull)
    .addColumn('version', 'integer', zero)
    .addColumn('login', shortText, notNull)
    .addColumn('email', shortText, notNull)
    .addColumn('name', shortText, emptyString)
    .addColumn('password', shortText, emptyString)
    .addColumn('salt', 'varchar(50)', emptyString)
    .addColumn('theme', 'varchar(20)', emptyString)
    .addColumn('org_id', 'integer', notNull)
    .addColumn('is_admin', 'integer', zero)
    .addColumn('is_disabled', 'integer', zero)
    .addColumn('is_service_account', 'integer', zero)
    .addColumn('is_external', 'integer', zero)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .addColumn('last_seen_at', 'bigint', zero)
    .execute();
  await db.schema.createIndex('ux_users_uid').on('users').column('uid').unique().execute();
  await db.schema.createIndex('ux_users_login').on('users').column('login').unique().execute();
  await db.schema.createIndex('ux_users_email').on('users').column('email').unique().execute();

  await withId(db.schema.createTable('org_user'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', notNull)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('ux_org_user').on('org_user').columns(['org_id', 'user_id']).unique().execute();
  await db.schema.createIndex('ix_org_user_user').on('org_user').column('user_id').execute();

  await db.schema
    .createTable('server_lock')
    .addColumn('operation_uid', shortText, (c) => c.primaryKey())
    .addColumn('version', 'bigint', notNull)
    .addColumn('last_execution', 'bigint', notNull)
    .execute();
}
