/** Grafana's value formatting: units, decimals and the common unit ids of its field config. */

export interface FormattedValue {
  text: string;
  prefix?: string;
  suffix?: string;
}

export function formattedToString(value: FormattedValue): string {
  return `${value.prefix ?? ''}${value.text}${value.suffix ?? ''}`;
}

type Formatter = (value: number, decimals: number | undefined) => FormattedValue;

/** Enough decimals to show a number meaningfully, as Grafana's toFixed does when unset. */
export function toFixed(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (decimals === undefined || decimals === null) {
    const abs = Math.abs(value);
    if (abs === 0 || Number.isInteger(value)) decimals = 0;
    else if (abs >= 100) decimals = 1;
    else if (abs >= 1) decimals = 2;
    else decimals = Math.min(10, Math.max(2, 1 - Math.floor(Math.log10(abs)) + 1));
  }
  return value.toFixed(Math.max(0, Math.min(20, decimals)));
}

function trimGuessed(text: string, explicit: boolean): string {
  if (explicit || !text.includes('.')) return text;
  return text.replace(/\.?0+$/, '');
}

function fixed(value: number, decimals: number | undefined): string {
  return trimGuessed(toFixed(value, decimals), decimals !== undefined);
}

/** Scaled units: steps of `factor` through `suffixes` (e.g. bytes → KiB → MiB). */
function scaled(factor: number, suffixes: string[], offset = 0): Formatter {
  return (value, decimals) => {
    let index = offset;
    let v = value;
    while (Math.abs(v) >= factor && index < suffixes.length - 1) {
      v /= factor;
      index++;
    }
    while (Math.abs(v) < 1 && v !== 0 && index > 0) {
      v *= factor;
      index--;
    }
    return { text: fixed(v, decimals), suffix: suffixes[index] ? ` ${suffixes[index]}` : '' };
  };
}

const SI_PREFIXES = ['p', 'n', 'µ', 'm', '', 'k', 'M', 'G', 'T', 'P', 'E'];

function si(unit: string, offset = 0): Formatter {
  return (value, decimals) => {
    if (value === 0) return { text: fixed(0, decimals), suffix: unit ? ` ${unit}` : '' };
    let index = 4 + offset;
    let v = value;
    while (Math.abs(v) >= 1000 && index < SI_PREFIXES.length - 1) {
      v /= 1000;
      index++;
    }
    while (Math.abs(v) < 1 && index > 0) {
      v *= 1000;
      index--;
    }
    const prefix = SI_PREFIXES[index] ?? '';
    return { text: fixed(v, decimals), suffix: ` ${prefix}${unit}` };
  };
}

/** `short`: plain numbers with K, Mil, Bil, Tri. */
const short: Formatter = (value, decimals) => {
  const suffixes = ['', ' K', ' Mil', ' Bil', ' Tri', ' Quadr', ' Quint'];
  let index = 0;
  let v = value;
  while (Math.abs(v) >= 1000 && index < suffixes.length - 1) {
    v /= 1000;
    index++;
  }
  return { text: fixed(v, decimals), suffix: suffixes[index] };
};

function withSuffix(suffix: string): Formatter {
  return (value, decimals) => ({ text: fixed(value, decimals), suffix });
}

function withPrefix(prefix: string): Formatter {
  return (value, decimals) => ({ text: fixed(value, decimals), prefix });
}

const TIME_STEPS: [number, string][] = [
  [1e-9, 'ns'],
  [1e-6, 'µs'],
  [1e-3, 'ms'],
  [1, 's'],
  [60, 'min'],
  [3600, 'hour'],
  [86400, 'day'],
  [604800, 'week'],
  [31536000, 'year'],
];

/** Durations given in `unitSeconds` (1 for s, 0.001 for ms), shown in the largest unit ≥ 1. */
function duration(unitSeconds: number): Formatter {
  return (value, decimals) => {
    const seconds = value * unitSeconds;
    const abs = Math.abs(seconds);
    if (abs === 0) return { text: fixed(0, decimals), suffix: unitSeconds === 1 ? ' s' : ' ms' };
    let chosen: [number, string] = TIME_STEPS[0]!;
    for (const step of TIME_STEPS) if (abs >= step[0]) chosen = step;
    return { text: fixed(seconds / chosen[0], decimals), suffix: ` ${chosen[1]}` };
  };
}

const percent: Formatter = (value, decimals) => ({ text: fixed(value, decimals), suffix: '%' });
const percentUnit: Formatter = (value, decimals) => ({ text: fixed(value * 100, decimals), suffix: '%' });

const bytesIec = scaled(1024, ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB']);
const bytesSi = scaled(1000, ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB']);
const bitsIec = scaled(1024, ['b', 'Kib', 'Mib', 'Gib', 'Tib', 'Pib']);
const bitsSi = scaled(1000, ['b', 'kb', 'Mb', 'Gb', 'Tb', 'Pb']);

const FORMATTERS: Record<string, Formatter> = {
  none: (value, decimals) => ({ text: fixed(value, decimals) }),
  short,
  percent,
  percentunit: percentUnit,
  humidity: withSuffix('%H'),
  decbytes: bytesSi,
  bytes: bytesIec,
  kbytes: scaled(1024, ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], 1),
  mbytes: scaled(1024, ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], 2),
  gbytes: scaled(1024, ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], 3),
  deckbytes: scaled(1000, ['B', 'kB', 'MB', 'GB', 'TB', 'PB'], 1),
  decmbytes: scaled(1000, ['B', 'kB', 'MB', 'GB', 'TB', 'PB'], 2),
  decgbytes: scaled(1000, ['B', 'kB', 'MB', 'GB', 'TB', 'PB'], 3),
  bits: bitsIec,
  decbits: bitsSi,
  Bps: scaled(1000, ['B/s', 'kB/s', 'MB/s', 'GB/s', 'TB/s']),
  binBps: scaled(1024, ['B/s', 'KiB/s', 'MiB/s', 'GiB/s', 'TiB/s']),
  bps: scaled(1000, ['b/s', 'kb/s', 'Mb/s', 'Gb/s', 'Tb/s']),
  binbps: scaled(1024, ['b/s', 'Kib/s', 'Mib/s', 'Gib/s', 'Tib/s']),
  KBs: scaled(1000, ['B/s', 'kB/s', 'MB/s', 'GB/s', 'TB/s'], 1),
  MBs: scaled(1000, ['B/s', 'kB/s', 'MB/s', 'GB/s', 'TB/s'], 2),
  ns: duration(1e-9),
  µs: duration(1e-6),
  us: duration(1e-6),
  ms: duration(1e-3),
  s: duration(1),
  m: duration(60),
  h: duration(3600),
  d: duration(86400),
  hertz: si('Hz'),
  ops: withSuffix(' ops/s'),
  reqps: withSuffix(' req/s'),
  rps: withSuffix(' rd/s'),
  wps: withSuffix(' wr/s'),
  iops: withSuffix(' io/s'),
  opm: withSuffix(' ops/min'),
  rpm: withSuffix(' rd/min'),
  reqpm: withSuffix(' req/min'),
  cps: withSuffix(' c/s'),
  watt: si('W'),
  volt: si('V'),
  amp: si('A'),
  celsius: withSuffix('°C'),
  fahrenheit: withSuffix('°F'),
  kelvin: withSuffix('K'),
  currencyUSD: withPrefix('$'),
  currencyEUR: withPrefix('€'),
  currencyGBP: withPrefix('£'),
  sishort: si(''),
  bool: (value) => ({ text: value ? 'true' : 'false' }),
  bool_yes_no: (value) => ({ text: value ? 'Yes' : 'No' }),
  bool_on_off: (value) => ({ text: value ? 'On' : 'Off' }),
};

/** Units whose display is a date. */
const DATE_UNITS = new Set(['dateTimeAsIso', 'dateTimeAsUS', 'dateTimeFromNow', 'dateTimeAsSystem']);

/** Formats a number with a Grafana unit id; unknown units are shown as a suffix, as Grafana does. */
export function formatValue(value: number | null | undefined, unit = '', decimals?: number): FormattedValue {
  if (value === null || value === undefined || Number.isNaN(value)) return { text: '-' };
  // Grafana compat: its formatters show infinities as toLocaleString() does, without a unit.
  if (!Number.isFinite(value)) return { text: value > 0 ? '∞' : '-∞' };
  const decimalsOrUndefined = decimals === null ? undefined : decimals;
  if (DATE_UNITS.has(unit)) return { text: new Date(value).toISOString().replace('T', ' ').slice(0, 19) };
  if (unit.startsWith('suffix:'))
    return { ...FORMATTERS.none!(value, decimalsOrUndefined), suffix: unit.slice(7) };
  if (unit.startsWith('prefix:'))
    return { ...FORMATTERS.none!(value, decimalsOrUndefined), prefix: unit.slice(7) };
  const formatter = FORMATTERS[unit || 'short'];
  if (formatter) return formatter(value, decimalsOrUndefined);
  return { text: fixed(value, decimalsOrUndefined), suffix: ` ${unit}` };
}

export function formatValueText(value: number | null | undefined, unit = '', decimals?: number): string {
  return formattedToString(formatValue(value, unit, decimals));
}
