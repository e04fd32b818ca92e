import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import type { TestServer } from './app.js';
import { ADMIN, call, type Caller } from './client.js';
import { mergeOverrides, testConfig } from './config.js';
import { createMigratedTestDatabase } from './database-templates.js';
import type { TestDatabase } from './databases.js';
import { startPrometheus, type PrometheusServer } from './prometheus.js';

interface SvcWithPrometheus {
  /** the running svc (metrics on), for its database and shutdown */
  svc: RunningServer;
  server: TestServer;
  /** a real Prometheus scraping svc's /metrics */
  prometheus: PrometheusServer;
  /** POST /api/datasources with a unique name; fails the test unless it is created */
  createDataSource(
    body: Record<string, unknown>,
    as?: Caller,
  ): Promise<{ id: number; uid: string; name: string }>;
}

/**
 * One svc and one real Prometheus scraping it, started once for the test file that calls this
 * (at its top level) and stopped after it. Read the fields inside tests or hooks.
 */
export function useSvcWithPrometheus(): SvcWithPrometheus {
  let database: TestDatabase | undefined;
  let counter = 0;
  const fixture = {
    async createDataSource(body: Record<string, unknown>, as: Caller = ADMIN) {
      const created = await call(fixture.server, 'POST', '/api/datasources', {
        as,
        body: { name: `ds-${++counter}`, ...body },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body as { id: number; uid: string; name: string };
    },
  } as SvcWithPrometheus;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    const config = testConfig(mergeOverrides(database.overrides, { metrics: { enabled: 'true' } }));
    fixture.svc = await startServer(config);
    fixture.server = { ...fixture.svc, config };
    fixture.prometheus = await startPrometheus({ staticTargets: [new URL(fixture.svc.url).host] });
  }, 90_000);

  afterAll(async () => {
    await fixture.prometheus?.stop();
    await fixture.svc?.shutdown();
    await database?.drop();
  });

  return fixture;
}
