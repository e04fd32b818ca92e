import type { Config } from '../../config/config.js';
import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { generateUid } from '../../lib/uid.js';
import { roleIncludes, type OrgRole } from '../../access/org-role.js';
import { can } from '../../access/evaluator.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import type { ApiKeyRow, ApiKeysStore } from './api-keys.store.js';
import {
  duplicateToken,
  invalidRole,
  invalidSecondsToLive,
  roleHigherThanCaller,
  secondsToLiveRequired,
  secondsToLiveTooLong,
  serviceAccountAlreadyExists,
  serviceAccountNameRequired,
  serviceAccountNotFound,
  tokenNotFound,
} from './serviceaccounts.errors.js';
import type {
  CreateServiceAccountBody,
  CreateTokenBody,
  SearchQuery,
  UpdateServiceAccountBody,
} from './serviceaccounts.schema.js';
import type { ServiceAccountRow, ServiceAccountsStore } from './serviceaccounts.store.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { serviceAccountLogin } from './service-account-login.js';
import { generateServiceAccountToken, hashToken } from './token-format.js';

/** The actions reported in a service account's `accessControl` map. */
const ACCESS_CONTROL_ACTIONS = [
  'serviceaccounts:read',
  'serviceaccounts:write',
  'serviceaccounts:delete',
  'serviceaccounts.permissions:read',
  'serviceaccounts.permissions:write',
];

export const serviceAccountScope = (id: number | string) => `serviceaccounts:id:${id}`;

export interface ServiceAccount extends ServiceAccountRow {
  tokens: number;
}

/** Service accounts and their tokens: the rules behind serviceaccounts.routes.ts. */
export function createServiceAccountsService(deps: {
  store: ServiceAccountsStore;
  apiKeys: ApiKeysStore;
  orgs: Pick<OrgsLookup, 'setMemberRole'>;
  users: Pick<
    UsersLookup,
    'createServiceAccountUser' | 'updateServiceAccountUser' | 'deleteServiceAccountUser'
  >;
  authorizer: Authorizer;
  config: Config;
  clock: Clock;
}) {
  const { store, apiKeys, orgs, users, authorizer, config, clock } = deps;

  async function existing(identity: Identity, id: number): Promise<ServiceAccountRow> {
    const account = await store.find(identity.orgId, id);
    if (!account) throw serviceAccountNotFound();
    return account;
  }

  async function withTokenCount(orgId: number, rows: ServiceAccountRow[]): Promise<ServiceAccount[]> {
    const counts = await apiKeys.countByServiceAccount(
      orgId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ ...row, tokens: counts.get(row.id) ?? 0 }));
  }

  /** Validates a requested role: a known one, and not above the caller's own. */
  function assignableRole(identity: Identity, requested: string): OrgRole {
    const role = normalizeRole(requested);
    if (role === undefined) throw invalidRole();
    // Grafana compat: checked against the caller's org role even for server admins.
    if (!roleIncludes(identity.orgRole, role)) throw roleHigherThanCaller();
    return role;
  }

  /** Runs a write that may lose a race on a unique index, reporting the loss as `conflict`. */
  async function unique<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  }

  return {
    async create(identity: Identity, body: CreateServiceAccountBody): Promise<ServiceAccount> {
      if (!body.name.trim()) throw serviceAccountNameRequired();
      const role =
        body.role === undefined || body.role === '' ? 'Viewer' : assignableRole(identity, body.role);
      const orgId = identity.orgId;
      const login = serviceAccountLogin(orgId, body.name);
      const id = await unique(
        () =>
          store.transaction(async (trx) => {
            if (await trx.taken(orgId, body.name, login)) throw serviceAccountAlreadyExists();
            return users.createServiceAccountUser({
              uid: generateUid(),
              orgId,
              name: body.name,
              login,
              role,
              isDisabled: body.isDisabled ?? false,
              now: clock.now(),
            });
          }),
        serviceAccountAlreadyExists,
      );
      return { ...(await existing(identity, id)), tokens: 0 };
    },

    async search(identity: Identity, query: SearchQuery) {
      const perPage = query.perpage && query.perpage > 0 ? Math.min(query.perpage, 5000) : 1000;
      const page = query.page && query.page > 0 ? query.page : 1;
      const filter = { query: query.query?.trim() ?? '', onlyDisabled: query.disabled === true };
      const orgId = identity.orgId;
      if (await authorizer.can(identity, can('serviceaccounts:read', 'serviceaccounts:*'))) {
        const found = await store.search(orgId, { ...filter, limit: perPage, offset: (page - 1) * perPage });
        return {
          totalCount: found.total,
          serviceAccounts: await withTokenCount(orgId, found.rows),
          page,
          perPage,
        };
      }
      // Read access to some accounts only: filter every match, then page.
      const all = await store.search(orgId, filter);
      const readable = await authorizer.filter(identity, all.rows, (row) =>
        can('serviceaccounts:read', serviceAccountScope(row.id)),
      );
      const rows = readable.slice((page - 1) * perPage, page * perPage);
      return {
        totalCount: readable.length,
        serviceAccounts: await withTokenCount(orgId, rows),
        page,
        perPage,
      };
    },

    /** One account with its token count and what the caller may do with it. */
    async get(identity: Identity, id: number) {
      const account = await existing(identity, id);
      const [withCount] = await withTokenCount(identity.orgId, [account]);
      const accessControl: Record<string, boolean> = {};
      for (const action of ACCESS_CONTROL_ACTIONS) {
        if (await authorizer.can(identity, can(action, serviceAccountScope(id))))
          accessControl[action] = true;
      }
      return { ...withCount!, accessControl };
    },

    async update(identity: Identity, id: number, body: UpdateServiceAccountBody): Promise<ServiceAccount> {
      if (body.name !== undefined && !body.name.trim()) throw serviceAccountNameRequired();
      const role = body.role === undefined ? undefined : assignableRole(identity, body.role);
      const orgId = identity.orgId;
      await unique(
        () =>
          store.transaction(async (trx) => {
            const account = await trx.find(orgId, id);
            if (!account) throw serviceAccountNotFound();
            const login =
              body.name === undefined || body.name === account.name
                ? undefined
                : serviceAccountLogin(orgId, body.name);
            if (
              body.name !== undefined &&
              login !== undefined &&
              (await trx.taken(orgId, body.name, login, id))
            ) {
              throw serviceAccountAlreadyExists();
            }
            const now = clock.now();
            await users.updateServiceAccountUser(orgId, id, {
              name: body.name,
              login,
              isDisabled: body.isDisabled,
              now,
            });
            if (role !== undefined) await orgs.setMemberRole(orgId, id, role, now);
          }),
        serviceAccountAlreadyExists,
      );
      const [updated] = await withTokenCount(orgId, [await existing(identity, id)]);
      return updated!;
    },

    async delete(identity: Identity, id: number): Promise<void> {
      const deleted = await store.transaction(async (trx) => {
        await trx.deleteTokens(identity.orgId, id);
        return users.deleteServiceAccountUser(identity.orgId, id);
      });
      if (!deleted) throw serviceAccountNotFound();
    },

    async listTokens(identity: Identity, id: number): Promise<ApiKeyRow[]> {
      await existing(identity, id);
      return apiKeys.listForServiceAccount(identity.orgId, id);
    },

    /** Creates a token; the key is in the result only, the database keeps its SHA-256. */
    async createToken(
      identity: Identity,
      id: number,
      body: CreateTokenBody,
    ): Promise<{ id: number; name: string; key: string }> {
      await existing(identity, id);
      const secondsToLive = body.secondsToLive ?? 0;
      const limit = config.auth.apiKeyMaxSecondsToLive;
      if (limit !== -1) {
        if (secondsToLive === 0) throw secondsToLiveRequired();
        if (secondsToLive > limit) throw secondsToLiveTooLong();
      }
      if (secondsToLive < 0) throw invalidSecondsToLive();
      const orgId = identity.orgId;
      if (await apiKeys.nameTaken(orgId, body.name)) throw duplicateToken();
      const key = generateServiceAccountToken();
      const now = clock.now();
      const tokenId = await unique(
        () =>
          apiKeys.insert({
            org_id: orgId,
            name: body.name,
            key_hash: hashToken(key),
            role: '',
            service_account_id: id,
            expires: secondsToLive > 0 ? now + secondsToLive * 1000 : null,
            last_used_at: null,
            is_revoked: 0,
            created: now,
            updated: now,
          }),
        duplicateToken,
      );
      return { id: tokenId, name: body.name, key };
    },

    async deleteToken(identity: Identity, id: number, tokenId: number): Promise<void> {
      await existing(identity, id);
      if (!(await apiKeys.deleteForServiceAccount(identity.orgId, id, tokenId))) throw tokenNotFound();
    },
  };
}

export type ServiceAccountsService = ReturnType<typeof createServiceAccountsService>;

/** Grafana accepts role names in any case ("viewer"). */
function normalizeRole(value: string): OrgRole | undefined {
  const lower = value.trim().toLowerCase();
  return (['Viewer', 'Editor', 'Admin', 'None'] as const).find((role) => role.toLowerCase() === lower);
}
