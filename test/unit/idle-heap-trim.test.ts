import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createIdleHeapTrim } from '../../src/lib/idle-heap-trim.js';

const MB = 2 ** 20;
const committed = () => getHeapStatistics().total_heap_size;
/** above any utilization: every window counts as quiet, so only the growth rule decides */
const ALWAYS_QUIET = 1.01;

/** About `mb` MB of small objects the old space keeps committed until a full collection. */
function garbage(mb: number): object[][] {
  const chunks: object[][] = [];
  for (let i = 0; i < mb; i++) chunks.push(Array.from({ length: 16_000 }, (_, n) => ({ n })));
  return chunks;
}

/** A trim with `options`, and the collections it reports. */
function watched(options: Parameters<typeof createIdleHeapTrim>[0]) {
  const trims: unknown[] = [];
  return { trims, trim: createIdleHeapTrim({ ...options, onTrim: (t) => trims.push(t) }) };
}

describe('idle heap trim', () => {
  it('does not pause a busy event loop, however much the heap grew', () => {
    const { trim, trims } = watched({ growthBytes: 16 * MB });
    const junk = garbage(64);
    expect(trim.check()).toBe(false);
    expect(trims).toEqual([]);
    expect(junk).toHaveLength(64);
  });

  it('collects in a quiet window once the heap grew by the step, and gives the pages back', () => {
    const { trim, trims } = watched({ growthBytes: 16 * MB, quietBelow: ALWAYS_QUIET });
    let junk: object[][] | undefined = garbage(64);
    expect(junk).toHaveLength(64);
    junk = undefined;
    const before = committed();
    expect(trim.check()).toBe(true);
    expect(trims).toHaveLength(1);
    expect(committed()).toBeLessThan(before - 16 * MB);
    // nothing grew since: the next quiet window does not collect again
    expect(trim.check()).toBe(false);
    expect(trims).toHaveLength(1);
  });

  it('leaves a quiet heap alone when it did not grow by the step', () => {
    const { trim, trims } = watched({ growthBytes: 512 * MB, quietBelow: ALWAYS_QUIET });
    const junk = garbage(16);
    expect(trim.check()).toBe(false);
    expect(trims).toEqual([]);
    expect(junk).toHaveLength(16);
  });
});
