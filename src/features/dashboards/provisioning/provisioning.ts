import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerHooks } from '../../feature.js';
import type { DashboardProvisioner } from './dashboard-provisioner.js';
import { loadProviders } from './providers.js';

/**
 * Dashboard file provisioning: loaded before the instance reports ready, then re-read every
 * `updateIntervalSeconds` (the shortest of all providers) until shutdown.
 */
export function registerDashboardProvisioning(deps: {
  provisioningPath: string;
  /** expands $VAR in provider files */
  env: Readonly<Record<string, string | undefined>>;
  provisioner: DashboardProvisioner;
  hooks: ServerHooks;
  logger: FastifyBaseLogger;
}): void {
  const dir = join(deps.provisioningPath, 'dashboards');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  /** Applies every provider once; returns the poll interval they ask for (0: none). */
  async function runOnce(): Promise<number> {
    const providers = await loadProviders(dir, deps.logger, deps.env);
    for (const provider of providers) {
      try {
        await deps.provisioner.apply(provider);
      } catch (err) {
        deps.logger.error(
          { path: provider.source, err: (err as Error).message },
          'dashboard provider failed',
        );
      }
    }
    return providers.length ? Math.min(...providers.map((p) => p.updateIntervalSeconds)) : 0;
  }

  function schedule(seconds: number): void {
    if (stopped) return;
    // Files may appear later: with no provider yet, look again at Grafana's default interval.
    timer = setTimeout(poll, (seconds || 10) * 1000);
    timer.unref();
  }

  function poll(): void {
    running = runOnce();
    running.then(schedule, (err: unknown) => {
      deps.logger.error({ err }, 'dashboard provisioning failed');
      schedule(10);
    });
  }

  deps.hooks.onStart(async () => {
    running = runOnce();
    schedule(await running);
  });
  deps.hooks.onShutdown(async () => {
    stopped = true;
    clearTimeout(timer);
    await running?.catch(() => undefined);
  });
}
