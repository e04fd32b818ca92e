import { describe, expect, it } from 'vitest';
import { paddedInList } from '../../src/store/in-list.js';

describe('paddedInList', () => {
  it('pads to the next power of two with the last value, and leaves such lengths as they are', () => {
    expect(paddedInList([])).toEqual([]);
    expect(paddedInList([7])).toEqual([7]);
    expect(paddedInList([1, 2, 3])).toEqual([1, 2, 3, 3]);
    const eight = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(paddedInList(eight)).toBe(eight);
    const nine = [...eight, 9];
    expect(paddedInList(nine)).toEqual([...nine, ...Array(7).fill(9)]);
    // every count from 1 to 300 comes to one of ten lengths
    const lengths = new Set(Array.from({ length: 300 }, (_, i) => paddedInList(Array(i + 1).fill(0)).length));
    expect([...lengths].sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
  });
});
