import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { paletteColor, resolveColor, withAlpha } from '../lib/colors.js';
import { reduce, REDUCER_NAMES } from '../lib/reduce.js';
import type { FieldConfig } from '../lib/frames.js';
import { alignSeries, stackSeries, toSeries } from '../lib/series.js';
import { formatDateTime, intlTimeZone } from '../lib/time.js';
import { chooseTimeTicks, yAxisWidth, type TimeTick } from '../lib/time-axis.js';
import { formatValueText } from '../lib/units.js';
import type { PanelProps } from './types.js';

interface Custom {
  drawStyle?: 'line' | 'bars' | 'points';
  lineWidth?: number;
  fillOpacity?: number;
  showPoints?: 'auto' | 'always' | 'never';
  pointSize?: number;
  lineInterpolation?: 'linear' | 'smooth' | 'stepBefore' | 'stepAfter';
  stacking?: { mode?: string; group?: string };
  thresholdsStyle?: { mode?: string };
  spanNulls?: boolean | number;
  hideFrom?: { viz?: boolean; legend?: boolean };
  axisSoftMin?: number;
  axisSoftMax?: number;
}

interface LegendOptions {
  showLegend?: boolean;
  displayMode?: 'list' | 'table' | 'hidden';
  placement?: 'bottom' | 'right';
  calcs?: string[];
}

/** A label's width in CSS pixels in the font of axis `axis` (uPlot keeps fonts scaled by pxRatio). */
function measureAxisText(u: uPlot, axis: number, text: string): number {
  const font = (u.axes[axis] as { font?: [string, number] } | undefined)?.font?.[0];
  if (font) u.ctx.font = font;
  return u.ctx.measureText(text).width / uPlot.pxRatio;
}

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export default function TimeSeriesPanel({
  panel,
  data,
  width,
  height,
  range,
  annotations,
  onZoom,
  timeZone,
}: PanelProps) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot>(undefined);
  const [cursor, setCursor] = useState<{ idx: number; left: number; top: number }>();
  const [hidden, setHidden] = useState<Record<string, boolean>>({});
  const legend = (panel.options?.legend ?? {}) as LegendOptions;
  const showLegend = legend.showLegend !== false && legend.displayMode !== 'hidden';
  const tooltipMode = (panel.options?.tooltip as { mode?: string } | undefined)?.mode ?? 'single';

  const prepared = useMemo(() => {
    const series = toSeries(data, panel.fieldConfig).filter(
      (s) => !(s.config.custom as Custom | undefined)?.hideFrom?.viz,
    );
    const aligned = alignSeries(series);
    const customs = series.map((s) => (s.config.custom ?? {}) as Custom);
    const stacked = stackSeries(
      aligned.ys,
      customs.map((c) => c.stacking ?? {}),
    );
    const colors = series.map((s, i) =>
      s.config.color?.mode === 'fixed' && s.config.color.fixedColor
        ? resolveColor(s.config.color.fixedColor)
        : paletteColor(i),
    );
    return { series, aligned, stacked, customs, colors };
  }, [data, panel.fieldConfig]);

  const legendRows = showLegend ? prepared.series.length : 0;
  const legendHeight =
    showLegend && legend.placement !== 'right'
      ? Math.min(height * 0.4, 8 + legendRows * 20 + (legend.displayMode === 'table' ? 22 : 0))
      : 0;
  const legendWidth = showLegend && legend.placement === 'right' ? Math.min(260, width * 0.35) : 0;
  const plotHeight = Math.max(40, height - legendHeight);
  const plotWidth = Math.max(40, width - legendWidth);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { series, aligned, stacked, customs, colors } = prepared;
    const first = series[0]?.config;
    const unit = first?.unit;
    const decimals = first?.decimals;
    const zone = intlTimeZone(timeZone);
    const axisColor = cssVar('--text-muted', '#8e8e8e');
    const gridColor = cssVar('--grid-line', 'rgba(128,128,128,0.15)');
    const percentStack = customs.some((c) => c.stacking?.mode === 'percent');
    const yUnit = percentStack ? 'percentunit' : unit;
    const thresholds = first?.thresholds;
    const thresholdMode = customs[0]?.thresholdsStyle?.mode ?? 'off';

    let xTicks: TimeTick[] = [];
    const options: uPlot.Options = {
      width: plotWidth,
      height: plotHeight,
      ms: 1,
      ...(zone ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts), zone) } : {}),
      legend: { show: false },
      cursor: { drag: { x: true, y: false, setScale: false }, points: { size: 6 } },
      select: { show: true, left: 0, top: 0, width: 0, height: 0 },
      scales: {
        x: { time: true, min: range?.from, max: range?.to },
        y: {
          range: (_u, dataMin, dataMax) => {
            let min =
              first?.min ??
              (customs[0]?.axisSoftMin !== undefined ? Math.min(customs[0].axisSoftMin, dataMin) : dataMin);
            let max =
              first?.max ??
              (customs[0]?.axisSoftMax !== undefined ? Math.max(customs[0].axisSoftMax, dataMax) : dataMax);
            if (
              customs.some((c) => c.drawStyle === 'bars' || (c.fillOpacity ?? 0) > 0) &&
              first?.min === undefined
            )
              min = Math.min(0, min);
            if (min === max) {
              min -= Math.abs(min) * 0.1 || 1;
              max += Math.abs(max) * 0.1 || 1;
            }
            return uPlot.rangeNum(min, max, 0.1, true);
          },
        },
      },
      axes: [
        {
          stroke: axisColor,
          grid: { stroke: gridColor, width: 1 },
          ticks: { stroke: gridColor },
          // Spacing from the labels' measured width: they never overlap, whatever the panel width.
          splits: (u, _axis, min, max) => {
            xTicks = chooseTimeTicks(min, max, u.bbox.width / uPlot.pxRatio, zone, (text) =>
              measureAxisText(u, 0, text),
            );
            return xTicks.map((tick) => tick.value);
          },
          values: (_u, splits) => splits.map((value) => xTicks.find((t) => t.value === value)?.label ?? ''),
        },
        {
          stroke: axisColor,
          grid: { stroke: gridColor, width: 1 },
          ticks: { stroke: gridColor },
          // As wide as the widest label (e.g. `1.63 GiB`), so none is cut.
          size: (u, values) => yAxisWidth(values ?? [], (text) => measureAxisText(u, 1, text)),
          values: (_u, splits) => splits.map((v) => formatValueText(v, yUnit, decimals)),
        },
      ],
      series: [
        {},
        ...series.map((s, i): uPlot.Series => {
          const custom = customs[i]!;
          const color = colors[i]!;
          const style = custom.drawStyle ?? 'line';
          const fillOpacity = (custom.fillOpacity ?? (style === 'bars' ? 80 : 0)) / 100;
          let paths: uPlot.Series.PathBuilder | undefined;
          if (style === 'bars') paths = uPlot.paths.bars!({ size: [0.6, 100] });
          else if (style === 'points') paths = () => null;
          else if (custom.lineInterpolation === 'smooth') paths = uPlot.paths.spline!();
          else if (custom.lineInterpolation === 'stepAfter' || custom.lineInterpolation === 'stepBefore')
            paths = uPlot.paths.stepped!({ align: custom.lineInterpolation === 'stepAfter' ? 1 : -1 });
          const showPoints = style === 'points' || custom.showPoints === 'always';
          return {
            label: s.name,
            stroke: color,
            width: custom.lineWidth ?? 1,
            fill: fillOpacity > 0 ? withAlpha(color, fillOpacity) : undefined,
            paths,
            spanGaps: custom.spanNulls === true,
            show: !hidden[s.name],
            points: {
              show: custom.showPoints === 'never' ? false : showPoints ? true : undefined,
              size: custom.pointSize ?? 5,
              fill: color,
            },
          };
        }),
      ],
      hooks: {
        setCursor: [
          (u) => {
            const { idx, left, top } = u.cursor;
            setCursor(
              idx === null || idx === undefined || left === undefined || left < 0
                ? undefined
                : { idx, left, top: top ?? 0 },
            );
          },
        ],
        setSelect: [
          (u) => {
            if (u.select.width < 3) return;
            const from = u.posToVal(u.select.left, 'x');
            const to = u.posToVal(u.select.left + u.select.width, 'x');
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            onZoom(from, to);
          },
        ],
        draw: [
          (u) => {
            // The x labels as drawn (canvas text has no DOM box): the browser tests check overlaps.
            element.dataset.xTicks = JSON.stringify(
              xTicks.map((tick) => {
                const width = measureAxisText(u, 0, tick.label);
                const left = u.valToPos(tick.value, 'x') + u.bbox.left / uPlot.pxRatio - width / 2;
                return {
                  label: tick.label,
                  left: Math.round(left * 10) / 10,
                  width: Math.round(width * 10) / 10,
                };
              }),
            );
            const ctx = u.ctx;
            ctx.save();
            const { left, top, width: w, height: h } = u.bbox;
            if (thresholds && thresholdMode !== 'off') {
              thresholds.steps.forEach((step, i) => {
                const color = resolveColor(step.color);
                const low = step.value === null ? -Infinity : step.value;
                const next = thresholds.steps[i + 1]?.value ?? Infinity;
                if (thresholdMode.includes('area')) {
                  const y1 = Number.isFinite(next) ? u.valToPos(next, 'y', true) : top;
                  const y2 = Number.isFinite(low) ? u.valToPos(low, 'y', true) : top + h;
                  ctx.fillStyle = withAlpha(color, 0.12);
                  ctx.fillRect(left, Math.max(top, y1), w, Math.min(top + h, y2) - Math.max(top, y1));
                }
                if ((thresholdMode.includes('line') || thresholdMode === 'dashed') && Number.isFinite(low)) {
                  const y = u.valToPos(low, 'y', true);
                  if (y < top || y > top + h) return;
                  ctx.strokeStyle = color;
                  ctx.lineWidth = 1;
                  ctx.setLineDash(thresholdMode.includes('dashed') ? [6, 4] : []);
                  ctx.beginPath();
                  ctx.moveTo(left, y);
                  ctx.lineTo(left + w, y);
                  ctx.stroke();
                }
              });
            }
            for (const annotation of annotations) {
              const x = u.valToPos(annotation.time, 'x', true);
              if (x < left || x > left + w) continue;
              ctx.strokeStyle = resolveColor(annotation.color, '#5794F2');
              ctx.setLineDash([3, 3]);
              ctx.beginPath();
              ctx.moveTo(x, top);
              ctx.lineTo(x, top + h);
              ctx.stroke();
            }
            ctx.restore();
          },
        ],
      },
    };
    const chart = new uPlot(options, [aligned.x, ...stacked] as uPlot.AlignedData, element);
    plot.current = chart;
    return () => {
      chart.destroy();
      plot.current = undefined;
    };
  }, [prepared, plotWidth, plotHeight, range, annotations, hidden, onZoom, timeZone]);

  const { series, aligned, colors } = prepared;
  const pointCount = series.reduce((sum, s) => sum + s.values.filter((v) => v !== null).length, 0);
  if (series.length === 0) {
    return (
      <div className="panel-empty">
        {data.frames.length > 0 ? 'Data does not have a time field' : 'No data'}
      </div>
    );
  }
  const calcs = legend.calcs ?? [];
  const tooltipRows =
    cursor === undefined
      ? []
      : series
          .map((s, i) => ({
            name: s.name,
            color: colors[i]!,
            value: prepared.aligned.ys[i]?.[cursor.idx] ?? null,
            unit: s.config.unit,
            decimals: s.config.decimals,
          }))
          .filter((row) => tooltipMode !== 'single' || row.value !== null);
  const hoveredTime = cursor ? aligned.x[cursor.idx] : undefined;

  return (
    <div
      className={`timeseries-panel ${legend.placement === 'right' ? 'legend-right' : ''}`}
      data-series-count={series.length}
      data-point-count={pointCount}
    >
      <div className="uplot-host" ref={container} style={{ width: plotWidth, height: plotHeight }}>
        {cursor && tooltipMode !== 'hidden' && tooltipRows.length > 0 && (
          <div
            className="tooltip"
            style={{ left: Math.min(cursor.left + 60, plotWidth - 180), top: Math.max(0, cursor.top - 10) }}
          >
            <div className="tooltip-time">
              {hoveredTime !== undefined ? formatDateTime(hoveredTime, timeZone) : ''}
            </div>
            {(tooltipMode === 'single' ? tooltipRows.slice(0, 1) : tooltipRows).map((row, index) => (
              <div key={index} className="tooltip-row">
                <span className="legend-swatch" style={{ background: row.color }} />
                {row.name}: <strong>{formatValueText(row.value, row.unit, row.decimals)}</strong>
              </div>
            ))}
          </div>
        )}
      </div>
      {showLegend && (
        <div
          className="legend"
          style={
            legend.placement === 'right'
              ? { width: legendWidth, maxHeight: height }
              : { maxHeight: legendHeight }
          }
        >
          <table className={legend.displayMode === 'table' ? 'legend-table' : 'legend-list'}>
            {legend.displayMode === 'table' && calcs.length > 0 && (
              <thead>
                <tr>
                  <th />
                  {calcs.map((calc) => (
                    <th key={calc}>{REDUCER_NAMES[calc] ?? calc}</th>
                  ))}
                </tr>
              </thead>
            )}
            <tbody>
              {series.map((s, i) =>
                (s.config.custom as Custom | undefined)?.hideFrom?.legend ? null : (
                  <tr key={`${s.name}-${i}`} className={hidden[s.name] ? 'legend-hidden' : undefined}>
                    <td>
                      {/* a button, so the series can be hidden and shown from the keyboard too */}
                      <button
                        type="button"
                        className="legend-label"
                        aria-pressed={!hidden[s.name]}
                        onClick={() => setHidden((old) => ({ ...old, [s.name]: !old[s.name] }))}
                      >
                        <span className="legend-swatch" style={{ background: colors[i] }} />
                        {s.name}
                      </button>
                    </td>
                    {calcs.map((calc) => (
                      <td key={calc} className="number">
                        {legend.displayMode !== 'table' && `${REDUCER_NAMES[calc] ?? calc}: `}
                        {legendCalcText(reduce(s.cells, calc), calc, s.config)}
                      </td>
                    ))}
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * A legend calc as Grafana shows it: NaN (a mean or last value of 0/0) as "NaN", as stat and gauge
 * show it, rather than as a missing value; counts without the field's unit.
 */
function legendCalcText(value: number | null, calc: string, config: FieldConfig): string {
  if (value !== null && Number.isNaN(value)) return 'NaN';
  return formatValueText(value, calc === 'count' ? 'none' : config.unit, config.decimals);
}
