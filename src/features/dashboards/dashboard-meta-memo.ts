import { LazyLruCache } from '../../lib/lazy-lru-cache.js';
import type { Identity } from '../../access/identity.js';
import type { PermissionMap } from '../../access/evaluator.js';
import type { CachedReadRow } from './dashboard-read-cache.js';
import type { FolderTree } from './folders/folder-tree.js';

/** What a `meta` was computed from. Each part is replaced, never changed, when what it holds changes. */
export interface MetaInputs {
  /** the read cache's row (dashboard-read-cache.ts) */
  row: CachedReadRow;
  /** the caller's cached permission set */
  held: PermissionMap;
  tree: FolderTree;
  isStarred: boolean;
}

/**
 * The head of GET /api/dashboards/uid/:uid's answer, `{"meta":<meta JSON>,"dashboard":` as bytes,
 * per dashboard and caller, served again while every input is the same object. The caller's org
 * role and admin flag are in the key, as the default grants depend on them. Only answers computed without the per-resource index are kept
 * (`remember` is not called otherwise): a grant on the dashboard alone changes no input above.
 * Bounded, and a few hundred bytes an entry: the model text itself is never copied here.
 */
export function createDashboardMetaMemo(max = 10_000) {
  const entries = new LazyLruCache<string, MetaInputs & { head: Buffer }>({ max });
  const keyOf = (identity: Identity, row: CachedReadRow) =>
    `${row.org_id}\0${row.uid}\0${identity.kind}\0${identity.userId}\0${identity.orgRole}\0${identity.isServerAdmin}`;
  return {
    find(identity: Identity, inputs: MetaInputs): Buffer | undefined {
      const entry = entries.get(keyOf(identity, inputs.row));
      return entry &&
        entry.row === inputs.row &&
        entry.held === inputs.held &&
        entry.tree === inputs.tree &&
        entry.isStarred === inputs.isStarred
        ? entry.head
        : undefined;
    },
    remember(identity: Identity, inputs: MetaInputs, head: Buffer): void {
      entries.set(keyOf(identity, inputs.row), { ...inputs, head });
    },
  };
}
