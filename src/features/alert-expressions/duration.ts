const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * A Go-style duration as Grafana's expression models write them (`10s`, `1m30s`, `500ms`,
 * `1d`), in milliseconds; undefined when it does not parse or is not positive.
 */
export function parseDurationMs(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g)) {
    total += Number(amount) * UNIT_MS[unit!]!;
  }
  return total > 0 ? total : undefined;
}
