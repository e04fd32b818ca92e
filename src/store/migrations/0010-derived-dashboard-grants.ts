import { sql, type Kysely } from 'kysely';
import { zero } from './columns.js';

// The dashboard levels as they were when this step was written (a migration keeps its own rules).
const VIEW = ['dashboards:read', 'annotations:read'];
const EDIT = [
  ...VIEW,
  'dashboards:write',
  'dashboards:delete',
  'annotations:create',
  'annotations:write',
  'annotations:delete',
];
const ADMIN = [...EDIT, 'dashboards.permissions:read', 'dashboards.permissions:write'];
const BATCH = 500;

interface GrantRow {
  id: number;
  org_id: number;
  name: string;
  scope: string;
  action: string;
}

/**
 * Default dashboard grants become columns (issue #26). Until now a dashboard create wrote managed
 * permission rows for its creator (Admin) and, at the root, for the Editor (Edit) and Viewer (View)
 * basic roles: about a dozen rows per dashboard, loaded into every caller's permissions. Where a
 * dashboard's rows are still exactly those defaults, they are deleted and the dashboard's
 * `default_creator_admin` / `default_role_grants` say the same thing; rows anyone changed stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dashboard').addColumn('default_creator_admin', 'smallint', zero).execute();
  await db.schema.alterTable('dashboard').addColumn('default_role_grants', 'smallint', zero).execute();
  await deriveDefaultGrants(db);
}

/** The conversion on its own (its test runs it on rows stored the way the code before it did). */
export async function deriveDefaultGrants(db: Kysely<unknown>): Promise<void> {
  const grants = await sql<GrantRow>`
    SELECT p.id, r.org_id, r.name, p.scope, p.action
    FROM permission p JOIN role r ON r.id = p.role_id
    WHERE p.scope LIKE 'dashboards:uid:%'
      AND (r.name LIKE 'managed:users:%' OR r.name IN ('managed:builtins:editor:permissions', 'managed:builtins:viewer:permissions'))
  `.execute(db);
  /** org|scope|role name -> its rows */
  const held = new Map<string, GrantRow[]>();
  for (const row of grants.rows) {
    const key = `${Number(row.org_id)}|${row.scope}|${row.name}`;
    const rows = held.get(key);
    if (rows) rows.push(row);
    else held.set(key, [row]);
  }
  /** The rows of a principal on a dashboard when they are exactly `level`, else undefined. */
  const exactly = (orgId: number, uid: string, roleName: string, level: string[]) => {
    const rows = held.get(`${orgId}|dashboards:uid:${uid}|${roleName}`);
    if (!rows || rows.length !== level.length) return undefined;
    const actions = new Set(rows.map((r) => r.action));
    return level.every((a) => actions.has(a)) ? rows : undefined;
  };

  const dashboards = await sql<{ id: number; org_id: number; uid: string; created_by: number }>`
    SELECT id, org_id, uid, created_by FROM dashboard
  `.execute(db);
  const creatorAdmin: number[] = [];
  const roleGrants: number[] = [];
  const obsolete: number[] = [];
  for (const d of dashboards.rows) {
    const orgId = Number(d.org_id);
    const creator = exactly(orgId, d.uid, `managed:users:${Number(d.created_by)}:permissions`, ADMIN);
    if (creator) {
      creatorAdmin.push(Number(d.id));
      obsolete.push(...creator.map((r) => Number(r.id)));
    }
    const editor = exactly(orgId, d.uid, 'managed:builtins:editor:permissions', EDIT);
    const viewer = exactly(orgId, d.uid, 'managed:builtins:viewer:permissions', VIEW);
    if (editor && viewer) {
      roleGrants.push(Number(d.id));
      obsolete.push(...editor.map((r) => Number(r.id)), ...viewer.map((r) => Number(r.id)));
    }
  }
  for (let i = 0; i < creatorAdmin.length; i += BATCH) {
    const ids = creatorAdmin.slice(i, i + BATCH);
    await sql`UPDATE dashboard SET default_creator_admin = 1 WHERE id IN (${sql.join(ids)})`.execute(db);
  }
  for (let i = 0; i < roleGrants.length; i += BATCH) {
    const ids = roleGrants.slice(i, i + BATCH);
    await sql`UPDATE dashboard SET default_role_grants = 1 WHERE id IN (${sql.join(ids)})`.execute(db);
  }
  for (let i = 0; i < obsolete.length; i += BATCH) {
    const ids = obsolete.slice(i, i + BATCH);
    await sql`DELETE FROM permission WHERE id IN (${sql.join(ids)})`.execute(db);
  }
}
