import { afterEach } from 'vitest';
import type { Clock } from '../../src/lib/clock.js';
import type { Config } from '../../src/config/load.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { mergeOverrides, testConfig, type Overrides } from './config.js';
import { createTestDatabase } from './databases.js';

export interface TestServer extends RunningServer {
  config: Config;
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * A real svc listening on a free loopback port, on a fresh database of the current test dialect.
 * Stopped and its database dropped after the test.
 */
export async function startTestServer(
  options: { overrides?: Overrides; clock?: Clock } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = testConfig(mergeOverrides(database.overrides, options.overrides ?? {}));
  const server = await startServer(config, options.clock);
  cleanups.push(async () => {
    await server.shutdown();
    await database.drop();
  });
  return { ...server, config };
}
