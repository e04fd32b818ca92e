/**
 * Reading an integration's settings the way Grafana's config decoders do: a secure value wins over
 * the plain one of the same key, numbers may come as JSON numbers or strings, flags as booleans or
 * "true"/"false", and a missing value reads as Go's zero value.
 */

export type SettingsRecord = Readonly<Record<string, unknown>>;

export class Settings {
  constructor(
    readonly plain: SettingsRecord,
    readonly secure: Readonly<Record<string, string>> = {},
  ) {}

  /** The raw value at a dotted path of the plain settings. */
  raw(path: string): unknown {
    let current: unknown = this.plain;
    for (const part of path.split('.')) {
      if (!isRecord(current)) return undefined;
      current = current[part];
    }
    return current;
  }

  /** Grafana compat: `decryptFn.Get(key, fallback)` — the secure value if stored, else the plain one. */
  string(path: string, fallback = ''): string {
    const secret = this.secure[path];
    if (secret !== undefined) return secret;
    const value = this.raw(path);
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return fallback;
  }

  /** A string setting, or `fallback` when missing or empty (Grafana's `if x == "" { x = default }`). */
  text(path: string, fallback: string): string {
    return this.string(path) || fallback;
  }

  bool(path: string, fallback = false): boolean {
    const value = this.raw(path);
    if (typeof value === 'boolean') return value;
    if (value === 'true') return true;
    if (value === 'false') return false;
    return fallback;
  }

  /** OptionalNumber read as Int64: an integer JSON number or numeric string; empty reads as `undefined`. */
  number(path: string): { value?: number; error?: string } {
    const value = this.raw(path);
    if (value === undefined || value === null || value === '') return {};
    if (typeof value === 'number')
      return Number.isSafeInteger(value) ? { value } : { error: invalidNumber(value) };
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return /^[+-]?\d+$/.test(text) ? { value: Number(text) } : { error: invalidNumber(text) };
  }

  /** A `map[string]string` setting (headers, details, attributes). */
  map(path: string): Record<string, string> {
    const value = this.raw(path);
    if (!isRecord(value)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    }
    return out;
  }

  list(path: string): unknown[] {
    const value = this.raw(path);
    return Array.isArray(value) ? (value as unknown[]) : [];
  }

  has(path: string): boolean {
    if (this.secure[path] !== undefined || this.raw(path) !== undefined) return true;
    return Object.keys(this.secure).some((key) => key.startsWith(`${path}.`));
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Go's strconv.ParseInt error text. */
function invalidNumber(value: unknown): string {
  return `strconv.ParseInt: parsing ${JSON.stringify(String(value))}: invalid syntax`;
}
