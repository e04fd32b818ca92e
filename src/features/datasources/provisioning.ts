import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { DataSourcesService } from './datasources.service.js';
import type { DataSourcesStore } from './datasources.store.js';
import { parseProvisioningFile, ProvisioningFileError, type ProvisioningFile } from './provisioning-file.js';

/**
 * Applies `<provisioning>/datasources/*.yaml` at start-up, as Grafana: per file, its
 * `deleteDatasources` first, then each data source is created or updated by name (or uid).
 * Provisioned data sources are read-only through the API unless `editable: true`. A file that
 * cannot be read or parsed is logged with its path and skipped; so is a data source that fails.
 */
export async function provisionDataSources(deps: {
  directory: string;
  homepath: string;
  env: Record<string, string | undefined>;
  service: DataSourcesService;
  store: DataSourcesStore;
  logger: FastifyBaseLogger;
}): Promise<void> {
  const { service, store, logger } = deps;
  let names: string[];
  try {
    names = (await readdir(deps.directory)).filter((n) => /\.ya?ml$/i.test(n)).sort();
  } catch {
    return; // no datasources folder: nothing to provision
  }
  for (const name of names) {
    const path = join(deps.directory, name);
    let file: ProvisioningFile;
    try {
      file = parseProvisioningFile(await readFile(path, 'utf8'), deps.env, deps.homepath);
    } catch (error) {
      const reason = error instanceof ProvisioningFileError ? error.message : String(error);
      logger.error({ path, reason }, 'data source provisioning file skipped');
      continue;
    }
    for (const { name: dsName, reason } of file.invalid) {
      logger.error({ path, name: dsName, reason }, 'provisioned data source skipped');
    }
    for (const target of file.deletes) {
      const existing = await store.byName(target.orgId, target.name);
      if (!existing) continue;
      await service.delete(target.orgId, { id: existing.id }, { provisioned: { readOnly: true } });
      logger.info({ path, name: target.name, orgId: target.orgId }, 'provisioned data source deleted');
    }
    for (const { orgId, editable, input } of file.datasources) {
      const options = { provisioned: { readOnly: !editable } };
      try {
        if (!(await store.orgExists(orgId)))
          throw new ProvisioningFileError(`organization ${orgId} does not exist`);
        const existing =
          (await store.byName(orgId, input.name)) ??
          (input.uid ? await store.byUid(orgId, input.uid) : undefined);
        if (existing) await service.update(orgId, { id: existing.id }, input, options);
        else await createOrUpdate(service, store, orgId, input, options);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // Secrets never reach the log: only the file, the name and the reason.
        logger.error({ path, name: input.name, orgId, reason }, 'provisioned data source skipped');
      }
    }
  }
}

/** Another instance may provision the same file at the same moment: its row wins, ours updates it. */
async function createOrUpdate(
  service: DataSourcesService,
  store: DataSourcesStore,
  orgId: number,
  input: Parameters<DataSourcesService['create']>[1],
  options: { provisioned: { readOnly: boolean } },
): Promise<void> {
  try {
    await service.create(orgId, input, options);
  } catch (error) {
    const raced =
      error instanceof AppError && error.status === 409 && (await store.byName(orgId, input.name));
    if (!raced) throw error;
    await service.update(orgId, { id: raced.id }, input, options);
  }
}
