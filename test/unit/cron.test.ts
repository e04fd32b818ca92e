import { describe, expect, it } from 'vitest';
import { CronError, parseCron } from '../../src/lib/cron.js';

// Cron works in the server's local time: expectations are built in local time too, so the test
// holds in any TZ (the dates avoid daylight-saving changes).
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  new Date(y, mo - 1, d, h, mi, s).getTime();
const previous = (expr: string, at: number) => parseCron(expr).previous(at);

describe('cron expressions', () => {
  it("finds the latest matching minute of Grafana's default sync_cron (0 1 * * *)", () => {
    expect(previous('0 1 * * *', local(2026, 1, 15, 12, 30, 45))).toBe(local(2026, 1, 15, 1, 0));
    // Before 01:00 it is yesterday's; at 01:00:30 it is today's (the minute itself matches).
    expect(previous('0 1 * * *', local(2026, 1, 15, 0, 59))).toBe(local(2026, 1, 14, 1, 0));
    expect(previous('0 1 * * *', local(2026, 1, 15, 1, 0, 30))).toBe(local(2026, 1, 15, 1, 0));
    // Across a month and a year boundary.
    expect(previous('0 1 * * *', local(2026, 1, 1, 0, 30))).toBe(local(2025, 12, 31, 1, 0));
  });

  it('takes lists, ranges, steps and names', () => {
    expect(previous('*/15 * * * *', local(2026, 1, 15, 10, 44))).toBe(local(2026, 1, 15, 10, 30));
    expect(previous('5,20 9-17 * * *', local(2026, 1, 15, 18, 0))).toBe(local(2026, 1, 15, 17, 20));
    expect(previous('5,20 9-17 * * *', local(2026, 1, 15, 8, 0))).toBe(local(2026, 1, 14, 17, 20));
    expect(previous('0 0-12/6 * * *', local(2026, 1, 15, 11, 0))).toBe(local(2026, 1, 15, 6, 0));
    // robfig/cron: "10/20" is 10, 30, 50.
    expect(previous('10/20 * * * *', local(2026, 1, 15, 11, 49))).toBe(local(2026, 1, 15, 11, 30));
    // 2026-01-15 is a Thursday; the last Monday before it is the 12th.
    expect(previous('30 2 * * mon', local(2026, 1, 15, 12, 0))).toBe(local(2026, 1, 12, 2, 30));
    expect(previous('30 2 * * 1', local(2026, 1, 15, 12, 0))).toBe(local(2026, 1, 12, 2, 30));
    // Sunday is 0 or 7.
    expect(previous('0 0 * * 7', local(2026, 1, 15))).toBe(local(2026, 1, 11));
    expect(previous('0 0 1 mar *', local(2026, 1, 15))).toBe(local(2025, 3, 1));
  });

  it('matches a day by either day field when both are restricted (Vixie cron)', () => {
    // The 13th, or any Friday: 2026-01-09 is a Friday, before the 13th comes round.
    expect(previous('0 0 13 * 5', local(2026, 1, 12))).toBe(local(2026, 1, 9));
    expect(previous('0 0 13 * 5', local(2026, 1, 15))).toBe(local(2026, 1, 13));
    // Only one restricted: it alone decides.
    expect(previous('0 0 13 * *', local(2026, 1, 12))).toBe(local(2025, 12, 13));
  });

  it('takes the descriptors', () => {
    expect(previous('@daily', local(2026, 1, 15, 5))).toBe(local(2026, 1, 15));
    expect(previous('@hourly', local(2026, 1, 15, 5, 59))).toBe(local(2026, 1, 15, 5));
    expect(previous('@monthly', local(2026, 1, 15))).toBe(local(2026, 1, 1));
    expect(previous('@yearly', local(2026, 1, 15))).toBe(local(2026, 1, 1));
  });

  it('answers undefined for a date that never comes, without walking minute by minute', () => {
    const started = performance.now();
    expect(previous('0 0 30 2 *', local(2026, 1, 15))).toBeUndefined();
    expect(previous('0 0 29 2 *', local(2026, 1, 15))).toBe(local(2024, 2, 29));
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses malformed expressions naming what is wrong', () => {
    expect(() => parseCron('0 1 * *')).toThrow(CronError);
    expect(() => parseCron('0 1 * *')).toThrow('expected 5 fields');
    expect(() => parseCron('60 1 * * *')).toThrow('minute 60 is out of range 0-59');
    expect(() => parseCron('0 24 * * *')).toThrow('hour 24 is out of range 0-23');
    expect(() => parseCron('0 1 0 * *')).toThrow('day of month 0 is out of range 1-31');
    expect(() => parseCron('*/0 * * * *')).toThrow('invalid step');
    expect(() => parseCron('*/x * * * *')).toThrow('invalid step');
    expect(() => parseCron('5-1 * * * *')).toThrow('range start is after its end');
    expect(() => parseCron('a * * * *')).toThrow('"a" is not a valid minute');
    expect(() => parseCron('0 1 * foo *')).toThrow('"foo" is not a valid month');
    expect(() => parseCron('1,,2 * * * *')).toThrow('not a valid minute');
  });
});
