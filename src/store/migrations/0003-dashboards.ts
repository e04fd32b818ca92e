import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';

/** Dashboards, folders, versions, stars and dashboard permissions (issue #5). */
export async function up(_db: Kysely<unknown>, _dialect: DatabaseType): Promise<void> {}
