import { describe, expect, it } from 'vitest';
import {
  calculateInterval,
  describeRange,
  formatDateTime,
  formatInterval,
  parseDuration,
  parseTime,
  parseTyped,
  resolveRange,
  zoomOut,
} from '../../../web/src/lib/time.js';

const NOW = Date.UTC(2026, 10, 21, 15, 30, 45, 500); // Saturday

describe('time ranges', () => {
  it('parses relative expressions with rounding', () => {
    expect(parseTime('now', NOW)).toBe(NOW);
    expect(parseTime('now-6h', NOW)).toBe(NOW - 6 * 3_600_000);
    expect(parseTime('now-90s', NOW)).toBe(NOW - 90_000);
    expect(parseTime('now/d', NOW)).toBe(Date.UTC(2026, 10, 21));
    expect(parseTime('now/d', NOW, true)).toBe(Date.UTC(2026, 10, 22) - 1);
    expect(parseTime('now-1d/d', NOW)).toBe(Date.UTC(2026, 10, 20));
    expect(parseTime('now/w', NOW)).toBe(Date.UTC(2026, 10, 16));
    expect(parseTime('now/M', NOW)).toBe(Date.UTC(2026, 10, 1));
    expect(parseTime('now-1M', NOW)).toBe(Date.UTC(2026, 9, 21, 15, 30, 45, 500));
    expect(parseTime('now-1y/y', NOW)).toBe(Date.UTC(2025, 0, 1));
  });

  it('parses epoch milliseconds and ISO dates, and rejects nonsense', () => {
    expect(parseTime('1700000000000', NOW)).toBe(1_700_000_000_000);
    expect(parseTime('2026-01-01T00:00:00Z', NOW)).toBe(Date.UTC(2026, 0, 1));
    expect(parseTime('now-6x', NOW)).toBeUndefined();
    expect(parseTime('yesterday-ish', NOW)).toBeUndefined();
  });

  it('resolves a range and refuses from after to', () => {
    expect(resolveRange({ from: 'now-1h', to: 'now' }, NOW)).toEqual({
      from: NOW - 3_600_000,
      to: NOW,
      raw: { from: 'now-1h', to: 'now' },
    });
    expect(resolveRange({ from: 'now', to: 'now-1h' }, NOW)).toBeUndefined();
  });

  it('describes ranges like Grafana', () => {
    expect(describeRange({ from: 'now-6h', to: 'now' }, NOW)).toBe('Last 6 hours');
    expect(describeRange({ from: 'now-2h', to: 'now' }, NOW)).toBe('Last 2 hours');
    expect(describeRange({ from: 'now/d', to: 'now/d' }, NOW)).toBe('Today');
    expect(describeRange({ from: String(Date.UTC(2026, 0, 1)), to: 'now' }, NOW)).toBe(
      '2026-01-01 00:00:00 to now',
    );
  });

  it('computes auto intervals, durations, and zoom out', () => {
    expect(calculateInterval(3_600_000, 1000)).toBe(5000);
    expect(calculateInterval(3_600_000, 1000, 15_000)).toBe(15_000);
    expect(calculateInterval(86_400_000, 100)).toBe(900_000);
    expect(formatInterval(15_000)).toBe('15s');
    expect(formatInterval(120_000)).toBe('2m');
    expect(formatInterval(500)).toBe('500ms');
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('soon')).toBeUndefined();
    expect(zoomOut({ from: 1000, to: 2000 })).toEqual({ from: 500, to: 2500 });
  });

  it('formats and reads absolute times in the dashboard time zone', () => {
    const time = Date.UTC(2026, 0, 15, 8, 5, 9);
    expect(formatDateTime(time, 'utc')).toBe('2026-01-15 08:05:09');
    expect(formatDateTime(time, 'Asia/Tokyo')).toBe('2026-01-15 17:05:09');
    expect(formatDateTime(time, 'Not/AZone')).toBe('2026-01-15 08:05:09');
    expect(parseTyped('2026-01-15 08:05:09', NOW, false, 'utc')).toBe(time);
    expect(parseTyped('2026-01-15', NOW, false, 'utc')).toBe(Date.UTC(2026, 0, 15));
    expect(parseTyped('now-1h', NOW, false, 'utc')).toBe(NOW - 3_600_000);
    expect(describeRange({ from: String(time), to: String(time + 1000) }, NOW, 'Asia/Tokyo')).toBe(
      '2026-01-15 17:05:09 to 2026-01-15 17:05:10',
    );
  });
});
