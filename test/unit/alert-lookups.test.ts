import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createMuteTimingsCache } from '../../src/features/alert-mute-timings/mute-timings.cache.js';
import { parseTimeInterval } from '../../src/features/alert-mute-timings/time-interval.js';
import { createSilencesCache } from '../../src/features/alert-silences/silences.cache.js';
import type { Silence } from '../../src/features/alert-silences/silence.js';
import type { CacheBus } from '../../src/store/cache-bus.js';
import type { Database } from '../../src/store/database.js';
import type { TableChange } from '../../src/store/change-tracker.js';
import { ManualClock } from '../helpers/clock.js';

const T0 = Date.UTC(2026, 0, 2, 10, 0); // a Friday
const MIN = 60_000;

/** The parts of the plumbing the caches use: the change tracker's listeners and an in-process bus. */
function plumbing() {
  const tableListeners: ((change: TableChange) => void)[] = [];
  const database = {
    onTablesChanged: (listener: (change: TableChange) => void) => void tableListeners.push(listener),
  } as unknown as Database;
  const emitter = new EventEmitter();
  const cacheBus: CacheBus = {
    crossInstance: false,
    publish: (topic, detail = '') => void emitter.emit(topic, detail),
    coherent: true,
    subscribe: (topic, listener) => void emitter.on(topic, listener),
    onResync: () => {},
    settled: () => undefined,
    close: () => Promise.resolve(),
  };
  const tableWrite = (table: string) => {
    for (const listener of tableListeners) listener({ tables: new Set([table]), columns: new Set() });
  };
  return { database, cacheBus, tableWrite, clock: new ManualClock(T0) };
}

const silence = (id: string, over: Partial<Silence> = {}): Silence => ({
  id,
  matchers: [{ name: 'alertname', value: 'CPU', isRegex: false, isEqual: true }],
  startsAt: T0,
  endsAt: T0 + 60 * MIN,
  updatedAt: T0,
  createdBy: 'a',
  comment: '',
  ...over,
});

describe('SilencesLookup', () => {
  it('answers the active silences matching the labels, from a cache loaded once per org', async () => {
    const p = plumbing();
    const stored = new Map<number, Silence[]>([
      [
        1,
        [
          silence('plain'),
          silence('regex', {
            matchers: [
              { name: 'alertname', value: 'C.*', isRegex: true, isEqual: true },
              { name: 'env', value: 'dev', isRegex: false, isEqual: false },
            ],
          }),
          silence('later', { startsAt: T0 + 10 * MIN }),
        ],
      ],
      [2, [silence('other-org')]],
    ]);
    let loads = 0;
    const { lookup, changed } = createSilencesCache({
      ...p,
      highAvailability: false,
      load: (orgId) => {
        loads += 1;
        return Promise.resolve(stored.get(orgId) ?? []);
      },
    });
    expect(await lookup.silencedBy(1, { alertname: 'CPU', env: 'prod' }, T0)).toEqual(['plain', 'regex']);
    expect(await lookup.silencedBy(1, { alertname: 'CPU', env: 'dev' }, T0)).toEqual(['plain']);
    expect(await lookup.silencedBy(1, { alertname: 'Disk' }, T0)).toEqual([]);
    // pending until its start, expired from its end
    expect(await lookup.silencedBy(1, { alertname: 'CPU', env: 'prod' }, T0 + 10 * MIN)).toEqual([
      'plain',
      'regex',
      'later',
    ]);
    expect(await lookup.silencedBy(1, { alertname: 'CPU' }, T0 + 60 * MIN)).toEqual([]);
    expect(await lookup.silencedBy(2, { alertname: 'CPU' }, T0)).toEqual(['other-org']);
    expect(loads).toBe(2);

    // A write announced after commit (here or from another instance) reloads the org.
    stored.set(1, [
      silence('new', { matchers: [{ name: 'alertname', value: 'Disk', isRegex: false, isEqual: true }] }),
    ]);
    expect(await lookup.silencedBy(1, { alertname: 'Disk' }, T0)).toEqual([]);
    changed(1);
    expect(await lookup.silencedBy(1, { alertname: 'Disk' }, T0)).toEqual(['new']);
    expect(loads).toBe(3);
    p.cacheBus.publish('alert-silences', '2');
    await lookup.silencedBy(2, {}, T0);
    expect(loads).toBe(4);
    p.tableWrite('alert_silence');
    await lookup.silencedBy(1, {}, T0);
    expect(loads).toBe(5);
    p.tableWrite('dashboard');
    await lookup.silencedBy(1, {}, T0);
    expect(loads).toBe(5);
  });

  it('reloads after the TTL bound when HA has no cross-instance bus', async () => {
    const p = plumbing();
    let loads = 0;
    const { lookup } = createSilencesCache({
      ...p,
      cacheBus: { ...p.cacheBus, coherent: false },
      highAvailability: true,
      load: () => {
        loads += 1;
        return Promise.resolve([]);
      },
    });
    await lookup.silencedBy(1, {}, T0);
    p.clock.advance(4_000);
    await lookup.silencedBy(1, {}, T0);
    expect(loads).toBe(1);
    p.clock.advance(2_000);
    await lookup.silencedBy(1, {}, T0);
    expect(loads).toBe(2);
  });
});

describe('MuteTimingsLookup', () => {
  it('says whether now is inside any of the named intervals; unknown names count as outside', async () => {
    const p = plumbing();
    let loads = 0;
    const { lookup, changed } = createMuteTimingsCache({
      ...p,
      highAvailability: false,
      load: () => {
        loads += 1;
        return Promise.resolve(
          new Map([
            [
              'office',
              [
                parseTimeInterval(
                  { weekdays: ['monday:friday'], times: [{ start_time: '09:00', end_time: '17:00' }] },
                  'x',
                ),
              ],
            ],
            ['weekend', [parseTimeInterval({ weekdays: ['saturday', 'sunday'] }, 'x')]],
          ]),
        );
      },
    });
    expect(await lookup.inAny(1, ['office'], T0)).toBe(true);
    expect(await lookup.inAny(1, ['weekend'], T0)).toBe(false);
    expect(await lookup.inAny(1, ['weekend', 'office'], T0)).toBe(true);
    expect(await lookup.inAny(1, ['nope'], T0)).toBe(false);
    expect(await lookup.inAny(1, [], T0)).toBe(false);
    expect(await lookup.inAny(1, ['office'], T0 + 8 * 60 * MIN)).toBe(false);
    expect(await lookup.inAny(1, ['weekend'], T0 + 24 * 60 * MIN)).toBe(true);
    expect((await lookup.names(1)).sort()).toEqual(['office', 'weekend']);
    expect(loads).toBe(1);
    changed(1);
    await lookup.names(1);
    expect(loads).toBe(2);
  });
});
