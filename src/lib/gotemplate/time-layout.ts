/**
 * Go's reference-time layouts (`2006-01-02 15:04:05.000 -0700 MST`): the layout is cut into
 * literal text and "std" chunks exactly as Go's time.Format does, then each chunk is printed.
 */

interface WallClock {
  /** The zone's wall clock in milliseconds since 1970, as if it were UTC (whole seconds). */
  wallMs: number;
  nanosecond: number;
  /** Seconds east of UTC. */
  offset: number;
  abbreviation: string;
}

const longDays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const longMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type Chunk =
  | { kind: 'text'; text: string }
  | { kind: 'std'; std: string }
  | { kind: 'frac'; sep: string; digits: number; trim: boolean };

const layoutCache = new Map<string, Chunk[]>();

export function formatLayout(layout: string, clock: WallClock): string {
  let chunks = layoutCache.get(layout);
  if (!chunks) {
    chunks = parseLayout(layout);
    if (layoutCache.size < 256) layoutCache.set(layout, chunks);
  }
  const date = civil(clock.wallMs);
  let out = '';
  for (const c of chunks) {
    if (c.kind === 'text') out += c.text;
    else if (c.kind === 'frac') out += fractionalSeconds(clock.nanosecond, c);
    else out += formatStd(c.std, date, clock);
  }
  return out;
}

/** Splits a layout into chunks; the order of the checks is Go's, so ambiguous layouts match it. */
function parseLayout(layout: string): Chunk[] {
  const chunks: Chunk[] = [];
  let text = '';
  let i = 0;
  const std = (name: string, length: number): void => {
    if (text) chunks.push({ kind: 'text', text });
    text = '';
    chunks.push({ kind: 'std', std: name });
    i += length;
  };
  const at = (s: string): boolean => layout.startsWith(s, i);
  const lowerAfter = (n: number): boolean => /^[a-z]/.test(layout.charAt(i + n));
  while (i < layout.length) {
    const c = layout[i]!;
    if (c === 'J' && at('January')) std('January', 7);
    else if (c === 'J' && at('Jan') && !lowerAfter(3)) std('Jan', 3);
    else if (c === 'M' && at('Monday')) std('Monday', 6);
    else if (c === 'M' && at('Mon') && !lowerAfter(3)) std('Mon', 3);
    else if (c === 'M' && at('MST')) std('MST', 3);
    else if (c === '0' && /^[1-6]$/.test(layout.charAt(i + 1))) std(layout.slice(i, i + 2), 2);
    else if (c === '0' && at('002')) std('002', 3);
    else if (c === '1' && at('15')) std('15', 2);
    else if (c === '1') std('1', 1);
    else if (c === '2' && at('2006')) std('2006', 4);
    else if (c === '2') std('2', 1);
    else if (c === '_' && at('_2006')) {
      text += '_';
      i++;
      std('2006', 4);
    } else if (c === '_' && at('_2')) std('_2', 2);
    else if (c === '_' && at('__2')) std('__2', 3);
    else if (c === '3' || c === '4' || c === '5') std(c, 1);
    else if (c === 'P' && at('PM')) std('PM', 2);
    else if (c === 'p' && at('pm')) std('pm', 2);
    else if (c === '-' || c === 'Z') {
      const zone = ['070000', '07:00:00', '0700', '07:00', '07'].find((z) => layout.startsWith(z, i + 1));
      if (zone) std(c + zone, zone.length + 1);
      else {
        text += c;
        i++;
      }
    } else if ((c === '.' || c === ',') && /[09]/.test(layout.charAt(i + 1))) {
      const digit = layout[i + 1]!;
      let j = i + 1;
      while (layout[j] === digit) j++;
      if (/[0-9]/.test(layout.charAt(j))) {
        text += c;
        i++;
      } else {
        if (text) chunks.push({ kind: 'text', text });
        text = '';
        chunks.push({ kind: 'frac', sep: c, digits: j - i - 1, trim: digit === '9' });
        i = j;
      }
    } else {
      text += c;
      i++;
    }
  }
  if (text) chunks.push({ kind: 'text', text });
  return chunks;
}

interface CivilDate {
  year: number;
  month: number;
  day: number;
  yearDay: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

/** Proleptic Gregorian calendar fields, valid for any year (Date's own helpers misread 0–99). */
function civil(wallMs: number): CivilDate {
  const days = Math.floor(wallMs / 86_400_000);
  const secondOfDay = Math.floor((wallMs - days * 86_400_000) / 1000);
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const cumulative = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
  const yearDay = cumulative[month - 1]! + day + (leap && month > 2 ? 1 : 0);
  return {
    year,
    month,
    day,
    yearDay,
    weekday: (((days + 4) % 7) + 7) % 7,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor(secondOfDay / 60) % 60,
    second: secondOfDay % 60,
  };
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

function formatStd(std: string, d: CivilDate, clock: WallClock): string {
  switch (std) {
    case '2006':
      return d.year < 0 ? '-' + pad(-d.year, 4) : pad(d.year, 4);
    case '06':
      return pad(((d.year % 100) + 100) % 100, 2);
    case 'January':
      return longMonths[d.month - 1]!;
    case 'Jan':
      return longMonths[d.month - 1]!.slice(0, 3);
    case '1':
      return String(d.month);
    case '01':
      return pad(d.month, 2);
    case 'Monday':
      return longDays[d.weekday]!;
    case 'Mon':
      return longDays[d.weekday]!.slice(0, 3);
    case '2':
      return String(d.day);
    case '_2':
      return String(d.day).padStart(2, ' ');
    case '02':
      return pad(d.day, 2);
    case '__2':
      return String(d.yearDay).padStart(3, ' ');
    case '002':
      return pad(d.yearDay, 3);
    case '15':
      return pad(d.hour, 2);
    case '3':
      return String(d.hour % 12 || 12);
    case '03':
      return pad(d.hour % 12 || 12, 2);
    case '4':
      return String(d.minute);
    case '04':
      return pad(d.minute, 2);
    case '5':
      return String(d.second);
    case '05':
      return pad(d.second, 2);
    case 'PM':
      return d.hour >= 12 ? 'PM' : 'AM';
    case 'pm':
      return d.hour >= 12 ? 'pm' : 'am';
    case 'MST':
      return clock.abbreviation || numericZone(clock.offset, '-0700');
    default:
      return numericZone(clock.offset, std);
  }
}

/** `-0700`, `-07:00`, `-07`, `-070000`, `-07:00:00`, and the `Z…` forms that print Z for UTC. */
function numericZone(offset: number, std: string): string {
  if (std.startsWith('Z') && offset === 0) return 'Z';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = pad(Math.floor(abs / 3600), 2);
  const mm = pad(Math.floor(abs / 60) % 60, 2);
  const ss = pad(abs % 60, 2);
  const colon = std.includes(':');
  const layout = std.slice(1);
  if (layout === '07') return sign + hh;
  if (layout === '070000' || layout === '07:00:00')
    return colon ? `${sign}${hh}:${mm}:${ss}` : sign + hh + mm + ss;
  return colon ? `${sign}${hh}:${mm}` : sign + hh + mm;
}

function fractionalSeconds(nanosecond: number, c: { sep: string; digits: number; trim: boolean }): string {
  let digits = pad(nanosecond, 9).slice(0, Math.min(c.digits, 9));
  if (c.trim) {
    digits = digits.replace(/0+$/, '');
    if (!digits) return '';
  }
  return c.sep + digits;
}
