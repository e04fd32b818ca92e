import type { Clock } from '../../../lib/clock.js';
import type { CacheBus } from '../../../store/cache-bus.js';
import type { DefaultGrants } from '../default-grants.js';

/** A dashboard in the index; its default grants (column names, as rows carry them) for permission filters. */
export interface IndexEntry extends DefaultGrants {
  id: number;
  uid: string;
  /** lower-case title prefix, the sort key */
  sortTitle: string;
  /** '' at the root */
  folderUid: string;
  /** the dashboard's tags, for tag filters without a query per search */
  tags: readonly string[];
}

const compare = (a: IndexEntry, b: IndexEntry) =>
  a.sortTitle < b.sortTitle ? -1 : a.sortTitle > b.sortTitle ? 1 : a.id - b.id;

/** One org's dashboards in title order, for substring and tag search without scanning the table. */
export class OrgTitleIndex {
  private readonly entries: IndexEntry[];
  private readonly byUid = new Map<string, IndexEntry>();
  /** tag -> its dashboards: a rare tag is answered from its few entries, not a scan */
  private readonly byTag = new Map<string, Set<IndexEntry>>();
  /** every sort title joined by newlines, rebuilt lazily after a write: one native indexOf scan */
  private text: string | undefined;
  private starts = new Int32Array(0);

  constructor(entries: IndexEntry[]) {
    this.entries = entries.sort(compare);
    for (const entry of entries) {
      this.byUid.set(entry.uid, entry);
      this.tag(entry);
    }
  }

  private tag(entry: IndexEntry): void {
    for (const tag of entry.tags) {
      const tagged = this.byTag.get(tag);
      if (tagged) tagged.add(entry);
      else this.byTag.set(tag, new Set([entry]));
    }
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
    this.tag(entry);
    this.text = undefined;
  }

  /** A dashboard's default grants changed (its permissions were set): its place stays the same. */
  setDefaults(uid: string, defaults: DefaultGrants): void {
    const entry = this.byUid.get(uid);
    if (entry) Object.assign(entry, defaults);
  }

  remove(uid: string): void {
    const old = this.byUid.get(uid);
    if (!old) return;
    this.byUid.delete(uid);
    for (const tag of old.tags) {
      const tagged = this.byTag.get(tag);
      tagged?.delete(old);
      if (tagged?.size === 0) this.byTag.delete(tag);
    }
    const at = this.entries.indexOf(old);
    if (at >= 0) this.entries.splice(at, 1);
    this.text = undefined;
  }

  /** Every sort title joined by newlines, and where each starts: one native string to search. */
  private joined(): string {
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
    return this.text;
  }

  /** The position (in title order) of the entry whose span holds text offset `at`. */
  private entryAt(at: number): number {
    let low = 0;
    let high = this.entries.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.starts[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /**
   * Positions of the entries whose sort title contains `query`, in title order or reversed,
   * found lazily: a page stops searching once it is full.
   */
  private *matching(query: string, descending: boolean): Generator<number> {
    const text = this.joined();
    if (!descending) {
      for (let at = text.indexOf(query); at !== -1;) {
        const i = this.entryAt(at);
        yield i;
        at = text.indexOf(query, this.starts[i + 1]);
      }
      return;
    }
    for (let at = text.lastIndexOf(query); at !== -1;) {
      const i = this.entryAt(at);
      yield i;
      if (i === 0) return;
      at = text.lastIndexOf(query, this.starts[i]! - 1);
    }
  }

  private *all(descending: boolean): Generator<number> {
    const n = this.entries.length;
    for (let k = 0; k < n; k++) yield descending ? n - 1 - k : k;
  }

  /**
   * The page of entries containing `query`, carrying every one of `tags`, that pass `accept`, in
   * title order (or reversed). `accept` answers `undefined` for an entry it cannot decide alone (a
   * grant on that very dashboard may let it through): those are decided by `ask`, a batch at a
   * time, so a page costs one question per batch of such entries, not one per dashboard granted.
   */
  async page(
    filter: {
      query?: string;
      tags: readonly string[];
      accept: (entry: IndexEntry) => boolean | undefined;
      ask: (entries: IndexEntry[]) => Promise<ReadonlySet<IndexEntry>>;
    },
    offset: number,
    limit: number,
    descending: boolean,
  ): Promise<IndexEntry[]> {
    if (limit <= 0) return [];
    const { accept, ask } = filter;
    const found: IndexEntry[] = [];
    let skipped = 0;
    /** candidates in order, each accepted, refused (not kept) or undecided */
    let window: { entry: IndexEntry; accepted: boolean | undefined }[] = [];
    let acceptedInWindow = 0;
    let undecidedInWindow = 0;
    /** Decides the window in order; true when the page is full. */
    const settle = async (): Promise<boolean> => {
      const asked = window.filter((w) => w.accepted === undefined).map((w) => w.entry);
      const granted = asked.length ? await ask(asked) : new Set<IndexEntry>();
      for (const { entry, accepted } of window) {
        if (!(accepted ?? granted.has(entry))) continue;
        if (skipped < offset) skipped += 1;
        else if (found.push(entry) >= limit) return true;
      }
      window = [];
      acceptedInWindow = undecidedInWindow = 0;
      return false;
    };
    for (const entry of this.candidates(filter.query, filter.tags, descending)) {
      const accepted = accept(entry);
      if (accepted === false) continue;
      window.push({ entry, accepted });
      if (accepted) acceptedInWindow += 1;
      else undecidedInWindow += 1;
      // settle once the accepted ones alone would fill the page, or a batch of questions is due
      const full = skipped + found.length + acceptedInWindow >= offset + limit;
      if ((full || undecidedInWindow >= ASK_BATCH) && (await settle())) return found;
    }
    await settle();
    return found;
  }

  /** Entries containing `query` and carrying every one of `tags`, in title order (or reversed). */
  private *candidates(rawQuery: string | undefined, tags: readonly string[], descending: boolean) {
    const query = rawQuery?.replace(/\n/g, ' ');
    const tagged = tags.map((tag) => this.byTag.get(tag) ?? new Set<IndexEntry>());
    const rarest = tagged.reduce<Set<IndexEntry> | undefined>(
      (a, b) => (!a || b.size < a.size ? b : a),
      undefined,
    );
    const wanted = (entry: IndexEntry) =>
      tagged.every((set) => set.has(entry)) &&
      (!query || entry.sortTitle.replace(/\n/g, ' ').includes(query));
    // A rare tag: filter and sort its few entries. A common one: walk in order like a query.
    if (rarest && rarest.size * 8 < this.entries.length) {
      const matches = [...rarest].filter(wanted).sort(compare);
      if (descending) matches.reverse();
      yield* matches;
      return;
    }
    const positions = query ? this.matching(query, descending) : this.all(descending);
    for (const i of positions) {
      const entry = this.entries[i]!;
      if (tagged.every((set) => set.has(entry))) yield entry;
    }
  }
}

/** Undecided entries asked about at once (one SQL question each batch). */
const ASK_BATCH = 500;

const TOPIC = 'dashboard-title-index';
const TTL_MS = 5 * 60_000;

/**
 * Per-org title indexes, loaded on first search and kept current by the writes of this instance
 * (after they commit). Other instances drop theirs when told on the cache bus; a TTL bounds
 * staleness from writes that bypass the services (e.g. an org's deletion cascading). While the bus
 * is not coherent (HA without Redis, or Redis unreachable) every search loads the org's entries;
 * the indexes are dropped when it resyncs.
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
  const dropAll = () => {
    writes += 1;
    indexes.clear();
  };
  deps.cacheBus.subscribe(TOPIC, () => {
    if (!publishing) dropAll();
  });
  deps.cacheBus.onResync(dropAll);

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
      if (!deps.cacheBus.coherent) {
        indexes.clear();
        return deps.load(orgId).then((entries) => new OrgTitleIndex(entries));
      }
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

    async setDefaults(orgId: number, uid: string, defaults: DefaultGrants): Promise<void> {
      (await loaded(orgId))?.setDefaults(uid, defaults);
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
