import { describe, expect, it } from 'vitest';
import { compact, layoutPanels, type PanelLike } from '../../../web/src/lib/layout.js';

const ids = (placed: { panel: PanelLike; pos: { x: number; y: number; w: number; h: number } }[]) =>
  placed.map((p) => [p.panel.id, p.pos.x, p.pos.y, p.pos.w, p.pos.h]);

describe('24-column grid layout', () => {
  it('keeps positions, clamps widths and x to the grid, and compacts gaps upwards', () => {
    const panels: PanelLike[] = [
      { id: 1, gridPos: { x: 0, y: 0, w: 12, h: 8 } },
      { id: 2, gridPos: { x: 12, y: 0, w: 12, h: 4 } },
      { id: 3, gridPos: { x: 12, y: 10, w: 12, h: 4 } },
      { id: 4, gridPos: { x: 20, y: 20, w: 30, h: 2 } },
    ];
    expect(ids(layoutPanels(panels))).toEqual([
      [1, 0, 0, 12, 8],
      [2, 12, 0, 12, 4],
      [3, 12, 4, 12, 4],
      [4, 0, 8, 24, 2],
    ]);
  });

  it('defaults a missing gridPos and pushes overlapping panels down', () => {
    expect(
      compact([{ pos: { x: 0, y: 0, w: 12, h: 4 } }, { pos: { x: 6, y: 0, w: 12, h: 4 } }]).map((i) => i.pos),
    ).toEqual([
      { x: 0, y: 0, w: 12, h: 4 },
      { x: 6, y: 4, w: 12, h: 4 },
    ]);
    expect(ids(layoutPanels([{ id: 9 }]))).toEqual([[9, 0, 0, 12, 8]]);
  });

  it('lays out rows: expanded rows show following panels, collapsed rows hide their own panels until expanded', () => {
    const panels: PanelLike[] = [
      { id: 1, gridPos: { x: 0, y: 0, w: 24, h: 4 } },
      { id: 10, type: 'row', gridPos: { x: 0, y: 4, w: 24, h: 1 }, collapsed: false, panels: [] },
      { id: 2, gridPos: { x: 0, y: 5, w: 8, h: 3 } },
      {
        id: 20,
        type: 'row',
        gridPos: { x: 0, y: 8, w: 24, h: 1 },
        collapsed: true,
        panels: [{ id: 3, gridPos: { x: 4, y: 30, w: 8, h: 5 } }],
      },
      { id: 30, type: 'row', gridPos: { x: 0, y: 9, w: 24, h: 1 }, collapsed: false },
      { id: 4, gridPos: { x: 0, y: 10, w: 6, h: 2 } },
    ];
    expect(ids(layoutPanels(panels))).toEqual([
      [1, 0, 0, 24, 4],
      [10, 0, 4, 24, 1],
      [2, 0, 5, 8, 3],
      [20, 0, 8, 24, 1],
      [30, 0, 9, 24, 1],
      [4, 0, 10, 6, 2],
    ]);
    const opened = layoutPanels(panels, { 20: true, 10: false });
    expect(ids(opened)).toEqual([
      [1, 0, 0, 24, 4],
      [10, 0, 4, 24, 1],
      [20, 0, 5, 24, 1],
      [3, 4, 6, 8, 5],
      [30, 0, 11, 24, 1],
      [4, 0, 12, 6, 2],
    ]);
    expect(opened.find((p) => p.panel.id === 3)?.rowId).toBe(20);
  });
});
