/**
 * Alertmanager's label/annotation maps as templates see them: a `map[string]string` with the
 * methods `SortedPairs` (alertname first), `Names`, `Values`, `Remove` and `String`.
 */

import {
  compareStrings,
  goFunc,
  goType,
  typedSlice,
  type GoTypeInfo,
} from '../../../lib/gotemplate/index.js';

/** A label or annotation: `{{ range .Labels.SortedPairs }}{{ .Name }}={{ .Value }}{{ end }}`. */
class Pair {
  declare readonly [goType]: GoTypeInfo;

  constructor(
    readonly Name: string,
    readonly Value: string,
  ) {}
}
Object.defineProperty(Pair.prototype, goType, { value: { name: 'template.Pair', kind: 'struct' } });

/** Pairs in order, printed as `a=b, c=d`. */
class Pairs extends Array<Pair> {
  declare readonly [goType]: GoTypeInfo;

  /** map() and filter() give plain arrays ([]string is not Pairs). */
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  Names(): string[] {
    return typedSlice(
      this.map((p) => p.Name),
      '[]string',
    );
  }

  Values(): string[] {
    return typedSlice(
      this.map((p) => p.Value),
      '[]string',
    );
  }

  String(): string {
    return this.map((p) => `${p.Name}=${p.Value}`).join(', ');
  }
}
Object.defineProperty(Pairs.prototype, goType, { value: { name: 'template.Pairs', kind: 'slice' } });

const alertname = 'alertname';

/** Sorted pairs per KV, computed once per content: templates ask for them on every render. */
const sortedPairsCache = new WeakMap<KV, Pairs>();

/**
 * A `map[string]string`. Entries live in the Map, so no label name can shadow a method; a missing
 * key reads as "" (Go's zero string).
 */
export class KV extends Map<string, string> {
  declare readonly [goType]: GoTypeInfo;

  static of(entries: Readonly<Record<string, string>> = {}): KV {
    return new KV(Object.entries(entries));
  }

  override set(key: string, value: string): this {
    sortedPairsCache.delete(this);
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    sortedPairsCache.delete(this);
    return super.delete(key);
  }

  override clear(): void {
    sortedPairsCache.delete(this);
    super.clear();
  }

  /** Entries sorted by key, except that `alertname` comes first. */
  SortedPairs(): Pairs {
    const cached = sortedPairsCache.get(this);
    if (cached) return cached;
    const sorted = [...this.entries()].sort(([a], [b]) => compareStrings(a, b));
    const first = sorted.findIndex(([k]) => k === alertname);
    if (first > 0) sorted.unshift(...sorted.splice(first, 1));
    const pairs = new Pairs();
    for (const [k, v] of sorted) pairs.push(new Pair(k, v));
    sortedPairsCache.set(this, pairs);
    return pairs;
  }

  Names(): string[] {
    return this.SortedPairs().Names();
  }

  Values(): string[] {
    return this.SortedPairs().Values();
  }

  /** A copy without the given keys. */
  Remove(keys: readonly string[] | null): KV {
    const drop = new Set(keys ?? []);
    return new KV([...this.entries()].filter(([k]) => !drop.has(k)));
  }

  String(): string {
    return this.SortedPairs().String();
  }

  /** Keys in Go's JSON order (sorted), also for plain JSON.stringify. */
  toJSON(): Record<string, string> {
    return Object.fromEntries([...this.entries()].sort(([a], [b]) => compareStrings(a, b)));
  }
}
Object.defineProperty(KV.prototype, goType, { value: { name: 'template.KV', kind: 'map', elemZero: '' } });
// Registers the Go parameter type of the method (the method is not called here).
// eslint-disable-next-line @typescript-eslint/unbound-method
goFunc(['[]string'], KV.prototype.Remove);
