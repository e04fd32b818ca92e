import { afterEach } from 'vitest';
import type { Clock } from '../../src/lib/clock.js';
import type { Config } from '../../src/config/load.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { mergeOverrides, testConfig, type Overrides } from './config.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

export interface TestServer extends RunningServer {
  config: Config;
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * A real svc listening on a free loopback port, on a fresh database of the current test dialect
 * (or on `database`, shared with other servers of the same test). Stopped, and a database it
 * created dropped, after the test.
 */
export async function startTestServer(
  options: {
    overrides?: Overrides;
    clock?: Clock;
    database?: TestDatabase;
    env?: Record<string, string>;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(mergeOverrides(database.overrides, options.overrides ?? {}), options.env);
  const server = await startServer(config, options.clock);
  cleanups.push(async () => {
    await server.shutdown();
    if (!options.database) await database.drop();
  });
  return { ...server, config };
}
