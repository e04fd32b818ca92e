import type { Clock } from '../../../lib/clock.js';
import type { CacheBus } from '../../../store/cache-bus.js';
import type { Database } from '../../../store/database.js';
import { folderUrl } from './folder-present.js';

export interface FolderNode {
  id: number;
  uid: string;
  title: string;
  /** '' at the root */
  parentUid: string;
}

/** A folder and its title in lower case (what search matches and sorts folders on). */
export interface TitledFolder {
  node: FolderNode;
  lowerTitle: string;
}

/** Folder sets kept per tree: one per distinct set of granted folders seen (callers share them). */
const MAX_MEMO_SETS = 256;

/** The value `map` holds for `key`, computed and kept on first use. */
function remembered<V>(map: Map<string, V>, key: string, compute: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = compute()));
  return value;
}

/** The folders of one org, indexed for ancestor and descendant walks. */
export class FolderTree {
  readonly byUid = new Map<string, FolderNode>();
  private readonly children = new Map<string, FolderNode[]>();
  /**
   * Per-tree results that every search would otherwise recompute for each of the org's folders:
   * urls, the folders a set of grants covers, and the title order. A tree is replaced, never
   * changed, so they need no invalidation of their own.
   */
  private readonly urls = new Map<string, string>();
  private readonly covered = new Map<string, ReadonlySet<string>>();

  constructor(nodes: FolderNode[]) {
    for (const node of nodes) {
      this.byUid.set(node.uid, node);
      const siblings = this.children.get(node.parentUid);
      if (siblings) siblings.push(node);
      else this.children.set(node.parentUid, [node]);
    }
  }

  get(uid: string): FolderNode | undefined {
    return this.byUid.get(uid);
  }

  /** The parent, its parent, … up to the root (nearest first); stops on a (corrupt) cycle. */
  ancestors(uid: string): FolderNode[] {
    const chain: FolderNode[] = [];
    const seen = new Set<string>([uid]);
    let parent = this.byUid.get(uid)?.parentUid ?? '';
    while (parent !== '' && !seen.has(parent)) {
      const node = this.byUid.get(parent);
      if (!node) break;
      chain.push(node);
      seen.add(parent);
      parent = node.parentUid;
    }
    return chain;
  }

  childrenOf(parentUid: string): FolderNode[] {
    return this.children.get(parentUid) ?? [];
  }

  /** The given folders and every folder below them. */
  withDescendants(uids: Iterable<string>): Set<string> {
    const result = new Set<string>();
    const stack = [...uids].filter((uid) => this.byUid.has(uid));
    while (stack.length) {
      const uid = stack.pop()!;
      if (result.has(uid)) continue;
      result.add(uid);
      for (const child of this.childrenOf(uid)) stack.push(child.uid);
    }
    return result;
  }

  /** `withDescendants`, plus '' (the root) when `root`, shared by every caller with those grants: do not change it. */
  covering(uids: readonly string[], root: boolean): ReadonlySet<string> {
    const key = `${root ? '/' : ''}\n${uids.join('\n')}`;
    let found = this.covered.get(key);
    if (!found) {
      const set = this.withDescendants(uids);
      if (root) set.add('');
      if (this.covered.size >= MAX_MEMO_SETS) this.covered.clear();
      this.covered.set(key, (found = set));
    }
    return found;
  }

  private ordered: readonly TitledFolder[] | undefined;

  /** Every folder with its lower-case title, in title order (that title, then id), as search lists them. */
  inTitleOrder(): readonly TitledFolder[] {
    if (!this.ordered) {
      const titled = Array.from(this.byUid.values(), (node) => ({
        node,
        lowerTitle: node.title.toLowerCase(),
      }));
      titled.sort((a, b) =>
        a.lowerTitle < b.lowerTitle ? -1 : a.lowerTitle > b.lowerTitle ? 1 : a.node.id - b.node.id,
      );
      this.ordered = titled;
    }
    return this.ordered;
  }

  /** `/dashboards/f/<uid>/<slug>` of a folder. */
  urlOf(node: FolderNode): string {
    return remembered(this.urls, node.uid, () => folderUrl(node.uid, node.title));
  }

  /** How many levels a folder and its subtree span (1 for a leaf). */
  height(uid: string): number {
    const children = this.childrenOf(uid);
    return 1 + (children.length ? Math.max(...children.map((c) => this.height(c.uid))) : 0);
  }
}

const TOPIC = 'folders';
const TTL_MS = 60_000;

/**
 * Per-org folder trees, cached: every permission check on a dashboard walks its folder chain.
 * Dropped when the folder table changes here, after each folder write commits, and on the
 * cache bus for the other instances. While the bus is not coherent (HA without Redis, or Redis
 * unreachable) every call loads the tree; the trees are dropped when it resyncs.
 */
export function createFolderTreeCache(deps: {
  load: (orgId: number) => Promise<FolderNode[]>;
  database: Database;
  cacheBus: CacheBus;
  clock: Clock;
}) {
  /** `loaded`: the tree once `tree` fulfilled, for callers that cannot wait */
  type Entry = { tree: Promise<FolderTree>; loaded?: FolderTree; at: number; generation: number };
  const trees = new Map<number, Entry>();
  let generation = 0;

  const clear = () => {
    generation += 1;
    trees.clear();
  };
  deps.database.onTablesChanged((change) => {
    if (change.tables.has('folder')) clear();
  });
  deps.cacheBus.subscribe(TOPIC, clear);
  deps.cacheBus.onResync(clear);

  const valid = (orgId: number) => {
    const cached = deps.cacheBus.coherent ? trees.get(orgId) : undefined;
    return cached && cached.generation === generation && deps.clock.now() - cached.at < TTL_MS
      ? cached
      : undefined;
  };

  return {
    of(orgId: number): Promise<FolderTree> {
      if (!deps.cacheBus.coherent) return deps.load(orgId).then((nodes) => new FolderTree(nodes));
      const cached = valid(orgId);
      if (cached) return cached.tree;
      const entry: Entry = {
        tree: deps.load(orgId).then((nodes) => (entry.loaded = new FolderTree(nodes))),
        at: deps.clock.now(),
        generation,
      };
      trees.set(orgId, entry);
      entry.tree.catch(() => trees.delete(orgId));
      return entry.tree;
    },
    /** The org's tree when it is cached and loaded (no I/O, no promise); undefined: ask `of`. */
    loadedNow(orgId: number): FolderTree | undefined {
      return valid(orgId)?.loaded;
    },
    /** After a folder write committed: drop every instance's trees. */
    changed(): void {
      deps.cacheBus.publish(TOPIC);
    },
  };
}

export type FolderTreeCache = ReturnType<typeof createFolderTreeCache>;
