import type { Clock } from '../../../lib/clock.js';
import type { CacheBus } from '../../../store/cache-bus.js';

export interface IndexEntry {
  id: number;
  uid: string;
  /** lower-case title prefix, the sort key */
  sortTitle: string;
  /** '' at the root */
  folderUid: string;
}

const compare = (a: IndexEntry, b: IndexEntry) =>
  a.sortTitle < b.sortTitle ? -1 : a.sortTitle > b.sortTitle ? 1 : a.id - b.id;

/** One org's dashboards in title order, for substring search without scanning the table. */
export class OrgTitleIndex {
  private readonly entries: IndexEntry[];
  private readonly byUid = new Map<string, IndexEntry>();
  /** every sort title joined by newlines, rebuilt lazily after a write: one native indexOf scan */
  private text: string | undefined;
  private starts = new Int32Array(0);

  constructor(entries: IndexEntry[]) {
    this.entries = entries.sort(compare);
    for (const entry of entries) this.byUid.set(entry.uid, entry);
  }

  get size(): number {
    return this.entries.length;
  }

  upsert(entry: IndexEntry): void {
    this.remove(entry.uid);
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(this.entries[mid]!, entry) < 0) low = mid + 1;
      else high = mid;
    }
    this.entries.splice(low, 0, entry);
    this.byUid.set(entry.uid, entry);
    this.text = undefined;
  }

  remove(uid: string): void {
    const old = this.byUid.get(uid);
    if (!old) return;
    this.byUid.delete(uid);
    const at = this.entries.indexOf(old);
    if (at >= 0) this.entries.splice(at, 1);
    this.text = undefined;
  }

  /** Positions (in title order) of the entries whose sort title contains `query`. */
  private matching(query: string): number[] {
    if (this.text === undefined) {
      this.starts = new Int32Array(this.entries.length + 1);
      let offset = 0;
      const parts = this.entries.map((e, i) => {
        this.starts[i] = offset;
        const part = e.sortTitle.replace(/\n/g, ' ');
        offset += part.length + 1;
        return part;
      });
      this.starts[this.entries.length] = offset;
      this.text = parts.join('\n');
    }
    const text = this.text;
    const found: number[] = [];
    for (let at = text.indexOf(query); at !== -1;) {
      // the entry whose span holds `at`
      let low = 0;
      let high = this.entries.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >>> 1;
        if (this.starts[mid]! <= at) low = mid;
        else high = mid - 1;
      }
      found.push(low);
      at = text.indexOf(query, this.starts[low + 1]);
    }
    return found;
  }

  /** The page of entries containing `query` that pass `accept`, in title order (or reversed). */
  page(
    query: string | undefined,
    accept: (entry: IndexEntry) => boolean,
    offset: number,
    limit: number,
    descending: boolean,
  ): IndexEntry[] {
    const positions = query ? this.matching(query.replace(/\n/g, ' ')) : undefined;
    const n = positions ? positions.length : this.entries.length;
    const found: IndexEntry[] = [];
    let skipped = 0;
    for (let k = 0; k < n && found.length < limit; k++) {
      const i = descending ? n - 1 - k : k;
      const entry = this.entries[positions ? positions[i]! : i]!;
      if (!accept(entry)) continue;
      if (skipped < offset) skipped += 1;
      else found.push(entry);
    }
    return found;
  }
}

const TOPIC = 'dashboard-title-index';
const TTL_MS = 5 * 60_000;

/**
 * Per-org title indexes, loaded on first search and kept current by the writes of this instance
 * (after they commit). Other instances drop theirs when told on the cache bus; a TTL bounds
 * staleness from writes that bypass the services (e.g. an org's deletion cascading).
 */
export function createTitleIndexCache(deps: {
  load: (orgId: number) => Promise<IndexEntry[]>;
  cacheBus: CacheBus;
  clock: Clock;
}) {
  const indexes = new Map<number, { index: Promise<OrgTitleIndex>; at: number }>();
  // Local writes are applied to a loading index when it arrives; a remote write during a load
  // makes its result unsafe to keep.
  let writes = 0;
  let publishing = false;
  deps.cacheBus.subscribe(TOPIC, () => {
    if (publishing) return;
    writes += 1;
    indexes.clear();
  });

  function tellOthers(): void {
    if (!deps.cacheBus.crossInstance) return;
    publishing = true;
    try {
      deps.cacheBus.publish(TOPIC);
    } finally {
      publishing = false;
    }
  }

  async function loaded(orgId: number): Promise<OrgTitleIndex | undefined> {
    const cached = indexes.get(orgId);
    return cached ? cached.index.catch(() => undefined) : undefined;
  }

  return {
    of(orgId: number): Promise<OrgTitleIndex> {
      const cached = indexes.get(orgId);
      const now = deps.clock.now();
      if (cached && now - cached.at < TTL_MS) return cached.index;
      const startedAt = writes;
      const index = deps.load(orgId).then((entries) => {
        if (writes !== startedAt && indexes.get(orgId)?.index === index) indexes.delete(orgId);
        return new OrgTitleIndex(entries);
      });
      indexes.set(orgId, { index, at: now });
      index.catch(() => indexes.delete(orgId));
      return index;
    },

    async upsert(orgId: number, entry: IndexEntry): Promise<void> {
      (await loaded(orgId))?.upsert(entry);
      tellOthers();
    },

    async remove(orgId: number, uids: string[]): Promise<void> {
      const index = await loaded(orgId);
      for (const uid of uids) index?.remove(uid);
      tellOthers();
    },
  };
}

export type TitleIndexCache = ReturnType<typeof createTitleIndexCache>;
