/** Grafana's time ranges: relative expressions (`now-6h`, `now/d`), absolute times, presets, intervals. */

export interface RawTimeRange {
  from: string;
  to: string;
}

export interface TimeRange {
  from: number;
  to: number;
  raw: RawTimeRange;
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  M: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

/** Start (or end, when roundUp) of the calendar unit containing `time`, in UTC. */
function roundTo(time: number, unit: string, roundUp: boolean): number {
  const date = new Date(time);
  const parts = [
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  ] as [number, number, number, number, number, number];
  const depth: Record<string, number> = { y: 1, M: 2, w: 3, d: 3, h: 4, m: 5, s: 6 };
  const keep = depth[unit];
  if (keep === undefined) return time;
  const [y, mo, d, h, mi, s] = parts;
  const start = new Date(
    Date.UTC(y, keep > 1 ? mo : 0, keep > 2 ? d : 1, keep > 3 ? h : 0, keep > 4 ? mi : 0, keep > 5 ? s : 0),
  );
  if (unit === 'w') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (!roundUp) return start.getTime();
  const end = new Date(start);
  if (unit === 'y') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else if (unit === 'M') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setTime(end.getTime() + UNIT_MS[unit]!);
  return end.getTime() - 1;
}

/**
 * Parses a time expression: `now`, `now-6h`, `now-1d/d`, `now/w`, epoch milliseconds, or an ISO
 * date. Returns undefined for text that is none of these.
 */
export function parseTime(text: string, now: number, roundUp = false): number | undefined {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value);
  if (value.startsWith('now')) {
    let time = now;
    let rest = value.slice(3);
    const pattern = /^([+-])(\d+)(ms|s|m|h|d|w|M|y)|^\/(s|m|h|d|w|M|y)/;
    while (rest.length > 0) {
      const match = pattern.exec(rest);
      if (!match) return undefined;
      if (match[4]) time = roundTo(time, match[4], roundUp);
      else {
        const amount = Number(match[2]) * UNIT_MS[match[3]!]!;
        if (match[3] === 'M' || match[3] === 'y') {
          const date = new Date(time);
          const months = Number(match[2]) * (match[3] === 'y' ? 12 : 1) * (match[1] === '-' ? -1 : 1);
          date.setUTCMonth(date.getUTCMonth() + months);
          time = date.getTime();
        } else time += match[1] === '-' ? -amount : amount;
      }
      rest = rest.slice(match[0].length);
    }
    return time;
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

export function isRelative(text: string): boolean {
  return text.trim().startsWith('now');
}

export function resolveRange(raw: RawTimeRange, now: number): TimeRange | undefined {
  const from = parseTime(raw.from, now, false);
  const to = parseTime(raw.to, now, true);
  if (from === undefined || to === undefined || from > to) return undefined;
  return { from, to, raw };
}

interface Preset {
  from: string;
  to: string;
  display: string;
}

export const PRESETS: Preset[] = [
  { from: 'now-5m', to: 'now', display: 'Last 5 minutes' },
  { from: 'now-15m', to: 'now', display: 'Last 15 minutes' },
  { from: 'now-30m', to: 'now', display: 'Last 30 minutes' },
  { from: 'now-1h', to: 'now', display: 'Last 1 hour' },
  { from: 'now-3h', to: 'now', display: 'Last 3 hours' },
  { from: 'now-6h', to: 'now', display: 'Last 6 hours' },
  { from: 'now-12h', to: 'now', display: 'Last 12 hours' },
  { from: 'now-24h', to: 'now', display: 'Last 24 hours' },
  { from: 'now-2d', to: 'now', display: 'Last 2 days' },
  { from: 'now-7d', to: 'now', display: 'Last 7 days' },
  { from: 'now-30d', to: 'now', display: 'Last 30 days' },
  { from: 'now-90d', to: 'now', display: 'Last 90 days' },
  { from: 'now/d', to: 'now/d', display: 'Today' },
  { from: 'now-1d/d', to: 'now-1d/d', display: 'Yesterday' },
  { from: 'now/w', to: 'now/w', display: 'This week' },
  { from: 'now/M', to: 'now/M', display: 'This month' },
];

const UNIT_NAMES: Record<string, string> = {
  s: 'second',
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  M: 'month',
  y: 'year',
};

function formatAbsolute(text: string, now: number, timeZone?: string): string {
  const time = parseTime(text, now);
  return time === undefined ? text : formatDateTime(time, timeZone);
}

/** A readable description of a raw range: "Last 6 hours", or "2026-01-01 00:00:00 to …". */
export function describeRange(raw: RawTimeRange, now: number, timeZone = 'utc'): string {
  const preset = PRESETS.find((p) => p.from === raw.from && p.to === raw.to);
  if (preset) return preset.display;
  const match = /^now-(\d+)([smhdwMy])$/.exec(raw.from);
  if (match && raw.to === 'now') {
    const count = Number(match[1]);
    return `Last ${count} ${UNIT_NAMES[match[2]!]}${count === 1 ? '' : 's'}`;
  }
  const side = (text: string) => (isRelative(text) ? text : formatAbsolute(text, now, timeZone));
  return `${side(raw.from)} to ${side(raw.to)}`;
}

/** Parses a duration such as `5s`, `1m`, `2h`, `1d` into milliseconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w|M|y)$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** Grafana's default refresh choices (a dashboard's `timepicker.refresh_intervals` overrides them). */
export const DEFAULT_REFRESH_INTERVALS = ['5s', '10s', '30s', '1m', '5m', '15m', '30m', '1h', '2h', '1d'];

const NICE_INTERVALS = [
  1, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 20_000, 30_000, 60_000, 120_000, 300_000,
  600_000, 900_000, 1_200_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000,
  86_400_000, 604_800_000, 2_592_000_000, 31_536_000_000,
];

/**
 * Grafana's auto interval: the range divided by the data points wanted, rounded to a nice step and
 * never below `minInterval`.
 */
export function calculateInterval(rangeMs: number, maxDataPoints: number, minIntervalMs = 0): number {
  const raw = Math.max(rangeMs / Math.max(1, maxDataPoints), minIntervalMs, 1);
  return NICE_INTERVALS.find((step) => step >= raw) ?? raw;
}

/** `intervalMs` as Grafana writes it: `15s`, `1m`, `2h`, `1d`, `500ms`. */
export function formatInterval(ms: number): string {
  const units: [number, string][] = [
    [31_536_000_000, 'y'],
    [604_800_000, 'w'],
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1000, 's'],
  ];
  for (const [size, unit] of units) if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  for (const [size, unit] of units) if (ms >= size) return `${Math.round(ms / size)}${unit}`;
  return `${Math.round(ms)}ms`;
}

/** A range twice as long around the same centre (Grafana's "zoom out"). */
export function zoomOut(range: { from: number; to: number }, factor = 2): { from: number; to: number } {
  const span = range.to - range.from;
  const centre = range.from + span / 2;
  return { from: Math.round(centre - (span * factor) / 2), to: Math.round(centre + (span * factor) / 2) };
}

/** Grafana's time zone setting as an Intl zone: "browser" (or empty) is the browser's own. */
export function intlTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone || timeZone === 'browser') return undefined;
  return timeZone === 'utc' ? 'UTC' : timeZone;
}

/** `YYYY-MM-DD HH:mm:ss` in a dashboard's time zone (UTC when the zone is unknown). */
export function formatDateTime(ms: number, timeZone?: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: intlTimeZone(timeZone),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(ms));
  } catch {
    return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** An absolute time typed without a zone is read in UTC for UTC dashboards, else in the browser's zone. */
export function parseTyped(
  text: string,
  now: number,
  roundUp: boolean,
  timeZone?: string,
): number | undefined {
  const trimmed = text.trim();
  if (timeZone === 'utc' && /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(trimmed)) {
    return parseTime(
      `${trimmed.replace(' ', 'T')}${trimmed.length === 10 ? 'T00:00:00' : ''}Z`,
      now,
      roundUp,
    );
  }
  return parseTime(trimmed, now, roundUp);
}
