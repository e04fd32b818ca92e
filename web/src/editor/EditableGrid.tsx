import { useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { GRID_CELL_HEIGHT, GRID_MARGIN, type GridPos, type PlacedPanel } from '../lib/layout.js';
import type { RepeatedPanel } from '../lib/repeat.js';
import { cellsMoved, clampPos } from './model/grid.js';
import { previewPosition } from './model/panels.js';
import { CloseIcon, CogIcon, CopyIcon, DragIcon, EditIcon, LibraryIcon, LinkIcon } from '../app/icons.js';

type Item = PlacedPanel<RepeatedPanel>;

const samePos = (a: GridPos, b: GridPos) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

interface Drag {
  key: string;
  id: number;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  origin: GridPos;
  pos: GridPos;
}

interface GridActions {
  onPosition(id: number, pos: GridPos): void;
  onEdit(id: number): void;
  onDuplicate(id: number): void;
  onRemove(id: number): void;
  onRowOptions(id: number): void;
  /** a panel becomes a library panel, or a library panel the dashboard's own again */
  onLibrary(id: number): void;
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
  const dragRef = useRef<Drag>(undefined);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  // Items keep their order in the DOM while dragging: moving a node would drop its pointer capture.
  const shown = useMemo(() => {
    if (!drag) return items;
    const list = items.map((item) => ({ ...item, row: item.panel.type === 'row' }));
    const placed = new Map(previewPosition(list, drag.key, drag.pos).map((item) => [item.key, item]));
    return items.map((item) => placed.get(item.key) ?? item);
  }, [items, drag]);
  const rows = shown.length ? Math.max(...shown.map((item) => item.pos.y + item.pos.h)) : 0;

  useEffect(() => {
    const move = (event: globalThis.PointerEvent) => {
      const current = dragRef.current;
      if (!current || !gridRef.current) return;
      const { dx, dy } = cellsMoved(event.clientX - current.startX, event.clientY - current.startY, {
        width: gridRef.current.clientWidth,
        cellHeight: GRID_CELL_HEIGHT,
        margin: GRID_MARGIN,
      });
      const { origin } = current;
      const isRow = itemsRef.current.find((item) => item.key === current.key)?.panel.type === 'row';
      const pos = clampPos(
        current.mode === 'move'
          ? { ...origin, x: isRow ? 0 : origin.x + dx, y: origin.y + dy }
          : { ...origin, w: origin.w + dx, h: origin.h + dy },
      );
      if (!samePos(pos, current.pos)) {
        dragRef.current = { ...current, pos };
        setDrag(dragRef.current);
      }
    };
    const end = () => {
      const current = dragRef.current;
      if (!current) return;
      dragRef.current = undefined;
      setDrag(undefined);
      if (!samePos(current.pos, current.origin)) actionsRef.current.onPosition(current.id, current.pos);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, []);

  const start = (event: PointerEvent<HTMLElement>, item: Item, mode: Drag['mode']) => {
    if (event.button !== 0 || item.panel.id === undefined) return;
    event.preventDefault();
    dragRef.current = {
      key: item.key,
      id: item.panel.id,
      mode,
      startX: event.clientX,
      startY: event.clientY,
      origin: item.pos,
      pos: item.pos,
    };
    setDrag(dragRef.current);
  };

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
              >
                <DragIcon />
              </button>
              {panel.type === 'row' ? (
                <button
                  className="icon"
                  aria-label={`Options of ${name}`}
                  onClick={() => actions.onRowOptions(id)}
                >
                  <CogIcon />
                </button>
              ) : (
                <>
                  <button className="icon" aria-label={`Edit ${name}`} onClick={() => actions.onEdit(id)}>
                    <EditIcon />
                  </button>
                  <button
                    className="icon"
                    aria-label={`Duplicate ${name}`}
                    onClick={() => actions.onDuplicate(id)}
                  >
                    <CopyIcon />
                  </button>
                  <button
                    className="icon"
                    aria-label={
                      panel.libraryPanel ? `Unlink library ${name}` : `Create library panel from ${name}`
                    }
                    title={panel.libraryPanel ? 'Unlink library panel' : 'Create library panel'}
                    onClick={() => actions.onLibrary(id)}
                  >
                    {panel.libraryPanel ? <LinkIcon /> : <LibraryIcon />}
                  </button>
                </>
              )}
              <button className="icon" aria-label={`Remove ${name}`} onClick={() => actions.onRemove(id)}>
                <CloseIcon />
              </button>
            </div>
            {panel.type !== 'row' && (
              <span
                className="resize-handle"
                role="button"
                aria-label={`Resize ${name}`}
                title="Drag to resize"
                onPointerDown={(event) => start(event, item, 'resize')}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
