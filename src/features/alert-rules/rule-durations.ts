import { parseDuration } from '../../lib/duration.js';

/**
 * Durations of rules as Grafana writes them (Prometheus' model.Duration: "5m", "1h30m", "0s") and
 * reads them (the same, and Go's forms such as "90s"). Whole seconds are what rules keep.
 */
const UNITS: [string, number][] = [
  ['y', 31_536_000],
  ['w', 604_800],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
];

/** "1h30m" for 5400, "0s" for 0: the largest units first, as Prometheus prints durations. */
export function formatDuration(seconds: number): string {
  if (seconds <= 0) return '0s';
  let rest = seconds;
  let text = '';
  for (const [unit, size] of UNITS) {
    if (rest >= size) {
      text += `${Math.floor(rest / size)}${unit}`;
      rest %= size;
    }
  }
  return text;
}

/** Seconds of a duration string, `'negative'` for one with a minus sign, undefined for garbage. */
export function parseSeconds(text: string): number | 'negative' | undefined {
  const value = text.trim();
  if (value.startsWith('-')) return parseSeconds(value.slice(1)) === undefined ? undefined : 'negative';
  const ms = parseDuration(value);
  return ms === undefined ? undefined : Math.floor(ms / 1000);
}
