import { describe, expect, it } from 'vitest';
import { formatGoFloat } from '../../../src/features/alert-expressions/go-format.js';

describe("formatGoFloat (Go's %v for float64)", () => {
  it.each([
    [0, '0'],
    [3, '3'],
    [-2.5, '-2.5'],
    [0.1, '0.1'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [123456, '123456'],
    [123456.7, '123456.7'],
    [999999, '999999'],
    [1e6, '1e+06'],
    [-1234567, '-1.234567e+06'],
    [1e21, '1e+21'],
    [1.5e300, '1.5e+300'],
    [5e-324, '5e-324'],
    [Number.NaN, 'NaN'],
    [Infinity, '+Inf'],
    [-Infinity, '-Inf'],
  ])('%d → %s', (value, expected) => {
    expect(formatGoFloat(value)).toBe(expected);
  });
});
