import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, longText, notNull, shortText, withId, zero } from './columns.js';

/**
 * Grafana's `user_auth` (issue #22): which external identity (auth module + the provider's subject)
 * a user signed in as, with the provider's tokens encrypted by the secrets service. A user may have
 * one row per module; a module's subject belongs to one user.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('user_auth'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('auth_module', 'varchar(64)', notNull)
    .addColumn('auth_id', shortText, notNull)
    .addColumn('o_auth_access_token', longText(dialect), (c) => c.notNull())
    .addColumn('o_auth_refresh_token', longText(dialect), (c) => c.notNull())
    .addColumn('o_auth_id_token', longText(dialect), (c) => c.notNull())
    .addColumn('o_auth_token_type', 'varchar(64)', emptyString)
    .addColumn('o_auth_expiry', 'bigint', zero)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_user_auth_module_id')
    .on('user_auth')
    .columns(['auth_module', 'auth_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_user_auth_user')
    .on('user_auth')
    .columns(['user_id', 'auth_module'])
    .execute();
}
