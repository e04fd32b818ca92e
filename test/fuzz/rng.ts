/** A seeded pseudo-random generator (mulberry32): the same seed replays the same requests. */
export interface Rng {
  seed: number;
  next(): number;
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    seed,
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(items.length)]!,
    chance: (p) => next() < p,
  };
}

/** SVC_FUZZ_SEED when set (to replay a failure), else a fresh one; printed by the callers. */
export function fuzzSeed(env: string | undefined = process.env.SVC_FUZZ_SEED): number {
  if (env !== undefined && env !== '') {
    const seed = Number(env);
    if (!Number.isInteger(seed)) throw new Error(`SVC_FUZZ_SEED must be an integer, got ${env}`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}
