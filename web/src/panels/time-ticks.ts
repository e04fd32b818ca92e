/** A few evenly spaced time labels for the panels that draw their own time axis (not uPlot's). */

import { intlTimeZone } from '../lib/time.js';

const MINUTE = 60_000;
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080].map((m) => m * MINUTE);

export interface TimeTick {
  time: number;
  label: string;
}

/** Round-time ticks at least `minGap` pixels apart across `width` pixels from `from` to `to`. */
export function timeTicks(
  from: number,
  to: number,
  width: number,
  timeZone: string,
  minGap = 90,
): TimeTick[] {
  const span = to - from;
  if (!(span > 0) || width <= 0) return [];
  const wanted = Math.max(1, Math.floor(width / minGap));
  const step = STEPS.find((s) => span / s <= wanted) ?? STEPS[STEPS.length - 1]!;
  const zone = intlTimeZone(timeZone);
  const multiDay = span > 36 * 60 * MINUTE;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      ...(multiDay ? { month: '2-digit', day: '2-digit' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  // Round in UTC: whole minutes and hours line up in every zone with whole-hour offsets.
  const ticks: TimeTick[] = [];
  for (let time = Math.ceil(from / step) * step; time <= to; time += step) {
    ticks.push({ time, label: format.format(new Date(time)) });
  }
  return ticks;
}

/** A label centred on its tick, except near the plot's ends, where it would be cut off. */
export function tickAnchor(x: number, left: number, right: number): 'start' | 'middle' | 'end' {
  if (x - left < 30) return 'start';
  if (right - x < 30) return 'end';
  return 'middle';
}
