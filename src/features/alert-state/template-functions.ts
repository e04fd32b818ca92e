/**
 * The Prometheus template functions alert rule labels and annotations can call (reference §2.5),
 * with Prometheus's number formatting: `%.4g` plus an SI (or IEC) prefix.
 * Functions that query Prometheus (`query`, `first`, `label`, `value`) are left out: Grafana
 * makes `query` a no-op, so they never had data to work on.
 */

import { Float64, goFunc, GoTime, typeName, type FuncMap } from '../../lib/gotemplate/index.js';
import { sprintf } from '../../lib/gotemplate/fmt.js';
import { numberOf } from '../../lib/gotemplate/values.js';
import { alertmanagerFunctions } from '../alerting/templates/alertmanager-functions.js';
import { grafanaTemplateFunctions } from './grafana-template-functions.js';

const siUp = ['k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'];
const siDown = ['m', 'u', 'n', 'p', 'f', 'a', 'z', 'y'];
const iecUp = ['ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'Zi', 'Yi'];

/** strconv.ParseFloat's accepted syntax (decimal, hex, inf, nan; underscores only between digits). */
const goFloatSyntax =
  /^[+-]?(?:(?:\d+(?:_\d+)*)?\.?\d*(?:_\d+)*(?:[eE][+-]?\d+)?|0[xX][\da-fA-F_.]+[pP][+-]?\d+|inf(?:inity)?|nan)$/i;

/** Prometheus's convertToFloat: numbers as they are, strings through strconv.ParseFloat. */
function toFloat(v: unknown): number {
  if (typeof v === 'number' || v instanceof Float64 || typeof v === 'bigint') return numberOf(v);
  if (typeof v === 'string') {
    const parsed = parseGoFloat(v);
    if (parsed === undefined)
      throw new Error(`strconv.ParseFloat: parsing ${JSON.stringify(v)}: invalid syntax`);
    return parsed;
  }
  throw new Error(`can't convert ${typeName(v)} to float`);
}

function parseGoFloat(s: string): number | undefined {
  if (s === '' || !/\d|inf|nan/i.test(s) || !goFloatSyntax.test(s)) return undefined;
  const lower = s.toLowerCase().replace(/_/g, '');
  if (lower.endsWith('nan')) return lower === 'nan' ? NaN : undefined;
  if (lower.includes('inf')) return lower.startsWith('-') ? -Infinity : Infinity;
  if (lower.includes('0x')) return parseHexFloat(lower);
  const n = Number(lower);
  return Number.isNaN(n) ? undefined : n;
}

function parseHexFloat(s: string): number | undefined {
  const m = /^([+-]?)0x([\da-f]*)\.?([\da-f]*)p([+-]?\d+)$/.exec(s);
  if (!m) return undefined;
  const [, sign, int = '', frac = '', exp = '0'] = m;
  const mantissa = parseInt(int + frac || '0', 16) / 16 ** frac.length;
  return (sign === '-' ? -1 : 1) * mantissa * 2 ** Number(exp);
}

/** `%.4g` as Go prints a float64 (`1e+06`, `NaN`, `+Inf`). */
function g4(v: number): string {
  return sprintf('%.4g', [new Float64(v)]);
}

function humanize(input: unknown): string {
  let v = toFloat(input);
  if (v === 0 || !Number.isFinite(v)) return g4(v);
  let prefix = '';
  if (Math.abs(v) >= 1) {
    for (const p of siUp) {
      if (Math.abs(v) < 1000) break;
      prefix = p;
      v /= 1000;
    }
  } else {
    for (const p of siDown) {
      if (Math.abs(v) >= 1) break;
      prefix = p;
      v *= 1000;
    }
  }
  return g4(v) + prefix;
}

function humanize1024(input: unknown): string {
  let v = toFloat(input);
  if (Math.abs(v) <= 1 || !Number.isFinite(v)) return g4(v);
  let prefix = '';
  for (const p of iecUp) {
    if (Math.abs(v) < 1024) break;
    prefix = p;
    v /= 1024;
  }
  return g4(v) + prefix;
}

function humanizeDuration(input: unknown): string {
  let v = toFloat(input);
  if (!Number.isFinite(v)) return g4(v);
  if (v === 0) return `${g4(v)}s`;
  if (Math.abs(v) >= 1) {
    const sign = v < 0 ? '-' : '';
    v = Math.abs(v);
    const total = Math.trunc(v);
    const seconds = total % 60;
    const minutes = Math.trunc(total / 60) % 60;
    const hours = Math.trunc(total / 3600) % 24;
    const days = Math.trunc(total / 86400);
    // From minutes up, seconds print as an integer; alone they keep 4 significant digits.
    if (days !== 0) return `${sign}${days}d ${hours}h ${minutes}m ${seconds}s`;
    if (hours !== 0) return `${sign}${hours}h ${minutes}m ${seconds}s`;
    if (minutes !== 0) return `${sign}${minutes}m ${seconds}s`;
    return `${sign}${g4(v)}s`;
  }
  let prefix = '';
  for (const p of siDown) {
    if (Math.abs(v) >= 1) break;
    prefix = p;
    v *= 1000;
  }
  return `${g4(v)}${prefix}s`;
}

function humanizePercentage(input: unknown): string {
  return `${g4(toFloat(input) * 100)}%`;
}

/** Seconds since the epoch as Go prints a UTC time.Time. */
function humanizeTimestamp(input: unknown): string {
  const v = toFloat(input);
  if (!Number.isFinite(v)) return g4(v);
  return GoTime.from(v * 1000)
    .UTC()
    .String();
}

/** strings.Title: upper-cases the first letter after anything that is not a letter, digit or `_`. */
function title(s: string): string {
  return s.replace(/(^|[^\p{L}\p{N}\p{M}_])(\p{L})/gu, (_m, before: string, letter: string) => {
    const upper = letter.toUpperCase();
    return before + ([...upper].length === 1 ? upper : letter);
  });
}

/** The function map of rule templates (Prometheus's and Grafana's); `externalURL` depends on the root URL. */
export function ruleTemplateFunctions(externalUrl: string): FuncMap {
  return {
    ...grafanaTemplateFunctions,
    humanize: goFunc(['any'], humanize),
    humanize1024: goFunc(['any'], humanize1024),
    humanizeDuration: goFunc(['any'], humanizeDuration),
    humanizePercentage: goFunc(['any'], humanizePercentage),
    humanizeTimestamp: goFunc(['any'], humanizeTimestamp),
    toUpper: alertmanagerFunctions.toUpper!,
    toLower: alertmanagerFunctions.toLower!,
    title: goFunc(['string'], title),
    match: alertmanagerFunctions.match!,
    reReplaceAll: alertmanagerFunctions.reReplaceAll!,
    safeHtml: goFunc(['string'], (s: string) => s),
    args: goFunc(['...any'], (...items: unknown[]) =>
      Object.fromEntries(items.map((item, i) => [`arg${i}`, item])),
    ),
    externalURL: goFunc([], () => externalUrl),
    pathPrefix: goFunc([], () => {
      try {
        return new URL(externalUrl).pathname.replace(/\/$/, '');
      } catch {
        return '';
      }
    }),
  };
}
