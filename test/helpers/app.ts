import { afterEach } from 'vitest';
import type { Clock } from '../../src/lib/clock.js';
import { loadConfig, type Config } from '../../src/config/load.js';
import { projectRoot } from '../../src/lib/build-info.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createTestDatabase } from './databases.js';

type Overrides = Record<string, Record<string, string>>;

export interface TestServer extends RunningServer {
  config: Config;
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Layers override sets section by section. */
export function mergeOverrides(...sets: Overrides[]): Overrides {
  const merged: Overrides = {};
  for (const set of sets) {
    for (const [section, keys] of Object.entries(set)) merged[section] = { ...merged[section], ...keys };
  }
  return merged;
}

export function testConfig(overrides: Overrides = {}): Config {
  return loadConfig({
    homepath: projectRoot,
    env: {},
    overrides: mergeOverrides(
      { server: { http_addr: '127.0.0.1', http_port: '0' }, log: { level: 'silent' } },
      overrides,
    ),
  });
}

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
