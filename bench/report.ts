// `node --import tsx bench/report.ts [results.json]`: prints a bench run (default: the newest file
// in bench/results/) with, next to each figure, the target and whether this run met it.
// Ratios are to the node:http baseline measured just before each row (older runs: at the start).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printResults, type Results } from './results-table.js';

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
console.log(file);
printResults(JSON.parse(readFileSync(file, 'utf8')) as Results);
