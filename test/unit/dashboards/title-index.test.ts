import { describe, expect, it } from 'vitest';
import {
  createTitleIndexCache,
  OrgTitleIndex,
  type IndexEntry,
} from '../../../src/features/dashboards/search/title-index.js';
import type { TableChange } from '../../../src/store/change-tracker.js';
import type { CacheBus } from '../../../src/store/cache-bus.js';
import { silentSingleInstanceBus } from '../../helpers/cache-bus.js';

/** Default grants play no part in the index's ordering and matching. */
const NO_DEFAULTS = { created_by: 0, default_creator_admin: 0, default_role_grants: 0 };

const entry = (id: number, title: string, folderUid = ''): IndexEntry => ({
  id,
  uid: `u${id}`,
  title,
  folderUid,
  ...NO_DEFAULTS,
  tags: [],
});

type PageFilter = Omit<Parameters<OrgTitleIndex['page']>[0], 'ask'> & {
  ask?: Parameters<OrgTitleIndex['page']>[0]['ask'];
};
/** A page with nothing undecided left to ask about unless the case says otherwise. */
const pageOf = (
  index: OrgTitleIndex,
  filter: PageFilter,
  offset: number,
  limit: number,
  descending: boolean,
) => index.page({ ask: () => Promise.resolve(new Set<IndexEntry>()), ...filter }, offset, limit, descending);

describe('OrgTitleIndex', () => {
  it('pages substring matches in title order, both directions, with a filter', async () => {
    const index = new OrgTitleIndex([
      entry(3, 'Web b'),
      entry(1, 'web a'),
      entry(2, 'Database'),
      entry(4, 'web c', 'f'),
    ]);
    const ids = (list: IndexEntry[]) => list.map((e) => e.id);
    expect(ids(await pageOf(index, { query: 'web', tags: [], accept: () => true }, 0, 10, false))).toEqual([
      1, 3, 4,
    ]);
    expect(ids(await pageOf(index, { query: 'web', tags: [], accept: () => true }, 0, 10, true))).toEqual([
      4, 3, 1,
    ]);
    expect(ids(await pageOf(index, { query: 'web', tags: [], accept: () => true }, 1, 1, false))).toEqual([
      3,
    ]);
    expect(
      ids(await pageOf(index, { query: 'web', tags: [], accept: (e) => e.folderUid === 'f' }, 0, 10, false)),
    ).toEqual([4]);
    expect(
      ids(await pageOf(index, { query: undefined, tags: [], accept: () => true }, 0, 10, false)),
    ).toEqual([2, 1, 3, 4]);
    expect(ids(await pageOf(index, { query: 'b\nw', tags: [], accept: () => true }, 0, 10, false))).toEqual(
      [],
    );
    expect(ids(await pageOf(index, { query: 'zzz', tags: [], accept: () => true }, 0, 10, false))).toEqual(
      [],
    );
    // one match per entry even when the title holds the query twice
    index.upsert(entry(5, 'web web'));
    expect(ids(await pageOf(index, { query: 'web', tags: [], accept: () => true }, 0, 10, false))).toEqual([
      1, 3, 4, 5,
    ]);
  });

  it('applies upserts (renames, moves) and removals', async () => {
    const index = new OrgTitleIndex([entry(1, 'alpha'), entry(2, 'beta')]);
    index.upsert(entry(1, 'gamma'));
    index.upsert(entry(3, 'alphabet'));
    index.remove('u2');
    index.remove('missing');
    expect(
      (await pageOf(index, { query: undefined, tags: [], accept: () => true }, 0, 10, false)).map(
        (e) => e.title,
      ),
    ).toEqual(['alphabet', 'gamma']);
    expect(
      (await pageOf(index, { query: 'alpha', tags: [], accept: () => true }, 0, 10, false)).map((e) => e.id),
    ).toEqual([3]);
    expect(index.size).toBe(2);
  });

  it('keeps one frozen, sorted copy of each list of tags, until its last holder goes', async () => {
    const tagged = (id: number, tags: string[]) => ({ ...entry(id, `t${id}`), tags });
    const first = tagged(1, ['prod', 'web']);
    const second = tagged(2, ['prod', 'web']);
    const other = tagged(3, ['web', 'api']);
    const index = new OrgTitleIndex([first]);
    index.upsert(second);
    index.upsert(other);
    expect(second.tags).toBe(first.tags);
    expect(other.tags).not.toBe(first.tags);
    expect(other.tags).toEqual(['api', 'web']);
    expect(Object.isFrozen(first.tags)).toBe(true);
    const held = first.tags;
    index.remove('u1');
    index.upsert(tagged(4, ['prod', 'web']));
    const fourth = (await pageOf(index, { query: 't4', tags: [], accept: () => true }, 0, 1, false))[0]!;
    expect(fourth.tags).toBe(held);
    index.remove('u2');
    index.remove('u4');
    const fifth = tagged(5, ['prod', 'web']);
    index.upsert(fifth);
    expect(fifth.tags).not.toBe(held);
    expect(fifth.tags).toEqual(['prod', 'web']);
    // the same tags in another order share the sorted copy
    const sixth = tagged(6, ['web', 'prod']);
    index.upsert(sixth);
    expect(sixth.tags).toBe(fifth.tags);
    expect(
      (await pageOf(index, { query: undefined, tags: ['web'], accept: () => true }, 0, 10, false)).map(
        (e) => e.id,
      ),
    ).toEqual([3, 5, 6]);
  });
});

const WORDS = ['api', 'billing', 'Bill', 'checkout', 'ing', 'Edge', 'ledger', 'mesh BILLing'];

/** Deterministic pseudo-random titles, some containing a word twice or a newline. */
function entries(n: number): IndexEntry[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 1000;
  return Array.from({ length: n }, (_, id) => ({
    id: id + 1,
    uid: `u${id}`,
    title: `${WORDS[next() % WORDS.length]} ${WORDS[next() % WORDS.length]}${next() % 17 === 0 ? '\nbilling' : ''} ${next()}`,
    folderUid: `f${next() % 5}`,
    tags: [
      ...(next() % 2 === 0 ? ['common'] : []),
      ...(next() % 20 === 0 ? ['rare'] : []),
      ...(next() % 3 === 0 ? ['third'] : []),
    ],
    ...NO_DEFAULTS,
  }));
}

/** Newlines count as spaces, in titles and in queries. */
const flat = (text: string) => text.replace(/\n/g, ' ');

/** What search matches and sorts on: the title in lower case. */
const key = (e: IndexEntry) => e.title.toLowerCase();

/** The definition: filter, sort by (lower-case title, id), optionally reverse, then slice. */
function bruteForce(
  all: IndexEntry[],
  query: string | undefined,
  tags: string[],
  accept: (e: IndexEntry) => boolean,
) {
  return (offset: number, limit: number, descending: boolean) => {
    const sorted = all
      .filter(
        (e) =>
          (!query || flat(key(e)).includes(flat(query))) &&
          tags.every((t) => e.tags.includes(t)) &&
          accept(e),
      )
      .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
    if (descending) sorted.reverse();
    return sorted.slice(offset, offset + limit).map((e) => e.id);
  };
}

describe('title index pages', () => {
  const all = entries(2_000);
  const index = new OrgTitleIndex(all.map((e) => ({ ...e })));
  const cases: [string | undefined, string[], (e: IndexEntry) => boolean][] = [
    [undefined, [], () => true],
    ['billing', [], () => true],
    ['bill', [], (e) => e.folderUid !== 'f2'],
    ['ing b', [], () => true],
    ['g\nb', [], () => true],
    ['nothing-matches', [], () => true],
    ['ledger', [], (e) => e.folderUid === 'f4'],
    [undefined, ['rare'], () => true],
    ['billing', ['rare', 'common'], (e) => e.folderUid !== 'f1'],
    [undefined, ['common'], () => true],
    ['bill', ['common', 'third'], () => true],
    [undefined, ['unknown'], () => true],
  ];

  for (const [query, tags, accept] of cases) {
    it(`query ${JSON.stringify(query)}, tags ${tags.join('+')} pages like filtering and sorting everything`, async () => {
      const expected = bruteForce(all, query, tags, accept);
      for (const descending of [false, true]) {
        for (const [offset, limit] of [
          [0, 10],
          [0, 5000],
          [37, 25],
          [1990, 50],
          [5, 0],
        ] as const) {
          const got = (await pageOf(index, { query, tags, accept }, offset, limit, descending)).map(
            (e) => e.id,
          );
          expect(got, `offset ${offset} limit ${limit} desc ${descending}`).toEqual(
            expected(offset, limit, descending),
          );
        }
      }
    });
  }

  it('asks about the entries it cannot decide in batches, in order, only as far as the page needs', async () => {
    // folder f0 passes on its own; a third of the rest may pass by a grant only `ask` knows of
    const accept = (e: IndexEntry) => (e.folderUid === 'f0' ? true : e.id % 3 === 0 ? undefined : false);
    const grantedIds = (e: IndexEntry) => e.id % 2 === 0;
    const expected = bruteForce(all, 'bill', [], (e) => accept(e) ?? grantedIds(e));
    for (const [offset, limit] of [
      [0, 10],
      [0, 5000],
      [150, 40],
    ] as const) {
      const asked: number[] = [];
      const ask = (entries: IndexEntry[]) => {
        asked.push(entries.length);
        return Promise.resolve(new Set(entries.filter(grantedIds)));
      };
      const got = await index.page({ query: 'bill', tags: [], accept, ask }, offset, limit, false);
      expect(
        got.map((e) => e.id),
        `offset ${offset} limit ${limit}`,
      ).toEqual(expected(offset, limit, false));
      // never more than a batch at a time, and a small page asks about a few entries only
      expect(Math.max(...asked)).toBeLessThanOrEqual(500);
      if (limit === 10) expect(asked.reduce((a, b) => a + b, 0)).toBeLessThan(100);
    }
  });

  it('stays in order after upserts and removals', async () => {
    const live = new OrgTitleIndex(all.slice(0, 300).map((e) => ({ ...e })));
    live.upsert({
      id: 5000,
      uid: 'new',
      title: 'AAA Billing',
      folderUid: 'f1',
      tags: [],
      ...NO_DEFAULTS,
    });
    live.upsert({ ...all[10]!, title: 'zzz billing renamed' });
    live.remove(all[20]!.uid);
    const ids = (await pageOf(live, { query: 'billing', tags: [], accept: () => true }, 0, 1000, false)).map(
      (e) => e.id,
    );
    expect(ids[0]).toBe(5000);
    expect(ids.at(-1)).toBe(all[10]!.id);
    expect(ids).not.toContain(all[20]!.id);
    // tags follow upserts and removals
    live.upsert({
      id: 5000,
      uid: 'new',
      title: 'AAA Billing',
      folderUid: 'f1',
      tags: ['fresh'],
      ...NO_DEFAULTS,
    });
    const fresh = async () =>
      (await pageOf(live, { tags: ['fresh'], accept: () => true }, 0, 10, false)).map((e) => e.id);
    expect(await fresh()).toEqual([5000]);
    live.upsert({
      id: 5000,
      uid: 'new',
      title: 'AAA Billing',
      folderUid: 'f1',
      tags: [],
      ...NO_DEFAULTS,
    });
    expect(await fresh()).toEqual([]);
    live.upsert({
      id: 5000,
      uid: 'new',
      title: 'AAA Billing',
      folderUid: 'f1',
      tags: ['fresh'],
      ...NO_DEFAULTS,
    });
    live.remove('new');
    expect(await fresh()).toEqual([]);
    expect(
      (await pageOf(live, { query: 'billing', tags: [], accept: () => true }, 0, 1, true)).map((e) => e.id),
    ).toEqual([all[10]!.id]);
  });

  it('matches brute force through thousands of writes that split, grow and empty its runs and reorder its rare tags', async () => {
    // starts empty; inserts, renames and removals crowd one end so runs split and vanish
    const live = new OrgTitleIndex([]);
    const current = new Map<string, IndexEntry>();
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 10_000;
    for (let step = 0; step < 6_000; step++) {
      const uid = `w${next() % 3_000}`;
      if (next() % 5 === 0) {
        live.remove(uid);
        current.delete(uid);
      } else {
        const prefix = step < 4_000 ? 'a' : step % 2 ? 'm' : 'z';
        const entry = { ...all[next() % all.length]!, uid, id: Number(uid.slice(1)) + 1 };
        entry.title = `${prefix} ${entry.title}`;
        // one write in twenty tags its dashboard 'sparse': rare enough to be walked in its own order
        if (step % 20 === 0) entry.tags = [...entry.tags, 'sparse'];
        live.upsert(entry);
        current.set(uid, entry);
      }
      if (step % 100 === 99) {
        expect(live.size).toBe(current.size);
        // a rare tag's order is made at the first check and must follow every write after it
        for (const [query, tags] of [
          [undefined, []],
          ['billing', []],
          ['z a', []],
          [undefined, ['sparse']],
          ['billing', ['sparse', 'common']],
        ] as const) {
          const expected = bruteForce([...current.values()], query, [...tags], () => true);
          for (const descending of [false, true]) {
            const got = await pageOf(live, { query, tags, accept: () => true }, 0, 10_000, descending);
            expect(got.map((e) => e.id)).toEqual(expected(0, 10_000, descending));
          }
        }
      }
    }
  });
});

describe('title index cache', () => {
  function setup() {
    const listeners: ((change: TableChange) => void)[] = [];
    let loads = 0;
    const titles = createTitleIndexCache({
      load: () => {
        loads += 1;
        return Promise.resolve([entry(1, 'One')]);
      },
      database: { onTablesChanged: (listener) => void listeners.push(listener) },
      cacheBus: silentSingleInstanceBus(),
    });
    const write = (table: string, columns: string[] = []) =>
      listeners.forEach((l) => l({ tables: new Set([table]), columns: new Set(columns) }));
    return { titles, write, loads: () => loads };
  }

  it('keeps an org’s index through its dashboards’ writes and an org’s rename', async () => {
    const t = setup();
    const index = await t.titles.of(1);
    await t.titles.upsert(1, entry(2, 'Two'));
    t.write('dashboard');
    t.write('org', ['name']);
    expect(await t.titles.of(1)).toBe(index);
    expect(index.size).toBe(2);
    expect(t.loads()).toBe(1);
  });

  it('tells other instances which org changed, and drops only that org when told', async () => {
    const heard = new Map<string, (detail: string) => void>();
    const published: [string, string | undefined][] = [];
    const bus: CacheBus = {
      ...silentSingleInstanceBus(),
      crossInstance: true,
      publish: (topic, detail) => void published.push([topic, detail]),
      subscribe: (topic, listener) => void heard.set(topic, listener),
    };
    const titles = createTitleIndexCache({
      load: (orgId) => Promise.resolve([entry(orgId, `Org ${orgId}`)]),
      database: { onTablesChanged: () => {} },
      cacheBus: bus,
    });
    const [one, two] = [await titles.of(1), await titles.of(2)];
    await titles.upsert(2, entry(5, 'Five'));
    await titles.remove(1, ['u1']);
    expect(published.map(([, detail]) => detail)).toEqual(['2', '1']);
    const remote = (detail: string) => heard.get(published[0]![0])!(detail);

    remote('2');
    expect(await titles.of(1)).toBe(one);
    expect(await titles.of(2)).not.toBe(two);
    const reloaded = await titles.of(2);
    remote('');
    expect(await titles.of(1)).not.toBe(one);
    expect(await titles.of(2)).not.toBe(reloaded);
  });

  it('drops every index when orgs are created or deleted (a deletion cascades to dashboards)', async () => {
    const t = setup();
    const index = await t.titles.of(1);
    t.write('org');
    expect(await t.titles.of(1)).not.toBe(index);
    expect(t.loads()).toBe(2);
  });
});
