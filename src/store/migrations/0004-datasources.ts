import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';

/** Data sources and their encrypted secrets (issue #6). */
export async function up(_db: Kysely<unknown>, _dialect: DatabaseType): Promise<void> {}
