/**
 * Alertmanager time intervals (what a mute timing holds), pure: parsing with Alertmanager's
 * validation messages prefixed by the offending field, the normalized form Grafana answers with
 * (weekday and month names, `1:5`, `HH:MM`), and whether an instant falls inside.
 *
 * Semantics (Alertmanager's timeinterval.ContainsTime): the instant is first converted to the
 * interval's location (UTC by default); every field that is set must match (AND), any entry of a
 * field may match (OR). Times are `[start, end)` in minutes of the day, `24:00` being a valid end;
 * weekday, day-of-month, month and year ranges are inclusive; a negative day of month counts from
 * the end of the month (-1 = its last day).
 */

/** A time interval as the API and provisioning files spell it. */
export interface TimeIntervalSpec {
  times?: { start_time?: string; end_time?: string }[];
  weekdays?: string[];
  days_of_month?: string[];
  months?: string[];
  years?: string[];
  location?: string;
}

interface Range {
  begin: number;
  end: number;
}

/** A validated interval: minutes for times, numbers for the ranges (Sunday = 0, January = 1). */
export interface TimeInterval {
  times?: Range[];
  weekdays?: Range[];
  daysOfMonth?: Range[];
  months?: Range[];
  years?: Range[];
  location?: string;
}

export class TimeIntervalError extends Error {}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const VALID_TIME = /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;
const INTEGER = /^[+-]?\d{1,9}$/;

function parseTime(text: string): number {
  if (!VALID_TIME.test(text)) throw new TimeIntervalError(`couldn't parse timestamp ${text}, invalid format`);
  const [hours, minutes] = text.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Alertmanager's stringableRangeFromString: `a:b` or a single member, case-insensitive. */
function parseRange(text: string, member: (part: string) => number): Range {
  const lower = text.toLowerCase();
  if (!lower.includes(':')) {
    const value = member(lower);
    return { begin: value, end: value };
  }
  const parts = lower.split(':');
  if (parts.length !== 2) throw new TimeIntervalError(`couldn't parse range ${lower}, invalid format`);
  return { begin: member(parts[0]!), end: member(parts[1]!) };
}

const integer = (what: string) => (part: string) => {
  if (!INTEGER.test(part)) throw new TimeIntervalError(`${part} is not a valid ${what}`);
  return Number(part);
};

function parseWeekdays(text: string): Range {
  const range = parseRange(text, (part) => {
    const day = WEEKDAYS.indexOf(part);
    if (day < 0) throw new TimeIntervalError(`${part} is not a valid weekday`);
    return day;
  });
  // Alertmanager's wording for a reversed range.
  if (range.begin > range.end) throw new TimeIntervalError('start day cannot be before end day');
  return range;
}

function parseDaysOfMonth(text: string): Range {
  const range = parseRange(text, integer('day of the month'));
  for (const day of [range.begin, range.end]) {
    if (day === 0 || day < -31 || day > 31) {
      throw new TimeIntervalError(`${day} is not a valid day of the month: out of range`);
    }
  }
  if (range.begin < 0 && range.end > 0) {
    throw new TimeIntervalError('end day must be negative if start day is negative');
  }
  // Only ranges that are reversed in every month are refused (28 days, the shortest month).
  const begin = range.begin < 0 ? 28 + range.begin : range.begin;
  const end = range.end < 0 ? 28 + range.end : range.end;
  if (begin > end)
    throw new TimeIntervalError(`end day ${range.end} is always before start day ${range.begin}`);
  return range;
}

function parseMonths(text: string): Range {
  const range = parseRange(text, (part) => {
    const named = MONTHS.indexOf(part);
    if (named >= 0) return named + 1;
    if (!INTEGER.test(part)) throw new TimeIntervalError(`${part} is not a valid month`);
    const month = Number(part);
    if (month < 1 || month > 12) throw new TimeIntervalError(`${part} is not a valid month: out of range`);
    return month;
  });
  if (range.begin > range.end) {
    throw new TimeIntervalError(
      `end month ${MONTHS[range.end - 1]} is before start month ${MONTHS[range.begin - 1]}`,
    );
  }
  return range;
}

function parseYears(text: string): Range {
  const range = parseRange(text, (part) => {
    const year = integer('year')(part);
    if (year < 0) throw new TimeIntervalError(`${part} is not a valid year: out of range`);
    return year;
  });
  if (range.begin > range.end) {
    throw new TimeIntervalError(`end year ${range.end} is before start year ${range.begin}`);
  }
  return range;
}

/** Formatters per IANA zone: building one is far dearer than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    if (formatters.size > 1000) formatters.clear();
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Go's time.LoadLocation accepts IANA names (and `UTC`); Intl knows the same database. */
function checkLocation(zone: string): void {
  // Intl also takes offsets and other casings, which Go (reading zoneinfo files) refuses; an
  // alias (US/Eastern) resolves to another name, a miscased name only to another casing.
  const named = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  try {
    if (named && zone !== 'Local') {
      const resolved = formatterFor(zone).resolvedOptions().timeZone;
      if (resolved === zone || resolved.toLowerCase() !== zone.toLowerCase()) return;
    }
  } catch {
    // RangeError: not a zone Intl knows
  }
  throw new TimeIntervalError(`unknown time zone ${zone}`);
}

function each<T>(
  field: string,
  values: readonly string[] | undefined,
  parse: (text: string) => T,
): T[] | undefined {
  if (!values?.length) return undefined;
  return values.map((value, i) => {
    try {
      return parse(value);
    } catch (err) {
      if (err instanceof TimeIntervalError) throw new TimeIntervalError(`${field}[${i}]: ${err.message}`);
      throw err;
    }
  });
}

/**
 * Validates one interval; messages name the field (`<at>.days_of_month[1]: 0 is not a valid day
 * of the month: out of range`). Empty lists count as absent, as in Grafana's round trip.
 */
export function parseTimeInterval(spec: TimeIntervalSpec, at: string): TimeInterval {
  const interval: TimeInterval = {};
  const times = spec.times?.map((range, i) => {
    const where = `${at}.times[${i}]`;
    if (!range.start_time || !range.end_time) {
      throw new TimeIntervalError(`${where}: both start and end times must be provided`);
    }
    try {
      const begin = parseTime(range.start_time);
      const end = parseTime(range.end_time);
      if (begin >= end) throw new TimeIntervalError('start time cannot be equal or greater than end time');
      return { begin, end };
    } catch (err) {
      if (err instanceof TimeIntervalError) throw new TimeIntervalError(`${where}: ${err.message}`);
      throw err;
    }
  });
  if (times?.length) interval.times = times;
  const weekdays = each(`${at}.weekdays`, spec.weekdays, parseWeekdays);
  if (weekdays) interval.weekdays = weekdays;
  const daysOfMonth = each(`${at}.days_of_month`, spec.days_of_month, parseDaysOfMonth);
  if (daysOfMonth) interval.daysOfMonth = daysOfMonth;
  const months = each(`${at}.months`, spec.months, parseMonths);
  if (months) interval.months = months;
  const years = each(`${at}.years`, spec.years, parseYears);
  if (years) interval.years = years;
  if (spec.location !== undefined && spec.location !== '') {
    try {
      checkLocation(spec.location);
    } catch (err) {
      if (err instanceof TimeIntervalError) throw new TimeIntervalError(`${at}.location: ${err.message}`);
      throw err;
    }
    interval.location = spec.location;
  }
  return interval;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const text = (r: Range, name: (n: number) => string = String) =>
  r.begin === r.end ? name(r.begin) : `${name(r.begin)}:${name(r.end)}`;

/** The normalized spelling Grafana answers with (Alertmanager's MarshalJSON). */
export function formatTimeInterval(interval: TimeInterval): TimeIntervalSpec {
  const spec: TimeIntervalSpec = {};
  if (interval.times) {
    spec.times = interval.times.map((t) => ({ start_time: clock(t.begin), end_time: clock(t.end) }));
  }
  if (interval.weekdays) spec.weekdays = interval.weekdays.map((r) => text(r, (n) => WEEKDAYS[n]!));
  if (interval.daysOfMonth) spec.days_of_month = interval.daysOfMonth.map((r) => text(r));
  if (interval.months) spec.months = interval.months.map((r) => text(r, (n) => MONTHS[n - 1]!));
  if (interval.years) spec.years = interval.years.map((r) => text(r));
  if (interval.location) spec.location = interval.location;
  return spec;
}

/** Wall-clock fields of an instant in a zone. */
function wallClock(instant: number, zone: string) {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = fields;
  return {
    year,
    month,
    day,
    minuteOfDay: (hour % 24) * 60 + minute,
    // The calendar date's weekday does not depend on the zone once the date is known.
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  };
}

const inRanges = (ranges: Range[] | undefined, value: number) =>
  ranges === undefined || ranges.some((r) => value >= r.begin && value <= r.end);

/** Whether `instant` (epoch ms) falls inside the interval. */
export function containsTime(interval: TimeInterval, instant: number): boolean {
  const t = wallClock(instant, interval.location ?? 'UTC');
  if (interval.times && !interval.times.some((r) => t.minuteOfDay >= r.begin && t.minuteOfDay < r.end)) {
    return false;
  }
  if (interval.daysOfMonth) {
    const inside = interval.daysOfMonth.some((r) => {
      const begin = r.begin < 0 ? t.daysInMonth + r.begin + 1 : r.begin;
      const end = r.end < 0 ? t.daysInMonth + r.end + 1 : r.end;
      // A range starting after this month's last day does not apply to this month.
      if (begin > t.daysInMonth) return false;
      return t.day >= begin && t.day <= Math.min(end, t.daysInMonth);
    });
    if (!inside) return false;
  }
  return (
    inRanges(interval.months, t.month) &&
    inRanges(interval.weekdays, t.weekday) &&
    inRanges(interval.years, t.year)
  );
}
