import { reducedValues } from '../lib/display.js';
import { formattedToString } from '../lib/units.js';
import { withAlpha } from '../lib/colors.js';
import type { PanelProps } from './types.js';

function Sparkline({
  values,
  color,
  width,
  height,
}: {
  values: unknown[];
  color: string;
  width: number;
  height: number;
}) {
  const numbers = values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null));
  const present = numbers.filter((n): n is number => n !== null);
  if (present.length < 2) return null;
  const min = Math.min(...present);
  const max = Math.max(...present);
  const span = max - min || 1;
  const points = numbers
    .map((n, i) =>
      n === null
        ? null
        : `${((i / (numbers.length - 1)) * width).toFixed(1)},${(height - ((n - min) / span) * height).toFixed(1)}`,
    )
    .filter(Boolean)
    .join(' ');
  return (
    <svg className="sparkline" width={width} height={height} aria-hidden="true">
      <polyline
        points={`0,${height} ${points} ${width},${height}`}
        fill={withAlpha(color, 0.15)}
        stroke="none"
      />
      <polyline points={points} fill="none" stroke={color} strokeWidth={1.5} />
    </svg>
  );
}

export default function StatPanel({ panel, data, width, height }: PanelProps) {
  const options = panel.options ?? {};
  const values = reducedValues(data, panel.fieldConfig, options.reduceOptions ?? {});
  const colorMode = (options.colorMode as string | undefined) ?? 'value';
  const graphMode = (options.graphMode as string | undefined) ?? 'area';
  const textMode = (options.textMode as string | undefined) ?? 'auto';
  if (values.length === 0) return <div className="panel-empty">No data</div>;
  const horizontal =
    (options.orientation as string | undefined) === 'horizontal' ||
    (options.orientation !== 'vertical' && width > height * 1.5);
  const cellWidth = horizontal ? width / values.length : width;
  const cellHeight = horizontal ? height : height / values.length;
  const showName =
    textMode === 'value_and_name' || textMode === 'name' || (textMode === 'auto' && values.length > 1);
  const fontSize = Math.max(
    12,
    Math.min(
      cellHeight * (showName ? 0.35 : 0.5),
      cellWidth / Math.max(3, formattedToString(values[0]!.display).length * 0.6),
    ),
  );
  return (
    <div className="stat-panel" style={{ flexDirection: horizontal ? 'row' : 'column' }}>
      {values.map((value, index) => (
        <div
          key={index}
          className="stat"
          data-testid="stat-value"
          style={{
            background: colorMode === 'background' ? value.display.color : undefined,
            width: cellWidth,
            height: cellHeight,
          }}
        >
          {showName && <div className="stat-name">{value.name}</div>}
          {textMode !== 'name' && textMode !== 'none' && (
            <div
              className="stat-value"
              style={{ color: colorMode === 'value' ? value.display.color : undefined, fontSize }}
            >
              {formattedToString(value.display)}
            </div>
          )}
          {graphMode === 'area' && value.values.length > 1 && (
            <Sparkline
              values={value.values}
              color={colorMode === 'background' ? '#ffffff' : value.display.color}
              width={cellWidth}
              height={Math.round(cellHeight * 0.3)}
            />
          )}
        </div>
      ))}
    </div>
  );
}
