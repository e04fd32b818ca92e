/**
 * Standard 5-field cron expressions ("minute hour day-of-month month day-of-week", as Grafana's
 * `[auth.ldap] sync_cron` takes them through robfig/cron's ParseStandard), in the server's local
 * time. Each field takes `*`, numbers, ranges `a-b`, steps `*\/n` and `a-b/n`, and lists of these;
 * day-of-week 0 or 7 is Sunday. Month and day names (jan, mon) are accepted too, and the
 * descriptors @yearly, @annually, @monthly, @weekly, @daily, @midnight and @hourly.
 */
export interface CronSchedule {
  /** the latest whole minute at or before `epochMs` that the expression matches; undefined: none within 5 years */
  previous(epochMs: number): number | undefined;
}

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  /** name -> value (months from 1, days from 0) */
  names?: string[];
  namesFrom?: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS, namesFrom: 1 },
  { name: 'day of week', min: 0, max: 7, names: DAYS, namesFrom: 0 },
];

export class CronError extends Error {}

function value(text: string, spec: FieldSpec): number {
  const named = spec.names?.indexOf(text.toLowerCase()) ?? -1;
  if (named >= 0) return named + spec.namesFrom!;
  if (!/^\d+$/.test(text)) throw new CronError(`"${text}" is not a valid ${spec.name}`);
  const n = Number(text);
  if (n < spec.min || n > spec.max)
    throw new CronError(`${spec.name} ${n} is out of range ${spec.min}-${spec.max}`);
  return n;
}

/** The set of values a field allows, and whether it was `*` (day fields combine differently then). */
function parseField(text: string, spec: FieldSpec): { allowed: Set<number>; star: boolean } {
  const allowed = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText, extra] = part.split('/');
    if (extra !== undefined || range === undefined || range === '')
      throw new CronError(`"${part}" is not a valid ${spec.name}`);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1 || (stepText !== undefined && !/^\d+$/.test(stepText)))
      throw new CronError(`"${part}" has an invalid step`);
    let from: number;
    let to: number;
    if (range === '*') {
      from = spec.min;
      to = spec.max;
    } else if (range.includes('-')) {
      const [a, b, more] = range.split('-');
      if (more !== undefined) throw new CronError(`"${part}" is not a valid ${spec.name}`);
      from = value(a!, spec);
      to = value(b!, spec);
      if (from > to) throw new CronError(`"${part}": range start is after its end`);
    } else {
      from = value(range, spec);
      // robfig/cron: "5/10" means 5 to the field's end in steps of 10.
      to = stepText === undefined ? from : spec.max;
    }
    for (let n = from; n <= to; n += step) allowed.add(n);
  }
  return { allowed, star: text.startsWith('*') };
}

const FIVE_YEARS_MS = 5 * 366 * 86_400_000;

export function parseCron(expression: string): CronSchedule {
  const text = DESCRIPTORS[expression.trim().toLowerCase()] ?? expression.trim();
  const parts = text.split(/\s+/);
  if (parts.length !== 5)
    throw new CronError(
      `expected 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`,
    );
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]!));
  if (weekdays!.allowed.has(7)) weekdays!.allowed.add(0);

  // Vixie cron: when both day fields are restricted, a day matching either one matches.
  const dayMatches = (d: Date) => {
    const dom = days!.allowed.has(d.getDate());
    const dow = weekdays!.allowed.has(d.getDay());
    if (days!.star || weekdays!.star) return (days!.star || dom) && (weekdays!.star || dow);
    return dom || dow;
  };

  return {
    previous(epochMs) {
      const t = new Date(epochMs);
      t.setSeconds(0, 0);
      const limit = epochMs - FIVE_YEARS_MS;
      // Walks back a month, day or hour at a time past whatever does not match, so that even a
      // yearly expression takes a few hundred steps.
      while (t.getTime() >= limit) {
        if (!months!.allowed.has(t.getMonth() + 1)) {
          t.setDate(1);
          t.setHours(0, 0, 0, 0);
          t.setMinutes(-1);
        } else if (!dayMatches(t)) {
          t.setHours(0, 0, 0, 0);
          t.setMinutes(-1);
        } else if (!hours!.allowed.has(t.getHours())) {
          t.setMinutes(0, 0, 0);
          t.setMinutes(-1);
        } else if (!minutes!.allowed.has(t.getMinutes())) {
          t.setMinutes(t.getMinutes() - 1);
        } else {
          return t.getTime();
        }
      }
      return undefined;
    },
  };
}
