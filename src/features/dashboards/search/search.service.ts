import type { Identity } from '../../../access/identity.js';
import type { Metrics } from '../../../http/metrics.js';
import type { AccessFactory } from '../dashboard-access.js';
import { GENERAL, passes } from '../dashboard-access.js';
import { dashboardUrl, slugify } from '../dashboard-model.js';
import type { DashboardReadCache } from '../dashboard-read-cache.js';
import type { FolderNode, FolderTree, FolderTreeCache } from '../folders/folder-tree.js';
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

interface Hit {
  id: number;
  uid: string;
  orgId: number;
  title: string;
  uri: string;
  url: string;
  slug: string;
  type: 'dash-db' | 'dash-folder';
  tags: string[];
  isStarred: boolean;
  folderId?: number;
  folderUid?: string;
  folderTitle?: string;
  folderUrl?: string;
  sortMeta: number;
}

/**
 * GET /api/search. Folders come from the cached folder tree, dashboards from the org's cached
 * title index filtered by the caller's permissions (readable folders expanded to their
 * subfolders, plus dashboards granted one by one); nothing is cut silently.
 */
export function createSearchService(deps: {
  titles: TitleIndexCache;
  /** the caller's stars, cached: a warm search asks no SQL */
  stars: Pick<DashboardReadCache, 'starredIds'>;
  folders: FolderTreeCache;
  access: AccessFactory;
  metrics: Metrics;
  now: () => number;
}) {
  function parentFields(tree: FolderTree, parentUid: string) {
    const parent = parentUid ? tree.get(parentUid) : undefined;
    if (!parent) return {};
    return {
      folderId: parent.id,
      folderUid: parent.uid,
      folderTitle: parent.title,
      folderUrl: tree.urlOf(parent),
    };
  }

  function folderHit(orgId: number, tree: FolderTree, node: FolderNode): Hit {
    const slug = slugify(node.title);
    return {
      id: node.id,
      uid: node.uid,
      orgId,
      title: node.title,
      uri: `db/${slug}`,
      url: tree.urlOf(node),
      slug,
      type: 'dash-folder',
      tags: [],
      isStarred: false,
      ...parentFields(tree, node.parentUid),
      sortMeta: 0,
    };
  }

  const rootAware = (uids: string[]) => uids.map((uid) => (uid === GENERAL ? '' : uid));

  return {
    async search(identity: Identity, params: SearchParams): Promise<Hit[]> {
      const started = deps.now();
      try {
        const orgId = identity.orgId;
        const [access, tree, starred] = await Promise.all([
          deps.access(identity),
          deps.folders.of(orgId),
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
          const folderReadable = access.readableFolders(params.edit ? 'folders:write' : 'folders:read');
          // the permission first: one set lookup, where the title costs a map lookup and a search
          for (const f of tree.byUid.values())
            if (
              access.canReadFolder(folderReadable, f.uid) &&
              (!query || tree.lowerTitle(f).includes(query)) &&
              (!folderUids || folderUids.has(f.parentUid)) &&
              (!dashboardUids || dashboardUids.has(f.uid))
            )
              folders.push(f);
          folders.sort((a, b) => compareTitles(tree, a, b) * (params.descending ? -1 : 1));
        }

        const offset = (params.page - 1) * params.limit;
        const hits = folders.slice(offset, offset + params.limit).map((f) => folderHit(orgId, tree, f));
        if (params.type === 'dash-folder' || hits.length >= params.limit) return hits;

        const action = params.edit ? 'dashboards:write' : 'dashboards:read';
        // roles, folders and default grants decide in memory; grants on single dashboards are asked
        // for only about the entries the walk reaches (see TitleIndex.page)
        const readable = await access.readableDashboards(action, false);
        const page = {
          limit: params.limit - hits.length,
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
        const entries = await index.page(
          { query, tags: params.tags, accept, ask },
          page.offset,
          page.limit,
          page.descending,
        );
        for (const entry of entries) {
          const slug = slugify(entry.title);
          hits.push({
            id: entry.id,
            uid: entry.uid,
            orgId,
            title: entry.title,
            uri: `db/${slug}`,
            url: dashboardUrl(entry.uid, slug),
            slug,
            type: 'dash-db',
            tags: entry.tags as string[],
            isStarred: starred.has(entry.id),
            ...parentFields(tree, entry.folderUid),
            sortMeta: 0,
          });
        }
        return hits;
      } finally {
        deps.metrics.dashboardSearch.observe(deps.now() - started);
      }
    },
  };
}

function compareTitles(tree: FolderTree, a: FolderNode, b: FolderNode): number {
  const x = tree.lowerTitle(a);
  const y = tree.lowerTitle(b);
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}

export type SearchService = ReturnType<typeof createSearchService>;
