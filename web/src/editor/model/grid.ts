/** Moving and resizing panels on the 24-column grid, the way react-grid-layout does it for Grafana. */

import { GRID_COLUMNS, type GridPos } from '../../lib/layout.js';

export interface GridItem {
  key: string;
  pos: GridPos;
}

const overlaps = (a: GridPos, b: GridPos) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A position kept inside the grid: at least one cell, at most the full width, never above the top. */
export function clampPos(pos: GridPos): GridPos {
  const w = Math.min(GRID_COLUMNS, Math.max(1, Math.round(pos.w)));
  const h = Math.max(1, Math.round(pos.h));
  const x = Math.min(GRID_COLUMNS - w, Math.max(0, Math.round(pos.x)));
  return { x, y: Math.max(0, Math.round(pos.y)), w, h };
}

/**
 * The grid after the item `key` goes to `pos` (moved or resized; a new item may be added this
 * way). Items are settled top to bottom, each as high as it fits: the moved item goes before the
 * items it lands level with when it moved up (or is new) and after them when it moved down, so
 * dragging a panel onto another's top swaps the two.
 */
export function placeItem<T extends GridItem>(items: T[], key: string, pos: GridPos, moving: T): T[] {
  const target = clampPos(pos);
  const previous = items.find((item) => item.key === key);
  const down = previous !== undefined && target.y > previous.pos.y;
  const rank = (item: GridItem) => (item.key !== key ? 1 : down ? 2 : 0);
  const all = [...items.filter((item) => item.key !== key), { ...moving, key, pos: target }];
  const order = all
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        a.item.pos.y - b.item.pos.y ||
        rank(a.item) - rank(b.item) ||
        a.item.pos.x - b.item.pos.x ||
        a.index - b.index,
    );
  const settled: T[] = [];
  for (const { item } of order) {
    const at = { ...item.pos };
    while (at.y > 0 && !settled.some((other) => overlaps({ ...at, y: at.y - 1 }, other.pos))) at.y--;
    while (settled.some((other) => overlaps(at, other.pos))) at.y++;
    settled.push({ ...item, pos: at });
  }
  return settled;
}

/** Pixel movement turned into whole grid cells. */
export function cellsMoved(
  dxPx: number,
  dyPx: number,
  grid: { width: number; cellHeight: number; margin: number },
): { dx: number; dy: number } {
  const column = (grid.width + grid.margin) / GRID_COLUMNS;
  return {
    dx: Math.round(dxPx / column),
    dy: Math.round(dyPx / (grid.cellHeight + grid.margin)),
  };
}
