// `node --import tsx bench/report.ts [results.json]`: prints a bench run (default: the newest file
// in bench/results/) with, next to each figure, the target and whether this run met it.
// Ratios are to the node:http baseline measured just before each row (older runs: at the start).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figureMet, metText, verdictOf, type ResultRow } from './targets.js';

interface Results {
  database: string;
  durationSeconds: number;
  connections: number;
  rows: (ResultRow & { errors: number; non2xx: number; baselinePerSec?: number })[];
  studies: Record<
    string,
    { figures: { name: string; value: number | null; unit: string; target?: string }[] }
  >;
}

const dir = fileURLToPath(new URL('./results/', import.meta.url));
const file =
  process.argv[2] ??
  join(
    dir,
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .at(-1) ?? '',
  );
const results = JSON.parse(readFileSync(file, 'utf8')) as Results;

console.log(
  `${file}\n${results.database}, ${results.durationSeconds}s per scenario, ${results.connections} connections\n`,
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
  console.log(`\n${study}\n`);
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const f of figures) {
    const value = f.value === null ? 'n/a' : `${f.value} ${f.unit}`;
    const verdict = f.target ? `   (target ${f.target}: ${metText(figureMet(f.value, f.target))})` : '';
    console.log(`${f.name.padEnd(width)}  ${value.padStart(12)}${verdict}`);
  }
}
