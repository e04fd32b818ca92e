/** Edits of a dashboard's panels: add, duplicate, remove, move, resize, rows collapsing. */

import { layoutPanels, type GridPos, type PlacedPanel } from '../../lib/layout.js';
import { migratePanel } from '../../lib/migrate.js';
import { upgradeRows, type DashboardModel, type Panel } from '../../lib/model.js';
import { placeItem, type GridItem } from './grid.js';

type Item = GridItem & { panel: Panel };

const every = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...(p.panels ?? [])]);

export function nextPanelId(panels: Panel[]): number {
  return Math.max(0, ...every(panels).map((p) => p.id ?? 0)) + 1;
}

/**
 * The model as the editor works on it: panels in `panels` with `gridPos` (old `rows` converted,
 * old panel types migrated, as Grafana does when it loads a dashboard) and every panel with an id.
 */
export function normalizeForEdit(model: DashboardModel): DashboardModel {
  const panels = upgradeRows(model).map(migratePanel);
  let next = nextPanelId(panels);
  const withId = (panel: Panel): Panel => ({
    ...panel,
    id: typeof panel.id === 'number' ? panel.id : next++,
    ...(panel.type === 'row' ? { panels: (panel.panels ?? []).map(withId) } : {}),
  });
  const normalized: DashboardModel = { ...model, panels: panels.map(withId) };
  delete normalized.rows;
  return normalized;
}

const keyOf = (panel: Panel) => `${panel.type === 'row' ? 'row' : 'panel'}-${panel.id}`;

function items(panels: Panel[]): Item[] {
  return layoutPanels(panels).map((placed: PlacedPanel<Panel>) => ({
    key: keyOf(placed.panel),
    pos: placed.pos,
    panel: placed.panel,
  }));
}

/** Top-level panels from laid-out items, positions written back, in reading order. */
function fromItems(list: Item[]): Panel[] {
  return [...list]
    .sort((a, b) => a.pos.y - b.pos.y || a.pos.x - b.pos.x)
    .map((item) => ({ ...item.panel, gridPos: { ...item.pos } }));
}

const withPanels = (model: DashboardModel, panels: Panel[]): DashboardModel => ({ ...model, panels });

/** Positions as the grid shows them (compacted, rows in place). */
export function relayout(model: DashboardModel): DashboardModel {
  return withPanels(model, fromItems(items(model.panels ?? [])));
}

/** Moves or resizes the panel or row with this id. */
export function setPosition(model: DashboardModel, id: number, pos: GridPos): DashboardModel {
  const list = items(model.panels ?? []);
  const item = list.find((i) => i.panel.id === id);
  if (!item) return model;
  const isRow = item.panel.type === 'row';
  const target = isRow ? { ...pos, x: 0, w: 24, h: 1 } : pos;
  return withPanels(model, fromItems(placeItem(list, item.key, target, item)));
}

/** A new panel (or row) at the top, pushing the others down, as Grafana adds them. */
export function addPanel(
  model: DashboardModel,
  panel: Omit<Panel, 'id'>,
): { model: DashboardModel; id: number } {
  const id = nextPanelId(model.panels ?? []);
  const created: Panel = { ...panel, id };
  const pos = { x: 0, y: 0, w: 12, h: 8, ...panel.gridPos };
  const list = items(model.panels ?? []);
  const placed = placeItem(list, keyOf(created), pos, { key: keyOf(created), pos, panel: created });
  return { model: withPanels(model, fromItems(placed)), id };
}

export function newRow(): Omit<Panel, 'id'> {
  return {
    type: 'row',
    title: 'Row title',
    collapsed: false,
    panels: [],
    gridPos: { x: 0, y: 0, w: 24, h: 1 },
  };
}

/** A copy next to the panel when it fits on the same line, else below it. */
export function duplicatePanel(model: DashboardModel, id: number): { model: DashboardModel; id: number } {
  const list = items(model.panels ?? []);
  const source = list.find((i) => i.panel.id === id && i.panel.type !== 'row');
  if (!source) return { model, id };
  const copyId = nextPanelId(model.panels ?? []);
  const copy: Panel = structuredClone({ ...source.panel, id: copyId });
  const { x, y, w, h } = source.pos;
  const pos = x + 2 * w <= 24 ? { x: x + w, y, w, h } : { x, y: y + h, w, h };
  const key = keyOf(copy);
  const placed = placeItem(list, key, pos, { key, pos, panel: copy });
  return { model: withPanels(model, fromItems(placed)), id: copyId };
}

/** Removes a panel; removing a row keeps its panels (a collapsed row's panels come out first). */
export function removePanel(model: DashboardModel, id: number): DashboardModel {
  let panels = model.panels ?? [];
  const target = panels.find((p) => p.id === id);
  if (target?.type === 'row' && target.collapsed)
    panels = toggleRow(withPanels(model, panels), id).panels ?? [];
  return relayout(
    withPanels(
      model,
      panels.filter((p) => p.id !== id),
    ),
  );
}

/**
 * Collapsing a row moves the panels below it (up to the next row) into it; expanding puts them
 * back below it and moves what follows down.
 */
export function toggleRow(model: DashboardModel, id: number): DashboardModel {
  const list = items(model.panels ?? []);
  const index = list.findIndex((i) => i.panel.id === id && i.panel.type === 'row');
  if (index < 0) return model;
  const row = list[index]!;
  if (!row.panel.collapsed) {
    let end = index + 1;
    while (end < list.length && list[end]!.panel.type !== 'row') end++;
    const own = list.slice(index + 1, end);
    const children = own.map((i) => ({ ...i.panel, gridPos: { ...i.pos } }));
    const rest = list.filter((i) => i !== row && !own.includes(i));
    const collapsed: Item = { ...row, panel: { ...row.panel, collapsed: true, panels: children } };
    return relayout(withPanels(model, fromItems([...rest, collapsed])));
  }
  const children = row.panel.panels ?? [];
  const top = Math.min(...children.map((c) => c.gridPos?.y ?? 0));
  const span = Math.max(0, ...children.map((c) => (c.gridPos?.y ?? 0) - top + (c.gridPos?.h ?? 8)));
  const shifted = list.map((i) => (i.pos.y > row.pos.y ? { ...i, pos: { ...i.pos, y: i.pos.y + span } } : i));
  const inserted: Item[] = children.map((child) => ({
    key: keyOf(child),
    panel: child,
    pos: {
      x: child.gridPos?.x ?? 0,
      y: row.pos.y + 1 + (child.gridPos?.y ?? 0) - top,
      w: child.gridPos?.w ?? 12,
      h: child.gridPos?.h ?? 8,
    },
  }));
  const expanded = shifted.map((i, n) =>
    n === index ? { ...i, panel: { ...i.panel, collapsed: false, panels: [] } } : i,
  );
  return relayout(withPanels(model, fromItems([...expanded, ...inserted])));
}

/** The panel with this id, top-level or inside a collapsed row. */
export function findPanel(model: DashboardModel, id: number): Panel | undefined {
  return every(model.panels ?? []).find((p) => p.id === id);
}

export function replacePanel(model: DashboardModel, panel: Panel): DashboardModel {
  const swap = (list: Panel[]): Panel[] =>
    list.map((p) =>
      p.id === panel.id ? panel : p.type === 'row' && p.panels ? { ...p, panels: swap(p.panels) } : p,
    );
  return withPanels(model, swap(model.panels ?? []));
}
