import { useMemo, useState } from 'react';
import { displayValue, effectiveConfig } from '../lib/field-config.js';
import { displayName, valueText, type Field } from '../lib/frames.js';
import { formatDateTime } from '../lib/time.js';
import { formattedToString } from '../lib/units.js';
import type { PanelProps } from './types.js';

function formatTime(value: unknown, timeZone: string): string {
  const n = typeof value === 'number' ? value : Date.parse(valueText(value));
  return Number.isFinite(n) ? formatDateTime(n, timeZone) : valueText(value);
}

/** A table of one frame (a selector picks among several), sortable by clicking a header. */
export default function TablePanel({ panel, data, height, timeZone }: PanelProps) {
  const [frameIndex, setFrameIndex] = useState(0);
  const [sort, setSort] = useState<{ column: number; desc: boolean }>();
  const frame = data.frames[Math.min(frameIndex, data.frames.length - 1)];
  const columns = useMemo(
    () =>
      (frame?.fields ?? []).map((field: Field) => {
        const name = displayName(field, frame!, 1);
        const config = effectiveConfig(field, name, panel.fieldConfig, frame?.refId);
        const hidden = (config.custom as { hidden?: boolean } | undefined)?.hidden === true;
        return { field, name: config.displayName ?? name, config, hidden };
      }),
    [frame, panel.fieldConfig],
  );
  const rows = useMemo(() => {
    const indexes = Array.from({ length: frame?.length ?? 0 }, (_, i) => i);
    if (sort) {
      const values = columns[sort.column]?.field.values ?? [];
      indexes.sort((a, b) => {
        const x = values[a] as number | string;
        const y = values[b] as number | string;
        const order =
          x === y
            ? 0
            : x === null || x === undefined
              ? -1
              : y === null || y === undefined
                ? 1
                : x < y
                  ? -1
                  : 1;
        return sort.desc ? -order : order;
      });
    }
    return indexes;
  }, [frame, columns, sort]);
  if (!frame) return <div className="panel-empty">No data</div>;
  const visible = columns.map((c, i) => ({ ...c, index: i })).filter((c) => !c.hidden);
  return (
    // Focusable and named so keyboard users can scroll a table taller or wider than its panel (axe:
    // scrollable-region-focusable).
    <div
      className="table-panel"
      style={{ height }}
      tabIndex={0}
      role="group"
      aria-label={panel.title ? `${panel.title} table` : 'Table'}
    >
      {data.frames.length > 1 && (
        <select aria-label="Frame" value={frameIndex} onChange={(e) => setFrameIndex(Number(e.target.value))}>
          {data.frames.map((f, i) => (
            <option key={i} value={i}>
              {f.name || `${f.refId ?? 'Frame'} ${i + 1}`}
            </option>
          ))}
        </select>
      )}
      <table>
        <thead>
          <tr>
            {visible.map((column) => (
              <th
                key={column.index}
                aria-sort={
                  sort?.column === column.index ? (sort.desc ? 'descending' : 'ascending') : undefined
                }
              >
                {/* a button, so the sort is reachable by Tab and Enter as well as by the mouse */}
                <button
                  type="button"
                  className="table-sort"
                  onClick={() =>
                    setSort((old) =>
                      old?.column === column.index
                        ? { column: column.index, desc: !old.desc }
                        : { column: column.index, desc: false },
                    )
                  }
                >
                  {column.name}
                  {sort?.column === column.index ? (sort.desc ? ' ↓' : ' ↑') : ''}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              {visible.map((column) => {
                const value = column.field.values[row];
                if (column.field.type === 'time')
                  return <td key={column.index}>{formatTime(value, timeZone)}</td>;
                const shown = displayValue(value, column.config);
                const cellMode = column.config.custom as
                  { cellOptions?: { type?: string }; displayMode?: string } | undefined;
                const mode = cellMode?.cellOptions?.type ?? cellMode?.displayMode;
                const colored = mode === 'color-text' || mode === 'color-background';
                return (
                  <td
                    key={column.index}
                    className={column.field.type === 'number' ? 'number' : undefined}
                    style={
                      mode === 'color-background'
                        ? { background: shown.color }
                        : colored || shown.mapped
                          ? { color: shown.color }
                          : undefined
                    }
                  >
                    {value === null || value === undefined ? '' : formattedToString(shown)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
