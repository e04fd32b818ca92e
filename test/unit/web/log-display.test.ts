import { describe, expect, it } from 'vitest';
import type { LogRow } from '../../../web/src/lib/logs.js';
import { dedupRows, prettifyLine } from '../../../web/src/panels/log-display.js';

const row = (line: string, time = 0): LogRow => ({ time, level: 'info', line, labels: {} });

describe('logs panel display options', () => {
  const rows = [
    row('GET /a 200 in 12ms'),
    row('GET /a 200 in 12ms'),
    row('GET /a 200 in 15ms'),
    row('GET /b 500 in 9ms'),
    row('GET /a 200 in 12ms'),
  ];

  it('keeps every line without deduplication', () => {
    expect(dedupRows(rows, 'none').map((r) => r.duplicates)).toEqual([0, 0, 0, 0, 0]);
    expect(dedupRows(rows, undefined)).toHaveLength(5);
  });

  it('folds consecutive identical lines (exact), not distant ones', () => {
    expect(dedupRows(rows, 'exact').map((r) => [r.line, r.duplicates])).toEqual([
      ['GET /a 200 in 12ms', 1],
      ['GET /a 200 in 15ms', 0],
      ['GET /b 500 in 9ms', 0],
      ['GET /a 200 in 12ms', 0],
    ]);
  });

  it('ignores numbers (numbers) or everything but punctuation (signature)', () => {
    expect(dedupRows(rows, 'numbers').map((r) => r.duplicates)).toEqual([2, 0, 0]);
    expect(dedupRows(rows, 'signature').map((r) => r.duplicates)).toEqual([4]);
  });

  it('indents JSON lines and leaves other lines alone', () => {
    expect(prettifyLine('{"level":"info","msg":"hi"}')).toBe('{\n  "level": "info",\n  "msg": "hi"\n}');
    expect(prettifyLine('{not json')).toBe('{not json');
    expect(prettifyLine('plain text')).toBe('plain text');
  });
});
