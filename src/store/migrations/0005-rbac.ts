import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';

/** Roles, permissions, assignments and managed resource permissions (issue #4). */
export async function up(_db: Kysely<unknown>, _dialect: DatabaseType): Promise<void> {}
