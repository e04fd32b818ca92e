import type { CacheBus } from '../../../store/cache-bus.js';
import type { Database } from '../../../store/database.js';
import { sortTitleOf } from '../dashboard-model.js';
import type { DefaultGrants } from '../default-grants.js';

/** A dashboard in the index; its default grants (column names, as rows carry them) for permission filters. */
export interface IndexEntry extends DefaultGrants {
  id: number;
  uid: string;
  /**
   * The title as saved: a search page is answered from the index alone. Its lower-case prefix
   * (`sortTitleOf`) is what search matches and sorts on; it is derived where needed rather than
   * kept, so the index holds one string per title.
   */
  title: string;
  /** '' at the root */
  folderUid: string;
  /** the dashboard's tags in code-unit order, as a search hit lists them */
  tags: readonly string[];
}

/** Title order (the lower-case prefix), then id. */
function compareKeys(a: string, aId: number, b: string, bId: number): number {
  return a < b ? -1 : a > b ? 1 : aId - bId;
}

const compare = (a: IndexEntry, b: IndexEntry) =>
  compareKeys(sortTitleOf(a.title), a.id, sortTitleOf(b.title), b.id);

/** Where `entry` is or would be inserted among `entries` (in title order), by binary search. */
function positionIn(entries: readonly IndexEntry[], entry: IndexEntry): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(entries[mid]!, entry) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

function insertInOrder(entries: IndexEntry[], entry: IndexEntry): void {
  entries.splice(positionIn(entries, entry), 0, entry);
}

function removeInOrder(entries: IndexEntry[], entry: IndexEntry): void {
  const at = positionIn(entries, entry);
  if (entries[at] === entry) entries.splice(at, 1);
}

/** `entries` in title order, each sort key computed once (in the comparator they cost milliseconds). */
function inTitleOrder(entries: Iterable<IndexEntry>): IndexEntry[] {
  const keyed = Array.from(entries, (entry) => ({ entry, key: sortTitleOf(entry.title) }));
  keyed.sort((a, b) => compareKeys(a.key, a.entry.id, b.key, b.entry.id));
  return keyed.map((k) => k.entry);
}

/** The text a query is matched against: the sort title on one line. */
const searchable = (entry: IndexEntry) => sortTitleOf(entry.title).replace(/\n/g, ' ');

const NO_TAGS: readonly string[] = Object.freeze([]);

/** Entries per run when the index is built; a run splits in two when it grows to twice this. */
const RUN_SIZE = 1024;

/**
 * A run of consecutive entries in title order with its own joined text. A write re-joins only its
 * run: with one text for the whole index, a search after each save re-joined every title (about
 * 10 ms at 100 000 dashboards), so searches slowed while someone saved.
 */
class Run {
  /** every sort title joined by newlines, rebuilt lazily after a write: one native indexOf scan */
  private text: string | undefined;
  private starts = new Int32Array(0);

  constructor(readonly entries: IndexEntry[]) {}

  get last(): IndexEntry {
    return this.entries[this.entries.length - 1]!;
  }

  insert(entry: IndexEntry): void {
    insertInOrder(this.entries, entry);
    this.text = undefined;
  }

  remove(entry: IndexEntry): void {
    removeInOrder(this.entries, entry);
    this.text = undefined;
  }

  private joined(): string {
    if (this.text === undefined) {
      this.starts = new Int32Array(this.entries.length + 1);
      let offset = 0;
      const parts = this.entries.map((e, i) => {
        this.starts[i] = offset;
        const part = searchable(e);
        offset += part.length + 1;
        return part;
      });
      this.starts[this.entries.length] = offset;
      this.text = parts.join('\n');
    }
    return this.text;
  }

  /** The position of the entry whose span holds text offset `at`. */
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

  /** The entries whose sort title contains `query`, in title order or reversed, found lazily. */
  *matching(query: string, descending: boolean): Generator<IndexEntry> {
    const text = this.joined();
    if (!descending) {
      for (let at = text.indexOf(query); at !== -1;) {
        const i = this.entryAt(at);
        yield this.entries[i]!;
        at = text.indexOf(query, this.starts[i + 1]);
      }
      return;
    }
    for (let at = text.lastIndexOf(query); at !== -1;) {
      const i = this.entryAt(at);
      yield this.entries[i]!;
      if (i === 0) return;
      at = text.lastIndexOf(query, this.starts[i]! - 1);
    }
  }
}

/** One org's dashboards in title order, for substring and tag search without scanning the table. */
export class OrgTitleIndex {
  /** the entries in title order, cut into runs (none when the index is empty) */
  private readonly runs: Run[] = [];
  private count = 0;
  private readonly byUid = new Map<string, IndexEntry>();
  /** tag -> its dashboards: a rare tag is answered from its few entries, not a scan */
  private readonly byTag = new Map<string, Set<IndexEntry>>();
  /**
   * A rare tag's dashboards in title order, made when a search first walks that tag and kept in
   * order by every write after: sorting a tag's thousands of entries on every search cost more
   * than the rest of the search.
   */
  private readonly tagOrder = new Map<string, IndexEntry[]>();
  /**
   * One copy of each folder uid and tag: every row read from the database brings its own strings,
   * and at 100 000 dashboards the copies cost more memory than the titles.
   */
  private readonly shared = new Map<string, string>();
  /**
   * One frozen copy of each list of tags in use, with the number of entries holding it: most
   * dashboards repeat a few combinations, and a list of their own cost 64 bytes or more each.
   */
  private readonly tagLists = new Map<string, { tags: readonly string[]; holders: number }>();

  constructor(unsorted: IndexEntry[]) {
    const entries = inTitleOrder(unsorted);
    for (let at = 0; at < entries.length; at += RUN_SIZE)
      this.runs.push(new Run(entries.slice(at, at + RUN_SIZE)));
    this.count = entries.length;
    for (const entry of entries) {
      this.byUid.set(entry.uid, entry);
      this.tag(entry);
    }
  }

  private tag(entry: IndexEntry): void {
    entry.folderUid = this.share(entry.folderUid);
    entry.tags = this.holdTags(entry.tags);
    for (const tag of entry.tags) {
      const tagged = this.byTag.get(tag);
      if (tagged) tagged.add(entry);
      else this.byTag.set(tag, new Set([entry]));
      const ordered = this.tagOrder.get(tag);
      if (ordered) insertInOrder(ordered, entry);
    }
  }

  private share(text: string): string {
    const found = this.shared.get(text);
    if (found !== undefined) return found;
    this.shared.set(text, text);
    return text;
  }

  private holdTags(tags: readonly string[]): readonly string[] {
    if (tags.length === 0) return NO_TAGS;
    const sorted = [...tags].sort();
    const key = sorted.join('\u0000');
    let list = this.tagLists.get(key);
    if (!list) {
      list = { tags: Object.freeze(sorted.map((tag) => this.share(tag))), holders: 0 };
      this.tagLists.set(key, list);
    }
    list.holders += 1;
    return list.tags;
  }

  private releaseTags(tags: readonly string[]): void {
    if (tags.length === 0) return;
    const key = tags.join('\u0000');
    const list = this.tagLists.get(key);
    if (list && --list.holders === 0) this.tagLists.delete(key);
  }

  get size(): number {
    return this.count;
  }

  /** The index of the run that holds (or would hold) `entry`: the first whose last entry is not before it. */
  private runOf(entry: IndexEntry): number {
    let low = 0;
    let high = this.runs.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(this.runs[mid]!.last, entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  upsert(entry: IndexEntry): void {
    this.remove(entry.uid);
    if (this.runs.length === 0) this.runs.push(new Run([]));
    const r = this.runOf(entry);
    const run = this.runs[r]!;
    run.insert(entry);
    if (run.entries.length >= 2 * RUN_SIZE) {
      const half = run.entries.length >>> 1;
      this.runs.splice(r, 1, new Run(run.entries.slice(0, half)), new Run(run.entries.slice(half)));
    }
    this.count += 1;
    this.byUid.set(entry.uid, entry);
    this.tag(entry);
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
      const ordered = this.tagOrder.get(tag);
      if (ordered) removeInOrder(ordered, old);
      if (ordered?.length === 0) this.tagOrder.delete(tag);
    }
    this.releaseTags(old.tags);
    const r = this.runOf(old);
    const run = this.runs[r]!;
    run.remove(old);
    if (run.entries.length === 0) this.runs.splice(r, 1);
    this.count -= 1;
  }

  /** Entries whose sort title contains `query`, in title order or reversed. */
  private *matching(query: string, descending: boolean): Generator<IndexEntry> {
    const n = this.runs.length;
    for (let k = 0; k < n; k++) yield* this.runs[descending ? n - 1 - k : k]!.matching(query, descending);
  }

  private *all(descending: boolean): Generator<IndexEntry> {
    const n = this.runs.length;
    for (let k = 0; k < n; k++) {
      const { entries } = this.runs[descending ? n - 1 - k : k]!;
      const m = entries.length;
      for (let j = 0; j < m; j++) yield entries[descending ? m - 1 - j : j]!;
    }
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

  /** `tag`'s entries in title order (the empty list for a tag nobody carries). */
  private orderOf(tag: string, tagged: ReadonlySet<IndexEntry>): readonly IndexEntry[] {
    if (tagged.size === 0) return [];
    let ordered = this.tagOrder.get(tag);
    if (!ordered) {
      ordered = inTitleOrder(tagged);
      this.tagOrder.set(tag, ordered);
    }
    return ordered;
  }

  /** Entries containing `query` and carrying every one of `tags`, in title order (or reversed). */
  private *candidates(rawQuery: string | undefined, tags: readonly string[], descending: boolean) {
    const query = rawQuery?.replace(/\n/g, ' ');
    const tagged = tags.map((tag) => this.byTag.get(tag) ?? new Set<IndexEntry>());
    let rarest: number | undefined;
    tagged.forEach((set, i) => {
      if (rarest === undefined || set.size < tagged[rarest]!.size) rarest = i;
    });
    // A rare tag: walk its few entries in order. A common one: walk in order like a query.
    if (rarest !== undefined && tagged[rarest]!.size * 8 < this.count) {
      const ordered = this.orderOf(tags[rarest]!, tagged[rarest]!);
      const n = ordered.length;
      for (let k = 0; k < n; k++) {
        const entry = ordered[descending ? n - 1 - k : k]!;
        if (tagged.every((set) => set.has(entry)) && (!query || searchable(entry).includes(query)))
          yield entry;
      }
      return;
    }
    for (const entry of query ? this.matching(query, descending) : this.all(descending))
      if (tagged.every((set) => set.has(entry))) yield entry;
  }
}

/** Undecided entries asked about at once (one SQL question each batch). */
const ASK_BATCH = 500;

const TOPIC = 'dashboard-title-index';

/**
 * Per-org title indexes, loaded on first search and kept current by the writes of this instance
 * (after they commit). Other instances drop that org's index when told on the cache bus (the
 * message names the org). Every write to a dashboard row goes through a service that tells the
 * index, except an org's deletion, whose dashboards go by cascade: a write that adds or removes
 * orgs (which one is not known here) drops every index. There is no periodic reload: at 100 000
 * dashboards a load blocks SQLite's one connection for most of a second, a stall every reader
 * would feel. While the bus is not coherent (HA without Redis, or Redis unreachable) every search
 * loads the org's entries; the indexes are dropped when it resyncs.
 */
export function createTitleIndexCache(deps: {
  load: (orgId: number) => Promise<IndexEntry[]>;
  database: Pick<Database, 'onTablesChanged'>;
  cacheBus: CacheBus;
}) {
  const indexes = new Map<number, Promise<OrgTitleIndex>>();
  // Local writes are applied to a loading index when it arrives; a remote write during a load
  // makes its result unsafe to keep.
  let writes = 0;
  let publishing = false;
  const dropAll = () => {
    writes += 1;
    indexes.clear();
  };
  deps.cacheBus.subscribe(TOPIC, (detail) => {
    if (publishing) return;
    const orgId = Number(detail);
    // a message without an org (orgs added or removed) drops them all
    if (detail === '' || !Number.isSafeInteger(orgId)) return dropAll();
    writes += 1;
    indexes.delete(orgId);
  });
  deps.cacheBus.onResync(dropAll);

  /** Tells the other instances that `orgId`'s dashboards changed (every org's, without one). */
  function tellOthers(orgId?: number): void {
    if (!deps.cacheBus.crossInstance) return;
    publishing = true;
    try {
      deps.cacheBus.publish(TOPIC, orgId === undefined ? '' : String(orgId));
    } finally {
      publishing = false;
    }
  }

  // an INSERT or DELETE of orgs (no columns): reported after it ran and again after it committed
  deps.database.onTablesChanged(({ tables, columns }) => {
    if (!tables.has('org') || columns.size > 0) return;
    dropAll();
    tellOthers();
  });

  async function loaded(orgId: number): Promise<OrgTitleIndex | undefined> {
    return indexes.get(orgId)?.catch(() => undefined);
  }

  return {
    of(orgId: number): Promise<OrgTitleIndex> {
      if (!deps.cacheBus.coherent) {
        indexes.clear();
        return deps.load(orgId).then((entries) => new OrgTitleIndex(entries));
      }
      const cached = indexes.get(orgId);
      if (cached) return cached;
      const startedAt = writes;
      const index = deps.load(orgId).then((entries) => {
        if (writes !== startedAt && indexes.get(orgId) === index) indexes.delete(orgId);
        return new OrgTitleIndex(entries);
      });
      indexes.set(orgId, index);
      index.catch(() => indexes.delete(orgId));
      return index;
    },

    async upsert(orgId: number, entry: IndexEntry): Promise<void> {
      (await loaded(orgId))?.upsert(entry);
      tellOthers(orgId);
    },

    async setDefaults(orgId: number, uid: string, defaults: DefaultGrants): Promise<void> {
      (await loaded(orgId))?.setDefaults(uid, defaults);
      tellOthers(orgId);
    },

    async remove(orgId: number, uids: string[]): Promise<void> {
      const index = await loaded(orgId);
      for (const uid of uids) index?.remove(uid);
      tellOthers(orgId);
    },
  };
}

export type TitleIndexCache = ReturnType<typeof createTitleIndexCache>;
