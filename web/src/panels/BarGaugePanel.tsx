import { reducedValues } from '../lib/display.js';
import { withAlpha } from '../lib/colors.js';
import { formattedToString } from '../lib/units.js';
import type { PanelProps } from './types.js';

export default function BarGaugePanel({ panel, data, width, height }: PanelProps) {
  const values = reducedValues(data, panel.fieldConfig, panel.options?.reduceOptions ?? {});
  if (values.length === 0) return <div className="panel-empty">No data</div>;
  const vertical = panel.options?.orientation === 'vertical';
  return (
    <div className={`bargauge-panel ${vertical ? 'vertical' : 'horizontal'}`} style={{ width, height }}>
      {values.map((value, index) => {
        const min = value.config.min ?? 0;
        const max = value.config.max ?? 100;
        const fraction =
          // NaN has no place on the scale (numeric null): an empty gauge, never NaN in the geometry
          value.display.numeric === null
            ? 0
            : Math.max(0, Math.min(1, (value.display.numeric - min) / (max - min || 1)));
        const percent = `${(fraction * 100).toFixed(2)}%`;
        return (
          <div key={index} className="bargauge-item" data-testid="bargauge-item">
            <div className="bargauge-name">{value.name}</div>
            <div className="bargauge-track" style={{ background: withAlpha(value.display.color, 0.15) }}>
              <div
                className="bargauge-bar"
                style={
                  vertical
                    ? { height: percent, background: value.display.color }
                    : { width: percent, background: value.display.color }
                }
              />
            </div>
            <div className="bargauge-value" style={{ color: value.display.color }}>
              {formattedToString(value.display)}
            </div>
          </div>
        );
      })}
    </div>
  );
}
