import { describe, expect, it } from 'vitest';
import { expandRepeats } from '../../../web/src/lib/repeat.js';

const values = (name: string) =>
  name === 'host' ? { values: ['a', 'b', 'c'], texts: ['A', 'B', 'C'] } : undefined;

describe('repeated panels', () => {
  it('repeats horizontally across the row with one value per copy', () => {
    const out = expandRepeats([{ id: 1, repeat: 'host', gridPos: { x: 0, y: 2, w: 6, h: 4 } }], values);
    expect(out.map((p) => [p.id, p.gridPos, p.scopedVars])).toEqual([
      [1, { x: 0, y: 2, w: 8, h: 4 }, { host: { value: 'a', text: 'A' } }],
      [undefined, { x: 8, y: 2, w: 8, h: 4 }, { host: { value: 'b', text: 'B' } }],
      [undefined, { x: 16, y: 2, w: 8, h: 4 }, { host: { value: 'c', text: 'C' } }],
    ]);
    expect(new Set(out.map((p) => p.repeatKey)).size).toBe(3);
  });

  it('wraps at maxPerRow, stacks vertically, and leaves panels without a known variable alone', () => {
    const wrapped = expandRepeats(
      [{ id: 1, repeat: 'host', maxPerRow: 2, gridPos: { x: 0, y: 0, w: 6, h: 4 } } as any],
      values,
    );
    expect(wrapped.map((p) => p.gridPos)).toEqual([
      { x: 0, y: 0, w: 12, h: 4 },
      { x: 12, y: 0, w: 12, h: 4 },
      { x: 0, y: 4, w: 12, h: 4 },
    ]);
    const vertical = expandRepeats(
      [{ id: 1, repeat: 'host', repeatDirection: 'v', gridPos: { x: 3, y: 1, w: 5, h: 2 } } as any],
      values,
    );
    expect(vertical.map((p) => p.gridPos)).toEqual([
      { x: 3, y: 1, w: 5, h: 2 },
      { x: 3, y: 3, w: 5, h: 2 },
      { x: 3, y: 5, w: 5, h: 2 },
    ]);
    const plain = { id: 2, repeat: 'nope', gridPos: { x: 0, y: 0, w: 6, h: 4 } };
    expect(expandRepeats([plain], values)).toEqual([plain]);
  });
});
