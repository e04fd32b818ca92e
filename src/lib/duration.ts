const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};

const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w|y)/y;

/**
 * Parses Grafana-style durations ("500ms", "5s", "10m", "1h30m", "7d", "2w") into milliseconds.
 * A bare number is taken in `bareUnit` (seconds unless a setting says otherwise).
 * Returns undefined for anything else so the caller can name the bad setting.
 */
export function parseDuration(text: string, bareUnit: keyof typeof UNIT_MS = 's'): number | undefined {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value) * UNIT_MS[bareUnit]!;
  if (value === '') return undefined;
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < value.length) {
    const start = PART.lastIndex;
    const match = PART.exec(value);
    if (!match || match.index !== start) return undefined;
    total += Number(match[1]) * UNIT_MS[match[2]!]!;
  }
  return total;
}
