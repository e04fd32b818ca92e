/**
 * IANA time zones through Intl: the UTC offset at an instant, exact, and a zone abbreviation.
 *
 * Go takes abbreviations from tzdata (`CET`, `JST`, `-03`); ICU only names some zones in some
 * locales, so a few locales are asked in turn and, failing a name, Go's numeric form is used
 * (`+08` where tzdata may say `CST`). Offsets are always right.
 */

interface ZoneInfo {
  /** Seconds east of UTC. */
  offset: number;
  abbreviation: string;
}

const abbreviationLocales = ['en-US', 'en-GB', 'en-IN', 'en-AU', 'ja-JP'];

interface ZoneFormatters {
  wallClock: Intl.DateTimeFormat;
  names: Intl.DateTimeFormat[];
}

const formatters = new Map<string, ZoneFormatters>();

/**
 * The process's own zone, which Go calls `Local`. Asked on first use: the first Intl formatter
 * loads the ICU zone data, which cost start-up time when done at import.
 */
let localZoneName: string | undefined;

/** Throws Go's error for names Intl does not know. */
export function checkZone(name: string): string {
  if (name === '' || name === 'UTC') return 'UTC';
  if (name === 'Local') return (localZoneName ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);
  try {
    zoneFormatters(name);
  } catch {
    throw new Error(`unknown time zone ${name}`);
  }
  return name;
}

export function zoneAt(zone: string, unixMs: number): ZoneInfo {
  if (zone === 'UTC') return { offset: 0, abbreviation: 'UTC' };
  const f = zoneFormatters(zone);
  const wall = wallClockMs(f.wallClock, unixMs);
  const offset = Math.round((wall - Math.floor(unixMs / 1000) * 1000) / 1000);
  return { offset, abbreviation: abbreviation(f, unixMs, offset) };
}

function zoneFormatters(zone: string): ZoneFormatters {
  let f = formatters.get(zone);
  if (!f) {
    f = {
      wallClock: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
      names: abbreviationLocales.map(
        (locale) => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }),
      ),
    };
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's wall clock at the instant, read back as if it were UTC (whole seconds). */
function wallClockMs(format: Intl.DateTimeFormat, unixMs: number): number {
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(new Date(unixMs))) parts[p.type] = p.value;
  let year = Number(parts.year);
  if (parts.era === 'BC' || parts.era === 'B') year = 1 - year;
  const d = new Date(0);
  d.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  d.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return d.getTime();
}

function abbreviation(f: ZoneFormatters, unixMs: number, offset: number): string {
  for (const names of f.names) {
    const name = names.formatToParts(new Date(unixMs)).find((p) => p.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,5}$/.test(name)) return name;
  }
  return numericAbbreviation(offset);
}

/** tzdata's name for zones without letters: `+08`, `-03`, `+0530`. */
function numericAbbreviation(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = minutes % 60;
  return sign + hh + (mm ? String(mm).padStart(2, '0') : '');
}
