import type { AccessFactory } from './dashboard-access.js';
import type { DashboardSavedListener, LibraryElementsImporter } from './dashboards.service.js';
import type { DashboardsStore } from './dashboards.store.js';
import type { FolderTree } from './folders/folder-tree.js';
import type { FolderDeletionListener } from './folders/folders.service.js';

/**
 * The dashboards feature's face to its siblings (annotations, snapshots, library panels,
 * preferences, alert rules): caller access, dashboard heads, uid <-> id, folders, and the
 * onFoldersDeleting / onDashboardSaved listeners.
 */
export interface DashboardsLookup {
  access: AccessFactory;
  headByUid: DashboardsStore['headByUid'];
  headById: DashboardsStore['headById'];
  /** a dashboard's id from its uid in an org, and back (preferences keep uids, clients send ids) */
  idOfUid(orgId: number, uid: string): Promise<number | undefined>;
  uidOfId(orgId: number, id: number): Promise<string | undefined>;
  /** a folder of the org (alert rules live in folders) */
  folderByUid(orgId: number, uid: string): Promise<FolderRef | undefined>;
  /** a folder at the root found by its title (file provisioning may name folders by title) */
  rootFolderByTitle(orgId: number, title: string): Promise<FolderRef | undefined>;
  /** the titles from the root down to the folder itself, or undefined when it does not exist */
  folderPath(orgId: number, uid: string): Promise<string[] | undefined>;
  /** asked inside a folder delete's unit of work (the folder and its descendants): throw to refuse */
  onFoldersDeleting(listener: FolderDeletionListener): void;
  /** the org's folders: the cached tree, read afresh when it lacks `mustHave` (created elsewhere) */
  folderTree(orgId: number, mustHave?: string): Promise<FolderTree>;
  /** told inside every dashboard save's unit of work (API, import, restore, provisioning) */
  onDashboardSaved(listener: DashboardSavedListener): void;
  /** asked by `POST /api/dashboards/import` to create the library panels of `__elements` */
  onImportingLibraryElements(importer: LibraryElementsImporter): void;
}

export interface FolderRef {
  uid: string;
  title: string;
  /** '' at the root */
  parentUid: string;
}
