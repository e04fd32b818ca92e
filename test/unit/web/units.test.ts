import { describe, expect, it } from 'vitest';
import { formatValueText, toFixed } from '../../../web/src/lib/units.js';

describe('value formatting (Grafana units)', () => {
  it.each([
    [1024, 'bytes', undefined, '1 KiB'],
    [1536, 'bytes', 1, '1.5 KiB'],
    [1048576, 'bytes', undefined, '1 MiB'],
    [512, 'bytes', undefined, '512 B'],
    [1500, 'decbytes', undefined, '1.5 kB'],
    [2, 'kbytes', undefined, '2 KiB'],
    [0.5, 'kbytes', undefined, '512 B'],
    [97.25, 'percent', 1, '97.3%'],
    [0.42, 'percentunit', undefined, '42%'],
    [0.005, 's', undefined, '5 ms'],
    [90, 's', undefined, '1.5 min'],
    [7200, 's', undefined, '2 hour'],
    [250, 'ms', undefined, '250 ms'],
    [1500, 'ms', undefined, '1.5 s'],
    [1234, 'short', undefined, '1.23 K'],
    [2_500_000, 'short', undefined, '2.5 Mil'],
    [12, 'none', undefined, '12'],
    [3, 'reqps', undefined, '3 req/s'],
    [5, 'suffix: apples', undefined, '5 apples'],
    [5, 'currencyUSD', 2, '$5.00'],
    [21.5, 'celsius', undefined, '21.5°C'],
    [42, 'widgets', undefined, '42 widgets'],
  ])('%s %s (decimals %s) → %s', (value, unit, decimals, expected) => {
    expect(formatValueText(value, unit, decimals)).toBe(expected);
  });

  it('shows missing values as "-" and infinities as Grafana (∞, -∞)', () => {
    expect(formatValueText(null, 'bytes')).toBe('-');
    expect(formatValueText(Infinity, 'short')).toBe('∞');
    expect(formatValueText(-Infinity, 'short')).toBe('-∞');
  });

  it('guesses decimals by magnitude when none are set', () => {
    expect(toFixed(123.456)).toBe('123.5');
    expect(toFixed(1.23456)).toBe('1.23');
    expect(toFixed(0.012345)).toBe('0.0123');
    expect(toFixed(5)).toBe('5');
  });
});
