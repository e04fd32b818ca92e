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

export type RepeatValues = (name: string) => { values: string[]; texts: string[] } | undefined;

/**
 * Copies of each repeated panel side by side (`repeatDirection` "h", at most `maxPerRow` a row,
 * Grafana's default 4) or stacked ("v"). Each copy sees the variable as one value.
 */
export function expandRepeats(panels: Panel[], valuesOf: RepeatValues): RepeatedPanel[] {
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
        repeatKey: `${panel.id ?? 'p'}-${repeat}-${index}`,
        scopedVars: { [repeat]: { value, text: selection.texts[index] ?? value } },
      });
    });
  }
  return out;
}
