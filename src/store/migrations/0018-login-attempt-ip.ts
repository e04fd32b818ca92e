import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';

/**
 * Failed logins counted per client IP (`[security] disable_ip_address_login_protection = false`):
 * the count runs before every password check, so it must not scan the table an attack fills.
 */
export async function up(db: Kysely<unknown>, _dialect: DatabaseType): Promise<void> {
  await db.schema
    .createIndex('ix_login_attempt_ip_address')
    .on('login_attempt')
    .columns(['ip_address', 'created'])
    .execute();
}
