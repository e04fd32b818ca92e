import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const module = fileURLToPath(new URL('../../src/lib/heap-growth.ts', import.meta.url));

/**
 * A burst like seeding: 10 MB that stays, and objects that live long enough to reach the old
 * generation and then die. Prints the largest committed heap it saw, in MB.
 */
const burst = (bound: boolean) => `
  import { getHeapStatistics } from 'node:v8';
  ${bound ? `const { boundHeapGrowth } = await import(${JSON.stringify(module)}); boundHeapGrowth();` : ''}
  const kept = [];
  const ring = new Array(100_000);
  let peak = 0;
  for (let i = 0; i < 2_000_000; i++) {
    const o = { a: 'x'.repeat(20) + i, b: [i, i + 1] };
    ring[i % ring.length] = o;
    if (i % 20 === 0) kept.push(o);
    if (i % 1000 === 0) peak = Math.max(peak, getHeapStatistics().total_heap_size);
  }
  process.stdout.write(String(Math.round(peak / 2 ** 20)) + ' ' + kept.length);
`;

async function peakHeapMb(bound: boolean): Promise<number> {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    burst(bound),
  ]);
  const [peak, kept] = stdout.split(' ').map(Number);
  expect(kept).toBe(100_000);
  return peak!;
}

describe('bounded heap growth', () => {
  it('set while the process runs, keeps a burst’s heap well below what V8 grows to by default', async () => {
    const [unbounded, bounded] = await Promise.all([peakHeapMb(false), peakHeapMb(true)]);
    // measured: about 250 MB by default, about 150 MB bounded
    expect(bounded).toBeLessThan(unbounded * 0.8);
  }, 60_000);
});
