import { parseDuration } from '../lib/duration.js';
import { ConfigError } from './expand.js';
import type { IniSections } from './ini-file.js';

/** Typed access to the merged INI; every bad value fails with one line naming the key and the value. */
export class SettingsReader {
  constructor(private readonly sections: IniSections) {}

  string(section: string, key: string, fallback = ''): string {
    return this.sections.get(section)?.get(key) ?? fallback;
  }

  int(section: string, key: string, fallback = 0, min = Number.MIN_SAFE_INTEGER): number {
    const raw = this.string(section, key).trim();
    if (raw === '') return fallback;
    if (!/^-?\d+$/.test(raw) || Number(raw) < min) {
      this.fail(section, key, raw, min > Number.MIN_SAFE_INTEGER ? `an integer >= ${min}` : 'an integer');
    }
    return Number(raw);
  }

  bool(section: string, key: string, fallback = false): boolean {
    const raw = this.string(section, key).trim().toLowerCase();
    if (raw === '') return fallback;
    if (['true', '1', 'yes', 'on'].includes(raw)) return true;
    if (['false', '0', 'no', 'off'].includes(raw)) return false;
    return this.fail(section, key, raw, 'true or false');
  }

  /** Milliseconds. */
  duration(section: string, key: string, fallback: string, bareUnit: 'ms' | 's' | 'm' | 'd' = 's'): number {
    const raw = this.string(section, key).trim() || fallback;
    const ms = parseDuration(raw, bareUnit);
    return ms ?? this.fail(section, key, raw, 'a duration such as 30s, 10m or 7d');
  }

  oneOf<T extends string>(section: string, key: string, allowed: readonly T[], fallback: T): T {
    const raw = this.string(section, key).trim();
    if (raw === '') return fallback;
    const match = allowed.find((value) => value.toLowerCase() === raw.toLowerCase());
    return match ?? this.fail(section, key, raw, `one of ${allowed.join(', ')}`);
  }

  keys(section: string): Map<string, string> {
    return new Map(this.sections.get(section) ?? []);
  }

  private fail(section: string, key: string, raw: string, expected: string): never {
    throw new ConfigError(`invalid value for [${section}] ${key}: "${raw}" (expected ${expected})`);
  }
}
