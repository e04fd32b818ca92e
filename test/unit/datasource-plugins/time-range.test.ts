import { describe, expect, it } from 'vitest';
import {
  InvalidTimeError,
  parseGoDuration,
  parseTime,
  parseTimeRange,
} from '../../../src/features/datasources/plugins/time-range.js';

// Wednesday 2024-05-15 13:45:30.123 UTC
const now = Date.UTC(2024, 4, 15, 13, 45, 30, 123);
const T0 = Date.UTC(2024, 0, 15, 10); // 1705312800000

describe('time range parsing', () => {
  it.each<[string | number, number, number]>([
    // input, as `from` (rounded down), as `to` (rounded up)
    ['now', now, now],
    ['now-1h', now - 3_600_000, now - 3_600_000],
    ['now-h', now - 3_600_000, now - 3_600_000],
    ['now-15m', now - 900_000, now - 900_000],
    ['now+30s', now + 30_000, now + 30_000],
    ['now-2w', now - 14 * 86_400_000, now - 14 * 86_400_000],
    ['now-7d/d', Date.UTC(2024, 4, 8), Date.UTC(2024, 4, 9) - 1],
    ['now/d', Date.UTC(2024, 4, 15), Date.UTC(2024, 4, 16) - 1],
    ['now-1d/d', Date.UTC(2024, 4, 14), Date.UTC(2024, 4, 15) - 1],
    ['now/h', Date.UTC(2024, 4, 15, 13), Date.UTC(2024, 4, 15, 14) - 1],
    ['now/H', Date.UTC(2024, 4, 15, 13), Date.UTC(2024, 4, 15, 14) - 1],
    ['now/m', Date.UTC(2024, 4, 15, 13, 45), Date.UTC(2024, 4, 15, 13, 46) - 1],
    ['now/s', Date.UTC(2024, 4, 15, 13, 45, 30), Date.UTC(2024, 4, 15, 13, 45, 31) - 1],
    // weeks start on Monday: 2024-05-13
    ['now/w', Date.UTC(2024, 4, 13), Date.UTC(2024, 4, 20) - 1],
    ['now/M', Date.UTC(2024, 4, 1), Date.UTC(2024, 5, 1) - 1],
    ['now/y', Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1) - 1],
    ['now-1M', Date.UTC(2024, 3, 15, 13, 45, 30, 123), Date.UTC(2024, 3, 15, 13, 45, 30, 123)],
    ['now-1y/y', Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1) - 1],
    ['now-1d/d+2h', Date.UTC(2024, 4, 14, 2), Date.UTC(2024, 4, 14, 23, 59, 59, 999) + 2 * 3_600_000],
    // Go durations mean "that long ago"
    ['5m', now - 300_000, now - 300_000],
    ['1h30m', now - 5_400_000, now - 5_400_000],
    // epoch milliseconds, as text or number
    ['1705312800000', T0, T0],
    [1705312800000, T0, T0],
    // ISO 8601; no zone means UTC
    ['2024-01-15', Date.UTC(2024, 0, 15), Date.UTC(2024, 0, 15)],
    ['2024-01-15T10:00:00Z', T0, T0],
    ['2024-01-15T10:00:00', T0, T0],
    ['2024-01-15 10:00:00', T0, T0],
    ['2024-01-15T12:00:00+02:00', T0, T0],
    ['2024-01-15T10:00:00.5Z', T0 + 500, T0 + 500],
    ['2024-01-15T10:00:00Z||+1d/d', Date.UTC(2024, 0, 16), Date.UTC(2024, 0, 17) - 1],
  ])('%s', (input, from, to) => {
    expect(parseTime(input, { now })).toBe(from);
    expect(parseTime(input, { now, roundUp: true })).toBe(to);
  });

  it('adds months like Go’s AddDate: March 31 minus a month overflows into March', () => {
    // 2024-02-31 does not exist; Go (and go-datemath) normalise it to 2024-03-02
    expect(parseTime('now-1M', { now: Date.UTC(2024, 2, 31) })).toBe(Date.UTC(2024, 2, 2));
  });

  it('parses a request range with `to` rounded up', () => {
    expect(parseTimeRange('now-1d/d', 'now-1d/d', now)).toEqual({
      from: Date.UTC(2024, 4, 14),
      to: Date.UTC(2024, 4, 15) - 1,
    });
    expect(parseTimeRange('1705312800000', '1705316400000', now)).toEqual({ from: T0, to: T0 + 3_600_000 });
  });

  it.each(['yesterday', 'now-1x', 'now+', 'now/2d', '', '2024-13-01', 'now-1h garbage', '1 hour'])(
    'rejects "%s"',
    (input) => {
      expect(() => parseTime(input, { now })).toThrow(InvalidTimeError);
      expect(() => parseTime(input, { now })).toThrow(`invalid time "${input.trim()}"`);
    },
  );

  it('rejects numbers that are not finite', () => {
    expect(() => parseTime(Number.NaN, { now })).toThrow(InvalidTimeError);
  });
});

describe('Go durations', () => {
  it.each<[string, number | undefined]>([
    ['1h30m', 5_400_000],
    ['1.5s', 1_500],
    ['250ms', 250],
    ['2000us', 2],
    ['2000µs', 2],
    ['2x', undefined],
  ])('%s is %s ms', (text, ms) => {
    expect(parseGoDuration(text)).toBe(ms);
  });
});
