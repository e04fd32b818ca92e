import { LazyLruCache } from '../../lib/lazy-lru-cache.js';
import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { generateUid } from '../../lib/uid.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { can, type Evaluator } from '../../access/evaluator.js';
import type { ResourcePermissions } from '../rbac/resource-permissions.service.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import { validateInput, type DataSourceInput } from './datasource-input.js';
import {
  dataSourceNotFound,
  nameTaken,
  nameTakenOnUpdate,
  readOnlyDelete,
  readOnlyUpdate,
  staleVersion,
  uidTaken,
} from './datasources.errors.js';
import type { DataSourceRow, DataSourcesStore } from './datasources.store.js';
import { dropDataSourcePools, type DataSourceSettings, type EgressGuard } from './plugins/index.js';
import { isStorableId } from '../../lib/limits.js';

const SECRETS_SCOPE = 'datasources';

/** The actions reported in a data source's `accessControl` map. */
const ACCESS_CONTROL_ACTIONS = [
  'datasources:read',
  'datasources:query',
  'datasources:write',
  'datasources:delete',
  'datasources.id:read',
  'datasources.permissions:read',
  'datasources.permissions:write',
];

export const dataSourceScope = (uid: string) => `datasources:uid:${uid}`;

/** How a data source is addressed in a path. */
export type DataSourceRef = { uid: string } | { name: string } | { id: number };

/** Who writes: the API (read-only data sources are refused) or file provisioning. */
interface WriteOptions {
  provisioned?: { readOnly: boolean };
}

export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Names of the stored secrets: Grafana's `secureJsonFields` (values are never returned). */
export function secureFieldsOf(row: DataSourceRow): Record<string, boolean> {
  return Object.fromEntries(Object.keys(parseJsonObject(row.secure_json_data)).map((key) => [key, true]));
}

/**
 * Data source rules: unique names and uids per org, one default per org, optimistic locking by
 * version, read-only provisioned data sources, and secrets that are encrypted before they reach
 * the store and decrypted only when a back end must be called.
 */
export function createDataSourcesService(deps: {
  store: DataSourcesStore;
  secrets: SecretsService;
  authorizer: Authorizer;
  resourcePermissions: ResourcePermissions;
  clock: Clock;
  /** where svc may connect for a data source ([security] data_source_proxy_whitelist) */
  egress: EgressGuard;
  /** runs after every committed create, update or delete (e.g. to recount the stats gauge) */
  afterWrite?: () => void;
}) {
  const { store, secrets, authorizer, clock } = deps;
  const afterWrite = deps.afterWrite ?? (() => undefined);
  // Decrypted settings per row version, so queries and proxied calls do not decrypt every time.
  const settingsCache = new LazyLruCache<string, Promise<DataSourceSettings>>({ max: 1000 });

  async function find(orgId: number, ref: DataSourceRef): Promise<DataSourceRow> {
    const row =
      'uid' in ref
        ? await store.byUid(orgId, ref.uid)
        : 'name' in ref
          ? await store.byName(orgId, ref.name)
          : await store.byId(orgId, ref.id);
    if (!row) throw dataSourceNotFound();
    return row;
  }

  /** Ciphertexts after applying `changes` (plaintexts; '' removes) to the stored ones. */
  async function mergeSecrets(
    stored: Record<string, unknown>,
    changes: Record<string, string>,
  ): Promise<Record<string, string>> {
    const merged: Record<string, string> = {};
    for (const [key, value] of Object.entries(stored)) if (typeof value === 'string') merged[key] = value;
    const toEncrypt: Record<string, string> = {};
    for (const [key, value] of Object.entries(changes)) {
      delete merged[key];
      if (value !== '') toEncrypt[key] = value;
    }
    return { ...merged, ...(await secrets.encryptMap(SECRETS_SCOPE, toEncrypt)) };
  }

  function columns(input: DataSourceInput) {
    return {
      name: input.name,
      type: input.type,
      access: input.access,
      url: input.url,
      user: input.user,
      database: input.database,
      basic_auth: input.basicAuth ? 1 : 0,
      basic_auth_user: input.basicAuthUser,
      with_credentials: input.withCredentials ? 1 : 0,
      is_default: input.isDefault ? 1 : 0,
      json_data: JSON.stringify(input.jsonData),
    };
  }

  async function decryptSettings(row: DataSourceRow): Promise<DataSourceSettings> {
    const stored = parseJsonObject(row.secure_json_data) as Record<string, string>;
    return {
      uid: row.uid,
      type: row.type,
      name: row.name,
      url: row.url,
      access: row.access,
      database: row.database,
      user: row.user,
      basicAuth: row.basic_auth === 1,
      basicAuthUser: row.basic_auth_user,
      jsonData: parseJsonObject(row.json_data),
      secureJsonData: await secrets.decryptMap(stored),
      egress: deps.egress,
    };
  }

  const service = {
    find,

    async can(identity: Identity, evaluator: Evaluator): Promise<boolean> {
      return authorizer.can(identity, evaluator);
    },

    /** The org's data sources the caller may read, sorted by name as Grafana (case-insensitive). */
    async list(identity: Identity): Promise<DataSourceRow[]> {
      const rows = await store.list(identity.orgId);
      rows.sort((a, b) => {
        const x = a.name.toLowerCase();
        const y = b.name.toLowerCase();
        return x < y ? -1 : x > y ? 1 : a.id - b.id;
      });
      return authorizer.filter(
        identity,
        rows,
        (row) => can('datasources:read', dataSourceScope(row.uid)),
        can('datasources:read', 'datasources:*'),
      );
    },

    /** What the caller may do with one data source (Grafana's `accessControl` metadata). */
    async accessControl(identity: Identity, uid: string): Promise<Record<string, boolean>> {
      const granted = await Promise.all(
        ACCESS_CONTROL_ACTIONS.map((action) => authorizer.can(identity, can(action, dataSourceScope(uid)))),
      );
      return Object.fromEntries(
        ACCESS_CONTROL_ACTIONS.filter((_, i) => granted[i]).map((action) => [action, true]),
      );
    },

    async create(orgId: number, input: DataSourceInput, options: WriteOptions = {}): Promise<DataSourceRow> {
      validateInput(input);
      const secureJsonData = await mergeSecrets({}, input.secureJsonData);
      const now = clock.now();
      const id = await store
        .transaction(async (trx) => {
          if (await trx.nameTaken(orgId, input.name)) throw nameTaken();
          if (input.uid !== '' && (await trx.uidTaken(orgId, input.uid))) throw uidTaken();
          const newId = await trx.insert({
            ...columns(input),
            org_id: orgId,
            uid: input.uid || generateUid(),
            version: 1,
            secure_json_data: JSON.stringify(secureJsonData),
            read_only: options.provisioned?.readOnly ? 1 : 0,
            api_version: '',
            created: now,
            updated: now,
          });
          if (input.isDefault) await trx.clearDefault(orgId, newId);
          return newId;
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? nameTaken() : err;
        });
      afterWrite();
      return find(orgId, { id });
    },

    async update(
      orgId: number,
      ref: DataSourceRef,
      input: DataSourceInput,
      options: WriteOptions = {},
    ): Promise<DataSourceRow> {
      const existing = await find(orgId, ref);
      if (existing.read_only === 1 && !options.provisioned) throw readOnlyUpdate();
      validateInput(input);
      const secureJsonData = await mergeSecrets(
        parseJsonObject(existing.secure_json_data),
        input.secureJsonData,
      );
      // Grafana compat: an empty url, basicAuthUser or uid leaves the stored one unchanged
      // (xorm skips empty strings there).
      const uid = input.uid || existing.uid;
      const values = {
        ...columns(input),
        url: input.url || existing.url,
        basic_auth_user: input.basicAuthUser || existing.basic_auth_user,
        uid,
        version: Math.max(existing.version, input.version) + 1,
        secure_json_data: JSON.stringify(secureJsonData),
        updated: clock.now(),
        ...(options.provisioned ? { read_only: options.provisioned.readOnly ? 1 : 0 } : {}),
      };
      await store
        .transaction(async (trx) => {
          if (await trx.nameTaken(orgId, input.name, existing.id)) throw nameTakenOnUpdate();
          if (uid !== existing.uid && (await trx.uidTaken(orgId, uid, existing.id))) throw uidTaken();
          // Grafana compat: a version newer than the stored one is accepted (provisioning files
          // force updates that way); only an older one is a conflict.
          const maxStored = input.version !== 0 ? input.version : undefined;
          if (!(await trx.update(orgId, existing.id, values, maxStored))) {
            throw maxStored !== undefined ? staleVersion() : dataSourceNotFound();
          }
          if (input.isDefault) await trx.clearDefault(orgId, existing.id);
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? nameTakenOnUpdate() : err;
        });
      afterWrite();
      if (uid !== existing.uid) await dropDataSourcePools(existing.uid);
      return find(orgId, { id: existing.id });
    },

    async delete(orgId: number, ref: DataSourceRef, options: WriteOptions = {}): Promise<DataSourceRow> {
      const existing = await find(orgId, ref);
      if (existing.read_only === 1 && !options.provisioned) throw readOnlyDelete();
      await store.transaction(async (trx) => {
        if (!(await trx.delete(orgId, existing.id))) throw dataSourceNotFound();
        await deps.resourcePermissions.deleteResources(orgId, 'datasources', [existing.uid]);
      });
      afterWrite();
      await dropDataSourcePools(existing.uid);
      return existing;
    },

    /** The settings a back end call needs, secrets decrypted (cached per stored version). */
    settings(row: DataSourceRow): Promise<DataSourceSettings> {
      const key = `${row.id}:${row.version}:${row.updated}`;
      let settings = settingsCache.get(key);
      if (!settings) {
        settings = decryptSettings(row);
        settings.catch(() => settingsCache.delete(key));
        settingsCache.set(key, settings);
      }
      return settings;
    },

    /** Scope resolution: `datasources:name:<n>` / `datasources:id:<n>` -> the data source's uid scope. */
    async uidScopeOf(orgId: number, scope: string): Promise<string[]> {
      const [, kind, ...rest] = scope.split(':');
      const value = rest.join(':');
      let uid: string | undefined;
      if (kind === 'name') uid = await store.uidOfName(orgId, value);
      else if (kind === 'id' && /^\d{1,10}$/.test(value) && isStorableId(Number(value)))
        uid = await store.uidOfId(orgId, Number(value));
      return uid ? [dataSourceScope(uid)] : [];
    },
  };
  return service;
}

export type DataSourcesService = ReturnType<typeof createDataSourcesService>;
