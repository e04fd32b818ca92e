import { describe, expect, it } from 'vitest';
import type { CacheBus } from '../../src/store/cache-bus.js';
import type { TableChange } from '../../src/store/change-tracker.js';
import type { Database } from '../../src/store/database.js';
import { createTableCache } from '../../src/store/table-cache.js';

function setup(options: { coherent?: boolean } = {}) {
  const listeners: ((change: TableChange) => void)[] = [];
  const topics = new Map<string, ((detail: string) => void)[]>();
  const resyncs: (() => void)[] = [];
  const published: string[] = [];
  const bus = {
    crossInstance: true,
    coherent: options.coherent ?? true,
    publish: (topic: string) => void published.push(topic),
    subscribe: (topic: string, listener: (detail: string) => void) =>
      void topics.set(topic, [...(topics.get(topic) ?? []), listener]),
    onResync: (listener: () => void) => void resyncs.push(listener),
    settled: () => undefined,
    close: () => Promise.resolve(),
  } satisfies CacheBus;
  const database = { onTablesChanged: (l: (change: TableChange) => void) => void listeners.push(l) };
  let now = 1_000;
  const cache = createTableCache<number, string>({
    topic: 'rows',
    tables: ['users'],
    ignoredColumns: ['last_seen_at'],
    max: 10,
    ttlMs: 60_000,
    database: database as unknown as Database,
    cacheBus: bus,
    clock: { now: () => now },
  });
  let loads = 0;
  const load = (value: string) => () => {
    loads++;
    return Promise.resolve(value);
  };
  return {
    cache,
    bus,
    published,
    load,
    loads: () => loads,
    write: (tables: string[], columns: string[] = []) => {
      for (const l of listeners) l({ tables: new Set(tables), columns: new Set(columns) });
    },
    remote: () => topics.get('rows')?.forEach((l) => l('')),
    resync: () => resyncs.forEach((l) => l()),
    advance: (ms: number) => (now += ms),
  };
}

describe('table cache', () => {
  it('serves a loaded value until a write to its tables, here or on another instance', async () => {
    const t = setup();
    expect(await t.cache.get(1, t.load('a'))).toBe('a');
    expect(await t.cache.get(1, t.load('b'))).toBe('a');
    t.write(['dashboard']);
    expect(await t.cache.get(1, t.load('b'))).toBe('a');
    t.write(['users'], ['last_seen_at']);
    expect(await t.cache.get(1, t.load('b'))).toBe('a');
    t.write(['users'], ['last_seen_at', 'is_disabled']);
    expect(t.published).toEqual(['rows']);
    expect(await t.cache.get(1, t.load('b'))).toBe('b');
    t.remote();
    expect(await t.cache.get(1, t.load('c'))).toBe('c');
    t.resync();
    expect(await t.cache.get(1, t.load('d'))).toBe('d');
    t.advance(60_000);
    expect(await t.cache.get(1, t.load('e'))).toBe('e');
  });

  it('does not keep a load that overlapped an invalidation', async () => {
    const t = setup();
    let release: () => void = () => {};
    const slow = t.cache.get(1, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'old';
    });
    t.write(['users']);
    release();
    expect(await slow).toBe('old');
    expect(await t.cache.get(1, t.load('new'))).toBe('new');
  });

  it('always loads while the bus is not coherent', async () => {
    const t = setup({ coherent: false });
    await t.cache.get(1, t.load('a'));
    expect(await t.cache.get(1, t.load('b'))).toBe('b');
    expect(t.loads()).toBe(2);
  });
});
