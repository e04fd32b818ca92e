import { chooseTimeTicks } from '../lib/time-axis.js';
import { intlTimeZone } from '../lib/time.js';
import { tickAnchor } from './time-ticks.js';

/**
 * The time labels under a panel that draws its own SVG plot (heatmap, state timeline, status
 * history): the time series panel's choice of ticks, so labels never overlap and the date shows at
 * day changes; labels near the ends stay inside the panel.
 */
export function SvgTimeAxis(props: {
  from: number;
  to: number;
  /** the plot's width in pixels, and where it starts and the panel ends */
  plotWidth: number;
  left: number;
  width: number;
  /** the labels' baseline */
  y: number;
  timeZone: string;
  xOf: (time: number) => number;
}) {
  const { from, to, plotWidth, left, width, y, timeZone, xOf } = props;
  return (
    <>
      {chooseTimeTicks(from, to, plotWidth, intlTimeZone(timeZone)).map((tick) => (
        <text
          key={tick.value}
          className="axis-label"
          x={xOf(tick.value)}
          y={y}
          textAnchor={tickAnchor(xOf(tick.value), left, width)}
        >
          {tick.label}
        </text>
      ))}
    </>
  );
}
