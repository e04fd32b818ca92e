/** Pure model code for library panels: which a dashboard names, and panels with their elements. */
import type { DashboardModel, Panel } from './model.js';

/** The uids of the library panels a dashboard's panels name (rows' collapsed panels included). */
export function libraryPanelUids(model: DashboardModel): string[] {
  const uids = new Set<string>();
  const walk = (panels: Panel[] | undefined) => {
    for (const panel of panels ?? []) {
      if (panel.libraryPanel?.uid) uids.add(panel.libraryPanel.uid);
      walk(panel.panels);
    }
  };
  walk(model.panels);
  return [...uids];
}

/** A panel naming a library panel, drawn as the element's model in the panel's place. */
function resolved(panel: Panel, element: Panel | undefined, name: string | undefined): Panel {
  if (!element) return panel;
  return {
    ...element,
    id: panel.id,
    gridPos: panel.gridPos,
    libraryPanel: { uid: panel.libraryPanel!.uid, name: name ?? panel.libraryPanel!.name },
  };
}

/** The model with every panel naming a loaded element replaced by that element's model. */
export function withLibraryPanels(
  model: DashboardModel,
  elements: Record<string, { name: string; model: Panel }>,
): DashboardModel {
  if (!Object.keys(elements).length) return model;
  const swap = (panels: Panel[] | undefined): Panel[] | undefined =>
    panels?.map((panel) => {
      const uid = panel.libraryPanel?.uid;
      if (uid) return resolved(panel, elements[uid]?.model, elements[uid]?.name);
      return panel.panels ? { ...panel, panels: swap(panel.panels) } : panel;
    });
  return { ...model, panels: swap(model.panels) };
}

/** What a dashboard keeps of a panel that became a library panel: its place and the reference. */
export function linkedPanel(panel: Panel, element: { uid: string; name: string }): Panel {
  return {
    id: panel.id,
    gridPos: panel.gridPos,
    title: panel.title,
    libraryPanel: { uid: element.uid, name: element.name },
  };
}

/** A library panel unlinked: the element's model becomes the dashboard's own panel. */
export function unlinkedPanel(panel: Panel, element: Panel): Panel {
  const own: Panel = { ...element, id: panel.id, gridPos: panel.gridPos };
  delete own.libraryPanel;
  return own;
}

/** A panel's model as a library element keeps it: without its place and any reference. */
export function elementModel(panel: Panel): Panel {
  const model: Panel = { ...panel };
  delete model.id;
  delete model.gridPos;
  delete model.libraryPanel;
  return model;
}

/** A new dashboard panel naming a library panel (its model is drawn from the element). */
export function panelOfElement(element: { uid: string; name: string; model: Panel }): Omit<Panel, 'id'> {
  return {
    title: element.model.title ?? element.name,
    gridPos: { x: 0, y: 0, w: 12, h: 8, ...element.model.gridPos },
    libraryPanel: { uid: element.uid, name: element.name },
  };
}
