// Issue #20's targets for the scenario rows (ratios to the node:http baseline of the same run),
// and a check of a study figure against its own `target` text. Printed by bench/results-table.ts
// at the end of `npm run bench` and by bench/report.ts.

export interface ResultRow {
  scenario: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  ratioToBaseline: number;
}

export interface Verdict {
  /** what the issue asks for, e.g. "ratio ≥ 0.40" */
  target: string;
  /** the figure compared with it, e.g. "0.52" or "290 MB/s" */
  value: string;
  /** null: this run cannot tell (the row it needs is missing) */
  met: boolean | null;
}

/** Approximate body of the 300 KB scenario: the model alone is ≥ 300 000 bytes. */
const LARGE_MODEL_MB = 0.3;

const ratioAtLeast = (min: number) => (row: ResultRow) => ({
  target: `ratio ≥ ${min.toFixed(2)}`,
  value: row.ratioToBaseline.toFixed(2),
  met: row.ratioToBaseline >= min,
});

/** The rule for a scenario name, or undefined when the issue sets none. */
function ruleOf(name: string): ((row: ResultRow, rows: ResultRow[]) => Verdict) | undefined {
  if (name === 'GET /api/user (session cookie)' || name === 'GET /api/user (Basic)') return ratioAtLeast(0.4);
  // The service-account row: /api/user refuses service accounts, so the bench reads /api/org.
  if (name === 'GET /api/org (service-account token)') return ratioAtLeast(0.4);
  if (name === 'GET /api/dashboards/uid (3 KB model)') return ratioAtLeast(0.3);
  if (name === 'GET /api/dashboards/uid (300 KB model)')
    return (row) => {
      const mbPerSec = Math.round(row.requestsPerSec * LARGE_MODEL_MB);
      return { target: '≥ 150 MB/s of body', value: `${mbPerSec} MB/s`, met: mbPerSec >= 150 };
    };
  if (name.startsWith('GET /api/search?query=billing viewer, team grants (') && !name.includes('(1k '))
    return (row, rows) => {
      const small = rows.find((r) => r.scenario === name.replace(/\(\S+ dashboards\)$/, '(1k dashboards)'));
      const p99Ok = small ? row.p99Ms <= 2 * Math.max(small.p99Ms, 1) : null;
      const ratioOk = row.ratioToBaseline >= 0.1;
      return {
        target: 'ratio ≥ 0.10, p99 ≤ 2× p99 @ 1k',
        value: `${row.ratioToBaseline.toFixed(2)}, p99 ${row.p99Ms} vs ${small?.p99Ms ?? '?'} ms`,
        met: p99Ok === null ? null : ratioOk && p99Ok,
      };
    };
  if (name.startsWith('POST /api/dashboards/db'))
    return () => ({
      target: '≥ 0.5× a bare better-sqlite3 save loop',
      // the study "save vs bare better-sqlite3" measures both on one database file
      value: 'see the save study',
      met: null,
    });
  return undefined;
}

export function verdictOf(row: ResultRow, rows: ResultRow[]): Verdict | undefined {
  return ruleOf(row.scenario)?.(row, rows);
}

/** A study figure against its target text ("≥ 0.7", "≤ 200 (SQLite)", "< 1000"). */
export function figureMet(value: number | null, target: string | undefined): boolean | null {
  if (value === null || !target) return null;
  // a bare number is the value asked for
  const match = /^\s*(≥|≤|<|>|>=|<=|=)?\s*([\d.]+)/.exec(target);
  if (!match) return null;
  const bound = Number(match[2]);
  switch (match[1] ?? '=') {
    case '=':
      return value === bound;
    case '≥':
    case '>=':
      return value >= bound;
    case '≤':
    case '<=':
      return value <= bound;
    case '<':
      return value < bound;
    default:
      return value > bound;
  }
}

export const metText = (met: boolean | null) => (met === null ? '?' : met ? 'met' : 'NOT MET');
