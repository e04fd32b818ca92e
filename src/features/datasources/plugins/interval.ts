import { parseGoDuration } from './time-range.js';
import type { DataQuery, TimeRange } from './types.js';

/**
 * Grafana's interval arithmetic (grafana-plugin-sdk-go `gtime` and the Prometheus back end), so
 * `$__interval`, `$__rate_interval` and query steps come out exactly as in Grafana.
 */

/** Grafana fills these in when a query omits them (pkg/services/query). */
const DEFAULT_INTERVAL_MS = 1000;
const DEFAULT_MAX_DATA_POINTS = 100;
/** gtime.DefaultRes: points per panel when maxDataPoints is 0 */
const DEFAULT_RESOLUTION = 1500;
/** Prometheus' default scrape interval, assumed when jsonData.timeInterval is not set */
const DEFAULT_SCRAPE_INTERVAL_MS = 15_000;

export function queryIntervalMs(query: DataQuery): number {
  const value = query.intervalMs;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : DEFAULT_INTERVAL_MS;
}

export function queryMaxDataPoints(query: DataQuery): number {
  const value = query.maxDataPoints;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.floor(value)
    : DEFAULT_MAX_DATA_POINTS;
}

const DAY_MS = 86_400_000;
const CALENDAR_UNIT_MS: Record<string, number> = {
  d: DAY_MS,
  w: 7 * DAY_MS,
  M: 30 * DAY_MS,
  y: 365 * DAY_MS,
};

/**
 * gtime.ParseIntervalStringToTimeDuration: `>10s` and `<10s` are the same as `10s`, a bare number
 * is seconds, `d`/`w`/`M`/`y` work besides Go's units. Returns ms, or undefined when unparsable.
 */
export function parseIntervalString(text: string): number | undefined {
  const value = text.trim().replace('<', '').replace('>', '');
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const calendar = /^(\d+)([dwMy])$/.exec(value);
  if (calendar) return Number(calendar[1]) * CALENDAR_UNIT_MS[calendar[2]!]!;
  return parseGoDuration(value);
}

/** The data source's minimum interval (`jsonData.timeInterval`, e.g. "30s"), or undefined. */
function dataSourceMinIntervalMs(jsonData: Record<string, unknown>): number | undefined {
  const text = jsonData.timeInterval;
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const ms = parseIntervalString(text);
  return ms !== undefined && ms > 0 ? ms : undefined;
}

/** The scrape interval `$__rate_interval` assumes: jsonData.timeInterval, else 15 s. */
export function scrapeIntervalMs(jsonData: Record<string, unknown>): number {
  return dataSourceMinIntervalMs(jsonData) ?? DEFAULT_SCRAPE_INTERVAL_MS;
}

/**
 * Grafana's rule for `$__rate_interval`: max(interval + scrape interval, 4 x scrape interval), so
 * a rate() window always holds at least four samples.
 */
export function rateIntervalMs(intervalMs: number, scrapeMs: number): number {
  return Math.max(intervalMs + scrapeMs, 4 * scrapeMs);
}

/** gtime's Calculate: (to - from) / maxDataPoints, rounded to a "nice" value, at least min. */
export function calculateIntervalMs(range: TimeRange, minIntervalMs: number, maxDataPoints: number): number {
  const resolution = maxDataPoints > 0 ? maxDataPoints : DEFAULT_RESOLUTION;
  const raw = Math.trunc((range.to - range.from) / resolution);
  if (raw < minIntervalMs) return minIntervalMs;
  return roundIntervalMs(raw);
}

/** gtime's CalculateSafeInterval: the interval that keeps a range under `resolution` points. */
export function calculateSafeIntervalMs(range: TimeRange, resolution: number): number {
  return roundIntervalMs(Math.trunc((range.to - range.from) / resolution));
}

/** [upper bound, rounded value] pairs of gtime's roundInterval, in ms. */
const ROUNDING: [number, number][] = [
  [10, 1],
  [15, 10],
  [35, 20],
  [75, 50],
  [150, 100],
  [350, 200],
  [750, 500],
  [1_500, 1_000],
  [3_500, 2_000],
  [7_500, 5_000],
  [12_500, 10_000],
  [17_500, 15_000],
  [25_000, 20_000],
  [45_000, 30_000],
  [90_000, 60_000],
  [210_000, 120_000],
  [450_000, 300_000],
  [750_000, 600_000],
  [1_050_000, 900_000],
  [1_500_000, 1_200_000],
  [2_700_000, 1_800_000],
  [5_400_000, 3_600_000],
  [9_000_000, 7_200_000],
  [16_200_000, 10_800_000],
  [32_400_000, 21_600_000],
  [86_400_000, 43_200_000],
  [172_800_000, 86_400_000],
  [604_800_000, 86_400_000],
  [1_814_400_000, 604_800_000],
];

/** gtime's roundInterval: snaps an interval to the closest "nice" step (1s, 15s, 1m, 1h, 1d, ...). */
export function roundIntervalMs(ms: number): number {
  for (const [limit, rounded] of ROUNDING) if (ms <= limit) return rounded;
  // Grafana compat: the last two steps use "<" where all others use "<=".
  return ms < 3_628_800_000 ? 2_592_000_000 : 31_536_000_000;
}

/** gtime.FormatInterval: the largest whole unit, truncated (90 s gives "1m"). */
export function formatInterval(ms: number): string {
  const units: [number, string][] = [
    [365 * DAY_MS, 'y'],
    [DAY_MS, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1_000, 's'],
    [1, 'ms'],
  ];
  for (const [size, suffix] of units) if (ms >= size) return `${Math.floor(ms / size)}${suffix}`;
  return '1ms';
}
