import { describe, expect, it } from 'vitest';
import { OrgTitleIndex, type IndexEntry } from '../../../src/features/dashboards/search/title-index.js';

const entry = (id: number, title: string, folderUid = ''): IndexEntry => ({
  id,
  uid: `u${id}`,
  sortTitle: title.toLowerCase(),
  folderUid,
});

describe('OrgTitleIndex', () => {
  it('pages substring matches in title order, both directions, with a filter', () => {
    const index = new OrgTitleIndex([
      entry(3, 'Web b'),
      entry(1, 'web a'),
      entry(2, 'Database'),
      entry(4, 'web c', 'f'),
    ]);
    const ids = (list: IndexEntry[]) => list.map((e) => e.id);
    expect(ids(index.page('web', () => true, 0, 10, false))).toEqual([1, 3, 4]);
    expect(ids(index.page('web', () => true, 0, 10, true))).toEqual([4, 3, 1]);
    expect(ids(index.page('web', () => true, 1, 1, false))).toEqual([3]);
    expect(ids(index.page('web', (e) => e.folderUid === 'f', 0, 10, false))).toEqual([4]);
    expect(ids(index.page(undefined, () => true, 0, 10, false))).toEqual([2, 1, 3, 4]);
    expect(ids(index.page('b\nw', () => true, 0, 10, false))).toEqual([]);
    expect(ids(index.page('zzz', () => true, 0, 10, false))).toEqual([]);
    // one match per entry even when the title holds the query twice
    index.upsert(entry(5, 'web web'));
    expect(ids(index.page('web', () => true, 0, 10, false))).toEqual([1, 3, 4, 5]);
  });

  it('applies upserts (renames, moves) and removals', () => {
    const index = new OrgTitleIndex([entry(1, 'alpha'), entry(2, 'beta')]);
    index.upsert(entry(1, 'gamma'));
    index.upsert(entry(3, 'alphabet'));
    index.remove('u2');
    index.remove('missing');
    expect(index.page(undefined, () => true, 0, 10, false).map((e) => e.sortTitle)).toEqual([
      'alphabet',
      'gamma',
    ]);
    expect(index.page('alpha', () => true, 0, 10, false).map((e) => e.id)).toEqual([3]);
    expect(index.size).toBe(2);
  });
});
