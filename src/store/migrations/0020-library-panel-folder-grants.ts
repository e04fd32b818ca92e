import { sql, type Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';

/**
 * Folder levels carry the library panel actions since 0019 (Grafana compat), but folder grants
 * stored before it do not: such a grant gave no access to the folder's library panels, and its
 * actions matched no level, so the permission lists showed it with level "". Every managed folder
 * grant gets the actions of its level: `library.panels:read` with `folders:read` (View and up),
 * create/write/delete with `folders:write` (Edit and Admin).
 */
export async function up(db: Kysely<unknown>, _dialect: DatabaseType): Promise<void> {
  await addLibraryPanelActions(db);
}

const ADDED_WITH: Record<string, string[]> = {
  'folders:read': ['library.panels:read'],
  'folders:write': ['library.panels:create', 'library.panels:write', 'library.panels:delete'],
};
const ROWS_PER_INSERT = 500;

/** The conversion on its own (its test runs it on grants stored the way the code before 0019 did). */
export async function addLibraryPanelActions(db: Kysely<unknown>): Promise<void> {
  const grants = await sql<{ role_id: number; scope: string; action: string }>`
    SELECT p.role_id, p.scope, p.action
    FROM permission p JOIN role r ON r.id = p.role_id
    WHERE r.name LIKE 'managed:%' AND p.scope LIKE 'folders:uid:%'
      AND (p.action LIKE 'folders:%' OR p.action LIKE 'library.panels:%')
  `.execute(db);
  /** role|scope -> the actions it holds */
  const held = new Map<string, { roleId: number; scope: string; actions: Set<string> }>();
  for (const row of grants.rows) {
    const key = `${Number(row.role_id)}|${row.scope}`;
    const grant = held.get(key) ?? { roleId: Number(row.role_id), scope: row.scope, actions: new Set() };
    grant.actions.add(row.action);
    held.set(key, grant);
  }
  const now = Date.now();
  const missing: { role_id: number; action: string; scope: string; created: number; updated: number }[] = [];
  for (const { roleId, scope, actions } of held.values())
    for (const [holding, added] of Object.entries(ADDED_WITH))
      if (actions.has(holding))
        for (const action of added)
          if (!actions.has(action))
            missing.push({ role_id: roleId, action, scope, created: now, updated: now });
  const table = db as unknown as Kysely<{ permission: (typeof missing)[number] }>;
  for (let i = 0; i < missing.length; i += ROWS_PER_INSERT)
    await table
      .insertInto('permission')
      .values(missing.slice(i, i + ROWS_PER_INSERT))
      .execute();
}
