/**
 * Ticks of a time series panel's x axis: the spacing is chosen from the width its labels need, so
 * labels never overlap at any panel width, and the date is shown once where the day changes (as
 * Grafana does: a tick at local midnight reads `MM/DD` instead of `00:00`).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Tick steps from fine to coarse; each is a whole fraction of the next boundary it aligns to. */
const STEPS = [
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  90 * DAY,
  365 * DAY,
];

/** Free space between two neighbouring labels, in pixels. */
export const LABEL_GAP = 12;

/**
 * A label's width in pixels for the axis font (12px): digits, `:` and `/` are at most 7 px wide in
 * the sans-serif fonts browsers pick. The panel measures with the canvas when it can.
 */
export function estimateLabelWidth(text: string): number {
  return text.length * 7;
}

export interface TimeTick {
  value: number;
  label: string;
}

/** Milliseconds to add to a UTC timestamp to get the wall clock of `zone` (the browser's when undefined). */
export function zoneOffset(ms: number, zone: string | undefined): number {
  if (!zone) return -new Date(ms).getTimezoneOffset() * MINUTE;
  if (zone === 'UTC') return 0;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(new Date(ms));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const wall = Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    );
    return wall - Math.floor(ms / SECOND) * SECOND;
  } catch {
    return 0;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The label of a tick at wall-clock time `wall` (a UTC timestamp shifted by the zone offset). */
function tickLabel(wall: number, step: number): string {
  const date = new Date(wall);
  const dayLabel = `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}`;
  if (step >= DAY) return step >= 365 * DAY ? String(date.getUTCFullYear()) : dayLabel;
  if (wall % DAY === 0) return dayLabel;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  return step < MINUTE ? `${time}:${pad(date.getUTCSeconds())}` : time;
}

/** The widest label a step can produce (the day label is never wider than a time label). */
function widestLabel(step: number): string {
  if (step >= 365 * DAY) return '0000';
  if (step >= DAY) return '00/00';
  return step < MINUTE ? '00:00:00' : '00:00';
}

/** The ticks of `step` between `from` and `to`, aligned on the zone's wall clock. */
function ticksOf(from: number, to: number, step: number, zone: string | undefined): TimeTick[] {
  const ticks: TimeTick[] = [];
  const offset = zoneOffset(from, zone);
  let wall = Math.ceil((from + offset) / step) * step;
  if (step >= DAY && step < 365 * DAY) wall = Math.ceil((from + offset) / DAY) * DAY;
  // Multi-day steps keep to days since the epoch so that ticks stay put while the range moves.
  if (step > DAY && step < 365 * DAY) wall = Math.ceil(wall / step) * step;
  for (; ticks.length < 1000; wall += step) {
    // The offset at the tick itself: a DST change inside the range moves the wall clock.
    const value = wall - zoneOffset(wall - offset, zone);
    if (value > to) break;
    if (value >= from) ticks.push({ value, label: tickLabel(wall, step) });
  }
  return ticks;
}

/**
 * The ticks for a range drawn `width` pixels wide: the finest step whose spacing leaves room for
 * its widest label plus LABEL_GAP.
 */
export function chooseTimeTicks(
  from: number,
  to: number,
  width: number,
  zone?: string,
  measure: (text: string) => number = estimateLabelWidth,
): TimeTick[] {
  if (!(to > from) || !(width > 0)) return [];
  const msPerPixel = (to - from) / width;
  const step =
    STEPS.find((candidate) => candidate / msPerPixel >= measure(widestLabel(candidate)) + LABEL_GAP) ??
    STEPS[STEPS.length - 1]!;
  return ticksOf(from, to, step, zone);
}

/** Tick marks and the space between them and the labels, in pixels (uPlot's defaults). */
const TICK_SIZE = 10;
const TICK_GAP = 5;
const AXIS_PADDING = 6;

/** The width of a y axis whose widest label is `labels`' widest, so no label is cut. */
export function yAxisWidth(
  labels: readonly string[],
  measure: (text: string) => number = estimateLabelWidth,
): number {
  const widest = labels.reduce((max, label) => Math.max(max, measure(label)), 0);
  return Math.ceil(widest) + TICK_SIZE + TICK_GAP + AXIS_PADDING;
}
