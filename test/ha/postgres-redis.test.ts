import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis } from '../helpers/redis.js';
import { serverErrors, startCluster, type Cluster, type Instance } from './cluster.js';
import {
  backgroundLoad,
  busRound,
  coherenceChecks,
  jobsOnce,
  jobsTakeOver,
  killUnderLoad,
} from './scenarios.js';

// Three svc processes on one PostgreSQL database with a Redis cache bus (a redis-server of the
// test's own, so it can be paused and killed).

let cluster: Cluster | undefined;
let redis: Awaited<ReturnType<typeof startPrivateRedis>> | undefined;
beforeAll(async () => {
  redis = await startPrivateRedis();
  cluster = await startCluster({ dialect: 'postgres', redis: redis.connstr });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await redis?.stop();
});

const CONFIRMED = 'redis cache bus: delivery confirmed; caches cleared';
const LOST = 'redis cache bus: delivery not confirmed; caches bypassed until it is';

/** Until every instance has logged `message` more often than `before` said. */
async function untilLogged(instances: Instance[], message: string, before: number[]): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (instances.every((instance, n) => instance.logged(message).length > before[n]!)) return;
    await sleep(50);
  }
  throw new Error(`not every instance logged "${message}"`);
}

describe('three instances on PostgreSQL with Redis', () => {
  coherenceChecks(() => cluster!);
  jobsOnce(() => cluster!);

  it('Redis killed mid-run: clients see no difference, and the caches come back with Redis', async () => {
    const [a, b, c] = cluster!.instances as [Instance, Instance, Instance];
    const lost = cluster!.instances.map((i) => i.logged(LOST).length);
    const confirmed = cluster!.instances.map((i) => i.logged(CONFIRMED).length);
    const load = backgroundLoad(cluster!.instances);
    await sleep(300);
    await redis!.kill();
    await busRound(a, b, c);
    await untilLogged(cluster!.instances, LOST, lost);
    await busRound(c, a, b);
    await redis!.restart();
    await untilLogged(cluster!.instances, CONFIRMED, confirmed);
    await busRound(b, c, a);
    const { failures, requests } = await load.stop();
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(20);
  });

  it('Redis paused mid-run (CLIENT PAUSE): clients see no difference, and the caches come back', async () => {
    const [a, b, c] = cluster!.instances as [Instance, Instance, Instance];
    const confirmed = cluster!.instances.map((i) => i.logged(CONFIRMED).length);
    const load = backgroundLoad(cluster!.instances);
    await sleep(300);
    await redis!.pause(4_000);
    await busRound(a, b, c);
    await untilLogged(cluster!.instances, CONFIRMED, confirmed);
    await busRound(c, b, a);
    const { failures } = await load.stop();
    expect(failures).toEqual([]);
  });

  killUnderLoad(() => cluster!);
  jobsTakeOver(() => cluster!);
  it('no instance answered a 5xx', () => {
    expect(cluster!.instances.flatMap(serverErrors)).toEqual([]);
  });
});
