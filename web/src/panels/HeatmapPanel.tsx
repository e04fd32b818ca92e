import { useMemo, useState } from 'react';
import { heatmapColor, type HeatmapColorOptions } from '../lib/color-schemes.js';
import { heatmapCells, type CalculationOptions } from '../lib/heatmap.js';
import { formatDateTime } from '../lib/time.js';
import { formatValueText } from '../lib/units.js';
import { HoverTip } from './HoverTip.js';
import { SvgTimeAxis } from './SvgTimeAxis.js';
import type { PanelProps } from './types.js';
import './panels-more.css';

interface Options {
  calculate?: boolean;
  calculation?: CalculationOptions;
  color?: HeatmapColorOptions;
  cellGap?: number;
  filterValues?: { le?: number; ge?: number };
  yAxis?: { unit?: string; decimals?: number; reverse?: boolean; axisPlacement?: string };
  legend?: { show?: boolean };
  tooltip?: { show?: boolean; mode?: string };
}

const AXIS_WIDTH = 64;
const AXIS_HEIGHT = 20;
const LEGEND_HEIGHT = 22;
/** Room above the plot for the top bucket's label. */
const TOP = 8;

/** Grafana's heatmap: a grid of time columns × value buckets, each cell coloured by its count. */
export default function HeatmapPanel({ panel, data, width, height, range, timeZone }: PanelProps) {
  const options = (panel.options ?? {}) as Options;
  const [hover, setHover] = useState<{ column: number; row: number; x: number; y: number }>();
  const cells = useMemo(
    () => heatmapCells(data, options.calculate, options.calculation),
    [data, options.calculate, options.calculation],
  );
  if (!cells || cells.counts.length === 0) return <div className="panel-empty">No data</div>;

  // Grafana's default filter hides empty cells (count ≤ 1e-9).
  const hideAtOrBelow = options.filterValues?.le ?? 1e-9;
  const shown = (count: number) =>
    count > hideAtOrBelow && (options.filterValues?.ge === undefined || count < options.filterValues.ge);
  const all = cells.counts.flat().filter(shown);
  const color = heatmapColor(options.color, Math.min(0, ...all), Math.max(...all, 1));
  const unit = options.yAxis?.unit ?? panel.fieldConfig?.defaults?.unit;
  const decimals = options.yAxis?.decimals;
  const bound = (value: number) =>
    value === Number.POSITIVE_INFINITY ? '+Inf' : formatValueText(value, unit, decimals);

  const showLegend = options.legend?.show !== false;
  const plotLeft = options.yAxis?.axisPlacement === 'hidden' ? 0 : AXIS_WIDTH;
  const plotWidth = Math.max(10, width - plotLeft);
  const plotHeight = Math.max(10, height - TOP - AXIS_HEIGHT - (showLegend ? LEGEND_HEIGHT : 0));
  const from = range?.from ?? cells.xs[0]!;
  const to = range?.to ?? cells.xs[cells.xs.length - 1]!;
  const xOf = (time: number) => plotLeft + ((time - from) / (to - from || 1)) * plotWidth;
  const rows = cells.ys.length - 1;
  const rowHeight = plotHeight / rows;
  const reverse = options.yAxis?.reverse === true;
  const yOf = (row: number) => (reverse ? row * rowHeight : plotHeight - (row + 1) * rowHeight);
  const gap = Math.max(0, options.cellGap ?? 1);
  const labelEvery = Math.max(1, Math.ceil(14 / rowHeight));

  const rects = [];
  for (let c = 0; c < cells.counts.length; c++) {
    const x0 = Math.max(plotLeft, xOf(cells.xs[c]!));
    const x1 = Math.min(plotLeft + plotWidth, xOf(cells.xs[c + 1]!));
    if (x1 <= x0) continue;
    // a column too narrow for its gap is drawn whole, inside its own time span
    const xGap = x1 - x0 > gap + 1 ? gap : 0;
    for (let r = 0; r < rows; r++) {
      const count = cells.counts[c]![r]!;
      if (!shown(count)) continue;
      rects.push(
        <rect
          key={`${c}:${r}`}
          data-testid="heatmap-cell"
          data-count={count}
          x={x0 + xGap / 2}
          y={yOf(r) + gap / 2}
          width={Math.max(0.5, x1 - x0 - xGap)}
          height={Math.max(0.5, rowHeight - gap)}
          fill={color(count)}
        />,
      );
    }
  }

  return (
    <div className="heatmap-panel" style={{ position: 'relative', width, height }}>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label="Heatmap"
        onMouseMove={(e) => {
          // The cell under the pointer from its position: cells can be narrower than a pixel.
          const box = e.currentTarget.getBoundingClientRect();
          const x = e.clientX - box.left;
          const y = e.clientY - box.top;
          const band = Math.floor((y - TOP) / rowHeight);
          const row = reverse ? band : rows - 1 - band;
          const pixel = (to - from) / plotWidth;
          const time = from + ((x - plotLeft) / plotWidth) * (to - from);
          // the column under the pointer, else a drawn one within 2 px (a pointer lands on whole pixels)
          for (const at of [time, time - pixel, time + pixel, time - 2 * pixel, time + 2 * pixel]) {
            const column = cells.xs.findIndex(
              (edge, i) => i < cells.xs.length - 1 && at >= edge && at < cells.xs[i + 1]!,
            );
            const count = cells.counts[column]?.[row];
            if (count !== undefined && shown(count)) return setHover({ column, row, x, y });
          }
          setHover(undefined);
        }}
        onMouseLeave={() => setHover(undefined)}
      >
        <g transform={`translate(0 ${TOP})`}>
          {plotLeft > 0 &&
            cells.ys.map((edge, j) =>
              j % labelEvery === 0 || j === rows ? (
                <text
                  key={j}
                  className="axis-label"
                  data-testid="heatmap-y-label"
                  x={plotLeft - 4}
                  y={reverse ? j * rowHeight : plotHeight - j * rowHeight}
                  textAnchor="end"
                  dominantBaseline={j === 0 ? (reverse ? 'hanging' : 'auto') : 'middle'}
                >
                  {bound(edge)}
                </text>
              ) : null,
            )}
          <SvgTimeAxis
            from={from}
            to={to}
            plotWidth={plotWidth}
            left={plotLeft}
            width={width}
            y={plotHeight + 14}
            timeZone={timeZone}
            xOf={xOf}
          />
          {rects}
        </g>
        {showLegend && (
          <HeatmapLegend
            y={TOP + plotHeight + AXIS_HEIGHT + 4}
            x={plotLeft}
            width={Math.min(240, plotWidth)}
            min={Math.min(0, ...all)}
            max={Math.max(...all, 1)}
            color={color}
          />
        )}
      </svg>
      {hover && options.tooltip?.show !== false && (
        <HoverTip x={hover.x} y={hover.y} width={width}>
          <div>{formatDateTime(cells.xs[hover.column]!, timeZone)}</div>
          <div data-testid="heatmap-tooltip-bucket">
            Bucket: {bound(cells.ys[hover.row]!)} – {bound(cells.ys[hover.row + 1]!)}
          </div>
          <div data-testid="heatmap-tooltip-count">
            Count: {formatCount(cells.counts[hover.column]![hover.row]!)}
          </div>
        </HoverTip>
      )}
    </div>
  );
}

function formatCount(count: number): string {
  return Number.isInteger(count) ? String(count) : count.toPrecision(4).replace(/\.?0+$/, '');
}

function HeatmapLegend(props: {
  x: number;
  y: number;
  width: number;
  min: number;
  max: number;
  color: (value: number) => string;
}) {
  const steps = 24;
  const step = props.width / steps;
  return (
    <g aria-label="Colour scale">
      <text className="axis-label" x={props.x} y={props.y + 9} textAnchor="start">
        {formatCount(props.min)}
      </text>
      {Array.from({ length: steps }, (_, i) => (
        <rect
          key={i}
          x={props.x + 30 + i * step}
          y={props.y}
          width={step + 0.5}
          height={10}
          fill={props.color(props.min + ((props.max - props.min) * (i + 0.5)) / steps)}
        />
      ))}
      <text className="axis-label" x={props.x + 36 + props.width} y={props.y + 9} textAnchor="start">
        {formatCount(props.max)}
      </text>
    </g>
  );
}
