import { useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { GRID_CELL_HEIGHT, GRID_MARGIN, type GridPos, type PlacedPanel } from '../lib/layout.js';
import type { RepeatedPanel } from '../lib/repeat.js';
import { cellsMoved, clampPos, placeItem } from './model/grid.js';

type Item = PlacedPanel<RepeatedPanel>;

interface Drag {
  key: string;
  id: number;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  origin: GridPos;
  pos: GridPos;
}

export interface GridActions {
  onPosition(id: number, pos: GridPos): void;
  onEdit(id: number): void;
  onDuplicate(id: number): void;
  onRemove(id: number): void;
  onRowOptions(id: number): void;
}

/** The dashboard grid in edit mode: drag a panel by its handle, resize it by its corner. */
export function EditableGrid({
  items,
  renderItem,
  actions,
}: {
  items: Item[];
  renderItem: (item: Item) => ReactNode;
  actions: GridActions;
}) {
  const gridRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag>();

  const shown = useMemo(() => {
    if (!drag) return items;
    const moving = items.find((item) => item.key === drag.key);
    return moving ? placeItem(items, drag.key, drag.pos, moving) : items;
  }, [items, drag]);
  const rows = shown.length ? Math.max(...shown.map((item) => item.pos.y + item.pos.h)) : 0;

  const start = (event: PointerEvent<HTMLElement>, item: Item, mode: Drag['mode']) => {
    if (event.button !== 0 || item.panel.id === undefined) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({
      key: item.key,
      id: item.panel.id,
      mode,
      startX: event.clientX,
      startY: event.clientY,
      origin: item.pos,
      pos: item.pos,
    });
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    if (!drag || !gridRef.current) return;
    const { dx, dy } = cellsMoved(event.clientX - drag.startX, event.clientY - drag.startY, {
      width: gridRef.current.clientWidth,
      cellHeight: GRID_CELL_HEIGHT,
      margin: GRID_MARGIN,
    });
    const { origin } = drag;
    const isRow = items.find((item) => item.key === drag.key)?.panel.type === 'row';
    const pos = clampPos(
      drag.mode === 'move'
        ? { ...origin, x: isRow ? 0 : origin.x + dx, y: origin.y + dy }
        : { ...origin, w: origin.w + dx, h: origin.h + dy },
    );
    if (pos.x !== drag.pos.x || pos.y !== drag.pos.y || pos.w !== drag.pos.w || pos.h !== drag.pos.h)
      setDrag({ ...drag, pos });
  };
  const end = () => {
    if (!drag) return;
    const { id, pos, origin } = drag;
    setDrag(undefined);
    if (pos.x !== origin.x || pos.y !== origin.y || pos.w !== origin.w || pos.h !== origin.h)
      actions.onPosition(id, pos);
  };
  const handlers = { onPointerMove: move, onPointerUp: end, onPointerCancel: end };

  return (
    <div
      ref={gridRef}
      className={`grid editing ${drag ? 'dragging' : ''}`}
      style={{
        gridTemplateRows: `repeat(${Math.max(rows, 1)}, ${GRID_CELL_HEIGHT}px)`,
        gap: `${GRID_MARGIN}px`,
      }}
    >
      {shown.map((item) => {
        const { panel, pos, key } = item;
        const id = panel.id ?? -1;
        const name = panel.type === 'row' ? `row ${panel.title || id}` : `panel ${panel.title || id}`;
        return (
          <div
            key={key}
            className={`grid-item edit-item ${drag?.key === key ? 'moving' : ''}`}
            data-edit-key={key}
            data-grid-pos={`${pos.x},${pos.y},${pos.w},${pos.h}`}
            style={{ gridColumn: `${pos.x + 1} / span ${pos.w}`, gridRow: `${pos.y + 1} / span ${pos.h}` }}
          >
            {renderItem(item)}
            <div className="edit-chrome">
              <button
                className="icon drag-handle"
                aria-label={`Move ${name}`}
                title="Drag to move"
                onPointerDown={(event) => start(event, item, 'move')}
                {...handlers}
              >
                ⠿
              </button>
              {panel.type === 'row' ? (
                <button
                  className="icon"
                  aria-label={`Options of ${name}`}
                  onClick={() => actions.onRowOptions(id)}
                >
                  ⚙
                </button>
              ) : (
                <>
                  <button className="icon" aria-label={`Edit ${name}`} onClick={() => actions.onEdit(id)}>
                    ✎
                  </button>
                  <button
                    className="icon"
                    aria-label={`Duplicate ${name}`}
                    onClick={() => actions.onDuplicate(id)}
                  >
                    ⧉
                  </button>
                </>
              )}
              <button className="icon" aria-label={`Remove ${name}`} onClick={() => actions.onRemove(id)}>
                🗑
              </button>
            </div>
            {panel.type !== 'row' && (
              <span
                className="resize-handle"
                role="button"
                aria-label={`Resize ${name}`}
                title="Drag to resize"
                onPointerDown={(event) => start(event, item, 'resize')}
                {...handlers}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
