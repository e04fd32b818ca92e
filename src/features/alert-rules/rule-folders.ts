import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';

/** Grafana's full path of a folder: titles from the root joined by `/`, a `/` in a title as `\/`. */
const fullPathOf = (titles: string[]) => titles.map((t) => t.replaceAll('/', '\\/')).join('/');

/** What the rules need of their folders: titles and full paths (the ruler API keys groups by path). */
export function createRuleFolders(dashboards: Pick<DashboardsLookup, 'folderPath'>) {
  async function info(orgId: number, folderUid: string) {
    const path = await dashboards.folderPath(orgId, folderUid);
    return path && { title: path.at(-1)!, fullPath: fullPathOf(path) };
  }
  return {
    info,
    /** Title and full path of each folder; a folder gone meanwhile shows its uid. */
    async many(orgId: number, folderUids: Iterable<string>) {
      const found = new Map<string, { title: string; fullPath: string }>();
      for (const uid of new Set(folderUids))
        found.set(uid, (await info(orgId, uid)) ?? { title: uid, fullPath: uid });
      return found;
    },
  };
}

export type RuleFolders = ReturnType<typeof createRuleFolders>;
