import { buildFrame, type Column } from '../frames.js';
import type { DataFrame, FieldSchema } from '../types.js';

/**
 * csv_content: the first row names the fields, every later row is a record. Cells are trimmed;
 * empty cells and `null` are nulls. A column's type is the narrowest that fits all its other
 * cells, tried in this order:
 *   boolean  every cell is true/false (any case)
 *   int64    every cell is an integer
 *   float64  every cell is a number
 *   time     every cell is an ISO 8601 date(-time), or the column is named time/timestamp
 *            and holds integers (epoch ms)
 *   string   anything else
 */
export function csvToFrame(content: string, refId: string): DataFrame | string {
  const rows = parseCsv(content).filter((row) => !(row.length === 1 && row[0] === ''));
  const header = rows.shift();
  if (!header) return 'csvContent is empty';
  const names = header.map((name) => name.trim());
  const columns: Column[] = names.map((name, index) => {
    const cells = rows.map((row) => normalizeCell(row[index]));
    return typedColumn(name, cells);
  });
  return buildFrame(columns, { refId });
}

function normalizeCell(cell: string | undefined): string | null {
  const value = (cell ?? '').trim();
  return value === '' || value === 'null' ? null : value;
}

const INTEGER = /^[+-]?\d+$/;
const ISO = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function typedColumn(name: string, cells: (string | null)[]): Column {
  const present = cells.filter((cell): cell is string => cell !== null);
  const all = (test: (cell: string) => boolean) => present.length > 0 && present.every(test);
  const map = <T>(convert: (cell: string) => T) =>
    cells.map((cell) => (cell === null ? null : convert(cell)));
  const field = (type: FieldSchema['type'], frame: string): FieldSchema => ({
    name,
    type,
    typeInfo: { frame, nullable: true },
  });

  if (all((cell) => /^(true|false)$/i.test(cell))) {
    return { field: field('boolean', 'bool'), values: map((cell) => cell.toLowerCase() === 'true') };
  }
  const timeNamed = /^(time|timestamp)$/i.test(name);
  if (timeNamed && all((cell) => INTEGER.test(cell))) {
    return { field: field('time', 'time.Time'), values: map(Number) };
  }
  if (all((cell) => INTEGER.test(cell))) return { field: field('number', 'int64'), values: map(Number) };
  if (all((cell) => Number.isFinite(Number(cell))))
    return { field: field('number', 'float64'), values: map(Number) };
  if (all((cell) => ISO.test(cell) && !Number.isNaN(Date.parse(isoAsUtc(cell))))) {
    return { field: field('time', 'time.Time'), values: map((cell) => Date.parse(isoAsUtc(cell))) };
  }
  return { field: field('string', 'string'), values: cells };
}

/** A date-time without a zone is taken as UTC (Date.parse would use the machine's zone). */
function isoAsUtc(cell: string): string {
  const value = cell.replace(' ', 'T');
  if (!value.includes('T')) return `${value}T00:00:00Z`;
  return /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
}

/** RFC 4180: quoted cells may hold commas, newlines and doubled quotes; CRLF or LF rows. */
function parseCsv(content: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < content.length; i++) {
    const char = content[i]!;
    if (quoted) {
      if (char === '"' && content[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && content[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
