/** Time source, injected so that tests can move time instead of waiting. */
export interface Clock {
  /** epoch milliseconds */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function toIso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
