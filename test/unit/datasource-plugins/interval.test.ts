import { describe, expect, it } from 'vitest';
import {
  formatGoFloat,
  formatRfc3339Nano,
  goDurationString,
} from '../../../src/features/datasources/plugins/go-format.js';
import {
  calculateIntervalMs,
  formatInterval,
  parseIntervalString,
  rateIntervalMs,
  roundIntervalMs,
  scrapeIntervalMs,
} from '../../../src/features/datasources/plugins/interval.js';
import {
  calculateStepMs,
  interpolateExpr,
} from '../../../src/features/datasources/plugins/prometheus/interpolate.js';

const HOUR = 3_600_000;
const hour = { from: 0, to: HOUR };

describe('interval arithmetic (Grafana gtime)', () => {
  it.each([
    [5, 1],
    [10, 1],
    [11, 10],
    [15, 10],
    [16, 20],
    [1_500, 1_000],
    [1_501, 2_000],
    [20_000, 20_000],
    [36_000, 30_000],
    [45_001, 60_000],
    [600_000, 600_000],
    [HOUR, HOUR],
    [86_400_000, 43_200_000],
    [604_800_000, 86_400_000],
    [604_800_001, 604_800_000],
    [3_628_799_999, 2_592_000_000],
    [3_628_800_000, 31_536_000_000],
  ])('rounds %i ms to %i ms', (raw, rounded) => {
    expect(roundIntervalMs(raw)).toBe(rounded);
  });

  it.each([
    [90_000, '1m'],
    [1_000, '1s'],
    [999, '999ms'],
    [0, '1ms'],
    [7_200_000, '2h'],
    [86_400_000, '1d'],
    [31_536_000_000, '1y'],
  ])('formats %i ms as %s', (ms, text) => {
    expect(formatInterval(ms)).toBe(text);
  });

  it.each<[string, number | undefined]>([
    ['10s', 10_000],
    ['>10s', 10_000],
    ['<1m', 60_000],
    ['30', 30_000],
    ['500ms', 500],
    ['1h30m', 5_400_000],
    ['1d', 86_400_000],
    ['2w', 1_209_600_000],
    ['1M', 2_592_000_000],
    ['1y', 31_536_000_000],
    ['soon', undefined],
    ['', undefined],
  ])('parses interval "%s" as %s ms', (text, ms) => {
    expect(parseIntervalString(text)).toBe(ms);
  });

  it('takes the scrape interval from jsonData.timeInterval, else 15 s', () => {
    expect(scrapeIntervalMs({})).toBe(15_000);
    expect(scrapeIntervalMs({ timeInterval: '30s' })).toBe(30_000);
    expect(scrapeIntervalMs({ timeInterval: '' })).toBe(15_000);
  });

  it.each([
    [1_000, 15_000, 60_000], // 4 x scrape wins
    [60_000, 15_000, 75_000], // interval + scrape wins
    [1_000, 1_000, 4_000],
    [10_000, 1_000, 11_000],
  ])('$__rate_interval of interval %i and scrape %i is %i', (interval, scrape, rate) => {
    expect(rateIntervalMs(interval, scrape)).toBe(rate);
  });

  it.each([
    [hour, 1_000, 100, 30_000], // 36 s rounds to 30 s
    [{ from: 0, to: 6 * HOUR }, 1_000, 1_000, 20_000], // 21.6 s rounds to 20 s
    [{ from: 0, to: 60_000 }, 1_000, 100, 1_000], // 600 ms is below the 1 s minimum
    [hour, 1_000, 0, 2_000], // no maxDataPoints: 1500 points, 2.4 s rounds to 2 s
  ])('interval for %j, min %i, %i points is %i', (range, min, points, expected) => {
    expect(calculateIntervalMs(range, min, points)).toBe(expected);
  });
});

describe('Prometheus step and variables', () => {
  const base = {
    range: hour,
    minStep: '',
    intervalFactor: 1,
    intervalMs: 1_000,
    maxDataPoints: 100,
    scrapeInterval: '',
  };

  it.each([
    [{}, 30_000],
    [{ minStep: '1m' }, 60_000],
    [{ minStep: '>10s' }, 30_000],
    [{ intervalFactor: 2 }, 60_000],
    [{ minStep: '$__interval' }, 30_000],
    // step = rate interval of the 30 s step with a 15 s scrape: max(45 s, 60 s)
    [{ minStep: '$__rate_interval' }, 60_000],
    [{ minStep: '$__rate_interval', scrapeInterval: '5s' }, 35_000],
    // 30 days would give 20 s at 100 000 points, but never more than 11 000 points: 300 s
    [{ range: { from: 0, to: 720 * HOUR }, maxDataPoints: 100_000 }, 300_000],
  ])('%j gives a %i ms step', (overrides, step) => {
    expect(calculateStepMs({ ...base, ...overrides })).toBe(step);
  });

  it('rejects an unparsable min step', () => {
    expect(() => calculateStepMs({ ...base, minStep: 'fast' })).toThrow('invalid interval "fast"');
  });

  it('replaces every variable, plain and braced', () => {
    const expr =
      '[$__interval] [${__interval}] $__interval_ms ${__interval_ms} $__range $__range_s $__range_ms ' +
      '[$__rate_interval] [${__rate_interval}] $__rate_interval_ms';
    expect(
      interpolateExpr({
        expr,
        range: hour,
        stepMs: 30_000,
        intervalMs: 1_000,
        minStep: '',
        scrapeInterval: '',
      }),
    ).toBe('[30s] [30s] 30000 30000 3600s 3600 3600000 [1m0s] [1m0s] 60000');
  });

  it('bases $__rate_interval on the query’s own min step when it has one', () => {
    // min step 30 s acts as the scrape interval: max(1 s + 30 s, 4 x 30 s) = 2 m
    expect(
      interpolateExpr({
        expr: '$__rate_interval',
        range: hour,
        stepMs: 30_000,
        intervalMs: 1_000,
        minStep: '30s',
        scrapeInterval: '',
      }),
    ).toBe('2m0s');
  });
});

describe('Go text forms', () => {
  it.each([
    [0, '0s'],
    [500, '500ms'],
    [1_000, '1s'],
    [1_500, '1.5s'],
    [60_000, '1m0s'],
    [90_000, '1m30s'],
    [HOUR, '1h0m0s'],
    [3_723_004, '1h2m3.004s'],
  ])('Duration.String of %i ms is %s', (ms, text) => {
    expect(goDurationString(ms)).toBe(text);
  });

  it.each([
    [300, '300'],
    [0.5, '0.5'],
    [999_999, '999999'],
    [1_000_000, '1e+06'],
    [1_209_600, '1.2096e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
  ])('%d prints as %s', (value, text) => {
    expect(formatGoFloat(value)).toBe(text);
  });

  it.each([
    [Date.UTC(2024, 0, 15, 10), '2024-01-15T10:00:00Z'],
    [Date.UTC(2024, 0, 15, 10, 0, 0, 500), '2024-01-15T10:00:00.5Z'],
    [Date.UTC(2024, 0, 15, 10, 0, 0, 123), '2024-01-15T10:00:00.123Z'],
  ])('RFC 3339 of %i is %s', (ms, text) => {
    expect(formatRfc3339Nano(ms)).toBe(text);
  });
});
