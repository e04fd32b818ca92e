import { describe, expect, it } from 'vitest';
import { folderChainScopes } from '../../../src/features/dashboards/dashboard-access.js';
import { FolderTree } from '../../../src/features/dashboards/folders/folder-tree.js';
import { slugify } from '../../../src/features/dashboards/dashboard-model.js';

const tree = new FolderTree([
  { id: 1, uid: 'a', title: 'A', parentUid: '' },
  { id: 2, uid: 'b', title: 'B', parentUid: 'a' },
  { id: 3, uid: 'c', title: 'C', parentUid: 'b' },
  { id: 4, uid: 'd', title: 'D', parentUid: '' },
]);

describe('FolderTree', () => {
  it('walks ancestors nearest first and expands descendants', () => {
    expect(tree.ancestors('c').map((f) => f.uid)).toEqual(['b', 'a']);
    expect(tree.ancestors('a')).toEqual([]);
    expect([...tree.withDescendants(['a'])].sort()).toEqual(['a', 'b', 'c']);
    expect([...tree.withDescendants(['missing'])]).toEqual([]);
    expect(tree.height('a')).toBe(3);
    expect(tree.height('d')).toBe(1);
  });

  it('shares the folders a set of grants covers, with the root when asked', () => {
    const covered = tree.covering(['b', 'd'], false);
    expect([...covered].sort()).toEqual(['b', 'c', 'd']);
    expect(tree.covering(['b', 'd'], false)).toBe(covered);
    expect([...tree.covering(['b', 'd'], true)].sort()).toEqual(['', 'b', 'c', 'd']);
    expect(covered.has('')).toBe(false);
    expect([...tree.covering([], true)]).toEqual(['']);
    expect(tree.urlOf(tree.get('b')!)).toBe('/dashboards/f/b/b');
  });

  it('lists folders in title order, ignoring case, then by id, the same list each time', () => {
    const titled = new FolderTree([
      { id: 5, uid: 'x', title: 'beta', parentUid: '' },
      { id: 2, uid: 'y', title: 'Alpha', parentUid: 'x' },
      { id: 1, uid: 'z', title: 'BETA', parentUid: '' },
    ]);
    const order = titled.inTitleOrder();
    expect(order.map((t) => [t.node.uid, t.lowerTitle])).toEqual([
      ['y', 'alpha'],
      ['z', 'beta'],
      ['x', 'beta'],
    ]);
    expect(titled.inTitleOrder()).toBe(order);
  });

  it('gives the scopes a dashboard inherits from its folder chain', () => {
    expect(folderChainScopes(tree, 'c')).toEqual(['folders:uid:c', 'folders:uid:b', 'folders:uid:a']);
    expect(folderChainScopes(tree, '')).toEqual(['folders:uid:general']);
  });

  it('survives a corrupt cycle', () => {
    const cyclic = new FolderTree([
      { id: 1, uid: 'x', title: 'X', parentUid: 'y' },
      { id: 2, uid: 'y', title: 'Y', parentUid: 'x' },
    ]);
    expect(cyclic.ancestors('x').map((f) => f.uid)).toEqual(['y']);
  });
});

describe('slugify', () => {
  it('follows Grafana', () => {
    expect(slugify('Production Overview')).toBe('production-overview');
    expect(slugify('ProductionOverview')).toBe('productionoverview');
    expect(slugify('Café déjà vu')).toBe('cafe-deja-vu');
    expect(slugify('  --Node Exporter / Full--  ')).toBe('node-exporter-full');
    expect(slugify('  Héllo -- World!! ')).toBe('hello-world');
  });
});
