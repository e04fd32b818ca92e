/**
 * Layout edits that respect rows: the grid is a stack of sections (the panels before the first
 * row, then each row with the panels under it). Panels settle inside their own section, so
 * pushing a panel down never lets one from below a row float above that row.
 */

import { compact, GRID_COLUMNS, type GridPos } from '../../lib/layout.js';
import { placeItem, type GridItem } from './grid.js';

export interface LayoutItem extends GridItem {
  row: boolean;
}

interface Section<T extends LayoutItem> {
  row?: T;
  /** positions relative to the top of the section's content */
  children: T[];
}

const byPosition = (a: LayoutItem, b: LayoutItem) =>
  a.pos.y - b.pos.y || Number(b.row) - Number(a.row) || a.pos.x - b.pos.x;

/** Sections of an ordered list (rows start them), children moved to local positions. */
function split<T extends LayoutItem>(ordered: T[]): Section<T>[] {
  const sections: Section<T>[] = [{ children: [] }];
  for (const item of ordered) {
    if (item.row) sections.push({ row: item, children: [] });
    else sections[sections.length - 1]!.children.push(item);
  }
  for (const section of sections) {
    const top = Math.min(...section.children.map((c) => c.pos.y));
    section.children = section.children.map((c) => ({ ...c, pos: { ...c.pos, y: c.pos.y - top } }));
  }
  return sections;
}

/** Absolute positions again: rows one unit high, each section's panels compacted below its row. */
function stack<T extends LayoutItem>(sections: Section<T>[]): T[] {
  const out: T[] = [];
  let cursor = 0;
  for (const section of sections) {
    if (section.row) {
      out.push({ ...section.row, pos: { x: 0, y: cursor, w: GRID_COLUMNS, h: 1 } });
      cursor += 1;
    }
    let bottom = cursor;
    for (const child of compact(section.children)) {
      const pos = { ...child.pos, y: child.pos.y + cursor };
      bottom = Math.max(bottom, pos.y + pos.h);
      out.push({ ...child, pos });
    }
    cursor = bottom;
  }
  return out;
}

/** The layout compacted section by section. */
export function settle<T extends LayoutItem>(items: T[]): T[] {
  return stack(split([...items].sort(byPosition)));
}

/**
 * The layout after `item` goes to `pos` (moved, resized, or added when not in `items`). A panel
 * joins the section its new top lands in; a row takes the panels below its new place, up to
 * the next row, as Grafana's rows do.
 */
export function arrange<T extends LayoutItem>(items: T[], item: T, pos: GridPos): T[] {
  const others = items.filter((i) => i.key !== item.key).sort(byPosition);
  if (item.row) {
    const at = others.findIndex((i) => i.pos.y >= pos.y);
    const ordered = at < 0 ? [...others, item] : [...others.slice(0, at), item, ...others.slice(at)];
    return stack(split(ordered));
  }
  const sections = split([...items].sort(byPosition));
  let target = 0;
  sections.forEach((section, index) => {
    if (section.row && section.row.key !== item.key && section.row.pos.y < pos.y) target = index;
  });
  const section = sections[target]!;
  const contentTop = section.row ? section.row.pos.y + 1 : 0;
  const local = { ...pos, y: Math.max(0, pos.y - contentTop) };
  for (const other of sections) {
    if (other !== section) other.children = other.children.filter((c) => c.key !== item.key);
  }
  section.children = placeItem(section.children, item.key, local, item);
  return stack(sections);
}

/** Panels put back under a row that was collapsed, above those shown after it so far. */
export function expandInto<T extends LayoutItem>(items: T[], rowKey: string, children: T[]): T[] {
  const sections = split([...items].sort(byPosition));
  const section = sections.find((s) => s.row?.key === rowKey);
  if (!section || children.length === 0) return stack(sections);
  const top = Math.min(...children.map((c) => c.pos.y));
  const inserted = children.map((c) => ({ ...c, pos: { ...c.pos, y: c.pos.y - top } }));
  const height = Math.max(...inserted.map((c) => c.pos.y + c.pos.h));
  section.children = [
    ...inserted,
    ...section.children.map((c) => ({ ...c, pos: { ...c.pos, y: c.pos.y + height } })),
  ];
  return stack(sections);
}

/** The panels of a row's section (those a collapse takes in), with their current positions. */
export function sectionOf<T extends LayoutItem>(items: T[], rowKey: string): T[] {
  const ordered = [...items].sort(byPosition);
  const start = ordered.findIndex((i) => i.key === rowKey);
  if (start < 0) return [];
  const out: T[] = [];
  for (const item of ordered.slice(start + 1)) {
    if (item.row) break;
    out.push(item);
  }
  return out;
}
