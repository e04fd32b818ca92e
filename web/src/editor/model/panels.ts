/** Edits of a dashboard's panels: add, duplicate, remove, move, resize, rows collapsing. */

import { layoutPanels, type GridPos, type PlacedPanel } from '../../lib/layout.js';
import { migratePanel } from '../../lib/migrate.js';
import { upgradeRows, type DashboardModel, type Panel } from '../../lib/model.js';
import { arrange, expandInto, sectionOf, settle, type LayoutItem } from './sections.js';

type Item = LayoutItem & { panel: Panel };

const every = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...(p.panels ?? [])]);

function nextPanelId(panels: Panel[]): number {
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

/** The grid as laid out for display (collapsed rows' panels are not in it). */
function items(panels: Panel[]): Item[] {
  return layoutPanels(panels).map((placed: PlacedPanel<Panel>) => itemOf(placed.panel, placed.pos));
}

const itemOf = (panel: Panel, pos: GridPos): Item => ({
  key: keyOf(panel),
  pos,
  panel,
  row: panel.type === 'row',
});

/** Top-level panels from laid-out items, positions written back, in reading order. */
function fromItems(list: Item[]): Panel[] {
  return [...list]
    .sort((a, b) => a.pos.y - b.pos.y || a.pos.x - b.pos.x)
    .map((item) => ({ ...item.panel, gridPos: { ...item.pos } }));
}

const withPanels = (model: DashboardModel, panels: Panel[]): DashboardModel => ({ ...model, panels });

/** Positions as the grid shows them (compacted, rows in place). */
function relayout(model: DashboardModel): DashboardModel {
  return withPanels(model, fromItems(settle(items(model.panels ?? []))));
}

/** The grid while a panel or row is dragged to `pos` (the editor's live preview uses it too). */
export function previewPosition<T extends LayoutItem>(list: T[], key: string, pos: GridPos): T[] {
  const item = list.find((i) => i.key === key);
  if (!item) return list;
  return arrange(list, item, item.row ? { ...pos, x: 0, w: 24, h: 1 } : pos);
}

/** Moves or resizes the panel or row with this id. */
export function setPosition(model: DashboardModel, id: number, pos: GridPos): DashboardModel {
  const list = items(model.panels ?? []);
  const item = list.find((i) => i.panel.id === id);
  if (!item) return model;
  return withPanels(model, fromItems(previewPosition(list, item.key, pos)));
}

/** A new panel (or row) at the top, pushing the others down, as Grafana adds them. */
export function addPanel(
  model: DashboardModel,
  panel: Omit<Panel, 'id'>,
): { model: DashboardModel; id: number } {
  const id = nextPanelId(model.panels ?? []);
  const created: Panel = { ...panel, id };
  const pos = { x: 0, y: 0, w: 12, h: 8, ...panel.gridPos };
  return {
    model: withPanels(model, fromItems(arrange(items(model.panels ?? []), itemOf(created, pos), pos))),
    id,
  };
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
  const source = list.find((i) => i.panel.id === id && !i.row);
  if (!source) return { model, id };
  const copyId = nextPanelId(model.panels ?? []);
  const copy: Panel = structuredClone({ ...source.panel, id: copyId });
  const { x, y, w, h } = source.pos;
  const pos = x + 2 * w <= 24 ? { x: x + w, y, w, h } : { x, y: y + h, w, h };
  return { model: withPanels(model, fromItems(arrange(list, itemOf(copy, pos), pos))), id: copyId };
}

/** Removes a panel; removing a row keeps its panels (a collapsed row's panels come out first). */
export function removePanel(model: DashboardModel, id: number): DashboardModel {
  let current = model;
  const target = (model.panels ?? []).find((p) => p.id === id);
  if (target?.type === 'row' && target.collapsed) current = toggleRow(model, id);
  return relayout(
    withPanels(
      current,
      (current.panels ?? []).filter((p) => p.id !== id),
    ),
  );
}

/**
 * Collapsing a row moves the panels below it (up to the next row) into it; expanding puts them
 * back below it and moves what follows down.
 */
export function toggleRow(model: DashboardModel, id: number): DashboardModel {
  const list = items(model.panels ?? []);
  const row = list.find((i) => i.panel.id === id && i.row);
  if (!row) return model;
  if (!row.panel.collapsed) {
    const own = sectionOf(list, row.key);
    const children = own.map((i) => ({ ...i.panel, gridPos: { ...i.pos } }));
    const rest = list
      .filter((i) => !own.includes(i))
      .map((i) => (i === row ? { ...i, panel: { ...i.panel, collapsed: true, panels: children } } : i));
    return withPanels(model, fromItems(settle(rest)));
  }
  const children = (row.panel.panels ?? []).map((child) =>
    itemOf(child, { x: 0, y: 0, w: 12, h: 8, ...child.gridPos }),
  );
  const opened = list.map((i) =>
    i === row ? { ...i, panel: { ...i.panel, collapsed: false, panels: [] } } : i,
  );
  return withPanels(model, fromItems(expandInto(opened, row.key, children)));
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
