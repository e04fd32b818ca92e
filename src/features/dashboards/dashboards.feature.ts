import type { Identity } from '../../access/identity.js';
import type { FeatureDeps } from '../feature.js';
import { createAccessFactory, folderChainScopes } from './dashboard-access.js';
import { createDashboardReadCache } from './dashboard-read-cache.js';
import type { DashboardsLookup, FolderRef } from './dashboards.lookup.js';
import { registerDashboardsRoutes } from './dashboards.routes.js';
import {
  createDashboardsService,
  type DashboardSavedListener,
  type LibraryElementsImporter,
} from './dashboards.service.js';
import { unitOfWork } from '../../store/transaction.js';
import { createDashboardsStore, type DashboardHead } from './dashboards.store.js';
import { actionsByDefault } from './default-grants.js';
import { createDashboardDerivedGrants } from './derived-grants.js';
import { createFolderTreeCache } from './folders/folder-tree.js';
import { createFoldersStore } from './folders/folders.store.js';
import { folderUrl } from './folders/folder-present.js';
import { registerFoldersRoutes } from './folders/folders.routes.js';
import { createFoldersService, type FolderDeletionListener } from './folders/folders.service.js';
import { dashboardNotFound, invalidDashboardId } from './dashboards.errors.js';
import { dashboardUrl, slugify } from './dashboard-model.js';
import { folderNotFound, invalidFolderId } from './folders/folders.errors.js';
import { FolderTree, type FolderNode } from './folders/folder-tree.js';
import { createHomeService } from './home.service.js';
import { idOfScope, registerLegacyIdRoutes } from './legacy-ids.routes.js';
import {
  registerLegacyPermissionsRoutes,
  type PermissionTargets,
} from './permissions/legacy-permissions.routes.js';
import { createLegacyPermissions, type PermissionTarget } from './permissions/legacy-permissions.service.js';
import { createDashboardProvisioner } from './provisioning/dashboard-provisioner.js';
import { registerDashboardImportRoutes } from './import/import.routes.js';
import { registerDashboardProvisioning } from './provisioning/provisioning.js';
import { createHitTexts } from './search/search-hits.js';
import { registerSearchRoutes } from './search/search.routes.js';
import { createSearchService } from './search/search.service.js';
import { createSearchStore } from './search/search.store.js';
import { createTitleIndexCache } from './search/title-index.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';

/** A folder of the tree by its numeric id (the deprecated API's), scanning: ids are rare. */
const folderById = (tree: FolderTree, id: number): FolderNode | undefined => {
  for (const node of tree.byUid.values()) if (node.id === id) return node;
  return undefined;
};

const folderRef = (node: FolderNode): FolderRef => ({
  uid: node.uid,
  title: node.title,
  parentUid: node.parentUid,
});

/** Dashboards, folders, search, stars, tags, versions and dashboard provisioning. */
export function registerDashboards(
  deps: FeatureDeps,
  siblings: {
    orgs: Pick<OrgsLookup, 'isOrgMember'>;
    users: Pick<UsersLookup, 'accountsByIds'>;
    teams: Pick<TeamsLookup, 'teamsByIds'>;
  },
): DashboardsLookup {
  const store = createDashboardsStore(deps.db);
  const foldersStore = createFoldersStore(deps.db);
  const folderDeletionListeners: FolderDeletionListener[] = [];
  const savedListeners: DashboardSavedListener[] = [];
  const folders = createFolderTreeCache({
    load: (orgId) => foldersStore.nodes(orgId),
    database: deps.database,
    cacheBus: deps.cacheBus,
    clock: deps.clock,
  });
  // The authorizer's permissions (cached, read once per request), checked here against whole
  // folder chains and turned into SQL filters for search.
  const access = createAccessFactory({
    permissions: deps.authorizer,
    tree: (orgId) => folders.of(orgId),
  });
  const searchStore = createSearchStore(deps.db);
  const titles = createTitleIndexCache({
    load: (orgId) => searchStore.titleEntries(orgId),
    database: deps.database,
    cacheBus: deps.cacheBus,
  });
  const reads = createDashboardReadCache({
    store,
    database: deps.database,
    cacheBus: deps.cacheBus,
    clock: deps.clock,
  });
  const dashboards = createDashboardsService({
    store,
    titles,
    folders,
    access,
    cachedPermissionsOf: (identity) => deps.authorizer.cachedPermissionsOf(identity),
    reads,
    resourcePermissions: deps.resourcePermissions,
    clock: deps.clock,
    versionsToKeep: deps.config.dashboards.versionsToKeep,
    saved: savedListeners,
  });

  // The resolver and the deriver of one check ask for the same dashboard: one read per request,
  // from the cache GET uses.
  const heads = new WeakMap<Identity, Map<string, Promise<DashboardHead | undefined>>>();
  const headFor = (identity: Identity, scope: string) => {
    const uid = scope.slice('dashboards:uid:'.length);
    let mine = heads.get(identity);
    if (!mine) heads.set(identity, (mine = new Map<string, Promise<DashboardHead | undefined>>()));
    let head = mine.get(uid);
    if (!head) mine.set(uid, (head = reads.row(identity.orgId, uid)));
    return head;
  };
  deps.authorizer.addScopeResolver('dashboards:uid:', async (scope, identity) => {
    const row = await headFor(identity, scope);
    // Grafana compat: its dashboard routes check a scopeless action, load the dashboard (404) and
    // only then its guardian, so an unknown dashboard is 404 for everybody, not a resolver's deny.
    if (!row) throw dashboardNotFound();
    return folderChainScopes(await folders.of(identity.orgId), row.folder_uid);
  });
  deps.authorizer.addDerivedActions('dashboards:uid:', async (scope, identity) => {
    const row = await headFor(identity, scope);
    return row ? actionsByDefault(identity, row) : new Set();
  });
  // Grafana compat: `dashboards:id:<id>` (the deprecated id routes) is the dashboard's uid scope.
  const headsById = new WeakMap<Identity, Map<number, Promise<DashboardHead | undefined>>>();
  const headForId = (identity: Identity, scope: string) => {
    const id = idOfScope(scope, 'dashboards:id:');
    if (id === undefined) return undefined;
    let mine = headsById.get(identity);
    if (!mine) headsById.set(identity, (mine = new Map<number, Promise<DashboardHead | undefined>>()));
    let head = mine.get(id);
    if (!head) mine.set(id, (head = store.headById(identity.orgId, id)));
    return head;
  };
  deps.authorizer.addScopeResolver('dashboards:id:', async (scope, identity) => {
    const found = headForId(identity, scope);
    // No id at all: the schema's 400, before a 403 tells anything.
    if (!found) throw invalidDashboardId();
    const row = await found;
    if (!row) throw dashboardNotFound();
    return [
      `dashboards:uid:${row.uid}`,
      ...folderChainScopes(await folders.of(identity.orgId), row.folder_uid),
    ];
  });
  deps.authorizer.addDerivedActions('dashboards:id:', async (scope, identity) => {
    const row = await headForId(identity, scope);
    return row ? actionsByDefault(identity, row) : new Set();
  });
  deps.authorizer.addScopeResolver('folders:id:', async (scope, identity) => {
    const id = idOfScope(scope, 'folders:id:');
    if (id === undefined) throw invalidFolderId();
    const tree = await folders.of(identity.orgId);
    const node = folderById(tree, id);
    if (!node) throw folderNotFound();
    return [node, ...tree.ancestors(node.uid)].map((f) => `folders:uid:${f.uid}`);
  });
  deps.resourcePermissions.declareDerivedGrants(
    'dashboards',
    createDashboardDerivedGrants({ store, titles }),
  );
  const isId = (id: string) => /^[a-zA-Z0-9_-]{1,40}$/.test(id);
  deps.resourcePermissions.declareExistence(
    'dashboards',
    async (orgId, uid) => isId(uid) && (await store.headByUid(orgId, uid)) !== undefined,
  );
  deps.resourcePermissions.declareExistence(
    'folders',
    async (orgId, uid) => isId(uid) && (await foldersStore.findByUid(orgId, uid)) !== undefined,
  );
  deps.authorizer.addScopeResolver('folders:uid:', async (scope, identity) => {
    const uid = scope.slice('folders:uid:'.length);
    const tree = await folders.of(identity.orgId);
    return tree.ancestors(uid).map((f) => `folders:uid:${f.uid}`);
  });

  registerDashboardsRoutes(
    deps.api,
    dashboards,
    createHomeService({
      db: deps.db,
      dashboards,
      homePath: deps.config.dashboards.defaultHomeDashboardPath,
      authorizer: deps.authorizer,
    }),
  );
  const elementImporters: LibraryElementsImporter[] = [];
  registerDashboardImportRoutes(deps.api, {
    dashboards,
    folderIdOfUid: async (orgId, uid) => (await folders.of(orgId)).get(uid)?.id ?? 0,
    importingElements: elementImporters,
    unitOfWork: unitOfWork(deps.db),
  });
  const foldersService = createFoldersService({
    deleting: folderDeletionListeners,
    store: foldersStore,
    titles,
    folders,
    access,
    resourcePermissions: deps.resourcePermissions,
    clock: deps.clock,
  });
  registerFoldersRoutes(deps.api, foldersService);

  registerSearchRoutes(
    deps.api,
    createSearchService({
      titles,
      stars: reads,
      access,
      metrics: deps.metrics,
      now: () => performance.now(),
    }),
    createHitTexts(),
  );

  registerDashboardProvisioning({
    provisioningPath: deps.config.paths.provisioning,
    env: deps.config.env,
    provisioner: createDashboardProvisioner({
      dashboards,
      titles,
      store,
      foldersStore,
      folders,
      resourcePermissions: deps.resourcePermissions,
      clock: deps.clock,
      logger: deps.logger,
    }),
    hooks: deps.hooks,
    logger: deps.logger,
  });

  const folderTarget = (f: FolderNode): PermissionTarget => ({
    resource: 'folders',
    uid: f.uid,
    id: f.id,
    title: f.title,
    url: folderUrl(f.uid, f.title),
    slug: slugify(f.title),
  });
  const chain = (tree: FolderTree, folderUid: string) => {
    const start = tree.get(folderUid);
    return start ? [start, ...tree.ancestors(folderUid)].map(folderTarget) : [];
  };
  const legacyPermissions = createLegacyPermissions({
    resourcePermissions: deps.resourcePermissions,
    users: siblings.users,
    teams: siblings.teams,
    orgs: siblings.orgs,
  });
  const permissionTargets: PermissionTargets = {
    async dashboard(orgId, uid) {
      const row = await store.headByUid(orgId, uid);
      if (!row) throw dashboardNotFound();
      const target: PermissionTarget = {
        resource: 'dashboards',
        uid: row.uid,
        id: row.id,
        title: row.title,
        url: dashboardUrl(row.uid, row.slug),
        slug: row.slug,
      };
      return { target, inherited: chain(await folders.of(orgId), row.folder_uid) };
    },
    async folder(orgId, uid) {
      const tree = await folders.of(orgId);
      const node = tree.get(uid);
      if (!node) throw folderNotFound();
      return { target: folderTarget(node), inherited: chain(tree, node.parentUid) };
    },
  };
  registerLegacyPermissionsRoutes(deps.api, legacyPermissions, permissionTargets);
  registerLegacyIdRoutes(deps.api, {
    dashboards,
    folders: foldersService,
    folderUidOfId: async (orgId, id) => folderById(await folders.of(orgId), id)?.uid,
    permissions: legacyPermissions,
    permissionTargets,
  });

  return {
    access,
    headByUid: (orgId, uid) => store.headByUid(orgId, uid),
    headById: (orgId, id) => store.headById(orgId, id),
    idOfUid: async (orgId, uid) => (await store.headByUid(orgId, uid))?.id,
    uidOfId: async (orgId, id) => (await store.headById(orgId, id))?.uid,
    // From the table, not the cached tree: another instance may have created it a moment ago.
    async folderByUid(orgId, uid) {
      const row = await foldersStore.findByUid(orgId, uid);
      return row && { uid: row.uid, title: row.title, parentUid: row.parent_uid };
    },
    async rootFolderByTitle(orgId, title) {
      const node = (await folders.of(orgId)).childrenOf('').find((f) => f.title === title);
      return node && folderRef(node);
    },
    onFoldersDeleting: (listener) => void folderDeletionListeners.push(listener),
    onDashboardSaved: (listener) => void savedListeners.push(listener),
    onImportingLibraryElements: (importer) => void elementImporters.push(importer),
    async folderTree(orgId, mustHave) {
      const tree = await folders.of(orgId);
      return mustHave && !tree.get(mustHave) ? new FolderTree(await foldersStore.nodes(orgId)) : tree;
    },
    async folderPath(orgId, uid) {
      let tree = await folders.of(orgId);
      // A folder the cached tree lacks may be newer than it (created on another instance).
      if (!tree.get(uid)) tree = new FolderTree(await foldersStore.nodes(orgId));
      const node = tree.get(uid);
      return (
        node &&
        [...tree.ancestors(uid)]
          .reverse()
          .concat(node)
          .map((f) => f.title)
      );
    },
  };
}
