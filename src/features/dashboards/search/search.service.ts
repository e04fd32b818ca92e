import type { Identity } from '../../../access/identity.js';
import type { Metrics } from '../../../http/metrics.js';
import type { AccessFactory } from '../dashboard-access.js';
import { GENERAL, passes } from '../dashboard-access.js';
import type { DashboardReadCache } from '../dashboard-read-cache.js';
import type { FolderNode } from '../folders/folder-tree.js';
import type { SearchPage } from './search-hits.js';
import type { IndexEntry, TitleIndexCache } from './title-index.js';

interface SearchParams {
  query?: string;
  tags: string[];
  type?: 'dash-db' | 'dash-folder';
  dashboardUids?: string[];
  folderUids?: string[];
  starred: boolean;
  limit: number;
  page: number;
  descending: boolean;
  /** Grafana's `permission=Edit`: only what the caller may change */
  edit: boolean;
}

/**
 * GET /api/search. Folders come from the cached folder tree, dashboards from the org's cached
 * title index filtered by the caller's permissions (readable folders expanded to their
 * subfolders, plus dashboards granted one by one); nothing is cut silently. The page found is
 * rendered as JSON by search-hits.ts.
 */
export function createSearchService(deps: {
  titles: TitleIndexCache;
  /** the caller's stars, cached: a warm search asks no SQL */
  stars: Pick<DashboardReadCache, 'starredIds'>;
  access: AccessFactory;
  metrics: Metrics;
  now: () => number;
}) {
  const rootAware = (uids: string[]) => uids.map((uid) => (uid === GENERAL ? '' : uid));

  return {
    async search(identity: Identity, params: SearchParams): Promise<SearchPage> {
      const started = deps.now();
      try {
        const orgId = identity.orgId;
        const [access, starred] = await Promise.all([
          deps.access(identity),
          identity.kind === 'user'
            ? deps.stars.starredIds(identity.userId, orgId)
            : Promise.resolve(new Set<number>()),
        ]);
        const query = params.query?.trim().toLowerCase() || undefined;
        const folderUids = params.folderUids && new Set(rootAware(params.folderUids));
        const dashboardUids = params.dashboardUids && new Set(params.dashboardUids);

        const wantFolders = params.type !== 'dash-db' && !params.tags.length && !params.starred;
        const folders: FolderNode[] = [];
        if (wantFolders) {
          const readable = access.readableFoldersInTitleOrder(params.edit ? 'folders:write' : 'folders:read');
          for (const { node, lowerTitle } of readable)
            if (
              (!query || lowerTitle.includes(query)) &&
              (!folderUids || folderUids.has(node.parentUid)) &&
              (!dashboardUids || dashboardUids.has(node.uid))
            )
              folders.push(node);
          if (params.descending) folders.reverse();
        }

        const offset = (params.page - 1) * params.limit;
        const found: SearchPage = {
          orgId,
          tree: access.tree,
          folders: folders.slice(offset, offset + params.limit),
          dashboards: [],
          starred,
        };
        if (params.type === 'dash-folder' || found.folders.length >= params.limit) return found;

        const action = params.edit ? 'dashboards:write' : 'dashboards:read';
        // roles, folders and default grants decide in memory; grants on single dashboards are asked
        // for only about the entries the walk reaches (see TitleIndex.page)
        const readable = await access.readableDashboards(action, false);
        const page = {
          limit: params.limit - found.folders.length,
          offset: Math.max(0, offset - folders.length),
          descending: params.descending,
        };
        // Title substrings, tags, folders and permissions all match in the in-memory index, and
        // the page's hits come from it: no SQL for the page whatever the size.
        const index = await deps.titles.of(orgId);
        const accept = (e: IndexEntry) =>
          (!folderUids || folderUids.has(e.folderUid)) &&
          (!dashboardUids || dashboardUids.has(e.uid)) &&
          (!params.starred || starred.has(e.id)) &&
          (passes(readable, e.uid, e.folderUid, e) || undefined);
        const ask = async (undecided: IndexEntry[]) => {
          const granted = await access.grantedAmong(
            action,
            undecided.map((e) => e.uid),
          );
          return new Set(undecided.filter((e) => granted.has(e.uid)));
        };
        found.dashboards = await index.page(
          { query, tags: params.tags, accept, ask },
          page.offset,
          page.limit,
          page.descending,
        );
        return found;
      } finally {
        deps.metrics.dashboardSearch.observe(deps.now() - started);
      }
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
