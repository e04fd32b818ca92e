/**
 * Go's time.Time and time.Duration as template data: they print as Go prints them
 * (`2024-01-02 15:04:05.123 +0000 UTC`, `1h2m3s`) and offer the methods templates call
 * (`.StartsAt.Format "15:04"`, `.StartsAt.Unix`, `(.EndsAt.Sub .StartsAt).Minutes`).
 */

import { formatLayout } from './time-layout.js';
import { checkZone, zoneAt } from './time-zone.js';
import { Float64, goType, type GoTypeInfo } from './values.js';

const timeType: GoTypeInfo = { name: 'time.Time', kind: 'struct' };
const durationType: GoTypeInfo = { name: 'time.Duration', kind: 'int' };

/** Milliseconds from 1970 to Go's zero time, 0001-01-01 00:00:00 UTC. */
const zeroUnixMs = -62135596800000;

/** An instant (millisecond precision plus extra nanoseconds) seen in an IANA zone. */
export class GoTime {
  declare readonly [goType]: GoTypeInfo;

  constructor(
    readonly unixMs: number,
    readonly zone = 'UTC',
    /** Nanoseconds below the millisecond, 0–999999. */
    readonly extraNanos = 0,
  ) {}

  static readonly zero = new GoTime(zeroUnixMs);

  static from(value: Date | string | number): GoTime {
    if (typeof value === 'string') {
      const nanos = /\.\d{3}(\d{1,6})/.exec(value)?.[1]?.padEnd(6, '0');
      return new GoTime(Date.parse(value), 'UTC', nanos ? Number(nanos) : 0);
    }
    return new GoTime(typeof value === 'number' ? value : value.getTime());
  }

  static now(): GoTime {
    return new GoTime(Date.now(), checkZone('Local'));
  }

  /** Nanoseconds within the second. */
  get nanosecond(): number {
    return (((this.unixMs % 1000) + 1000) % 1000) * 1e6 + this.extraNanos;
  }

  /** time.Time.String(): Go's default print form. */
  String(): string {
    return this.Format('2006-01-02 15:04:05.999999999 -0700 MST');
  }

  Format(layout: string): string {
    const zone = zoneAt(this.zone, this.unixMs);
    return formatLayout(layout, {
      wallMs: Math.floor(this.unixMs / 1000) * 1000 + zone.offset * 1000,
      nanosecond: this.nanosecond,
      offset: zone.offset,
      abbreviation: zone.abbreviation,
    });
  }

  /** The same instant in an IANA zone (Go's In takes a *time.Location, so templates reach this via `tz`). */
  inZone(zone: string): GoTime {
    return new GoTime(this.unixMs, checkZone(zone), this.extraNanos);
  }

  UTC(): GoTime {
    return this.inZone('UTC');
  }

  Local(): GoTime {
    return this.inZone('Local');
  }

  IsZero(): boolean {
    return this.unixMs === zeroUnixMs && this.extraNanos === 0;
  }

  Unix(): number {
    return Math.floor(this.unixMs / 1000);
  }

  UnixMilli(): number {
    return this.unixMs;
  }

  Sub(other: GoTime): GoDuration {
    return new GoDuration((this.unixMs - other.unixMs) * 1e6 + (this.extraNanos - other.extraNanos));
  }

  Add(d: GoDuration): GoTime {
    const nanos = this.extraNanos + d.nanoseconds;
    const extra = ((nanos % 1e6) + 1e6) % 1e6;
    return new GoTime(this.unixMs + (nanos - extra) / 1e6, this.zone, extra);
  }

  Before(other: GoTime): boolean {
    return this.compare(other) < 0;
  }

  After(other: GoTime): boolean {
    return this.compare(other) > 0;
  }

  Equal(other: GoTime): boolean {
    return this.compare(other) === 0;
  }

  private compare(other: GoTime): number {
    return this.unixMs - other.unixMs || this.extraNanos - other.extraNanos;
  }

  /** encoding/json's form: RFC 3339 with nanoseconds. */
  toJSON(): string {
    return this.Format('2006-01-02T15:04:05.999999999Z07:00');
  }
}
Object.defineProperty(GoTime.prototype, goType, { value: timeType });

/** A span of nanoseconds (an int in Go, hence comparable with ints). */
export class GoDuration {
  declare readonly [goType]: GoTypeInfo;

  constructor(readonly nanoseconds: number) {}

  valueOf(): number {
    return this.nanoseconds;
  }

  /** time.Duration.String(): `1h2m3.5s`, `1.5ms`, `0s`. */
  String(): string {
    return durationString(BigInt(Math.round(this.nanoseconds)));
  }

  Hours(): Float64 {
    return new Float64(this.nanoseconds / 3.6e12);
  }

  Minutes(): Float64 {
    return new Float64(this.nanoseconds / 6e10);
  }

  Seconds(): Float64 {
    return new Float64(this.nanoseconds / 1e9);
  }

  Milliseconds(): number {
    return Math.trunc(this.nanoseconds / 1e6);
  }

  toJSON(): number {
    return this.nanoseconds;
  }
}
Object.defineProperty(GoDuration.prototype, goType, { value: durationType });

function durationString(d: bigint): string {
  const neg = d < 0n;
  let u = neg ? -d : d;
  let out: string;
  if (u < 1_000_000_000n) {
    if (u === 0n) return '0s';
    let unit: string;
    let prec: number;
    if (u < 1000n) [unit, prec] = ['ns', 0];
    else if (u < 1_000_000n) [unit, prec] = ['µs', 3];
    else [unit, prec] = ['ms', 6];
    const [frac, rest] = fraction(u, prec);
    out = `${rest}${frac}${unit}`;
  } else {
    const [frac, seconds] = fraction(u, 9);
    u = seconds;
    out = `${u % 60n}${frac}s`;
    u /= 60n;
    if (u > 0n) {
      out = `${u % 60n}m${out}`;
      u /= 60n;
      if (u > 0n) out = `${u}h${out}`;
    }
  }
  return neg ? '-' + out : out;
}

/** The last `prec` digits as a fraction without trailing zeros, and what remains above them. */
function fraction(v: bigint, prec: number): [string, bigint] {
  if (prec === 0) return ['', v];
  const scale = 10n ** BigInt(prec);
  const digits = (v % scale).toString().padStart(prec, '0').replace(/0+$/, '');
  return [digits ? '.' + digits : '', v / scale];
}
