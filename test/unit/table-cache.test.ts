import { describe, expect, it } from 'vitest';
import type { CacheBus } from '../../src/store/cache-bus.js';
import type { TableChange } from '../../src/store/change-tracker.js';
import type { Database } from '../../src/store/database.js';
import { changingOnlyRows, createTableCache } from '../../src/store/table-cache.js';

function setup(options: { coherent?: boolean } = {}) {
  const listeners: ((change: TableChange) => void)[] = [];
  const topics = new Map<string, ((detail: string) => void)[]>();
  const resyncs: (() => void)[] = [];
  const published: string[] = [];
  const bus = {
    crossInstance: true,
    coherent: options.coherent ?? true,
    publish: (topic: string, detail = '') => void published.push(detail ? `${topic} ${detail}` : topic),
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
    tables: ['users', 'user_auth'],
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
    remote: (detail = '') => topics.get('rows')?.forEach((l) => l(detail)),
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

  it('drops only the keys a scoped write names, here and on another instance', async () => {
    const t = setup();
    await t.cache.get(1, t.load('a1'));
    await t.cache.get(2, t.load('a2'));
    await changingOnlyRows({ topic: 'rows', table: 'users', keys: [1] }, () =>
      Promise.resolve(t.write(['users'])),
    );
    expect(t.published).toEqual(['rows [1]']);
    expect(await t.cache.get(1, t.load('b1'))).toBe('b1');
    expect(await t.cache.get(2, t.load('b2'))).toBe('a2');
    t.remote('[2]');
    expect(await t.cache.get(1, t.load('c1'))).toBe('b1');
    expect(await t.cache.get(2, t.load('c2'))).toBe('c2');
  });

  it('drops everything for a scoped write to another of its tables, or for another cache', async () => {
    const t = setup();
    await t.cache.get(1, t.load('a1'));
    await changingOnlyRows({ topic: 'rows', table: 'users', keys: [2] }, () =>
      Promise.resolve(t.write(['users', 'user_auth'])),
    );
    expect(await t.cache.get(1, t.load('b1'))).toBe('b1');
    await changingOnlyRows({ topic: 'other', table: 'users', keys: [2] }, () =>
      Promise.resolve(t.write(['users'])),
    );
    expect(await t.cache.get(1, t.load('c1'))).toBe('c1');
    expect(t.published).toEqual(['rows', 'rows']);
  });

  it('does not keep a load that overlapped an invalidation of its key, and keeps the others', async () => {
    const t = setup();
    const releases: (() => void)[] = [];
    const slow = (key: number, value: string) =>
      t.cache.get(key, async () => {
        await new Promise<void>((resolve) => releases.push(resolve));
        return value;
      });
    const one = slow(1, 'old1');
    const two = slow(2, 'old2');
    await changingOnlyRows({ topic: 'rows', table: 'users', keys: [1] }, () =>
      Promise.resolve(t.write(['users'])),
    );
    for (const release of releases) release();
    expect([await one, await two]).toEqual(['old1', 'old2']);
    expect(await t.cache.get(1, t.load('new1'))).toBe('new1');
    expect(await t.cache.get(2, t.load('new2'))).toBe('old2');
  });

  it('keeps a loaded value only when `keep` agrees', async () => {
    const t = setup();
    expect(await t.cache.get(1, t.load('a'), (v) => v !== 'a')).toBe('a');
    expect(await t.cache.get(1, t.load('b'), (v) => v !== 'a')).toBe('b');
    expect(await t.cache.get(1, t.load('c'))).toBe('b');
  });
});
