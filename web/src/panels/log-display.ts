/** How Grafana's logs panel shows lines: consecutive duplicates folded (dedupStrategy), JSON prettified. */

import type { LogRow } from '../lib/logs.js';

export type DedupStrategy = 'none' | 'exact' | 'numbers' | 'signature';

/** What two lines must share to count as duplicates, per Grafana's strategies. */
function dedupKey(line: string, strategy: DedupStrategy): string {
  if (strategy === 'numbers') return line.replace(/\d+(\.\d+)?/g, '0');
  // signature: the line's shape, letters and digits removed
  if (strategy === 'signature') return line.replace(/\w/g, '');
  return line;
}

/** Consecutive duplicate lines folded into the first, with how many more it stands for. */
export function dedupRows(
  rows: LogRow[],
  strategy: DedupStrategy | undefined,
): (LogRow & { duplicates: number })[] {
  const out: (LogRow & { duplicates: number })[] = [];
  if (!strategy || strategy === 'none') return rows.map((row) => ({ ...row, duplicates: 0 }));
  let lastKey: string | undefined;
  for (const row of rows) {
    const key = dedupKey(row.line, strategy);
    const last = out[out.length - 1];
    if (last && key === lastKey) last.duplicates++;
    else out.push({ ...row, duplicates: 0 });
    lastKey = key;
  }
  return out;
}

/** A JSON object line indented, as Grafana's "Prettify JSON"; other lines as they are. */
export function prettifyLine(line: string): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return line;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return line;
  }
}
