import { reducedValues } from '../lib/display.js';
import { resolveColor } from '../lib/colors.js';
import { DEFAULT_THRESHOLDS } from '../lib/field-config.js';
import { formattedToString } from '../lib/units.js';
import type { PanelProps } from './types.js';

function arc(cx: number, cy: number, r: number, start: number, end: number): string {
  const point = (angle: number) => [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
  const [x1, y1] = point(start);
  const [x2, y2] = point(end);
  return `M ${x1} ${y1} A ${r} ${r} 0 ${end - start > Math.PI ? 1 : 0} 1 ${x2} ${y2}`;
}

export default function GaugePanel({ panel, data, width, height }: PanelProps) {
  const values = reducedValues(data, panel.fieldConfig, panel.options?.reduceOptions ?? {});
  const showMarkers = panel.options?.showThresholdMarkers !== false;
  if (values.length === 0) return <div className="panel-empty">No data</div>;
  const cellWidth = width / values.length;
  return (
    <div className="gauge-panel">
      {values.map((value, index) => {
        const min = value.config.min ?? 0;
        const max = value.config.max ?? 100;
        const size = Math.min(cellWidth, height * 1.3);
        const r = size * 0.38;
        const cx = cellWidth / 2;
        const cy = Math.min(height * 0.6, r * 1.25);
        const start = Math.PI * 0.75;
        const sweep = Math.PI * 1.5;
        const fraction =
          // NaN has no place on the scale (numeric null): an empty gauge, never NaN in the geometry
          value.display.numeric === null
            ? 0
            : Math.max(0, Math.min(1, (value.display.numeric - min) / (max - min || 1)));
        const thresholds = value.config.thresholds ?? DEFAULT_THRESHOLDS;
        const steps = thresholds.steps.map((step, i) => {
          const from =
            step.value === null
              ? min
              : thresholds.mode === 'percentage'
                ? min + ((max - min) * step.value) / 100
                : step.value;
          const next = thresholds.steps[i + 1];
          const to =
            !next || next.value === null
              ? max
              : thresholds.mode === 'percentage'
                ? min + ((max - min) * next.value) / 100
                : next.value;
          return { from: Math.max(min, from), to: Math.min(max, to), color: resolveColor(step.color) };
        });
        const angle = (v: number) => start + sweep * ((v - min) / (max - min || 1));
        return (
          <svg
            key={index}
            width={cellWidth}
            height={height}
            role="img"
            aria-label={`${value.name}: ${formattedToString(value.display)}`}
          >
            <path
              d={arc(cx, cy, r, start, start + sweep)}
              stroke="var(--gauge-track)"
              strokeWidth={r * 0.2}
              fill="none"
            />
            {fraction > 0 && (
              <path
                d={arc(cx, cy, r, start, start + sweep * fraction)}
                stroke={value.display.color}
                strokeWidth={r * 0.2}
                fill="none"
              />
            )}
            {showMarkers &&
              steps
                .filter((s) => s.to > s.from)
                .map((s, i) => (
                  <path
                    key={i}
                    d={arc(cx, cy, r * 1.17, angle(s.from), angle(s.to))}
                    stroke={s.color}
                    strokeWidth={r * 0.06}
                    fill="none"
                  />
                ))}
            <text
              x={cx}
              y={cy + r * 0.12}
              textAnchor="middle"
              fill={value.display.color}
              fontSize={Math.max(12, r * 0.4)}
              className="gauge-value"
            >
              {formattedToString(value.display)}
            </text>
            {values.length > 1 && (
              <text
                x={cx}
                y={Math.min(height - 4, cy + r * 0.85)}
                textAnchor="middle"
                fill="currentColor"
                fontSize={12}
              >
                {value.name}
              </text>
            )}
          </svg>
        );
      })}
    </div>
  );
}
