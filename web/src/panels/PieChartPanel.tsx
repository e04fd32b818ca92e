import { paletteColor, resolveColor } from '../lib/colors.js';
import { reducedValues, type ReduceOptions } from '../lib/display.js';
import { formattedToString } from '../lib/units.js';
import type { PanelProps } from './types.js';

export default function PieChartPanel({ panel, data, width, height }: PanelProps) {
  const values = reducedValues(
    data,
    panel.fieldConfig,
    (panel.options?.reduceOptions ?? {}) as ReduceOptions,
  ).filter((v) => v.display.numeric !== null && Number.isFinite(v.display.numeric) && v.display.numeric > 0);
  if (values.length === 0) return <div className="panel-empty">No data</div>;
  const donut = panel.options?.pieType === 'donut';
  const total = values.reduce((sum, v) => sum + v.display.numeric!, 0);
  const legendWidth = width > 300 ? Math.min(200, width * 0.4) : 0;
  const size = Math.min(width - legendWidth, height) - 8;
  const r = size / 2;
  const cx = r + 4;
  const cy = height / 2;
  let angle = -Math.PI / 2;
  const slices = values.map((value, index) => {
    const sweep = (value.display.numeric! / total) * Math.PI * 2;
    const start = angle;
    angle += sweep;
    const color =
      value.config.color?.mode === 'fixed'
        ? resolveColor(value.config.color.fixedColor)
        : paletteColor(index);
    return { value, start, end: angle, color, percent: (value.display.numeric! / total) * 100 };
  });
  const path = (start: number, end: number) => {
    if (end - start >= Math.PI * 2 - 1e-9)
      return `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`;
    const x1 = cx + r * Math.cos(start);
    const y1 = cy + r * Math.sin(start);
    const x2 = cx + r * Math.cos(end);
    const y2 = cy + r * Math.sin(end);
    return `M ${cx} ${cy} L ${x1} ${y1} A ${r} ${r} 0 ${end - start > Math.PI ? 1 : 0} 1 ${x2} ${y2} Z`;
  };
  return (
    <div className="piechart-panel">
      <svg width={width - legendWidth} height={height} role="img" aria-label="Pie chart">
        {slices.map((slice, i) => (
          <path
            key={i}
            d={path(slice.start, slice.end)}
            fill={slice.color}
            stroke="var(--panel-bg)"
            strokeWidth={1}
          >
            <title>{`${slice.value.name}: ${formattedToString(slice.value.display)} (${slice.percent.toFixed(1)}%)`}</title>
          </path>
        ))}
        {donut && <circle cx={cx} cy={cy} r={r * 0.6} fill="var(--panel-bg)" />}
      </svg>
      {legendWidth > 0 && (
        <ul className="legend" style={{ width: legendWidth }}>
          {slices.map((slice, i) => (
            <li key={i}>
              <span className="legend-swatch" style={{ background: slice.color }} />
              {slice.value.name}: {formattedToString(slice.value.display)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
