import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLeaseStore } from '../../src/features/alert-scheduler/lease.store.js';
import { systemClock } from '../../src/lib/clock.js';
import { startBackgroundJobs, type BackgroundJobs } from '../../src/store/background-jobs.js';
import { openDatabase, type Database } from '../../src/store/database.js';
import { testConfig } from '../helpers/config.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';

// Three job runners on one database, as three HA instances would run them (server.ts).

const TTL_MS = 600;
const opened: Database[] = [];
const runners: BackgroundJobs[] = [];
let testDb: TestDatabase | undefined;

afterEach(async () => {
  while (runners.length) await runners.pop()!.stop();
  while (opened.length) await opened.pop()!.close();
  await testDb?.drop();
  testDb = undefined;
});

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  for (const end = Date.now() + ms; !condition(); await sleep(20)) {
    if (Date.now() > end) throw new Error('timed out');
  }
}

/** Three runners of one job every `intervalMs`; `cut` makes a runner's lease renewals fail (no database). */
async function threeRunners(intervalMs = 100) {
  testDb = await createTestDatabase();
  const config = testConfig(testDb.overrides);
  const databases = [0, 1, 2].map(() => openDatabase(config.database));
  opened.push(...databases);
  await databases[0]!.migrate();
  const runs: string[] = [];
  const cut = new Set<string>();
  const logger = pino({ level: 'silent' });
  databases.forEach((database, i) => {
    const holder = `instance-${i}`;
    const store = createLeaseStore(database.db, 'background-jobs');
    runners.push(
      startBackgroundJobs({
        db: database.db,
        clock: systemClock,
        logger,
        jobs: [{ name: 'tick', intervalMs, run: () => Promise.resolve(void runs.push(holder)) }],
        lease: {
          store: {
            acquire: (...args) =>
              cut.has(holder) ? Promise.reject(new Error('connection lost')) : store.acquire(...args),
            release: (name) => store.release(name),
          },
          holder,
          ttlMs: TTL_MS,
        },
      }),
    );
  });
  return { runs, cut };
}

describe('background jobs under a lease', () => {
  it('run on the holder only; when it cannot renew, another takes over once the lease expired', async () => {
    const { runs, cut } = await threeRunners();
    await until(() => runs.length >= 5);
    const holder = runs[0]!;
    expect(new Set(runs)).toEqual(new Set([holder]));
    expect(runners.filter((r) => r.leading())).toHaveLength(1);

    const before = runs.length;
    const cutAt = Date.now();
    cut.add(holder);
    await until(() => runs.slice(before).some((name) => name !== holder));
    // expiry (≤ TTL after the last renewal) + one try of the others (TTL / 3), with some slack
    expect(Date.now() - cutAt).toBeLessThan(TTL_MS + TTL_MS / 3 + 400);
    const successorFrom = runs.findIndex((name, i) => i >= before && name !== holder);
    await until(() => runs.length >= successorFrom + 5);
    // From the successor's first run on, the old holder (its lease run out by its own clock) never ran.
    expect(new Set(runs.slice(successorFrom))).toEqual(new Set([runs[successorFrom]]));
    expect(runners.filter((r) => r.leading())).toHaveLength(1);
  });

  it('a clean stop releases the lease: another runner takes it at its next try', async () => {
    const { runs } = await threeRunners();
    await until(() => runs.length >= 2);
    const holder = Number(runs[0]!.split('-')[1]);
    const stoppedAt = Date.now();
    await runners[holder]!.stop();
    const before = runs.length;
    await until(() => runs.length > before);
    expect(Date.now() - stoppedAt).toBeLessThan(TTL_MS / 3 + 400);
    expect(runs.slice(before)).not.toContain(`instance-${holder}`);
  });

  it('runs a job once per interval, not every other interval', async () => {
    // 300 ms: a claim that takes a loaded database up to one interval still lands in its slot
    const interval = 300;
    const { runs } = await threeRunners(interval);
    await until(() => runs.length >= 1);
    const start = Date.now();
    const first = runs.length;
    await until(() => runs.length >= first + 6, 10_000);
    // six runs take six intervals (the old runner's jitter skipped every second one: twelve)
    expect(Date.now() - start).toBeLessThan(6 * interval * 1.6);
    expect(Date.now() - start).toBeGreaterThanOrEqual(5 * interval - 50);
  });
});
