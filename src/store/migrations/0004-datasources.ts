import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import { emptyString, longText, mediumText, notNull, shortText, withId, zero } from './columns.js';

/**
 * Data sources (issue #6). `secure_json_data` holds a JSON map of setting name to ciphertext
 * (see secrets.service.ts), never a plaintext.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void> {
  await withId(db.schema.createTable('data_source'), dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(40)', notNull)
    .addColumn('version', 'integer', zero)
    .addColumn('type', shortText, notNull)
    .addColumn('name', shortText, notNull)
    .addColumn('access', 'varchar(20)', notNull)
    .addColumn('url', mediumText, emptyString)
    .addColumn('user', shortText, emptyString)
    .addColumn('database', shortText, emptyString)
    .addColumn('basic_auth', 'integer', zero)
    .addColumn('basic_auth_user', shortText, emptyString)
    .addColumn('with_credentials', 'integer', zero)
    .addColumn('is_default', 'integer', zero)
    .addColumn('json_data', longText(dialect), notNull)
    .addColumn('secure_json_data', longText(dialect), notNull)
    .addColumn('read_only', 'integer', zero)
    .addColumn('api_version', 'varchar(20)', emptyString)
    .addColumn('created', 'bigint', notNull)
    .addColumn('updated', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('ux_data_source_org_name')
    .on('data_source')
    .columns(['org_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ux_data_source_org_uid')
    .on('data_source')
    .columns(['org_id', 'uid'])
    .unique()
    .execute();
}
