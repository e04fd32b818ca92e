import { accessDenied } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { isStorableId } from '../../lib/limits.js';
import { toIso } from '../../lib/clock.js';
import { generateUid } from '../../lib/uid.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { can, type PermissionMap } from '../../access/evaluator.js';
import type { ResourcePermissions } from '../rbac/resource-permissions.service.js';
import { diffJson, renderDiff } from './dashboard-diff.js';
import { defaultsForNew, type DefaultGrants } from './default-grants.js';
import { GENERAL, type AccessFactory, type CallerAccess } from './dashboard-access.js';
import {
  dashboardUrl,
  slugify,
  sortTitleOf,
  storedText,
  tagsOf,
  titleOf,
  validateModel,
  type DashboardModel,
} from './dashboard-model.js';
import {
  cannotDeleteProvisioned,
  cannotSaveProvisioned,
  dashboardNotFound,
  identicalVersion,
  nameExists,
  sameUidExists,
  saveFolderNotFound,
  versionMismatch,
  versionNotFound,
} from './dashboards.errors.js';
import type { DashboardHead, DashboardsStore, VersionRow } from './dashboards.store.js';
import { createDashboardMetaMemo } from './dashboard-meta-memo.js';
import type { CachedReadRow, DashboardReadCache } from './dashboard-read-cache.js';
import { folderUrl } from './folders/folder-present.js';
import type { FolderTree, FolderTreeCache } from './folders/folder-tree.js';
import type { TitleIndexCache } from './search/title-index.js';

interface SaveInput {
  dashboard: DashboardModel;
  folderUid?: string;
  /** Grafana compat: the deprecated numeric folder id, used when `folderUid` is empty; 0 is General */
  folderId?: number;
  message?: string;
  overwrite?: boolean;
}

interface SaveResult {
  id: number;
  slug: string;
  status: 'success';
  uid: string;
  url: string;
  version: number;
  folderUid: string;
}

/** What file provisioning passes to a save: the provider, the file and its checksum. */
interface ProvisioningSource {
  provisioner: string;
  externalId: string;
  checksum: string;
  allowUiUpdates: boolean;
}

interface DiffSide {
  dashboardUid: string;
  version: number;
  unsavedDashboard?: object;
}

function folderUidOf(input: SaveInput, tree: FolderTree): string {
  if (input.folderUid) return input.folderUid === GENERAL ? '' : input.folderUid;
  if (!input.folderId) return '';
  for (const node of tree.byUid.values()) if (node.id === input.folderId) return node.uid;
  throw saveFolderNotFound();
}

/** The columns of `next` whose value differs from `stored`'s. */
function changedColumns<T extends Record<string, unknown>>(
  stored: Record<string, unknown>,
  next: T,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(next).filter(([column, value]) => stored[column] !== value),
  ) as Partial<T>;
}

/** A save that lost a race: retried when overwriting, else Grafana's version mismatch. */
class ConcurrentSave extends Error {}

/** A dashboard just written by a save, told to listeners inside the save's unit of work. */
export interface SavedDashboard {
  orgId: number;
  id: number;
  uid: string;
  folderUid: string;
  model: DashboardModel;
  userId: number;
}
export type DashboardSavedListener = (saved: SavedDashboard) => Promise<void>;
/**
 * Creates the library panels of an imported dashboard's `__elements` (uid -> element) that the
 * org lacks, in the dashboard's folder; inside the import's unit of work, so throwing refuses it.
 */
export type LibraryElementsImporter = (
  identity: Identity,
  elements: Record<string, unknown>,
  folder: { folderUid?: string; folderId?: number },
) => Promise<void>;

const ANONYMOUS = 'Anonymous';
const CLOSING_BRACE = Buffer.from('}');
const SAVE_ATTEMPTS = 5;

/** GET /api/dashboards/uid's `meta`: what the caller may do with the dashboard, and where it lives. */
async function readMeta(identity: Identity, access: CallerAccess, row: CachedReadRow, isStarred: boolean) {
  const folder = row.folder_uid ? access.tree.get(row.folder_uid) : undefined;
  // one question to the per-resource index answers every flag below
  const on = async (action: string) => access.onDashboard(action, row);
  const canSave = await on('dashboards:write');
  const annotation = async (action: string, type: string) =>
    access.has(action, [`annotations:type:${type}`]) || (type === 'dashboard' && (await on(action)));
  return {
    type: 'db',
    canSave,
    canEdit: canSave,
    canAdmin: await on('dashboards.permissions:write'),
    canStar: identity.kind === 'user',
    canDelete: await on('dashboards:delete'),
    slug: row.slug,
    url: dashboardUrl(row.uid, row.slug),
    expires: '0001-01-01T00:00:00Z',
    created: toIso(row.created),
    updated: toIso(row.updated),
    updatedBy: row.updated_by_login ?? ANONYMOUS,
    createdBy: row.created_by_login ?? ANONYMOUS,
    version: row.version,
    hasAcl: false,
    isFolder: false,
    folderId: folder?.id ?? 0,
    folderUid: row.folder_uid,
    folderTitle: folder?.title ?? 'General',
    folderUrl: folder ? folderUrl(folder.uid, folder.title) : '',
    provisioned: row.provisioner !== '',
    provisionedExternalId: row.provisioned_external_id,
    annotationsPermissions: {
      dashboard: {
        canAdd: await annotation('annotations:create', 'dashboard'),
        canEdit: await annotation('annotations:write', 'dashboard'),
        canDelete: await annotation('annotations:delete', 'dashboard'),
      },
      organization: {
        canAdd: await annotation('annotations:create', 'organization'),
        canEdit: await annotation('annotations:write', 'organization'),
        canDelete: await annotation('annotations:delete', 'organization'),
      },
    },
    publicDashboardEnabled: false,
    isStarred,
  };
}

export function createDashboardsService(deps: {
  store: DashboardsStore;
  /** search's title index, told about every committed write */
  titles: TitleIndexCache;
  folders: FolderTreeCache;
  access: AccessFactory;
  /** the caller's permissions when cached now (the authorizer's), for GET's path without a promise */
  cachedPermissionsOf: (identity: Identity) => PermissionMap | undefined;
  /** the rows and stars GET reads, cached */
  reads: DashboardReadCache;
  resourcePermissions: ResourcePermissions;
  clock: Clock;
  versionsToKeep: number;
  /** run inside every save's unit of work, after the row is written (library panel connections) */
  saved?: DashboardSavedListener[];
}) {
  const { store, folders, clock } = deps;
  const metaMemo = createDashboardMetaMemo();

  async function head(orgId: number, uid: string): Promise<DashboardHead> {
    const found = await store.headByUid(orgId, uid);
    if (!found) throw dashboardNotFound();
    return found;
  }

  async function requireOnDashboard(access: CallerAccess, action: string, row: DashboardHead): Promise<void> {
    if (!(await access.onDashboard(action, row))) throw accessDenied(can(action));
  }

  /** One attempt at a save; throws ConcurrentSave when another writer got in between. */
  async function attemptSave(
    identity: Identity,
    access: CallerAccess | undefined,
    input: SaveInput,
    extra: { restoredFrom?: number; provisioning?: ProvisioningSource },
  ): Promise<{ result: SaveResult; created: boolean }> {
    const model = input.dashboard;
    const orgId = identity.orgId;
    const tree = await folders.of(orgId);
    const folderUid = folderUidOf(input, tree);
    if (folderUid !== '' && !tree.get(folderUid)) throw saveFolderNotFound();
    const title = titleOf(model);
    const requestedUid = typeof model.uid === 'string' && model.uid !== '' ? model.uid : undefined;
    const requestedId = typeof model.id === 'number' && model.id > 0 ? model.id : undefined;

    let existing = requestedUid ? await store.headByUid(orgId, requestedUid) : undefined;
    if (!existing && requestedId !== undefined) {
      // An id the column cannot hold names no dashboard.
      const byId = isStorableId(requestedId) ? await store.headById(orgId, requestedId) : undefined;
      if (byId && requestedUid) throw sameUidExists();
      if (!byId && !requestedUid) throw dashboardNotFound();
      existing = byId;
    }
    if (existing && requestedId !== undefined && existing.id !== requestedId && !input.overwrite) {
      throw sameUidExists();
    }

    if (access) {
      if (existing) {
        await requireOnDashboard(access, 'dashboards:write', existing);
        if (existing.folder_uid !== folderUid && !access.onFolder('dashboards:create', folderUid)) {
          throw accessDenied(can('dashboards:create'));
        }
      } else if (!access.onFolder('dashboards:create', folderUid)) {
        throw accessDenied(can('dashboards:create'));
      }
    }
    if (existing?.provisioner && !existing.allow_ui_updates && !extra.provisioning)
      throw cannotSaveProvisioned();
    if (!input.overwrite && existing && model.version !== existing.version) throw versionMismatch();
    // A new title in a folder is checked under a lock, so two saves cannot both take it.
    const claimsTitle = !existing || existing.title !== title || existing.folder_uid !== folderUid;

    const now = clock.now();
    const slug = slugify(title);
    const sortTitle = sortTitleOf(title);
    const provisioning = extra.provisioning
      ? {
          provisioner: extra.provisioning.provisioner,
          provisioned_external_id: extra.provisioning.externalId,
          provisioned_checksum: extra.provisioning.checksum,
          allow_ui_updates: extra.provisioning.allowUiUpdates ? 1 : 0,
        }
      : {};
    const userId = identity.userId;
    const savedUid = existing?.uid ?? requestedUid ?? generateUid();
    // the unit's writes to `dashboard` are this dashboard's row alone: other cached rows stay
    const saved = await deps.reads
      .writingRows(orgId, [savedUid], () =>
        store.transaction(async (trx, afterCommit) => {
          if (!input.overwrite) {
            if (claimsTitle) await trx.lockTitles(orgId);
            if (await trx.sameTitle(orgId, folderUid, title, existing?.uid ?? requestedUid ?? ''))
              throw nameExists();
          }
          let id: number;
          let uid: string;
          let version: number;
          // read inside the unit (with the row lock): setting the dashboard's permissions may have just cleared them
          let defaults: DefaultGrants = { created_by: userId, ...defaultsForNew(userId, folderUid) };
          if (existing) {
            id = existing.id;
            uid = existing.uid;
            // Overwrites queue on the row lock; other saves only move on from the version they read.
            const locked = await trx.lockForSave(orgId, id);
            if (!locked || (!input.overwrite && locked.version !== existing.version))
              throw new ConcurrentSave();
            version = locked.version + 1;
            defaults = {
              created_by: locked.created_by,
              default_creator_admin: locked.default_creator_admin,
              default_role_grants: locked.default_role_grants,
            };
            const data = storedText(model, { id, uid, version });
            const head = { title, sort_title: sortTitle, slug, folder_uid: folderUid };
            const written = await trx.writeVersion(orgId, id, locked.version, {
              // While the row is still the one read, unchanged head columns are left out: SQLite
              // rewrites the index entries of every column set (a sixth of a save's SQL time).
              ...(locked.version === existing.version ? changedColumns(existing, head) : head),
              updated: now,
              updated_by: userId,
              data,
              ...provisioning,
            });
            if (!written) throw new ConcurrentSave();
            await trx.insertVersion({
              dashboard_id: id,
              version,
              parent_version: version - 1,
              restored_from: extra.restoredFrom ?? 0,
              created: now,
              created_by: userId,
              message: input.message ?? '',
              data,
            });
            await trx.pruneVersions(id, version, deps.versionsToKeep);
          } else {
            uid = savedUid;
            version = 1;
            id = await trx.insert({
              org_id: orgId,
              uid,
              title,
              sort_title: sortTitle,
              slug,
              folder_uid: folderUid,
              version,
              data: '',
              created: now,
              updated: now,
              created_by: userId,
              updated_by: userId,
              provisioner: '',
              provisioned_external_id: '',
              provisioned_checksum: '',
              allow_ui_updates: 0,
              ...defaultsForNew(userId, folderUid),
              ...provisioning,
            });
            const data = storedText(model, { id, uid, version });
            await trx.setData(id, data);
            await trx.insertVersion({
              dashboard_id: id,
              version,
              parent_version: 0,
              restored_from: 0,
              created: now,
              created_by: userId,
              message: input.message ?? '',
              data,
            });
          }
          await trx.setTags(orgId, id, tagsOf(model));
          for (const listener of deps.saved ?? [])
            await listener({ orgId, id, uid, folderUid, model, userId });
          // Fields written out in the order search.store.ts loads them: one hidden class for every
          // entry, all properties inside the object (a spread left 100 000 entries with a
          // property array each, and an overwrite's `version` in the index).
          afterCommit(() =>
            deps.titles.upsert(orgId, {
              id,
              uid,
              title,
              folderUid,
              tags: tagsOf(model),
              created_by: defaults.created_by,
              default_creator_admin: defaults.default_creator_admin,
              default_role_grants: defaults.default_role_grants,
            }),
          );
          return { id, uid, version };
        }),
      )
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new ConcurrentSave();
        throw err;
      });

    return {
      created: !existing,
      result: {
        id: saved.id,
        slug,
        status: 'success',
        uid: saved.uid,
        url: dashboardUrl(saved.uid, slug),
        version: saved.version,
        folderUid,
      },
    };
  }

  async function save(
    identity: Identity,
    input: SaveInput,
    extra: { restoredFrom?: number; provisioning?: ProvisioningSource; skipAccess?: boolean } = {},
  ): Promise<SaveResult> {
    validateModel(input.dashboard, input.message);
    const access = extra.skipAccess ? undefined : await deps.access(identity);
    for (let attempt = 1; ; attempt++) {
      try {
        const { result } = await attemptSave(identity, access, input, extra);
        return result;
      } catch (err) {
        if (!(err instanceof ConcurrentSave)) throw err;
        // Grafana compat: without overwrite a lost race is the same 412 as a stale version.
        if (!input.overwrite || attempt >= SAVE_ATTEMPTS) throw versionMismatch();
      }
    }
  }

  function presentVersion(row: VersionRow, uid: string) {
    let message = row.message;
    // Grafana compat: versions without a message say how they came to be.
    if (!message && row.restored_from > 0) message = `Restored from version ${row.restored_from}`;
    else if (!message && row.parent_version === 0) message = 'Initial save';
    return {
      id: row.id,
      dashboardId: row.dashboard_id,
      dashboardUid: uid,
      uid,
      parentVersion: row.parent_version,
      restoredFrom: row.restored_from,
      version: row.version,
      created: toIso(row.created),
      createdBy: row.created_by_login ?? ANONYMOUS,
      message,
    };
  }

  return {
    save,

    /**
     * getJson's answer when all it is made of is cached: the row, the caller's stars, permissions
     * and folder tree, and the meta computed from them. No I/O and no promise: each await on this
     * path cost about a microsecond per request. undefined: ask getJson.
     */
    getJsonNow(identity: Identity, uid: string): Buffer | undefined {
      const row = deps.reads.rowNow(identity.orgId, uid);
      const held = deps.cachedPermissionsOf(identity);
      const tree = folders.loadedNow(identity.orgId);
      if (!row || !held || !tree) return undefined;
      // a service account stars nothing
      const isStarred =
        identity.kind === 'user' ? deps.reads.isStarredNow(identity.userId, identity.orgId, row.id) : false;
      if (isStarred === undefined) return undefined;
      const head = metaMemo.find(identity, { row, held, tree, isStarred });
      return head && Buffer.concat([head, row.data, CLOSING_BRACE]);
    },

    /** `{"meta":…,"dashboard":<stored text>}` as bytes, without parsing the stored model. */
    async getJson(identity: Identity, uid: string): Promise<Buffer> {
      const row = await deps.reads.row(identity.orgId, uid);
      if (!row) throw dashboardNotFound();
      // a service account stars nothing
      const isStarred =
        identity.kind === 'user' && (await deps.reads.isStarred(identity.userId, identity.orgId, row.id));
      const access = await deps.access(identity);
      const inputs = { row, held: access.held, tree: access.tree, isStarred };
      let head = metaMemo.find(identity, inputs);
      if (head === undefined) {
        head = Buffer.from(
          `{"meta":${JSON.stringify(await readMeta(identity, access, row, isStarred))},"dashboard":`,
        );
        if (!access.askedResourceIndex) metaMemo.remember(identity, inputs, head);
      }
      return Buffer.concat([head, row.data, CLOSING_BRACE]);
    },

    async delete(identity: Identity, uid: string): Promise<{ title: string; message: string; uid: string }> {
      const row = await head(identity.orgId, uid);
      if (row.provisioner) throw cannotDeleteProvisioned();
      await deps.reads.writingRows(identity.orgId, [row.uid], () =>
        store.transaction(async (trx, afterCommit) => {
          await trx.delete(identity.orgId, row.id);
          await deps.resourcePermissions.deleteResources(identity.orgId, 'dashboards', [row.uid]);
          afterCommit(() => deps.titles.remove(identity.orgId, [row.uid]));
        }),
      );
      return { title: row.title, message: `Dashboard ${row.title} deleted`, uid: row.uid };
    },

    async versions(identity: Identity, uid: string, page: { limit: number; start: number }) {
      const row = await head(identity.orgId, uid);
      const rows = await store.versions(row.id, page);
      return rows.map((v) => presentVersion(v, row.uid));
    },

    /** One version with its model, as JSON text (the model is sent as stored). */
    async versionJson(identity: Identity, uid: string, version: number): Promise<string> {
      const row = await head(identity.orgId, uid);
      const found = await store.version(row.id, version);
      if (!found) throw versionNotFound(version, row.id);
      const meta = JSON.stringify(presentVersion(found, row.uid));
      return `${meta.slice(0, -1)},"data":${found.data}}`;
    },

    async restore(identity: Identity, uid: string, version: number): Promise<SaveResult> {
      const row = await head(identity.orgId, uid);
      const access = await deps.access(identity);
      await requireOnDashboard(access, 'dashboards:write', row);
      const [target, current] = await Promise.all([
        store.version(row.id, version),
        store.findByUid(identity.orgId, uid),
      ]);
      if (!target || !current) throw versionNotFound(version, row.id);
      const model = JSON.parse(target.data) as DashboardModel;
      const withoutVersion = (text: string) =>
        JSON.stringify({ ...(JSON.parse(text) as object), version: 0 });
      if (withoutVersion(target.data) === withoutVersion(current.data)) throw identicalVersion();
      return save(
        identity,
        {
          dashboard: { ...model, version: row.version },
          folderUid: row.folder_uid,
          message: `Restored from version ${version}`,
          overwrite: true,
        },
        { restoredFrom: version },
      );
    },

    /** Grafana's calculate-diff: two versions (or an unsaved model) compared, as HTML. */
    async diff(
      identity: Identity,
      sides: { base: DiffSide; new: DiffSide },
      type: 'basic' | 'json',
    ): Promise<string> {
      const access = await deps.access(identity);
      const load = async (side: DiffSide): Promise<unknown> => {
        const row = await head(identity.orgId, side.dashboardUid);
        await requireOnDashboard(access, 'dashboards:read', row);
        if (side.unsavedDashboard) return side.unsavedDashboard;
        const found = await store.version(row.id, side.version);
        if (!found) throw versionNotFound(side.version, row.id);
        return JSON.parse(found.data) as unknown;
      };
      const [before, after] = await Promise.all([load(sides.base), load(sides.new)]);
      return renderDiff(diffJson(before, after), type);
    },

    tags: (orgId: number) => store.tagCounts(orgId),

    async star(identity: Identity, uid: string): Promise<void> {
      const row = await head(identity.orgId, uid);
      if (await store.isStarred(identity.userId, row.id)) return;
      await store.star(identity.userId, identity.orgId, row.id, clock.now()).catch((err: unknown) => {
        if (!isUniqueViolation(err)) throw err;
      });
    },

    async unstar(identity: Identity, uid: string): Promise<void> {
      const row = await head(identity.orgId, uid);
      await store.unstar(identity.userId, row.id);
    },

    stars: (identity: Identity) => store.starredUids(identity.userId, identity.orgId),

    /** For preferences: home dashboard ids and uids. */
    lookup: {
      uidOfId: async (orgId: number, id: number) => (await store.headById(orgId, id))?.uid,
      idOfUid: async (orgId: number, uid: string) => (await store.headByUid(orgId, uid))?.id,
    },

    headByUid: (orgId: number, uid: string) => store.headByUid(orgId, uid),
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
