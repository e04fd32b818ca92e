import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { notNull, shortText, zero } from './columns.js';

/** Data encryption keys for secrets at rest, each encrypted by the key derived from [security] secret_key. */
export async function up(db: Kysely<unknown>, _dialect: DatabaseType): Promise<void> {
  await db.schema
    .createTable('data_key')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('scope', shortText, notNull)
    .addColumn('active', 'integer', zero)
    .addColumn('encrypted_key', 'varchar(255)', notNull)
    .addColumn('created', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('ix_data_key_scope').on('data_key').columns(['scope', 'active']).execute();
}
