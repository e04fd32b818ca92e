import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';

/** Contact points, notification templates, policies and delivery history (issue #8). */
export async function up(_db: Kysely<unknown>, _dialect: DatabaseType): Promise<void> {}
