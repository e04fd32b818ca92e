/**
 * Log lines from data frames, as Grafana's logs panel reads them: any frame with a time field
 * and a string field (Loki's, SQL results, testdata CSV). The body is the field called
 * body/message/line/msg/log (else the first string field that is not the level); the level comes
 * from a level field, a `level` label, or is recognised in the line as Grafana does.
 */

import { valueText, type Field, type PanelData } from './frames.js';

export type LogLevel = 'critical' | 'error' | 'warning' | 'info' | 'debug' | 'trace' | 'unknown';

export interface LogRow {
  time: number;
  level: LogLevel;
  line: string;
  /** the labels of the line (field labels, a labels field), for showLabels */
  labels: Record<string, string>;
}

/** Grafana's colours for log levels. */
export const LEVEL_COLORS: Record<LogLevel, string> = {
  critical: '#705da0',
  error: '#e24d42',
  warning: '#eab839',
  info: '#7eb26d',
  debug: '#1f78c1',
  trace: '#6ed0e0',
  unknown: '#8e8e8e',
};

const BODY_NAMES = ['body', 'message', 'line', 'msg', 'log', 'content', 'text'];
const LEVEL_NAMES = ['level', 'severity', 'lvl', 'loglevel', 'detected_level', 'severity_text'];

const ALIASES: [RegExp, LogLevel][] = [
  [/^(crit|critical|fatal|emerg|emergency|alert|panic)$/i, 'critical'],
  [/^(err|eror|error)$/i, 'error'],
  [/^(warn|warning)$/i, 'warning'],
  [/^(info|information|informational|notice)$/i, 'info'],
  [/^(dbug|debug)$/i, 'debug'],
  [/^(trace)$/i, 'trace'],
];

export function toLevel(text: string | undefined): LogLevel {
  if (!text) return 'unknown';
  for (const [pattern, level] of ALIASES) if (pattern.test(text.trim())) return level;
  return 'unknown';
}

/** A level written in the line: `level=error`, `"level":"warn"`, or a bare word like ERROR. */
function levelInLine(line: string): LogLevel {
  const keyed = /\b(?:level|lvl|severity)"?\s*[=:]\s*"?([a-z]+)/i.exec(line);
  if (keyed) return toLevel(keyed[1]);
  const word = /\b(crit|critical|fatal|emerg|err|eror|error|warn|warning|info|dbug|debug|trace)\b/i.exec(
    line,
  );
  return word ? toLevel(word[1]) : 'unknown';
}

const named = (fields: Field[], names: string[]) => fields.find((f) => names.includes(f.name.toLowerCase()));

function labelsOf(value: unknown): Record<string, string> {
  let object = value;
  if (typeof value === 'string' && value.startsWith('{')) {
    try {
      object = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!object || typeof object !== 'object') return {};
  return Object.fromEntries(
    Object.entries(object as Record<string, unknown>).map(([k, v]) => [k, valueText(v)]),
  );
}

export function logRows(data: PanelData): LogRow[] {
  const rows: LogRow[] = [];
  for (const frame of data.frames) {
    const time = frame.fields.find((f) => f.type === 'time');
    if (!time) continue;
    const strings = frame.fields.filter((f) => f.type === 'string');
    const levelField = named(frame.fields, LEVEL_NAMES);
    const body = named(strings, BODY_NAMES) ?? strings.find((f) => f !== levelField && f.name !== 'labels');
    if (!body) continue;
    const labelsField = frame.fields.find((f) => f.name === 'labels');
    for (let i = 0; i < frame.length; i++) {
      const t = time.values[i];
      const ms = typeof t === 'number' ? t : Date.parse(String(t));
      if (!Number.isFinite(ms)) continue;
      const line = valueText(body.values[i]);
      const labels = { ...body.labels, ...labelsOf(labelsField?.values[i]) };
      const levelText = levelField
        ? valueText(levelField.values[i])
        : (labels.level ?? labels.detected_level);
      const level = levelText ? toLevel(levelText) : levelInLine(line);
      rows.push({ time: ms, level, line, labels });
    }
  }
  return rows;
}
