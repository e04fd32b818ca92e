import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createIdleHeapTrim } from '../../src/lib/idle-heap-trim.js';

const MB = 2 ** 20;
const committed = () => getHeapStatistics().total_heap_size;

/** About `mb` MB of small objects the old space keeps committed until a full collection. */
function garbage(mb: number): object[][] {
  const chunks: object[][] = [];
  for (let i = 0; i < mb; i++) chunks.push(Array.from({ length: 16_000 }, (_, n) => ({ n })));
  return chunks;
}

describe('idle heap trim', () => {
  it('collects once the event loop is quiet and the heap grew, and gives the pages back', async () => {
    const trims: { beforeBytes: number; afterBytes: number }[] = [];
    const trim = createIdleHeapTrim({ growthBytes: 16 * MB, onTrim: (t) => trims.push(t) });
    let junk: object[][] | undefined = garbage(64);
    // the window that built the garbage was busy: no pause for a working process
    expect(trim.check()).toBe(false);
    expect(junk.length).toBe(64);
    junk = undefined;
    await sleep(400);
    const before = committed();
    expect(trim.check()).toBe(true);
    expect(trims).toHaveLength(1);
    expect(committed()).toBeLessThan(before - 16 * MB);
    // nothing grew since: the next quiet window does not collect again
    await sleep(200);
    expect(trim.check()).toBe(false);
    expect(trims).toHaveLength(1);
  });

  it('leaves a quiet heap alone when it did not grow by the step', async () => {
    const trims: unknown[] = [];
    const trim = createIdleHeapTrim({ growthBytes: 512 * MB, onTrim: (t) => trims.push(t) });
    const junk = garbage(16);
    trim.check(); // ends the busy window
    await sleep(300);
    expect(trim.check()).toBe(false);
    expect(trims).toEqual([]);
    expect(junk).toHaveLength(16);
  });
});
