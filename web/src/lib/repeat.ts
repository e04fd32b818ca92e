/** Grafana's repeated panels: one copy of a panel per selected value of its `repeat` variable. */

import { GRID_COLUMNS } from './layout.js';
import type { Panel } from './model.js';
import type { ScopedVars } from './variables.js';

export interface RepeatedPanel extends Panel {
  /** the repeat variable's value for this copy */
  scopedVars?: ScopedVars;
  /** a key unique among the copies */
  repeatKey?: string;
}

type RepeatValues = (name: string) => { values: string[]; texts: string[] } | undefined;

/**
 * Copies of each repeated panel side by side (`repeatDirection` "h", at most `maxPerRow` a row,
 * Grafana's default 4) or stacked ("v"). Each copy sees the variable as one value.
 */
export function expandRepeats(panels: RepeatedPanel[], valuesOf: RepeatValues): RepeatedPanel[] {
  const out: RepeatedPanel[] = [];
  for (const panel of panels) {
    const repeat = panel.type !== 'row' ? panel.repeat : undefined;
    const selection = repeat ? valuesOf(repeat) : undefined;
    if (!repeat || !selection || selection.values.length === 0) {
      out.push(
        panel.type === 'row' && panel.panels
          ? { ...panel, panels: expandRepeats(panel.panels, valuesOf) }
          : panel,
      );
      continue;
    }
    const count = selection.values.length;
    const pos = { x: 0, y: 0, w: 12, h: 8, ...panel.gridPos };
    const vertical = (panel as { repeatDirection?: string }).repeatDirection === 'v';
    const maxPerRow = Math.max(1, (panel as { maxPerRow?: number }).maxPerRow ?? 4);
    const width = vertical
      ? pos.w
      : Math.max(Math.floor(GRID_COLUMNS / Math.min(count, maxPerRow)), Math.ceil(GRID_COLUMNS / maxPerRow));
    const perRow = vertical ? 1 : Math.max(1, Math.floor(GRID_COLUMNS / width));
    selection.values.forEach((value, index) => {
      const gridPos = vertical
        ? { ...pos, y: pos.y + index * pos.h }
        : { x: (index % perRow) * width, y: pos.y + Math.floor(index / perRow) * pos.h, w: width, h: pos.h };
      out.push({
        ...panel,
        id: index === 0 ? panel.id : undefined,
        gridPos,
        repeatKey: `${panel.repeatKey ?? panel.id ?? 'p'}-${repeat}-${index}`,
        scopedVars: { ...panel.scopedVars, [repeat]: { value, text: selection.texts[index] ?? value } },
      });
    });
  }
  return out;
}

const top = (panel: Panel) => panel.gridPos?.y ?? 0;
const height = (panel: Panel) => panel.gridPos?.h ?? (panel.type === 'row' ? 1 : 8);

function moved(panel: RepeatedPanel, dy: number): RepeatedPanel {
  return dy === 0 ? panel : { ...panel, gridPos: { ...panel.gridPos, y: top(panel) + dy } };
}

/**
 * Grafana's repeated rows: a row with `repeat` is copied once per selected value, each copy with
 * the row's panels (those below it up to the next row, or kept inside a collapsed row) seeing the
 * variable as that one value. What follows the row moves down to make room.
 */
export function expandRowRepeats(panels: Panel[], valuesOf: RepeatValues): RepeatedPanel[] {
  if (!panels.some((p) => p.type === 'row' && p.repeat)) return panels;
  const sorted = panels
    .map((panel, index) => ({ panel, index }))
    .sort(
      (a, b) =>
        top(a.panel) - top(b.panel) ||
        (a.panel.gridPos?.x ?? 0) - (b.panel.gridPos?.x ?? 0) ||
        a.index - b.index,
    )
    .map((entry) => entry.panel);
  const out: RepeatedPanel[] = [];
  let shift = 0;
  for (let i = 0; i < sorted.length;) {
    const row = sorted[i]!;
    const selection = row.type === 'row' && row.repeat ? valuesOf(row.repeat) : undefined;
    if (!row.repeat || !selection || selection.values.length === 0) {
      out.push(moved(row, shift));
      i++;
      continue;
    }
    let end = i + 1;
    while (end < sorted.length && sorted[end]!.type !== 'row') end++;
    const children = sorted.slice(i + 1, end);
    const rowTop = top(row);
    const sectionHeight =
      Math.max(rowTop + 1, ...children.map((child) => top(child) + height(child))) - rowTop;
    const name = row.repeat;
    selection.values.forEach((value, copy) => {
      const vars: ScopedVars = { [name]: { value, text: selection.texts[copy] ?? value } };
      const copyOf = (panel: RepeatedPanel, dy: number): RepeatedPanel => ({
        ...moved(panel, dy),
        id: copy === 0 ? panel.id : undefined,
        scopedVars: { ...panel.scopedVars, ...vars },
        repeatKey: copy === 0 ? panel.repeatKey : `${panel.repeatKey ?? panel.id ?? 'p'}-row${copy}`,
      });
      const dy = shift + copy * sectionHeight;
      out.push({
        ...copyOf(row, dy),
        repeatKey: `row-${row.id ?? 'r'}-${name}-${copy}`,
        panels: row.panels?.map((child) => copyOf(child, 0)),
      });
      for (const child of children) out.push(copyOf(child, dy));
    });
    shift += (selection.values.length - 1) * sectionHeight;
    i = end;
  }
  return out;
}
