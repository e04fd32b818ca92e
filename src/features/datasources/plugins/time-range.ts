import type { TimeRange } from './types.js';

/**
 * Grafana's time range strings, parsed the way its back end does (grafana-plugin-sdk-go `gtime`
 * + go-datemath), in UTC:
 *   - epoch milliseconds: `1700000000000` (string or number)
 *   - a Go duration, meaning that long before now: `5m`, `1h30m`
 *   - date math: `now`, `now-6h`, `now-7d/d`, `now/w`, `now-1M/M+2h`, and `<ISO date>||<math>`
 *     (units y M w d h H m s; a missing number means 1; `/unit` rounds down for `from` and up to
 *     the unit's last millisecond for `to`; weeks start on Monday, as in go-datemath)
 *   - ISO 8601 dates: `2024-05-01`, `2024-05-01T10:00:00Z`, `2024-05-01T12:00:00+02:00`
 *     (no zone means UTC)
 */

export class InvalidTimeError extends Error {
  constructor(readonly input: string) {
    super(`invalid time "${input}"`);
    this.name = 'InvalidTimeError';
  }
}

/** Parses `from`/`to` of a query request; throws InvalidTimeError naming the bad one. */
export function parseTimeRange(from: string | number, to: string | number, now = Date.now()): TimeRange {
  return { from: parseTime(from, { now }), to: parseTime(to, { now, roundUp: true }) };
}

export function parseTime(input: string | number, opts: { now: number; roundUp?: boolean }): number {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new InvalidTimeError(String(input));
    return Math.trunc(input);
  }
  const text = input.trim();
  if (/^-?\d+$/.test(text)) return Number(text);
  const ago = parseGoDuration(text);
  if (ago !== undefined) return opts.now - ago;
  const result = parseDateMath(text, opts.now, opts.roundUp ?? false);
  if (result === undefined) throw new InvalidTimeError(text);
  return result;
}

const GO_UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
};

/** Go's time.ParseDuration (no sign), in ms; undefined when `text` is not one. */
export function parseGoDuration(text: string): number | undefined {
  if (text === '0') return 0;
  // `\u00b5` in a string: see WORD in alerting/templates/alertmanager-functions.ts
  const part = new RegExp('(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|\u00b5s|ms|s|m|h)', 'y');
  let total = 0;
  let index = 0;
  while (index < text.length) {
    part.lastIndex = index;
    const match = part.exec(text);
    if (!match) return undefined;
    total += Number(match[1]) * GO_UNIT_MS[match[2]!]!;
    index = part.lastIndex;
  }
  return index === 0 ? undefined : Math.round(total);
}

type DateMathUnit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';

function parseDateMath(text: string, now: number, roundUp: boolean): number | undefined {
  let anchor: number | undefined;
  let math: string;
  if (text.startsWith('now')) {
    anchor = now;
    math = text.slice(3);
  } else {
    const bar = text.indexOf('||');
    anchor = parseIsoDate(bar === -1 ? text : text.slice(0, bar));
    math = bar === -1 ? '' : text.slice(bar + 2);
  }
  if (anchor === undefined) return undefined;

  let time = anchor;
  const op = /([+-/])(\d*)([yMwdhHms])/y;
  let index = 0;
  while (index < math.length) {
    op.lastIndex = index;
    const match = op.exec(math);
    if (!match) return undefined;
    index = op.lastIndex;
    const unit = (match[3] === 'H' ? 'h' : match[3]) as DateMathUnit;
    if (match[1] === '/') {
      if (match[2] !== '') return undefined;
      time = roundUp ? startOfUnit(time, unit, 1) - 1 : startOfUnit(time, unit, 0);
    } else {
      const amount = match[2] === '' ? 1 : Number(match[2]);
      time = addUnits(time, unit, match[1] === '-' ? -amount : amount);
    }
  }
  return time;
}

const FIXED_MS: Record<'w' | 'd' | 'h' | 'm' | 's', number> = {
  w: 604_800_000,
  d: 86_400_000,
  h: 3_600_000,
  m: 60_000,
  s: 1_000,
};

function addUnits(time: number, unit: DateMathUnit, amount: number): number {
  if (unit === 'y' || unit === 'M') {
    // Like Go's AddDate: Jan 31 + 1M overflows into March instead of clamping to Feb 28/29.
    const date = new Date(time);
    date.setUTCMonth(date.getUTCMonth() + (unit === 'y' ? 12 * amount : amount));
    return date.getTime();
  }
  return time + amount * FIXED_MS[unit];
}

/** Start of the unit containing `time`, moved `offset` units later (offset 1 = start of the next). */
function startOfUnit(time: number, unit: DateMathUnit, offset: 0 | 1): number {
  const date = new Date(time);
  const y = date.getUTCFullYear();
  const mo = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (unit) {
    case 'y':
      return Date.UTC(y + offset, 0, 1);
    case 'M':
      return Date.UTC(y, mo + offset, 1);
    case 'w': {
      const sinceMonday = (date.getUTCDay() + 6) % 7;
      return Date.UTC(y, mo, d - sinceMonday + 7 * offset);
    }
    case 'd':
      return Date.UTC(y, mo, d + offset);
    default: {
      const size = FIXED_MS[unit];
      return (Math.floor(time / size) + offset) * size;
    }
  }
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function parseIsoDate(text: string): number | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return undefined;
  const ms = fraction === '' ? '' : '.' + fraction.slice(1, 4).padEnd(3, '0');
  const normalizedZone = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const parsed = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${ms}${normalizedZone}`);
  return Number.isNaN(parsed) ? undefined : parsed;
}
