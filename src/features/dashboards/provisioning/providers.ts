import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { parse } from 'yaml';
import { charLength, LIMITS, MAX_ID } from '../../../lib/limits.js';
import { isValidUid } from '../../../lib/uid.js';

/** One `providers[]` entry of `<[paths] provisioning>/dashboards/*.yaml`. */
export interface DashboardProvider {
  name: string;
  orgId: number;
  /** folder title for the provider's dashboards ('' for the General folder) */
  folder: string;
  folderUid: string;
  allowUiUpdates: boolean;
  disableDeletion: boolean;
  updateIntervalSeconds: number;
  path: string;
  foldersFromFilesStructure: boolean;
  /** the provisioning file that declared it */
  source: string;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
const flag = (v: unknown): boolean => v === true || v === 'true';

/** Grafana's `$VAR` and `${VAR}` expansion of provisioning values. */
const expand = (value: string, env: NodeJS.ProcessEnv) =>
  value.replace(
    /\$\{(\w+)\}|\$(\w+)/g,
    (_m, a: string | undefined, b: string | undefined) => env[a ?? b ?? ''] ?? '',
  );

function readProviders(source: string, document: unknown, env: NodeJS.ProcessEnv): DashboardProvider[] {
  if (!isObject(document)) throw new Error('the file is not a YAML mapping');
  const providers = document.providers;
  if (providers === undefined || providers === null) return [];
  if (!Array.isArray(providers)) throw new Error('providers must be a list');
  return providers.map((raw: unknown, index) => {
    if (!isObject(raw)) throw new Error(`provider ${index}: not a mapping`);
    const name = expand(text(raw.name), env);
    if (!name) throw new Error(`provider ${index}: name is required`);
    if (charLength(name) > LIMITS.dashboard.provisioner)
      throw new Error(
        `provider ${index}: name must not have more than ${LIMITS.dashboard.provisioner} characters`,
      );
    const type = text(raw.type) || 'file';
    if (type !== 'file') throw new Error(`provider ${name}: type ${type} is not supported`);
    const options = isObject(raw.options) ? raw.options : {};
    const path = expand(text(options.path), env);
    if (!path) throw new Error(`provider ${name}: options.path is required`);
    const orgId = raw.orgId === undefined ? 1 : Number(raw.orgId);
    if (!Number.isInteger(orgId) || orgId < 1) throw new Error(`provider ${name}: invalid orgId`);
    if (orgId > MAX_ID) throw new Error(`provider ${name}: invalid orgId`);
    const interval = raw.updateIntervalSeconds === undefined ? 10 : Number(raw.updateIntervalSeconds);
    const folder = expand(text(raw.folder), env);
    if (charLength(folder) > LIMITS.folder.title)
      throw new Error(`provider ${name}: folder must not have more than ${LIMITS.folder.title} characters`);
    const folderUid = expand(text(raw.folderUid), env);
    if (folderUid !== '' && !isValidUid(folderUid))
      throw new Error(
        `provider ${name}: folderUid must be at most ${LIMITS.uid} characters of [a-zA-Z0-9_-]`,
      );
    return {
      name,
      orgId,
      folder,
      folderUid,
      allowUiUpdates: flag(raw.allowUiUpdates),
      disableDeletion: flag(raw.disableDeletion),
      // at most what a timer can wait (2^31 ms, about 24 days)
      updateIntervalSeconds: Number.isFinite(interval) && interval > 0 ? Math.min(interval, 2_000_000) : 10,
      path,
      foldersFromFilesStructure: flag(options.foldersFromFilesStructure),
      source,
    };
  });
}

/** Every provider of `<dir>/*.yaml|yml`; a broken file is logged with its path and skipped. */
export async function loadProviders(
  dir: string,
  logger: FastifyBaseLogger,
  env: Readonly<Record<string, string | undefined>>,
): Promise<DashboardProvider[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /\.ya?ml$/i.test(n)).sort();
  } catch {
    return [];
  }
  const providers: DashboardProvider[] = [];
  for (const name of names) {
    const path = join(dir, name);
    try {
      providers.push(...readProviders(path, parse(await readFile(path, 'utf8')) as unknown, env));
    } catch (err) {
      logger.error({ path, err: (err as Error).message }, 'skipping bad dashboard provisioning file');
    }
  }
  return providers;
}
