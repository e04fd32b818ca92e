import type { Identity } from '../../access/identity.js';
import { can, evaluate, type PermissionMap } from '../../access/evaluator.js';
import type { PermissionSource } from '../../access/authorizer.js';
import type { FolderTree } from './folders/folder-tree.js';

export const GENERAL = 'general';

/** `folders:uid:<uid>` of a folder and all its ancestors, or of the General folder at the root. */
export function folderChainScopes(tree: FolderTree, folderUid: string): string[] {
  if (folderUid === '') return [`folders:uid:${GENERAL}`];
  return [folderUid, ...tree.ancestors(folderUid).map((f) => f.uid)].map((uid) => `folders:uid:${uid}`);
}

/** What a caller may see of dashboards and folders, for filtering lists in SQL. */
interface ReadableFilter {
  /** every dashboard (or folder) is readable */
  all: boolean;
  /** dashboards in these folders ('' for the root) are readable */
  folderUids: Set<string>;
  /** and these dashboards */
  dashboardUids: Set<string>;
}

const ALL_DASHBOARDS = new Set(['*', 'dashboards:*', 'dashboards:uid:*', 'folders:*', 'folders:uid:*']);
const ALL_FOLDERS = new Set(['*', 'folders:*', 'folders:uid:*']);

/**
 * The caller's permissions once per request, and checks of dashboard and folder actions that
 * include folder inheritance without asking the database again.
 */
export class CallerAccess {
  constructor(
    readonly identity: Identity,
    readonly held: PermissionMap,
    private readonly tree: FolderTree,
  ) {}

  has(action: string, scopes: string[]): boolean {
    return evaluate(this.held, can(action, ...scopes));
  }

  onDashboard(action: string, uid: string, folderUid: string): boolean {
    return evaluate(
      this.held,
      can(action, `dashboards:uid:${uid}`, ...folderChainScopes(this.tree, folderUid)),
    );
  }

  /** A folder action on a folder ('' for the General folder). */
  onFolder(action: string, folderUid: string): boolean {
    return evaluate(this.held, can(action, ...folderChainScopes(this.tree, folderUid)));
  }

  /** Dashboards readable through `dashboards:read`: scopes turned into folder and dashboard sets. */
  readableDashboards(action = 'dashboards:read'): ReadableFilter {
    const scopes = this.held.get(action) ?? [];
    if (scopes.some((s) => ALL_DASHBOARDS.has(s)))
      return { all: true, folderUids: new Set(), dashboardUids: new Set() };
    const dashboardUids = new Set<string>();
    const granted: string[] = [];
    let root = false;
    for (const scope of scopes) {
      if (scope.startsWith('dashboards:uid:')) dashboardUids.add(scope.slice('dashboards:uid:'.length));
      else if (scope === `folders:uid:${GENERAL}`) root = true;
      else if (scope.startsWith('folders:uid:')) granted.push(scope.slice('folders:uid:'.length));
    }
    const folderUids = this.tree.withDescendants(granted);
    if (root) folderUids.add('');
    return { all: false, folderUids, dashboardUids };
  }

  /** Folders readable through `folders:read` (a grant on a folder covers its subfolders). */
  readableFolders(action = 'folders:read'): { all: boolean; uids: Set<string> } {
    const scopes = this.held.get(action) ?? [];
    if (scopes.some((s) => ALL_FOLDERS.has(s))) return { all: true, uids: new Set() };
    const granted = scopes
      .filter((s) => s.startsWith('folders:uid:'))
      .map((s) => s.slice('folders:uid:'.length));
    return { all: false, uids: this.tree.withDescendants(granted) };
  }

  canReadFolder(readable: { all: boolean; uids: Set<string> }, uid: string): boolean {
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
    return new CallerAccess(identity, held, tree);
  };
}

export type AccessFactory = ReturnType<typeof createAccessFactory>;
