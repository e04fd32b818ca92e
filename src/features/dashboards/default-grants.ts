import type { Identity } from '../../access/identity.js';
import { RESOURCE_KINDS, type LevelGrant } from '../../access/resource-levels.js';

/**
 * Grafana's default permissions of a new dashboard — its creator is Admin; at the root, Editors
 * may Edit and Viewers View (in a folder, they inherit the folder's) — derived by rule from two
 * columns instead of a dozen permission rows per dashboard (issue #26). They become rows only
 * when somebody sets the dashboard's permissions (resource-permissions `take`).
 */
export interface DefaultGrants {
  created_by: number;
  /** 1: the creator holds Admin */
  default_creator_admin: number;
  /** 1: Editor holds Edit and Viewer holds View (an Admin receives both) */
  default_role_grants: number;
}

const LEVELS = RESOURCE_KINDS.find((kind) => kind.resource === 'dashboards')!.levels;
const ADMIN = new Set(LEVELS.Admin);
const EDIT = new Set(LEVELS.Edit);
const VIEW = new Set(LEVELS.View);
const NONE = new Set<string>();

/** The defaults a dashboard gets when it is created by `creatorUserId` (0: nobody) in `folderUid`. */
export function defaultsForNew(creatorUserId: number, folderUid: string) {
  return { default_creator_admin: creatorUserId > 0 ? 1 : 0, default_role_grants: folderUid === '' ? 1 : 0 };
}

/** The actions the caller's basic role receives on dashboards whose role grants are on. */
export function roleDefaultActions(identity: Identity): ReadonlySet<string> {
  if (identity.orgRole === 'Editor' || identity.orgRole === 'Admin') return EDIT;
  return identity.orgRole === 'Viewer' ? VIEW : NONE;
}

/** The actions a dashboard's creator holds on it while its creator grant is on. */
export const CREATOR_ACTIONS: ReadonlySet<string> = ADMIN;

const isCreator = (identity: Identity, dashboard: DefaultGrants) =>
  dashboard.default_creator_admin === 1 && dashboard.created_by === identity.userId;

/** Whether the caller holds `action` on the dashboard through its default grants. */
export function holdsByDefault(identity: Identity, dashboard: DefaultGrants, action: string): boolean {
  if (dashboard.default_role_grants === 1 && roleDefaultActions(identity).has(action)) return true;
  return isCreator(identity, dashboard) && ADMIN.has(action);
}

/** Every action the caller holds on the dashboard through its default grants. */
export function actionsByDefault(identity: Identity, dashboard: DefaultGrants): ReadonlySet<string> {
  if (isCreator(identity, dashboard)) return ADMIN;
  return dashboard.default_role_grants === 1 ? roleDefaultActions(identity) : NONE;
}

/** The default grants as principal and level, in the order Grafana writes them. */
export function defaultGrantList(dashboard: DefaultGrants): LevelGrant[] {
  const grants: LevelGrant[] = [];
  if (dashboard.default_creator_admin === 1 && dashboard.created_by > 0)
    grants.push({ principal: { kind: 'user', id: dashboard.created_by }, level: 'Admin' });
  if (dashboard.default_role_grants === 1) {
    grants.push({ principal: { kind: 'builtin', role: 'Editor' }, level: 'Edit' });
    grants.push({ principal: { kind: 'builtin', role: 'Viewer' }, level: 'View' });
  }
  return grants;
}
