import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerHooks } from '../../feature.js';
import type { DashboardProvisioner } from './dashboard-provisioner.js';
import { loadProviders } from './providers.js';

/**
 * Dashboard file provisioning: applied on every instance before it reports ready, then re-read
 * every `updateIntervalSeconds` (the shortest of all providers; 10 s while there is none) as a
 * background job: in HA by the one instance that runs the jobs (store/background-jobs.ts). Files
 * must be the same on every instance; unchanged files (by checksum) write nothing.
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

  // Files may appear later: with no provider yet, look again at Grafana's default interval.
  const intervalMs = (seconds: number) => (seconds || 10) * 1000;

  deps.hooks.onStart(async () => {
    const job = {
      name: 'dashboard-provisioning',
      intervalMs: intervalMs(await runOnce()),
      frequent: true,
      async run() {
        job.intervalMs = intervalMs(await runOnce());
      },
    };
    // Added by a start task: the jobs start after every start task ran.
    deps.hooks.addJob(job);
  });
}
