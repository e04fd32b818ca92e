/**
 * mulberry32: a tiny, well-known 32-bit generator. Seeded random walks must repeat exactly across
 * runs and machines, so the algorithm is fixed here (tests check its outputs) rather than
 * borrowed from Math.random.
 *
 *   a = (a + 0x6D2B79F5) mod 2^32
 *   t = imul(a ^ (a >>> 15), a | 1)
 *   t ^= t + imul(t ^ (t >>> 7), t | 61)
 *   return ((t ^ (t >>> 14)) >>> 0) / 2^32
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
