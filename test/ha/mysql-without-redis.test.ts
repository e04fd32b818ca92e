import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrors, startCluster, type Cluster } from './cluster.js';
import { coherenceChecks, jobsOnce, killUnderLoad } from './scenarios.js';

// Three svc processes on one MariaDB/MySQL database, no Redis: the caches that must be exact on
// every instance are bypassed, so every request reads the database.

let cluster: Cluster | undefined;
beforeAll(async () => {
  cluster = await startCluster({ dialect: 'mysql' });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

describe('three instances on MySQL without Redis', () => {
  coherenceChecks(() => cluster!);
  jobsOnce(() => cluster!);
  killUnderLoad(() => cluster!);
  it('no instance answered a 5xx', () => {
    expect(cluster!.instances.flatMap(serverErrors)).toEqual([]);
  });
});
