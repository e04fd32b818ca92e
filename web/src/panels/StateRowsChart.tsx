import { useState } from 'react';
import { withAlpha } from '../lib/colors.js';
import { legendStates, type StateRow, type StateSegment } from '../lib/state-rows.js';
import { formatDateTime } from '../lib/time.js';
import { HoverTip } from './HoverTip.js';
import { SvgTimeAxis } from './SvgTimeAxis.js';
import './panels-more.css';

export interface StateRowsOptions {
  showValue?: 'auto' | 'always' | 'never';
  rowHeight?: number;
  fillOpacity?: number;
  /** the boxes' outline (Grafana's custom.lineWidth; each panel type has its own default) */
  lineWidth?: number;
  legend?: { showLegend?: boolean; displayMode?: string };
  tooltip?: { mode?: string };
}

interface Props {
  rows: StateRow[];
  /** each row's boxes: merged states (timeline) or one cell per point (status history) */
  boxes: (row: StateRow) => StateSegment[];
  options: StateRowsOptions;
  from: number;
  to: number;
  width: number;
  height: number;
  timeZone: string;
  kind: 'state-timeline' | 'status-history';
}

const AXIS_HEIGHT = 20;
const LEGEND_HEIGHT = 22;
/** More distinct states than this make a legend of numbers nobody reads: it is left out. */
const MAX_LEGEND = 12;

/** Rows of coloured boxes on a time axis, shared by the state timeline and status history. */
export function StateRowsChart({ rows, boxes, options, from, to, width, height, timeZone, kind }: Props) {
  const [hover, setHover] = useState<{ row: number; box: StateSegment; x: number; y: number }>();
  const states = legendStates(rows);
  const showLegend =
    options.legend?.showLegend !== false &&
    options.legend?.displayMode !== 'hidden' &&
    states.length > 0 &&
    states.length <= MAX_LEGEND;
  const labelWidth = Math.min(width * 0.4, 12 + Math.max(...rows.map((r) => r.name.length)) * 7);
  const plotWidth = Math.max(10, width - labelWidth);
  const plotHeight = Math.max(10, height - AXIS_HEIGHT - (showLegend ? LEGEND_HEIGHT : 0));
  const band = plotHeight / rows.length;
  const boxHeight = band * Math.max(0.1, Math.min(1, options.rowHeight ?? 0.9));
  const xOf = (time: number) => labelWidth + ((time - from) / (to - from || 1)) * plotWidth;
  const opacity = Math.max(0, Math.min(100, options.fillOpacity ?? 70)) / 100;
  const showValue = options.showValue ?? 'auto';

  return (
    <div className={`${kind}-panel`} style={{ position: 'relative', width, height }}>
      <svg width={width} height={plotHeight + AXIS_HEIGHT} role="img" aria-label={kind}>
        {rows.map((row, r) => {
          const top = r * band + (band - boxHeight) / 2;
          return (
            <g key={r} data-testid="state-row" data-name={row.name}>
              <text
                className="state-row-label"
                x={labelWidth - 8}
                y={r * band + band / 2}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {row.name}
              </text>
              {boxes(row).map((box, b) => {
                const x0 = Math.max(labelWidth, xOf(box.start ?? box.time));
                const x1 = Math.min(labelWidth + plotWidth, xOf(box.end));
                if (x1 <= x0) return null;
                const w = x1 - x0;
                const fits = box.text.length * 6.5 + 6 < w && boxHeight >= 14;
                return (
                  <g key={b}>
                    <rect
                      data-testid="state-box"
                      data-text={box.text}
                      data-color={box.color}
                      x={x0}
                      y={top}
                      width={Math.max(0.5, w - (kind === 'status-history' ? 1 : 0))}
                      height={boxHeight}
                      fill={withAlpha(box.color, opacity)}
                      stroke={box.color}
                      strokeWidth={Math.max(0, options.lineWidth ?? 0)}
                      onMouseEnter={(e) => {
                        const bounds = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
                        setHover({ row: r, box, x: e.clientX - bounds.left, y: e.clientY - bounds.top });
                      }}
                      onMouseLeave={() => setHover(undefined)}
                    />
                    {(showValue === 'always' || (showValue === 'auto' && fits)) && (
                      <text
                        className="state-value-label"
                        x={x0 + 4}
                        y={top + boxHeight / 2}
                        dominantBaseline="middle"
                      >
                        {box.text}
                      </text>
                    )}
                  </g>
                );
              })}
            </g>
          );
        })}
        <SvgTimeAxis
          from={from}
          to={to}
          plotWidth={plotWidth}
          left={labelWidth}
          width={width}
          y={plotHeight + 14}
          timeZone={timeZone}
          xOf={xOf}
        />
      </svg>
      {showLegend && (
        <div className="panel-legend-row" style={{ marginLeft: labelWidth }}>
          {states.map((state) => (
            <span key={`${state.text}/${state.color}`} data-testid="state-legend">
              <span className="legend-swatch" style={{ background: state.color }} />
              {state.text}
            </span>
          ))}
        </div>
      )}
      {hover && options.tooltip?.mode !== 'hidden' && (
        <HoverTip x={hover.x} y={hover.y} width={width}>
          <div>{rows[hover.row]!.name}</div>
          <div>
            <span className="legend-swatch" style={{ background: hover.box.color }} />
            <strong data-testid="state-tooltip-value">{hover.box.text}</strong>
          </div>
          <div>{formatDateTime(hover.box.time, timeZone)}</div>
          {kind === 'state-timeline' && <div>Duration: {formatDuration(hover.box.end - hover.box.time)}</div>}
        </HoverTip>
      )}
    </div>
  );
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const parts: string[] = [];
  const units: [string, number][] = [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ];
  let rest = seconds;
  for (const [label, size] of units) {
    if (rest >= size || (label === 's' && parts.length === 0)) {
      parts.push(`${Math.floor(rest / size)}${label}`);
      rest %= size;
    }
  }
  return parts.slice(0, 2).join(' ');
}
