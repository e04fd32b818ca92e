/** Grafana's 24-column dashboard grid: rows, collapsed rows and vertical compaction. */

export const GRID_COLUMNS = 24;
/** Height of one grid unit in pixels and the gap between panels (Grafana's GRID_CELL_HEIGHT/VMARGIN). */
export const GRID_CELL_HEIGHT = 30;
export const GRID_MARGIN = 8;

export interface GridPos {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PanelLike {
  id?: number;
  repeatKey?: string;
  type?: string;
  gridPos?: Partial<GridPos>;
  collapsed?: boolean;
  panels?: PanelLike[];
}

export interface PlacedPanel<P extends PanelLike> {
  panel: P;
  pos: GridPos;
  /** the row this panel belongs to (for a row: its own id), if any */
  rowId?: number;
  key: string;
}

function normalizePos(pos: Partial<GridPos> | undefined): GridPos {
  const w = Math.min(GRID_COLUMNS, Math.max(1, Math.round(pos?.w ?? 12)));
  const x = Math.min(GRID_COLUMNS - w, Math.max(0, Math.round(pos?.x ?? 0)));
  return { x, y: Math.max(0, Math.round(pos?.y ?? 0)), w, h: Math.max(1, Math.round(pos?.h ?? 8)) };
}

function overlaps(a: GridPos, b: GridPos): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** react-grid-layout's vertical compaction: every item moves up as far as it can. */
export function compact<T extends { pos: GridPos }>(items: T[]): T[] {
  const sorted = [...items].sort((a, b) => a.pos.y - b.pos.y || a.pos.x - b.pos.x);
  const placed: T[] = [];
  for (const item of sorted) {
    const pos = { ...item.pos };
    while (pos.y > 0 && !placed.some((other) => overlaps({ ...pos, y: pos.y - 1 }, other.pos))) pos.y--;
    while (placed.some((other) => overlaps(pos, other.pos))) pos.y++;
    placed.push({ ...item, pos });
  }
  return placed;
}

/**
 * The panels to show, with positions: top-level panels in order, rows as full-width bands, a row's
 * panels below it when expanded (an expanded row's panels follow it in the top-level list; a
 * collapsed row keeps them in `row.panels`). `expanded` overrides the saved `collapsed` flag by the
 * row's key or id.
 */
export function layoutPanels<P extends PanelLike>(
  panels: P[],
  expanded: Record<string, boolean> = {},
): PlacedPanel<P>[] {
  const sorted = panels
    .map((panel, index) => ({ panel, index, pos: normalizePos(panel.gridPos) }))
    .sort((a, b) => a.pos.y - b.pos.y || a.pos.x - b.pos.x || a.index - b.index);

  // A collapsed row keeps its panels inside; top-level panels after it are not its own (Grafana
  // shows them below it, outside any row).
  type Section = { row?: P; rowIndex: number; children: P[]; followers: P[] };
  const sections: Section[] = [{ rowIndex: -1, children: [], followers: [] }];
  for (const { panel, index } of sorted) {
    const last = sections[sections.length - 1]!;
    if (panel.type === 'row')
      sections.push({
        row: panel,
        rowIndex: index,
        children: [...((panel.panels ?? []) as P[])],
        followers: [],
      });
    else if (last.row?.collapsed) last.followers.push(panel);
    else last.children.push(panel);
  }

  const result: PlacedPanel<P>[] = [];
  let cursor = 0;
  const place = (block: P[], rowId: number | undefined) => {
    if (block.length === 0) return;
    const children = block.map((panel, i) => ({ panel, pos: normalizePos(panel.gridPos), i }));
    const top = Math.min(...children.map((c) => c.pos.y));
    const shifted = compact(children.map((c) => ({ ...c, pos: { ...c.pos, y: c.pos.y - top } })));
    let bottom = cursor;
    for (const child of shifted) {
      const pos = { ...child.pos, y: child.pos.y + cursor };
      bottom = Math.max(bottom, pos.y + pos.h);
      result.push({
        panel: child.panel,
        pos,
        rowId,
        key: child.panel.repeatKey ?? `panel-${child.panel.id ?? `${rowId}-${child.i}`}`,
      });
    }
    cursor = bottom;
  };
  for (const section of sections) {
    let rowId: number | undefined;
    let open = true;
    if (section.row) {
      rowId = section.row.id ?? section.rowIndex;
      const key = section.row.repeatKey ?? `row-${rowId}`;
      result.push({ panel: section.row, pos: { x: 0, y: cursor, w: GRID_COLUMNS, h: 1 }, rowId, key });
      cursor += 1;
      open = expanded[key] ?? expanded[rowId] ?? !section.row.collapsed;
    }
    if (open) place(section.children, rowId);
    place(section.followers, undefined);
  }
  return result;
}
