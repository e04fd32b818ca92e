import { accessDenied } from '../../access/authorizer.js';
import { can } from '../../access/evaluator.js';
import type { Identity } from '../../access/identity.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { LIMITS } from '../../lib/limits.js';
import { generateUid, isValidUid } from '../../lib/uid.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { UnitOfWork } from '../../store/transaction.js';
import { GENERAL } from '../dashboards/dashboard-access.js';
import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';
import type { SavedDashboard } from '../dashboards/dashboards.service.js';
import type { FolderTree } from '../dashboards/folders/folder-tree.js';
import {
  elementExists,
  elementNotFound,
  folderHasConnected,
  folderNotFound,
  hasConnections,
  invalidImportedElement,
  invalidUid,
  uidTooLong,
  unsupportedKind,
  versionMismatch,
} from './library-panels.errors.js';
import type {
  ConnectionDto,
  CreateElementBody,
  ElementDto,
  ElementSearchResponse,
  ListElementsQuery,
  PatchElementBody,
} from './library-panels.schema.js';
import type { ElementWithMeta, LibraryPanelsStore } from './library-panels.store.js';

/** Only library panels: Grafana's library variables (kind 2) are gone from its current API. */
const PANEL = 1;
const DEFAULT_PER_PAGE = 100;
const MAX_PER_PAGE = 1000;

type Model = Record<string, unknown>;

/** Grafana's checks of a uid given by the caller, with its messages. */
function checkedUid(uid: string): string {
  if ([...uid].length > LIMITS.uid) throw uidTooLong();
  if (!isValidUid(uid)) throw invalidUid();
  return uid;
}

/**
 * Grafana compat: the element's `type` and `description` come from the model, and the model gets
 * them when it lacks them, so both always agree.
 */
function synced(model: Model, current: { type: string; description: string }) {
  const type = typeof model.type === 'string' ? model.type : current.type;
  const description = typeof model.description === 'string' ? model.description : current.description;
  return { model: { ...model, type, description }, type, description };
}

/** Every `libraryPanel.uid` of a dashboard model, rows' collapsed panels included. */
function libraryPanelUids(model: Model): string[] {
  const uids = new Set<string>();
  const walk = (panels: unknown) => {
    if (!Array.isArray(panels)) return;
    for (const panel of panels as unknown[]) {
      if (!panel || typeof panel !== 'object') continue;
      const { libraryPanel, panels: nested } = panel as { libraryPanel?: unknown; panels?: unknown };
      const uid = (libraryPanel as { uid?: unknown } | null | undefined)?.uid;
      if (typeof uid === 'string' && isValidUid(uid)) uids.add(uid);
      walk(nested);
    }
  };
  walk(model.panels);
  return [...uids];
}

/** An `__elements` entry as Grafana exports it (`{name, uid, kind, model}`), checked. */
function importedElement(key: string, value: unknown): CreateElementBody & { uid: string } {
  const invalid = (problem: string) => invalidImportedElement(`__elements.${key}: ${problem}`);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('must be an object');
  const { name, uid, kind, model } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name === '') throw invalid('name is required');
  if ([...name].length > LIMITS.libraryElement.name)
    throw invalid(`name is longer than ${LIMITS.libraryElement.name} characters`);
  if (!model || typeof model !== 'object' || Array.isArray(model)) throw invalid('model must be an object');
  if (kind !== undefined && kind !== PANEL) throw invalid('only library panels (kind 1) can be imported');
  const elementUid = uid === undefined ? key : uid;
  if (typeof elementUid !== 'string' || elementUid === '') throw invalid('uid must be a string');
  return { name, uid: checkedUid(elementUid), kind: PANEL, model };
}

const user = (id: number, login: string | null, email: string | null) => ({
  avatarUrl: avatarUrl(email ?? ''),
  id,
  name: login ?? '',
});

/**
 * Library panels: panel models kept once and used by many dashboards. An element lives in a
 * folder ('' the General folder) and its access follows that folder's `library.panels:*` grants.
 */
export function createLibraryPanelsService(deps: {
  store: LibraryPanelsStore;
  dashboards: Pick<DashboardsLookup, 'access' | 'folderTree'>;
  unitOfWork: UnitOfWork;
  clock: Clock;
}) {
  const { store, dashboards, clock } = deps;

  function present(row: ElementWithMeta, tree: FolderTree): ElementDto {
    const folder = row.folder_uid ? tree.get(row.folder_uid) : undefined;
    const model = JSON.parse(row.model) as Model;
    // Grafana compat: a model that names its library panel names this one.
    const libraryPanel = model.libraryPanel as Model | undefined;
    if (libraryPanel && typeof libraryPanel === 'object' && 'uid' in libraryPanel) {
      model.libraryPanel = { ...libraryPanel, uid: row.uid };
    }
    return {
      id: row.id,
      orgId: row.org_id,
      folderId: folder?.id ?? 0,
      folderUid: row.folder_uid,
      uid: row.uid,
      name: row.name,
      kind: row.kind,
      type: row.type,
      description: row.description,
      model,
      version: row.version,
      meta: {
        folderName: folder?.title ?? 'General',
        folderUid: row.folder_uid,
        connectedDashboards: row.connected,
        created: toIso(row.created),
        updated: toIso(row.updated),
        createdBy: user(row.created_by, row.created_by_login, row.created_by_email),
        updatedBy: user(row.updated_by, row.updated_by_login, row.updated_by_email),
      },
    };
  }

  /** The element, when the caller holds `action` on its folder: else 404, or 403. */
  async function found(identity: Identity, uid: string, action: string): Promise<ElementWithMeta> {
    const row = await store.byUid(identity.orgId, uid);
    if (!row) throw elementNotFound();
    await requireOnFolder(identity, action, row.folder_uid);
    return row;
  }

  async function presentRow(orgId: number, row: ElementWithMeta): Promise<{ result: ElementDto }> {
    return { result: present(row, await dashboards.folderTree(orgId, row.folder_uid || undefined)) };
  }

  async function presentOne(orgId: number, uid: string): Promise<{ result: ElementDto }> {
    const row = await store.byUid(orgId, uid);
    if (!row) throw elementNotFound();
    return presentRow(orgId, row);
  }

  /** The folder a body names: folderUid first ('' General), else the legacy folderId; undefined: none. */
  async function folderOf(
    orgId: number,
    body: { folderUid?: string | null; folderId?: number },
  ): Promise<string | undefined> {
    if (typeof body.folderUid === 'string') {
      const uid = body.folderUid === GENERAL ? '' : body.folderUid;
      if (uid && !(await dashboards.folderTree(orgId, uid)).get(uid)) throw folderNotFound();
      return uid;
    }
    if (body.folderId === undefined || body.folderId < 0) return undefined;
    if (body.folderId === 0) return '';
    for (const node of (await dashboards.folderTree(orgId)).byUid.values()) {
      if (node.id === body.folderId) return node.uid;
    }
    throw folderNotFound();
  }

  async function requireOnFolder(identity: Identity, action: string, folderUid: string): Promise<void> {
    if (!(await dashboards.access(identity)).onFolder(action, folderUid)) {
      throw accessDenied(can(action, `folders:uid:${folderUid || GENERAL}`));
    }
  }

  const taken = (err: unknown): never => {
    throw isUniqueViolation(err) ? elementExists() : err;
  };

  const service = {
    async create(identity: Identity, body: CreateElementBody) {
      if (body.kind !== PANEL) throw unsupportedKind();
      const uid = body.uid ? checkedUid(body.uid) : generateUid();
      const folderUid = (await folderOf(identity.orgId, body)) ?? '';
      await requireOnFolder(identity, 'library.panels:create', folderUid);
      const now = clock.now();
      const { model, type, description } = synced(body.model, { type: '', description: '' });
      await store
        .insert({
          org_id: identity.orgId,
          uid,
          folder_uid: folderUid,
          name: body.name,
          kind: PANEL,
          type,
          description,
          model: JSON.stringify(model),
          version: 1,
          created: now,
          created_by: identity.userId,
          updated: now,
          updated_by: identity.userId,
        })
        .catch(taken);
      return presentOne(identity.orgId, uid);
    },

    async get(identity: Identity, uid: string) {
      return presentRow(identity.orgId, await found(identity, uid, 'library.panels:read'));
    },

    /** Grafana compat: every element of that name (one per folder) the caller may read; 404 for none. */
    async byName(identity: Identity, name: string): Promise<{ result: ElementDto[] }> {
      const rows = await store.byName(identity.orgId, name);
      if (!rows.length) throw elementNotFound();
      const [access, tree] = await Promise.all([
        dashboards.access(identity),
        dashboards.folderTree(identity.orgId),
      ]);
      return {
        result: rows
          .filter((row) => access.onFolder('library.panels:read', row.folder_uid))
          .map((row) => present(row, tree)),
      };
    },

    /**
     * Grafana's search: name or description containing the search string (any case), kinds,
     * types and folders, sorted by name, paged; only elements the caller may read, and
     * `totalCount` counts those.
     */
    async list(identity: Identity, query: ListElementsQuery): Promise<ElementSearchResponse> {
      const perPage =
        query.perPage && query.perPage > 0 ? Math.min(query.perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE;
      const page = query.page && query.page > 0 ? query.page : 1;
      const items = (text: string | undefined) =>
        text === undefined ? undefined : text.split(',').map((item) => item.trim());
      const types = items(query.typeFilter)?.filter((t) => t !== '');
      const folderUids = items(query.folderFilterUIDs)?.map((uid) => (uid === GENERAL ? '' : uid));
      const [heads, access, tree] = await Promise.all([
        store.heads(identity.orgId, {
          kind: query.kind || undefined,
          types,
          folderUids,
          excludeUid: query.excludeUid,
        }),
        dashboards.access(identity),
        dashboards.folderTree(identity.orgId),
      ]);
      const needle = (query.searchString ?? '').toLowerCase();
      const visible = heads.filter(
        (head) =>
          (needle === '' ||
            head.name.toLowerCase().includes(needle) ||
            head.description.toLowerCase().includes(needle)) &&
          access.onFolder('library.panels:read', head.folder_uid),
      );
      const direction = query.sortDirection === 'alpha-desc' ? -1 : 1;
      visible.sort((a, b) => {
        const byName =
          a.name.toLowerCase() < b.name.toLowerCase()
            ? -1
            : a.name.toLowerCase() > b.name.toLowerCase()
              ? 1
              : 0;
        return direction * (byName || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
      });
      const slice = visible.slice((page - 1) * perPage, page * perPage);
      const rows = new Map(
        (
          await store.byIds(
            identity.orgId,
            slice.map((h) => h.id),
          )
        ).map((r) => [r.id, r]),
      );
      const elements = slice.flatMap((head) => {
        const row = rows.get(head.id);
        return row ? [present(row, tree)] : [];
      });
      return { result: { totalCount: visible.length, elements, perPage, page } };
    },

    async patch(identity: Identity, uid: string, body: PatchElementBody) {
      if (body.kind !== PANEL) throw unsupportedKind();
      const row = await found(identity, uid, 'library.panels:write');
      if (row.version !== body.version) throw versionMismatch();
      const newUid = body.uid && body.uid !== uid ? checkedUid(body.uid) : uid;
      const folderUid = (await folderOf(identity.orgId, body)) ?? row.folder_uid;
      if (folderUid !== row.folder_uid) await requireOnFolder(identity, 'library.panels:create', folderUid);
      const { model, type, description } = synced(body.model ?? (JSON.parse(row.model) as Model), {
        type: row.type,
        description: row.description,
      });
      const updated = await store
        .update(identity.orgId, row.id, row.version, {
          uid: newUid,
          folder_uid: folderUid,
          name: body.name || row.name,
          type,
          description,
          model: JSON.stringify(model),
          version: row.version + 1,
          updated: clock.now(),
          updated_by: identity.userId,
        })
        .catch(taken);
      if (!updated) throw versionMismatch();
      return presentOne(identity.orgId, newUid);
    },

    /** Grafana compat: refused (403) while any dashboard uses it. */
    async delete(identity: Identity, uid: string): Promise<{ id: number; message: string }> {
      const row = await found(identity, uid, 'library.panels:delete');
      await deps.unitOfWork(async () => {
        if ((await store.connectionCount(identity.orgId, row.id)) > 0) throw hasConnections();
        if (!(await store.delete(identity.orgId, row.id))) throw elementNotFound();
      });
      return { id: row.id, message: 'Library element deleted' };
    },

    /** The dashboards using an element, those the caller may read. */
    async connections(identity: Identity, uid: string): Promise<{ result: ConnectionDto[] }> {
      const row = await found(identity, uid, 'library.panels:read');
      const [connections, access] = await Promise.all([
        store.connections(identity.orgId, row.id),
        dashboards.access(identity),
      ]);
      const readable = await Promise.all(
        connections.map((c) =>
          access.onDashboard('dashboards:read', {
            uid: c.dashboard_uid,
            folder_uid: c.folder_uid,
            created_by: c.dashboard_created_by,
            default_creator_admin: c.default_creator_admin,
            default_role_grants: c.default_role_grants,
          }),
        ),
      );
      return {
        result: connections
          .filter((_, i) => readable[i])
          .map((c) => ({
            id: c.id,
            kind: c.kind,
            elementId: c.element_id,
            connectionId: c.dashboard_id,
            connectionUid: c.dashboard_uid,
            created: toIso(c.created),
            createdBy: user(c.created_by, c.created_by_login, c.created_by_email),
          })),
      };
    },

    /** A dashboard was saved: its connections become the library panels its model names. */
    dashboardSaved: (saved: SavedDashboard) =>
      store.setDashboardConnections(saved.orgId, saved.id, libraryPanelUids(saved.model), {
        now: clock.now(),
        userId: saved.userId,
      }),

    /**
     * Folders are being deleted (with their dashboards): refused while a dashboard elsewhere uses
     * one of their elements; otherwise their elements go with them.
     */
    async foldersDeleting(orgId: number, folderUids: string[]): Promise<void> {
      if ((await store.connectedFromOutside(orgId, folderUids)) > 0) throw folderHasConnected();
      await store.deleteInFolders(orgId, folderUids);
    },

    /**
     * Grafana's import of a dashboard's `__elements`: each element the org lacks (by uid) is
     * created in the dashboard's folder, with the caller's `library.panels:create` there; one it
     * has is left as it is.
     */
    async importElements(
      identity: Identity,
      elements: Record<string, unknown>,
      folder: { folderUid?: string; folderId?: number },
    ): Promise<void> {
      for (const [key, value] of Object.entries(elements)) {
        const element = importedElement(key, value);
        if (await store.byUid(identity.orgId, element.uid)) continue;
        await service.create(identity, { ...element, ...folder });
      }
    },
  };
  return service;
}

export type LibraryPanelsService = ReturnType<typeof createLibraryPanelsService>;
