import type { Identity } from '../../access/identity.js';
import { can, evaluate, type PermissionMap } from '../../access/evaluator.js';
import type { PermissionSource } from '../../access/authorizer.js';
import { CREATOR_ACTIONS, holdsByDefault, roleDefaultActions, type DefaultGrants } from './default-grants.js';
import type { FolderTree, TitledFolder } from './folders/folder-tree.js';

export const GENERAL = 'general';
const DASHBOARD_SCOPE = 'dashboards:uid:';

/** `folders:uid:<uid>` of a folder and all its ancestors, or of the General folder at the root. */
export function folderChainScopes(tree: FolderTree, folderUid: string): string[] {
  if (folderUid === '') return [`folders:uid:${GENERAL}`];
  return [folderUid, ...tree.ancestors(folderUid).map((f) => f.uid)].map((uid) => `folders:uid:${uid}`);
}

/** A dashboard as a permission check needs it: its uid, its folder ('' at the root), its defaults. */
export interface DashboardRef extends DefaultGrants {
  uid: string;
  folder_uid: string;
}

/** What a caller may see of dashboards and folders, for filtering lists in memory or in SQL. */
export interface ReadableFilter {
  /** every dashboard (or folder) is readable */
  all: boolean;
  /** dashboards in these folders ('' for the root) are readable (shared: do not change it) */
  folderUids: ReadonlySet<string>;
  /** and these dashboards */
  dashboardUids: Set<string>;
  /** and those whose default grants give it: role grants on, or created by `creatorId` */
  byDefault: { roleGrants: boolean; creatorId: number | undefined };
}

/** Whether a filter lets a dashboard through (search calls this for every entry it walks). */
export function passes(
  filter: ReadableFilter,
  uid: string,
  folderUid: string,
  defaults: DefaultGrants,
): boolean {
  return (
    filter.all ||
    filter.folderUids.has(folderUid) ||
    filter.dashboardUids.has(uid) ||
    (filter.byDefault.roleGrants && defaults.default_role_grants === 1) ||
    (defaults.default_creator_admin === 1 && defaults.created_by === filter.byDefault.creatorId)
  );
}

/** Folders a caller may read: all, or these (shared between callers: do not change it). */
interface ReadableFolders {
  all: boolean;
  uids: ReadonlySet<string>;
}

const ALL_DASHBOARDS = new Set(['*', 'dashboards:*', 'dashboards:uid:*', 'folders:*', 'folders:uid:*']);
const ALL_FOLDERS = new Set(['*', 'folders:*', 'folders:uid:*']);

const NO_SCOPES: readonly string[] = Object.freeze([]);
const NOTHING: ReadonlySet<string> = new Set();

/**
 * A function of a caller's scopes for one action and a folder tree, kept per scope list: the
 * permission cache hands out the same list until the caller's grants change, and a tree is
 * replaced, never changed. Every search asked it again, and for a Viewer with grants on a few
 * hundred folders that cost more than the search's walk.
 */
function perScopesAndTree<T>(compute: (scopes: readonly string[], tree: FolderTree) => T) {
  const memo = new WeakMap<readonly string[], { tree: FolderTree; value: T }>();
  return (scopes: readonly string[], tree: FolderTree): T => {
    const kept = memo.get(scopes);
    if (kept?.tree === tree) return kept.value;
    const value = compute(scopes, tree);
    memo.set(scopes, { tree, value });
    return value;
  };
}

/** What scopes of a dashboard action grant: everything, or folders (with their subfolders) and dashboards. */
const dashboardGrantsOf = perScopesAndTree((scopes, tree) => {
  if (scopes.some((s) => ALL_DASHBOARDS.has(s)))
    return { all: true, folderUids: NOTHING, dashboardUids: NO_SCOPES };
  const dashboardUids: string[] = [];
  const granted: string[] = [];
  let root = false;
  for (const scope of scopes) {
    if (scope.startsWith(DASHBOARD_SCOPE)) dashboardUids.push(scope.slice(DASHBOARD_SCOPE.length));
    else if (scope === `folders:uid:${GENERAL}`) root = true;
    else if (scope.startsWith('folders:uid:')) granted.push(scope.slice('folders:uid:'.length));
  }
  return { all: false, folderUids: tree.covering(granted, root), dashboardUids };
});

/** Folders that scopes of a folder action grant (a grant on a folder covers its subfolders). */
const foldersGrantedBy = perScopesAndTree((scopes, tree): ReadableFolders => {
  if (scopes.some((s) => ALL_FOLDERS.has(s))) return { all: true, uids: NOTHING };
  const granted = scopes
    .filter((s) => s.startsWith('folders:uid:'))
    .map((s) => s.slice('folders:uid:'.length));
  return { all: false, uids: tree.covering(granted, false) };
});

/** Those folders in title order. */
const grantedInTitleOrder = perScopesAndTree((scopes, tree) => {
  const granted = foldersGrantedBy(scopes, tree);
  return granted.all ? tree.inTitleOrder() : tree.inTitleOrder().filter((f) => granted.uids.has(f.node.uid));
});

/**
 * The caller's permissions once per request, and checks of dashboard and folder actions that
 * include folder inheritance without asking the database again. Grants on single dashboards are
 * not in `held` (they grow with the data): they come from the per-resource index of `source`.
 */
export class CallerAccess {
  /** per dashboard uid, what its own grants give the caller (asked once per request) */
  private readonly onResource = new Map<string, Promise<ReadonlySet<string>>>();

  constructor(
    readonly identity: Identity,
    readonly held: PermissionMap,
    readonly tree: FolderTree,
    private readonly source: PermissionSource,
  ) {}

  has(action: string, scopes: string[]): boolean {
    return evaluate(this.held, can(action, ...scopes));
  }

  /**
   * A dashboard action: granted on the dashboard or its folders (by roles, wildcards and folder
   * grants), by its default grants, or by a grant on the dashboard itself.
   */
  async onDashboard(action: string, dashboard: DashboardRef): Promise<boolean> {
    const scope = `dashboards:uid:${dashboard.uid}`;
    if (
      holdsByDefault(this.identity, dashboard, action) ||
      evaluate(this.held, can(action, scope, ...folderChainScopes(this.tree, dashboard.folder_uid)))
    )
      return true;
    let own = this.onResource.get(dashboard.uid);
    if (!own) this.onResource.set(dashboard.uid, (own = this.source.actionsOn(this.identity, scope)));
    return (await own).has(action);
  }

  /** Whether a check so far needed the per-resource index (its answer then depends on those grants too). */
  get askedResourceIndex(): boolean {
    return this.onResource.size > 0;
  }

  /** A folder action on a folder ('' for the General folder). */
  onFolder(action: string, folderUid: string): boolean {
    return evaluate(this.held, can(action, ...folderChainScopes(this.tree, folderUid)));
  }

  /**
   * Dashboards on which the caller holds `action`: its scopes turned into folder and dashboard
   * sets, plus what default grants give it.
   */
  async readableDashboards(
    action = 'dashboards:read',
    withGrantsOnDashboards = true,
  ): Promise<ReadableFilter> {
    const byDefault = {
      roleGrants: roleDefaultActions(this.identity).has(action),
      creatorId: CREATOR_ACTIONS.has(action) ? this.identity.userId : undefined,
    };
    const granted = dashboardGrantsOf(this.held.get(action) ?? NO_SCOPES, this.tree);
    const dashboardUids = new Set(granted.dashboardUids);
    if (!granted.all && withGrantsOnDashboards)
      for (const { scope } of await this.source.indexedGrantsOf(this.identity, action))
        dashboardUids.add(scope.slice(DASHBOARD_SCOPE.length));
    return { all: granted.all, folderUids: granted.folderUids, dashboardUids, byDefault };
  }

  /**
   * Which of `uids` the caller holds `action` on through grants on those dashboards themselves
   * (what `readableDashboards(action, false)` leaves out): one SQL question for the lot.
   */
  async grantedAmong(action: string, uids: string[]): Promise<Set<string>> {
    const scopes = uids.map((uid) => DASHBOARD_SCOPE + uid);
    const grants = await this.source.indexedGrantsOf(this.identity, action, scopes);
    return new Set(grants.map(({ scope }) => scope.slice(DASHBOARD_SCOPE.length)));
  }

  /** Folders readable through `folders:read` (a grant on a folder covers its subfolders). */
  readableFolders(action = 'folders:read'): ReadableFolders {
    return foldersGrantedBy(this.held.get(action) ?? NO_SCOPES, this.tree);
  }

  /** The folders `readableFolders` lets through, in title order (search walks these). */
  readableFoldersInTitleOrder(action = 'folders:read'): readonly TitledFolder[] {
    return grantedInTitleOrder(this.held.get(action) ?? NO_SCOPES, this.tree);
  }

  canReadFolder(readable: ReadableFolders, uid: string): boolean {
    return readable.all || readable.uids.has(uid);
  }
}

export function createAccessFactory(deps: {
  permissions: PermissionSource;
  tree: (orgId: number) => Promise<FolderTree>;
}) {
  return async (identity: Identity): Promise<CallerAccess> => {
    const [held, tree] = await Promise.all([
      deps.permissions.permissionsOf(identity),
      deps.tree(identity.orgId),
    ]);
    return new CallerAccess(identity, held, tree, deps.permissions);
  };
}

export type AccessFactory = ReturnType<typeof createAccessFactory>;
