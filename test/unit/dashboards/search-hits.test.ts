import { describe, expect, it } from 'vitest';
import { FolderTree } from '../../../src/features/dashboards/folders/folder-tree.js';
import { createHitTexts, type SearchPage } from '../../../src/features/dashboards/search/search-hits.js';
import type { IndexEntry } from '../../../src/features/dashboards/search/title-index.js';

const tree = new FolderTree([{ id: 7, uid: 'ops', title: 'Ops Ünits', parentUid: '' }]);

const entry = (id: number, title: string, folderUid: string, tags: string[] = []): IndexEntry => ({
  id,
  uid: `d${id}`,
  title,
  folderUid,
  tags,
  created_by: 1,
  default_creator_admin: 0,
  default_role_grants: 0,
});

const tricky = entry(1, 'say "isStarred":false, ✓', 'ops', ['a"b']);
const plain = entry(2, 'Plain', '');

function pageOf(starred: number[]): SearchPage {
  return {
    orgId: 3,
    tree,
    folders: [tree.get('ops')!],
    dashboards: [tricky, plain],
    starred: new Set(starred),
  };
}

describe('search hit texts', () => {
  it('renders folders then dashboards as JSON, with each caller’s stars', () => {
    const texts = createHitTexts();
    let serialized = 0;
    const serialize = (hit: object) => {
      serialized += 1;
      return JSON.stringify(hit);
    };
    const first = texts.render(pageOf([1]), serialize);
    const hits = JSON.parse(first.toString('utf8'));
    expect(hits).toEqual([
      {
        id: 7,
        uid: 'ops',
        orgId: 3,
        title: 'Ops Ünits',
        uri: 'db/ops-units',
        url: '/dashboards/f/ops/ops-units',
        slug: 'ops-units',
        type: 'dash-folder',
        tags: [],
        isStarred: false,
        sortMeta: 0,
      },
      {
        id: 1,
        uid: 'd1',
        orgId: 3,
        title: 'say "isStarred":false, ✓',
        uri: 'db/say-isstarred-false',
        url: '/d/d1/say-isstarred-false',
        slug: 'say-isstarred-false',
        type: 'dash-db',
        tags: ['a"b'],
        isStarred: true,
        folderId: 7,
        folderUid: 'ops',
        folderTitle: 'Ops Ünits',
        folderUrl: '/dashboards/f/ops/ops-units',
        sortMeta: 0,
      },
      expect.objectContaining({ id: 2, title: 'Plain', isStarred: false }),
    ]);
    expect(hits[2]).not.toHaveProperty('folderUid');

    // another caller: the same texts, its own stars; nothing serialised again
    const second = JSON.parse(texts.render(pageOf([2]), serialize).toString('utf8'));
    expect(second.map((h: { isStarred: boolean }) => h.isStarred)).toEqual([false, false, true]);
    expect(serialized).toBe(3);
  });

  it('makes new texts for a new tree, and answers an empty page', () => {
    const texts = createHitTexts();
    texts.render(pageOf([]), JSON.stringify);
    const renamed = new FolderTree([{ id: 7, uid: 'ops', title: 'Operations', parentUid: '' }]);
    const page = { ...pageOf([]), tree: renamed, folders: [renamed.get('ops')!] };
    const hits = JSON.parse(texts.render(page, JSON.stringify).toString('utf8'));
    expect(hits[0]).toMatchObject({ title: 'Operations' });
    expect(hits[1]).toMatchObject({ folderTitle: 'Operations', folderUrl: '/dashboards/f/ops/operations' });
    expect(texts.render({ ...page, folders: [], dashboards: [] }, JSON.stringify).toString()).toBe('[]');
  });
});
