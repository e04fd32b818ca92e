import type { DestinationStream } from 'pino';
import type { Clock } from '../../src/lib/clock.js';
import type { Config } from '../../src/config/load.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { mergeOverrides, testConfig, type Overrides } from './config.js';
import { createMigratedTestDatabase } from './database-templates.js';
import type { TestDatabase } from './databases.js';
import { secretsAudit } from './secrets-audit.js';
import { cleanups, unexpectedErrors } from './after-test.js';

export interface TestServer extends RunningServer {
  config: Config;
}

/** Collects the log lines of requests that failed with a 5xx (http/errors.ts logs each); audits every line for secrets. */
function failedRequests(into: string[]): DestinationStream {
  return {
    write: (line: string) => {
      secretsAudit.logLine(line);
      if (line.includes('"msg":"request failed"')) into.push(line.trim());
    },
  };
}

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
    /** the test makes the server fail on purpose (database cut off, …): errors it logs are expected */
    allowServerErrors?: boolean;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createMigratedTestDatabase());
  const config = testConfig(mergeOverrides(database.overrides, options.overrides ?? {}), options.env);
  // With [log] mode = file the test reads the server's own log file instead.
  const log =
    config.log.mode === 'file'
      ? undefined
      : failedRequests(options.allowServerErrors ? [] : unexpectedErrors);
  const server = await startServer(config, options.clock, log);
  cleanups.push(async () => {
    await server.shutdown();
    if (!options.database) await database.drop();
  });
  return { ...server, config };
}
