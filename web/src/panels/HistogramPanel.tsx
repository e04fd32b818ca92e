import { useMemo, useState } from 'react';
import { paletteColor, resolveColor, withAlpha } from '../lib/colors.js';
import { niceStep } from '../lib/heatmap.js';
import { histogram, type HistogramOptions } from '../lib/histogram.js';
import { formatValueText } from '../lib/units.js';
import { HoverTip } from './HoverTip.js';
import { tickAnchor } from './time-ticks.js';
import type { PanelProps } from './types.js';
import './panels-more.css';

const AXIS_WIDTH = 48;
const AXIS_HEIGHT = 20;
const LEGEND_HEIGHT = 22;
/** Room above the plot for the top count's label. */
const TOP = 8;

/** Grafana's histogram: how many values of each series fall in each bucket, as bars. */
export default function HistogramPanel({ panel, data, width, height }: PanelProps) {
  const options = (panel.options ?? {}) as HistogramOptions & {
    legend?: { showLegend?: boolean; displayMode?: string };
    tooltip?: { mode?: string };
  };
  const [hover, setHover] = useState<{ bucket: number; x: number; y: number }>();
  const result = useMemo(
    () =>
      histogram(data, panel.fieldConfig, {
        bucketSize: options.bucketSize,
        bucketCount: options.bucketCount,
        bucketOffset: options.bucketOffset,
        combine: options.combine,
      }),
    [data, panel.fieldConfig, options.bucketSize, options.bucketCount, options.bucketOffset, options.combine],
  );
  if (!result) return <div className="panel-empty">No data</div>;
  const { edges, series } = result;
  const showLegend =
    options.legend?.showLegend !== false && options.legend?.displayMode !== 'hidden' && series.length > 0;
  const plotWidth = Math.max(10, width - AXIS_WIDTH);
  const plotHeight = Math.max(10, height - TOP - AXIS_HEIGHT - (showLegend ? LEGEND_HEIGHT : 0));
  const maxCount = Math.max(1, ...series.flatMap((s) => s.counts));
  // counts are whole numbers: no ticks between them
  const yStep = Math.max(1, niceStep(maxCount / Math.max(1, Math.floor(plotHeight / 30))));
  const yTop = Math.ceil(maxCount / yStep) * yStep;
  const buckets = edges.length - 1;
  const bucketWidth = plotWidth / buckets;
  const yOf = (count: number) => TOP + plotHeight - (count / yTop) * plotHeight;
  const unit = series[0]?.config.unit;
  const decimals = series[0]?.config.decimals;
  const labelEvery = Math.max(1, Math.ceil(60 / bucketWidth));
  const colors = series.map((s, i) =>
    s.config.color?.mode === 'fixed' && s.config.color.fixedColor
      ? resolveColor(s.config.color.fixedColor)
      : paletteColor(i),
  );
  const fill =
    ((panel.fieldConfig?.defaults?.custom as { fillOpacity?: number } | undefined)?.fillOpacity ?? 80) / 100;

  return (
    <div className="histogram-panel" style={{ position: 'relative', width, height }}>
      <svg width={width} height={TOP + plotHeight + AXIS_HEIGHT} role="img" aria-label="Histogram">
        {Array.from({ length: Math.round(yTop / yStep) + 1 }, (_, i) => i * yStep).map((tick) => (
          <g key={tick}>
            <line x1={AXIS_WIDTH} x2={width} y1={yOf(tick)} y2={yOf(tick)} stroke="var(--grid-line)" />
            <text
              className="axis-label"
              x={AXIS_WIDTH - 4}
              y={yOf(tick)}
              textAnchor="end"
              dominantBaseline="middle"
            >
              {tick}
            </text>
          </g>
        ))}
        {edges.map((edge, i) =>
          i % labelEvery === 0 ? (
            <text
              key={i}
              className="axis-label"
              x={AXIS_WIDTH + i * bucketWidth}
              y={TOP + plotHeight + 14}
              textAnchor={tickAnchor(AXIS_WIDTH + i * bucketWidth, AXIS_WIDTH, width)}
            >
              {formatValueText(edge, unit, decimals)}
            </text>
          ) : null,
        )}
        {series.map((s, i) =>
          s.counts.map((count, b) =>
            count > 0 ? (
              <rect
                key={`${i}:${b}`}
                data-testid="histogram-bar"
                data-count={count}
                x={AXIS_WIDTH + b * bucketWidth + 0.5}
                y={yOf(count)}
                width={Math.max(0.5, bucketWidth - 1)}
                height={TOP + plotHeight - yOf(count)}
                fill={withAlpha(colors[i]!, fill)}
                stroke={colors[i]}
                onMouseEnter={(e) => {
                  const box = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
                  setHover({ bucket: b, x: e.clientX - box.left, y: e.clientY - box.top });
                }}
                onMouseLeave={() => setHover(undefined)}
              />
            ) : null,
          ),
        )}
      </svg>
      {showLegend && (
        <div className="panel-legend-row" style={{ marginLeft: AXIS_WIDTH }}>
          {series.map((s, i) => (
            <span key={i}>
              <span className="legend-swatch" style={{ background: colors[i] }} />
              {s.name}
            </span>
          ))}
        </div>
      )}
      {hover && options.tooltip?.mode !== 'hidden' && (
        <HoverTip x={hover.x} y={hover.y} width={width}>
          <div data-testid="histogram-tooltip-bucket">
            {formatValueText(edges[hover.bucket], unit, decimals)} –{' '}
            {formatValueText(edges[hover.bucket + 1], unit, decimals)}
          </div>
          {series.map((s, i) => (
            <div key={i}>
              <span className="legend-swatch" style={{ background: colors[i] }} />
              {s.name}: {s.counts[hover.bucket]}
            </div>
          ))}
        </HoverTip>
      )}
    </div>
  );
}
