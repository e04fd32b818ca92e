import type { Clock } from '../lib/clock.js';
import type { Database } from '../store/database.js';

const CACHE_MS = 5_000;

/** `SELECT 1` against the database, its result cached for 5 seconds as Grafana does. */
export function createDatabaseHealth(database: Database, clock: Clock) {
  let cached: { healthy: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;

  async function check(): Promise<boolean> {
    try {
      await database.ping();
      return true;
    } catch {
      return false;
    }
  }

  return {
    async isHealthy(): Promise<boolean> {
      if (cached && clock.now() - cached.at < CACHE_MS) return cached.healthy;
      // Concurrent callers share one probe instead of piling queries onto a struggling database.
      inFlight ??= check().finally(() => (inFlight = undefined));
      const healthy = await inFlight;
      cached = { healthy, at: clock.now() };
      return healthy;
    },
  };
}

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;
