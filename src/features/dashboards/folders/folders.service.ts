import { accessDenied } from '../../../access/authorizer.js';
import type { Identity } from '../../../access/identity.js';
import type { Clock } from '../../../lib/clock.js';
import { toIso } from '../../../lib/clock.js';
import { generateUid } from '../../../lib/uid.js';
import { onUniqueViolation } from '../../../store/unique-violation.js';
import { can } from '../../../access/evaluator.js';
import type { ResourcePermissions } from '../../rbac/resource-permissions.service.js';
import { GENERAL, type AccessFactory, type CallerAccess } from '../dashboard-access.js';
import { validateUid } from '../dashboard-model.js';
import { folderUrl } from './folder-present.js';
import type { TitleIndexCache } from '../search/title-index.js';
import type { FolderTree, FolderTreeCache } from './folder-tree.js';
import {
  circularReference,
  folderHasProvisioned,
  folderNotFound,
  folderTitleEmpty,
  folderTitleTaken,
  folderUidTaken,
  folderVersionMismatch,
  maximumDepth,
  parentNotFound,
} from './folders.errors.js';
import type { FolderRow, FoldersStore } from './folders.store.js';

/** Grafana's limit on nesting: a folder may have at most this many levels above and including it. */
export const MAX_FOLDER_DEPTH = 4;

const ANONYMOUS = 'Anonymous';

/** Asked before folders (a folder and its descendants) are deleted; throws to refuse. */
export type FolderDeletionListener = (orgId: number, folderUids: string[], force: boolean) => Promise<void>;

export function createFoldersService(deps: {
  store: FoldersStore;
  titles: TitleIndexCache;
  folders: FolderTreeCache;
  access: AccessFactory;
  resourcePermissions: ResourcePermissions;
  clock: Clock;
  /**
   * Features with things in folders (alert rules) are asked inside the delete's unit of work:
   * they refuse it (throw) or delete their things too (`force`).
   */
  deleting: FolderDeletionListener[];
}) {
  const { store, folders, clock } = deps;

  async function row(orgId: number, uid: string): Promise<FolderRow> {
    const found = await store.findByUid(orgId, uid);
    if (!found) throw folderNotFound();
    return found;
  }

  function present(folder: FolderRow, tree: FolderTree, access: CallerAccess) {
    const parents = tree
      .ancestors(folder.uid)
      .reverse()
      .map((p) => ({ id: p.id, uid: p.uid, title: p.title, url: folderUrl(p.uid, p.title) }));
    return {
      id: folder.id,
      uid: folder.uid,
      orgId: folder.org_id,
      title: folder.title,
      description: folder.description,
      url: folderUrl(folder.uid, folder.title),
      hasAcl: false,
      canSave: access.onFolder('folders:write', folder.uid),
      canEdit: access.onFolder('folders:write', folder.uid),
      canAdmin: access.onFolder('folders.permissions:write', folder.uid),
      canDelete: access.onFolder('folders:delete', folder.uid),
      createdBy: folder.created_by_login ?? ANONYMOUS,
      created: toIso(folder.created),
      updatedBy: folder.updated_by_login ?? ANONYMOUS,
      updated: toIso(folder.updated),
      version: folder.version,
      ...(folder.parent_uid ? { parentUid: folder.parent_uid, parents } : {}),
    };
  }

  /** The folder as the caller sees it, read after a write committed. */
  async function presentFresh(identity: Identity, uid: string) {
    folders.changed();
    const access = await deps.access(identity);
    return present(await row(identity.orgId, uid), await folders.of(identity.orgId), access);
  }

  function requireCreateIn(access: CallerAccess, parentUid: string): void {
    if (!access.onFolder('folders:create', parentUid)) throw accessDenied(can('folders:create'));
  }

  /** Levels from the root down to and including `uid` ('' is level 0). */
  const levelOf = (tree: FolderTree, uid: string) => (uid === '' ? 0 : tree.ancestors(uid).length + 1);

  return {
    async list(identity: Identity, query: { parentUid: string; limit: number; page: number }) {
      const [access, tree] = await Promise.all([deps.access(identity), folders.of(identity.orgId)]);
      const readable = access.readableFolders();
      const visible = tree
        .childrenOf(query.parentUid)
        .filter((f) => access.canReadFolder(readable, f.uid))
        .sort((a, b) => a.title.localeCompare(b.title) || a.uid.localeCompare(b.uid));
      return visible.slice((query.page - 1) * query.limit, query.page * query.limit).map((f) => ({
        id: f.id,
        uid: f.uid,
        title: f.title,
        ...(f.parentUid ? { parentUid: f.parentUid } : {}),
      }));
    },

    async get(identity: Identity, uid: string) {
      const [found, access] = await Promise.all([row(identity.orgId, uid), deps.access(identity)]);
      return present(found, await folders.of(identity.orgId), access);
    },

    async create(
      identity: Identity,
      input: { uid?: string; title: string; description?: string; parentUid?: string },
    ) {
      const title = input.title.trim();
      if (title === '') throw folderTitleEmpty();
      const uid = input.uid ? input.uid : generateUid();
      validateUid(uid);
      if (uid === GENERAL) throw folderUidTaken();
      const parentUid = input.parentUid ?? '';
      const [access, tree] = await Promise.all([deps.access(identity), folders.of(identity.orgId)]);
      if (parentUid !== '' && !tree.get(parentUid)) throw parentNotFound();
      requireCreateIn(access, parentUid);
      if (levelOf(tree, parentUid) >= MAX_FOLDER_DEPTH) throw maximumDepth();
      if (tree.get(uid)) throw folderUidTaken();
      const now = clock.now();
      // One unit: the title is checked under a lock (two creates cannot both take it), and the
      // folder and its default permissions land together.
      await store
        .transaction(async (trx) => {
          await trx.lockTitles(identity.orgId);
          if (await trx.titleTaken(identity.orgId, parentUid, title, uid)) throw folderTitleTaken();
          await trx.insert({
            org_id: identity.orgId,
            uid,
            title,
            description: input.description ?? '',
            parent_uid: parentUid,
            version: 1,
            created: now,
            updated: now,
            created_by: identity.userId,
            updated_by: identity.userId,
          });
          await deps.resourcePermissions.grantDefaults(
            identity.orgId,
            'folders',
            uid,
            identity.userId > 0 ? identity.userId : null,
            parentUid === '',
          );
        })
        .catch(onUniqueViolation(folderUidTaken));
      return presentFresh(identity, uid);
    },

    async update(
      identity: Identity,
      uid: string,
      input: { title?: string; description?: string; version?: number; overwrite?: boolean },
    ) {
      const found = await row(identity.orgId, uid);
      if (!input.overwrite && input.version !== found.version) throw folderVersionMismatch();
      const title = input.title === undefined ? found.title : input.title.trim();
      if (title === '') throw folderTitleEmpty();
      const updated = await store.transaction(async (trx) => {
        if (title !== found.title) {
          await trx.lockTitles(identity.orgId);
          if (await trx.titleTaken(identity.orgId, found.parent_uid, title, uid)) throw folderTitleTaken();
        }
        return trx.update(identity.orgId, uid, found.version, {
          title,
          description: input.description ?? found.description,
          version: found.version + 1,
          updated: clock.now(),
          updated_by: identity.userId,
        });
      });
      if (!updated) throw folderVersionMismatch();
      return presentFresh(identity, uid);
    },

    async move(identity: Identity, uid: string, parentUid: string) {
      await row(identity.orgId, uid);
      const [access, tree] = await Promise.all([deps.access(identity), folders.of(identity.orgId)]);
      if (parentUid !== '' && !tree.get(parentUid)) throw parentNotFound();
      if (tree.withDescendants([uid]).has(parentUid)) throw circularReference();
      requireCreateIn(access, parentUid);
      if (levelOf(tree, parentUid) + tree.height(uid) > MAX_FOLDER_DEPTH) throw maximumDepth();
      const found = await row(identity.orgId, uid);
      const moved = await store.update(identity.orgId, uid, found.version, {
        parent_uid: parentUid,
        version: found.version + 1,
        updated: clock.now(),
        updated_by: identity.userId,
      });
      if (!moved) throw folderVersionMismatch();
      return presentFresh(identity, uid);
    },

    /** Deletes the folder, its subfolders and every dashboard in them (as Grafana does). */
    async delete(identity: Identity, uid: string, options: { forceDeleteRules?: boolean } = {}) {
      const found = await row(identity.orgId, uid);
      const tree = await folders.of(identity.orgId);
      const subtree = [...tree.withDescendants([uid])];
      const dashboards = await store.dashboardUidsIn(identity.orgId, subtree);
      if (dashboards.some((d) => d.provisioner !== '')) throw folderHasProvisioned();
      const dashboardUids = dashboards.map((d) => d.uid);
      await store.transaction(async (trx) => {
        for (const listener of deps.deleting) {
          await listener(identity.orgId, subtree, options.forceDeleteRules === true);
        }
        await trx.deleteWithDashboards(identity.orgId, subtree);
        await deps.resourcePermissions.deleteResources(identity.orgId, 'folders', subtree);
        await deps.resourcePermissions.deleteResources(identity.orgId, 'dashboards', dashboardUids);
      });
      folders.changed();
      await deps.titles.remove(identity.orgId, dashboardUids);
      return { title: found.title, message: `Folder ${found.title} deleted`, id: found.id };
    },

    /** For the permission routes: the folder must exist in the caller's org. */
    exists: async (orgId: number, uid: string) => (await store.findByUid(orgId, uid)) !== undefined,
  };
}

export type FoldersService = ReturnType<typeof createFoldersService>;
