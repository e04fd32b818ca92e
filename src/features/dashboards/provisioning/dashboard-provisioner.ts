import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '../../../access/identity.js';
import type { Clock } from '../../../lib/clock.js';
import { charLength, LIMITS } from '../../../lib/limits.js';
import { generateUid } from '../../../lib/uid.js';
import type { ResourcePermissions } from '../../rbac/resource-permissions.service.js';
import type { DashboardModel } from '../dashboard-model.js';
import type { DashboardsService } from '../dashboards.service.js';
import type { DashboardsStore } from '../dashboards.store.js';
import type { FolderTreeCache } from '../folders/folder-tree.js';
import { MAX_FOLDER_DEPTH } from '../folders/folders.service.js';
import type { FoldersStore } from '../folders/folders.store.js';
import type { TitleIndexCache } from '../search/title-index.js';
import type { DashboardProvider } from './providers.js';

/** Provisioned writes act as nobody in particular, with every permission. */
const systemIdentity = (orgId: number): Identity => ({
  kind: 'user',
  userId: 0,
  uid: '',
  login: 'provisioning',
  email: '',
  name: 'provisioning',
  orgId,
  orgRole: 'Admin',
  isServerAdmin: false,
  authMethod: 'token',
});

async function jsonFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.json'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Applies one provider: its folder(s), every dashboard JSON file under its path (unchanged files
 * are skipped by checksum), and deletion of dashboards whose file went away. A bad file is logged
 * with its path and skipped.
 */
export function createDashboardProvisioner(deps: {
  dashboards: DashboardsService;
  titles: TitleIndexCache;
  store: DashboardsStore;
  foldersStore: FoldersStore;
  folders: FolderTreeCache;
  resourcePermissions: ResourcePermissions;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const { logger } = deps;

  /** The uid of a folder titled `title` under `parentUid`, created when missing. */
  async function ensureFolder(orgId: number, title: string, uid: string, parentUid: string): Promise<string> {
    const tree = await deps.folders.of(orgId);
    const existing = uid
      ? tree.get(uid)
      : tree.childrenOf(parentUid).find((f) => f.title.toLowerCase() === title.toLowerCase());
    if (existing) return existing.uid;
    // A directory name can be longer than a folder title may be.
    if (charLength(title) > LIMITS.folder.title)
      throw new Error(`folder title "${title}" has more than ${LIMITS.folder.title} characters`);
    const newUid = uid || generateUid();
    const now = deps.clock.now();
    await deps.foldersStore.insert({
      org_id: orgId,
      uid: newUid,
      title: title || newUid,
      description: '',
      parent_uid: parentUid,
      version: 1,
      created: now,
      updated: now,
      created_by: 0,
      updated_by: 0,
    });
    deps.folders.changed();
    await deps.resourcePermissions.grantDefaults(orgId, 'folders', newUid, null, parentUid === '');
    return newUid;
  }

  async function folderFor(provider: DashboardProvider, file: string): Promise<string> {
    if (provider.foldersFromFilesStructure) {
      const dirs = relative(provider.path, file).split(sep).slice(0, -1).slice(0, MAX_FOLDER_DEPTH);
      let parent = '';
      for (const dir of dirs) parent = await ensureFolder(provider.orgId, dir, '', parent);
      return parent;
    }
    if (!provider.folder && !provider.folderUid) return '';
    return ensureFolder(provider.orgId, provider.folder, provider.folderUid, '');
  }

  return {
    async apply(provider: DashboardProvider): Promise<void> {
      const identity = systemIdentity(provider.orgId);
      let files: string[];
      try {
        files = await jsonFiles(provider.path);
      } catch (err) {
        logger.error(
          { path: provider.path, err: (err as Error).message },
          'cannot read dashboard provisioning path',
        );
        return;
      }
      const known = new Map(
        (await deps.store.provisionedBy(provider.orgId, provider.name)).map((d) => [
          d.provisioned_external_id,
          d,
        ]),
      );
      const seen = new Set<string>();
      for (const file of files) {
        seen.add(file);
        try {
          if (charLength(file) > LIMITS.dashboard.provisionedExternalId)
            throw new Error(`the path has more than ${LIMITS.dashboard.provisionedExternalId} characters`);
          const text = await readFile(file, 'utf8');
          const checksum = createHash('sha256').update(text).digest('hex');
          const folderUid = await folderFor(provider, file);
          const current = known.get(file);
          if (
            current &&
            current.provisioned_checksum === checksum &&
            current.folder_uid === folderUid &&
            current.allow_ui_updates === (provider.allowUiUpdates ? 1 : 0)
          ) {
            continue;
          }
          const model = JSON.parse(text) as unknown;
          if (typeof model !== 'object' || model === null || Array.isArray(model)) {
            throw new Error('the file is not a JSON object');
          }
          const dashboard = { ...(model as DashboardModel) };
          if ((typeof dashboard.uid !== 'string' || dashboard.uid === '') && current)
            dashboard.uid = current.uid;
          delete dashboard.id;
          await deps.dashboards.save(
            identity,
            { dashboard, folderUid, overwrite: true, message: '' },
            {
              skipAccess: true,
              provisioning: {
                provisioner: provider.name,
                externalId: file,
                checksum,
                allowUiUpdates: provider.allowUiUpdates,
              },
            },
          );
        } catch (err) {
          logger.error(
            { path: file, err: (err as Error).message },
            'skipping bad provisioned dashboard file',
          );
        }
      }
      if (provider.disableDeletion) return;
      for (const [file, row] of known) {
        if (seen.has(file)) continue;
        await deps.store.transaction(async (trx, afterCommit) => {
          await trx.delete(provider.orgId, row.id);
          await deps.resourcePermissions.deleteResource(provider.orgId, 'dashboards', row.uid);
          afterCommit(() => deps.titles.remove(provider.orgId, [row.uid]));
        });
        logger.info({ path: file, uid: row.uid }, 'deleted provisioned dashboard whose file is gone');
      }
    },
  };
}

export type DashboardProvisioner = ReturnType<typeof createDashboardProvisioner>;
