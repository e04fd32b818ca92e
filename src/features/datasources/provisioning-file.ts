import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { isStorableId } from '../../lib/limits.js';
import type { DataSourceInput } from './datasource-input.js';

/** One data source of a provisioning file, ready for the service. */
export interface ProvisionedDataSource {
  orgId: number;
  editable: boolean;
  input: DataSourceInput;
}

/** An entry of `datasources` that cannot be applied; the rest of its file still is. */
export interface InvalidEntry {
  name: string;
  reason: string;
}

export interface ProvisioningFile {
  deletes: { name: string; orgId: number }[];
  datasources: ProvisionedDataSource[];
  invalid: InvalidEntry[];
}

export class ProvisioningFileError extends Error {}

/**
 * Grafana's value interpolation: `$$` is a literal `$`; `$__env{VAR}`, `$__file{path}`, `${VAR}`
 * and `$VAR` are replaced (unset variables by ''). Applied to every string value, never to keys.
 */
function expandValue(value: string, env: Record<string, string | undefined>, homepath: string): string {
  return value
    .split('$$')
    .map((part) =>
      part
        .replace(/\$__env\{([^}]*)\}/g, (_, name: string) => env[name.trim()] ?? '')
        .replace(/\$__file\{([^}]*)\}/g, (_, path: string) => readSecretFile(resolve(homepath, path.trim())))
        .replace(/\$\{([^}]*)\}/g, (_, name: string) => env[name.trim()] ?? '')
        .replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => env[name] ?? ''),
    )
    .join('$');
}

function readSecretFile(path: string): string {
  try {
    // Provisioning runs once at start-up, before the instance serves anything.
    return readFileSync(path, 'utf8').trim();
  } catch {
    throw new ProvisioningFileError(`cannot read file "${path}"`);
  }
}

function expandDeep(value: unknown, expand: (text: string) => string): unknown {
  if (typeof value === 'string') return expand(value);
  if (Array.isArray(value)) return value.map((item) => expandDeep(item, expand));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandDeep(v, expand)]));
  }
  return value;
}

/**
 * Parses a Grafana data source provisioning file (`apiVersion: 1`, `datasources`,
 * `deleteDatasources`). Throws ProvisioningFileError naming what is wrong.
 */
export function parseProvisioningFile(
  source: string,
  env: Record<string, string | undefined>,
  homepath: string,
): ProvisioningFile {
  let document: unknown;
  try {
    document = parse(source);
  } catch (error) {
    throw new ProvisioningFileError(`not valid YAML: ${(error as Error).message}`);
  }
  if (document === null || document === undefined) return { deletes: [], datasources: [], invalid: [] };
  if (typeof document !== 'object' || Array.isArray(document)) {
    throw new ProvisioningFileError('the file must be a mapping with apiVersion and datasources');
  }
  const root = expandDeep(document, (value) => expandValue(value, env, homepath)) as Record<string, unknown>;
  const apiVersion = root.apiVersion === undefined ? 1 : Number(root.apiVersion);
  if (apiVersion !== 0 && apiVersion !== 1) {
    throw new ProvisioningFileError(`unsupported apiVersion ${String(root.apiVersion)}`);
  }
  const deletes = list(root.deleteDatasources, 'deleteDatasources').map((entry, i) => {
    const name = text(entry.name);
    if (!name) throw new ProvisioningFileError(`deleteDatasources[${i}] has no name`);
    return { name, orgId: orgIdOf(entry.orgId, `deleteDatasources[${i}].orgId`) };
  });
  const datasources: ProvisionedDataSource[] = [];
  const invalid: InvalidEntry[] = [];
  list(root.datasources, 'datasources').forEach((entry, i) => {
    try {
      datasources.push(readDataSource(entry, i));
    } catch (error) {
      if (!(error instanceof ProvisioningFileError)) throw error;
      invalid.push({ name: text(entry.name), reason: error.message });
    }
  });
  return { deletes, datasources, invalid };
}

function readDataSource(entry: Record<string, unknown>, index: number): ProvisionedDataSource {
  const where = `datasources[${index}]`;
  const name = text(entry.name);
  const type = text(entry.type);
  if (!name) throw new ProvisioningFileError(`${where} has no name`);
  if (!type) throw new ProvisioningFileError(`${where} (${name}) has no type`);
  const access = text(entry.access) || 'proxy';
  if (access !== 'proxy' && access !== 'direct') {
    throw new ProvisioningFileError(`${where} (${name}): access must be proxy or direct, got "${access}"`);
  }
  const secureJsonData: Record<string, string> = {};
  if (entry.password !== undefined) secureJsonData.password = text(entry.password);
  if (entry.basicAuthPassword !== undefined) secureJsonData.basicAuthPassword = text(entry.basicAuthPassword);
  for (const [key, value] of Object.entries(object(entry.secureJsonData, `${where}.secureJsonData`))) {
    secureJsonData[key] = text(value);
  }
  return {
    orgId: orgIdOf(entry.orgId, `${where}.orgId`),
    editable: bool(entry.editable),
    input: {
      name,
      type,
      access,
      url: text(entry.url),
      uid: text(entry.uid),
      database: text(entry.database),
      user: text(entry.user),
      basicAuth: bool(entry.basicAuth),
      basicAuthUser: text(entry.basicAuthUser),
      withCredentials: bool(entry.withCredentials),
      isDefault: bool(entry.isDefault),
      jsonData: object(entry.jsonData, `${where}.jsonData`),
      secureJsonData,
      version: integer(entry.version, 0, `${where}.version`),
    },
  };
}

function list(value: unknown, where: string): Record<string, unknown>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ProvisioningFileError(`${where} must be a list`);
  return value.map((item, i) => object(item, `${where}[${i}]`));
}

function object(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ProvisioningFileError(`${where} must be a mapping`);
  }
  return value as Record<string, unknown>;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Booleans may come as strings after `$VAR` expansion, as in Grafana's BoolValue. */
function bool(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

function orgIdOf(value: unknown, where: string): number {
  const orgId = integer(value, 1, where);
  if (!isStorableId(orgId)) throw new ProvisioningFileError(`${where} is not an organization id`);
  return orgId;
}

function integer(value: unknown, fallback: number, where: string): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number)) throw new ProvisioningFileError(`${where} must be an integer`);
  return number;
}
