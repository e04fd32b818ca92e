// Prints a bench run as `npm run bench` ends and as bench/report.ts prints an older one: each row
// and study figure with, next to it, the target and whether this run met it.
import { figureMet, metText, verdictOf, type ResultRow } from './targets.js';

export interface Results {
  database: string;
  durationSeconds: number;
  /** measurements per row (older runs: one) */
  rounds?: number;
  connections: number;
  rows: (ResultRow & {
    errors: number;
    non2xx: number;
    baselinePerSec?: number;
    roundRatios?: number[];
  })[];
  studies: Record<
    string,
    { figures: { name: string; value: number | null; unit: string; target?: string }[] }
  >;
}

export function printResults(results: Results): void {
  console.log(
    `${results.database}, ${results.durationSeconds}s per measurement, ` +
      `median of ${results.rounds ?? 1} round(s), ${results.connections} connections\n`,
  );
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'baseline',
    'ratio',
    'rounds',
    'target',
    'value',
    'met',
  ];
  const table = results.rows.map((r) => {
    const verdict = verdictOf(r, results.rows);
    return [
      r.scenario,
      String(r.requestsPerSec),
      String(r.p50Ms),
      String(r.p99Ms),
      String(r.errors),
      String(r.non2xx),
      String(r.baselinePerSec ?? ''),
      String(r.ratioToBaseline),
      r.roundRatios?.join(' ') ?? '',
      verdict?.target ?? '',
      verdict?.value ?? '',
      verdict ? metText(verdict.met) : '',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i >= 8 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));

  for (const [study, { figures }] of Object.entries(results.studies)) {
    if (figures.length === 0) continue;
    console.log(`\n${study}\n`);
    const width = Math.max(...figures.map((f) => f.name.length));
    for (const f of figures) {
      const value = f.value === null ? 'n/a' : `${f.value} ${f.unit}`;
      const verdict = f.target ? `   (target ${f.target}: ${metText(figureMet(f.value, f.target))})` : '';
      console.log(`${f.name.padEnd(width)}  ${value.padStart(12)}${verdict}`);
    }
  }
}
