import { describe, expect, it } from 'vitest';
import {
  anyResourcePartKey,
  createPermissionCache,
  invalidatingOnly,
  resourcePartKey,
} from '../../../src/features/rbac/permission-cache.js';
import { createMetrics } from '../../../src/http/metrics.js';
import { readBuildInfo } from '../../../src/lib/build-info.js';
import type { TableChange } from '../../../src/store/change-tracker.js';
import type { Database } from '../../../src/store/database.js';
import { ManualClock } from '../../helpers/clock.js';
import { silentSingleInstanceBus } from '../../helpers/cache-bus.js';

/** The cache over a fake database whose writes the test reports, on a manual clock. */
function cacheUnderTest() {
  const clock = new ManualClock();
  const listeners: ((change: TableChange) => void)[] = [];
  const database = { onTablesChanged: (l: (change: TableChange) => void) => void listeners.push(l) };
  const cache = createPermissionCache({
    database: database as unknown as Database,
    bus: silentSingleInstanceBus(),
    clock,
    metrics: createMetrics(readBuildInfo(), {}),
    enabled: true,
  });
  const write = (table: string) =>
    listeners.forEach((l) => l({ tables: new Set([table]), columns: new Set() }));
  return { cache, clock, write };
}

/** A load that resolves when the test says so, counting its calls. */
function gatedLoad<T>(value: T) {
  let calls = 0;
  const gates: (() => void)[] = [];
  const load = () => {
    calls += 1;
    return new Promise<T>((resolve) => gates.push(() => resolve(value)));
  };
  return { load, calls: () => calls, open: () => gates.splice(0).forEach((g) => g()) };
}

describe('permission cache', () => {
  it('shares one load between concurrent misses, then serves hits', async () => {
    const { cache } = cacheUnderTest();
    const gate = gatedLoad(['a']);
    const first = cache.get('user', 'u1', gate.load);
    const second = cache.get('user', 'u1', gate.load);
    gate.open();
    expect(await Promise.all([first, second])).toEqual([['a'], ['a']]);
    expect(gate.calls()).toBe(1);
    expect(await cache.get('user', 'u1', gate.load)).toEqual(['a']);
    expect(gate.calls()).toBe(1);
  });

  it('neither shares nor keeps loads started while a change settles', async () => {
    const { cache, clock, write } = cacheUnderTest();
    write('user_role');
    const gate = gatedLoad(['old']);
    const first = cache.get('user', 'u1', gate.load);
    const second = cache.get('user', 'u1', gate.load);
    gate.open();
    await Promise.all([first, second]);
    expect(gate.calls()).toBe(2);
    clock.advance(1_000);
    const fresh = gatedLoad(['new']);
    const after = cache.get('user', 'u1', fresh.load);
    fresh.open();
    expect(await after).toEqual(['new']);
    expect(await cache.get('user', 'u1', fresh.load)).toEqual(['new']);
    expect(fresh.calls()).toBe(1);
  });

  it('a change during a shared load drops its result and starts the next caller afresh', async () => {
    const { cache, clock, write } = cacheUnderTest();
    const stale = gatedLoad(['stale']);
    const pending = cache.get('user', 'u1', stale.load);
    write('user_role');
    clock.advance(1_000);
    const fresh = gatedLoad(['fresh']);
    const next = cache.get('user', 'u1', fresh.load);
    stale.open();
    fresh.open();
    expect(await pending).toEqual(['stale']);
    expect(await next).toEqual(['fresh']);
    expect(await cache.get('user', 'u1', fresh.load)).toEqual(['fresh']);
    expect(fresh.calls()).toBe(1);
  });

  it('forgets dropped keys a minute after they settled, so bulk grants do not pile up', async () => {
    const { cache, clock, write } = cacheUnderTest();
    const grantOn = (uid: string) =>
      invalidatingOnly([resourcePartKey(1, `dashboards:uid:${uid}`)], () =>
        Promise.resolve(write('permission')),
      );
    for (let i = 0; i < 1_000; i++) await grantOn(`d${i}`);
    // each dashboard's part, and once the org's answer to whether it has any such grant
    expect(cache.rememberedDrops).toBe(1_001);
    // a load of a key dropped a moment ago is still not kept
    clock.advance(500);
    let loads = 0;
    const load = () => Promise.resolve([`load ${++loads}`]);
    expect(await cache.get('resource', '1|dashboards:uid:d0', load)).toEqual(['load 1']);
    expect(await cache.get('resource', '1|dashboards:uid:d0', load)).toEqual(['load 2']);
    // dropping the same key again keeps one record of it
    await grantOn('d5');
    expect(cache.rememberedDrops).toBe(1_001);
    clock.advance(60_500);
    await grantOn('late');
    // the drops that settled over a minute ago are forgotten; d5 (dropped again), late and the org's remain
    expect(cache.rememberedDrops).toBe(3);
  });

  it('drops an org’s any-grant answer with any part of one of its resources, and only that org’s', async () => {
    const { cache, clock, write } = cacheUnderTest();
    let loads = 0;
    const answer = (value: boolean) => () => {
      loads += 1;
      return Promise.resolve(value);
    };
    const any = (orgId: number) => anyResourcePartKey(orgId).key;
    expect(await cache.get('resource', any(1), answer(false))).toBe(false);
    expect(await cache.get('resource', any(2), answer(false))).toBe(false);
    // the first grant on one of org 1's dashboards
    await invalidatingOnly([resourcePartKey(1, 'dashboards:uid:d1')], () =>
      Promise.resolve(write('permission')),
    );
    expect(await cache.get('resource', any(1), answer(true))).toBe(true);
    clock.advance(1_000);
    expect(await cache.get('resource', any(1), answer(true))).toBe(true);
    expect(loads).toBe(4);
    // kept once settled; org 2's answer was never dropped
    expect(await cache.get('resource', any(1), answer(false))).toBe(true);
    expect(await cache.get('resource', any(2), answer(true))).toBe(false);
    expect(loads).toBe(4);
  });

  it('loads many keys at once: only those it does not hold, kept for the next caller', async () => {
    const { cache } = cacheUnderTest();
    const asked: string[][] = [];
    const loadMany = (keys: string[]) => {
      asked.push(keys);
      return Promise.resolve(new Map(keys.map((k) => [k, `grants of ${k}`])));
    };
    await cache.get('resource', 'r1', () => Promise.resolve('grants of r1 (single)'));
    const found = await cache.getMany('resource', ['r1', 'r2', 'r3'], loadMany);
    expect([...found]).toEqual([
      ['r1', 'grants of r1 (single)'],
      ['r2', 'grants of r2'],
      ['r3', 'grants of r3'],
    ]);
    expect(asked).toEqual([['r2', 'r3']]);
    expect(cache.peekMany('resource', ['r3', 'r4'])).toEqual({
      found: new Map([['r3', 'grants of r3']]),
      missing: ['r4'],
    });
  });

  it('does not keep what a batch loaded from before a change of one of its keys', async () => {
    const { cache, clock, write } = cacheUnderTest();
    const gates: (() => void)[] = [];
    const loadMany = (keys: string[]) =>
      new Promise<Map<string, string>>((resolve) =>
        gates.push(() => resolve(new Map(keys.map((k) => [k, `old ${k}`])))),
      );
    const pending = cache.getMany('resource', ['1|a', '1|b'], loadMany);
    // a grant on `a` commits while the batch reads
    await invalidatingOnly([{ section: 'resource', key: '1|a' }], () => Promise.resolve(write('permission')));
    gates.splice(0).forEach((open) => open());
    expect([...(await pending).values()]).toEqual(['old 1|a', 'old 1|b']);
    clock.advance(1_000);
    // `b` was not touched: kept; `a` was: loaded again
    expect(cache.peekMany('resource', ['1|a', '1|b'])).toEqual({
      found: new Map([['1|b', 'old 1|b']]),
      missing: ['1|a'],
    });
  });

  it('keeps nothing a batch loaded while its section changed', async () => {
    const { cache, write } = cacheUnderTest();
    const gates: (() => void)[] = [];
    const loadMany = (keys: string[]) =>
      new Promise<Map<string, string>>((resolve) =>
        gates.push(() => resolve(new Map(keys.map((k) => [k, k])))),
      );
    const pending = cache.getMany('resource', ['x', 'y'], loadMany);
    // a dashboard deleted: every grant on its scope goes (no narrowing to keys)
    write('permission');
    gates.splice(0).forEach((open) => open());
    await pending;
    expect(cache.peekMany('resource', ['x', 'y']).missing).toEqual(['x', 'y']);
  });
});
