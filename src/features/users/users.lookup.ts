import { generateUid } from '../../lib/uid.js';
import type { UnitOfWork } from '../../store/transaction.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { UserAuthStore } from './user-auth.store.js';
import type { UserInOrg, UserRow, UsersStore } from './users.store.js';

export type { UserInOrg, UserRow } from './users.store.js';

/** What an external sign-in stores about a user (login and email lower-cased by the lookup). */
export interface ExternalUserValues {
  login: string;
  email: string;
  name: string;
  isAdmin?: boolean;
  /** undefined: the disabled flag is left alone; false: a disabled user is enabled again (LDAP) */
  isDisabled?: boolean;
}

/** The provider's tokens of a sign-in, already encrypted ('' when absent). */
export interface ExternalTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  tokenType: string;
  /** epoch ms, 0 when unknown */
  expiry: number;
}

/** A new service account: a user row of its own kind, member of one org. */
export interface NewServiceAccountUser {
  uid: string;
  orgId: number;
  name: string;
  /** also its email */
  login: string;
  role: string;
  isDisabled: boolean;
  now: number;
}

/** Who a user or service account is, for lists naming their principals. */
export interface AccountSummary {
  id: number;
  uid: string;
  login: string;
  email: string;
  isServiceAccount: boolean;
}

/**
 * The users feature's face to its siblings: users and service accounts (table users) are read
 * and written only through these functions.
 */
export interface UsersLookup {
  /** a user (not a service account) by login or email, with its role in `orgId` (null: its active org) */
  findByLoginOrEmail(loginOrEmail: string, orgId: number | null): Promise<UserInOrg | undefined>;
  /** a user or service account with its role in `orgId` (null: its active org) */
  findById(id: number, orgId: number | null): Promise<UserInOrg | undefined>;
  /** whether a user (not a service account) has this id */
  userExists(id: number): Promise<boolean>;
  /** whether a user or a service account has this id */
  accountExists(id: number): Promise<boolean>;
  /** id -> the users and service accounts among `ids` (batched: one query per 500 ids) */
  accountsByIds(ids: number[]): Promise<Map<number, AccountSummary>>;
  /** a user's or service account's id from a numeric id or a uid */
  resolveUserId(idOrUid: string): Promise<number | undefined>;
  touchLastSeen(id: number, now: number): Promise<void>;
  /** stores a new hash of the user's password (logins upgrade old hashes) */
  replacePasswordHash(id: number, hash: string): Promise<void>;
  /** `listener` runs after a user was disabled, before the request answers */
  onUserDisabled(listener: (userId: number) => Promise<void>): void;
  /**
   * `listener` runs inside the unit of work that deletes a user or a service account, after its
   * row went (with what the database cascades: memberships, team memberships, sessions, tokens)
   */
  onUserDeleted(listener: (userId: number) => Promise<void>): void;
  /** the user an external identity (auth module + the provider's subject) is linked to */
  findByExternalId(authModule: string, authId: string): Promise<UserRow | undefined>;
  /** a user (not a service account) by exact login or email */
  findByLogin(login: string): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  /** whether the user is linked to an identity of `authModule` */
  isLinkedTo(userId: number, authModule: string): Promise<boolean>;
  /** each of `userIds` linked to an external identity -> the auth module it linked last */
  latestAuthModulesOf(userIds: number[]): Promise<Map<number, string>>;
  /** the ids of the users linked to an identity of `authModule`, ascending */
  usersLinkedTo(authModule: string): Promise<number[]>;
  /**
   * disables the user because its provider no longer knows it (LDAP); onUserDisabled listeners
   * run (its sessions end); false when it was disabled already
   */
  disableExternalUser(id: number, now: number): Promise<boolean>;
  /** a new external user (no password) whose active org is `orgId`; answers its id */
  createExternalUser(values: ExternalUserValues, orgId: number, now: number): Promise<number>;
  /** the provider's view of the user wins at each sign-in; marks a linked local user external */
  updateExternalUser(id: number, values: ExternalUserValues, now: number): Promise<void>;
  /** a new service account's user row and its membership of its org with `role`; answers its id */
  createServiceAccountUser(account: NewServiceAccountUser): Promise<number>;
  /** renames (login and email follow) or disables/enables a service account of the org */
  updateServiceAccountUser(
    orgId: number,
    id: number,
    changes: { name?: string; login?: string; isDisabled?: boolean; now: number },
  ): Promise<void>;
  /**
   * deletes a service account of the org (its membership, team memberships and tokens cascade;
   * onUserDeleted listeners run in the same unit of work); false when there is none
   */
  deleteServiceAccountUser(orgId: number, id: number): Promise<boolean>;
  /** the user's most recent OAuth identity (module `oauth_*`) with its encrypted tokens */
  latestOAuthIdentity(
    userId: number,
  ): Promise<{ authModule: string; authId: string; tokens: ExternalTokens } | undefined>;
  /** links the user to the external identity, keeping the sign-in's tokens */
  linkExternalId(
    userId: number,
    authModule: string,
    authId: string,
    tokens: ExternalTokens,
    now: number,
  ): Promise<void>;
}

/** The listeners a lookup's `on<Event>` functions add to. */
export interface UsersListeners {
  disabled: ((userId: number) => Promise<void>)[];
  deleted: ((userId: number) => Promise<void>)[];
}

export function createUsersLookup(deps: {
  store: UsersStore;
  userAuth: UserAuthStore;
  orgs: Pick<OrgsLookup, 'addMember'>;
  listeners: UsersListeners;
  unitOfWork: UnitOfWork;
}): UsersLookup {
  const { store, userAuth, orgs, listeners, unitOfWork } = deps;
  return {
    findByLoginOrEmail: (loginOrEmail, orgId) => store.findByLoginOrEmail(loginOrEmail, orgId),
    findById: (id, orgId) => store.findById(id, orgId),
    async userExists(id) {
      const user = await store.getById(id);
      return user !== undefined && !user.is_service_account;
    },
    accountExists: async (id) => (await store.getById(id)) !== undefined,
    async accountsByIds(ids) {
      const rows = await store.summariesByIds([...new Set(ids)]);
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            uid: r.uid,
            login: r.login,
            email: r.email,
            isServiceAccount: r.is_service_account === 1,
          },
        ]),
      );
    },
    resolveUserId: (idOrUid) => store.resolveId(idOrUid),
    touchLastSeen: (id, now) => store.touchLastSeen(id, now),
    async replacePasswordHash(id, hash) {
      await store.update(id, { password: hash, salt: '' });
    },
    onUserDisabled: (listener) => void listeners.disabled.push(listener),
    onUserDeleted: (listener) => void listeners.deleted.push(listener),
    async findByExternalId(authModule, authId) {
      const link = await userAuth.findByAuthId(authModule, authId);
      return link && store.getById(link.user_id);
    },
    isLinkedTo: (userId, authModule) => userAuth.isLinked(userId, authModule),
    usersLinkedTo: (authModule) => userAuth.userIdsOf(authModule),
    async latestAuthModulesOf(userIds) {
      const modules = await userAuth.modulesOf([...new Set(userIds)]);
      return new Map([...modules].map(([id, names]) => [id, names[names.length - 1]!]));
    },
    async disableExternalUser(id, now) {
      const user = await store.getById(id);
      if (!user || user.is_disabled) return false;
      await store.update(id, { is_disabled: 1, updated: now });
      for (const listener of listeners.disabled) await listener(id);
      return true;
    },
    findByLogin: (login) => store.getByColumn('login', login),
    findByEmail: (email) => store.getByColumn('email', email),
    createExternalUser(values, orgId, now) {
      return store.insert({
        uid: generateUid(),
        version: 0,
        login: values.login.toLowerCase(),
        email: values.email.toLowerCase(),
        name: values.name,
        // Grafana compat: an external user has no password; the login form cannot sign it in.
        password: '',
        salt: '',
        theme: '',
        org_id: orgId,
        is_admin: values.isAdmin ? 1 : 0,
        is_disabled: 0,
        is_service_account: 0,
        is_external: 1,
        created: now,
        updated: now,
        last_seen_at: 0,
      });
    },
    async updateExternalUser(id, values, now) {
      await store.update(id, {
        login: values.login.toLowerCase(),
        email: values.email.toLowerCase(),
        name: values.name,
        ...(values.isAdmin === undefined ? {} : { is_admin: values.isAdmin ? 1 : 0 }),
        ...(values.isDisabled === undefined ? {} : { is_disabled: values.isDisabled ? 1 : 0 }),
        is_external: 1,
        updated: now,
      });
    },
    createServiceAccountUser: (account) =>
      unitOfWork(async () => {
        const id = await store.insert({
          uid: account.uid,
          version: 0,
          login: account.login,
          email: account.login,
          name: account.name,
          password: '',
          salt: '',
          theme: '',
          org_id: account.orgId,
          is_admin: 0,
          is_disabled: account.isDisabled ? 1 : 0,
          is_service_account: 1,
          is_external: 0,
          created: account.now,
          updated: account.now,
          last_seen_at: 0,
        });
        await orgs.addMember(account.orgId, id, account.role, account.now);
        return id;
      }),
    async updateServiceAccountUser(orgId, id, changes) {
      await store.updateServiceAccount(orgId, id, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.login !== undefined ? { login: changes.login, email: changes.login } : {}),
        ...(changes.isDisabled !== undefined ? { is_disabled: changes.isDisabled ? 1 : 0 } : {}),
        updated: changes.now,
      });
    },
    deleteServiceAccountUser: (orgId, id) =>
      unitOfWork(async () => {
        if (!(await store.deleteServiceAccount(orgId, id))) return false;
        for (const listener of listeners.deleted) await listener(id);
        return true;
      }),
    async latestOAuthIdentity(userId) {
      const row = await userAuth.latestOAuthOf(userId);
      if (!row) return undefined;
      return {
        authModule: row.auth_module,
        authId: row.auth_id,
        tokens: {
          accessToken: row.o_auth_access_token,
          refreshToken: row.o_auth_refresh_token,
          idToken: row.o_auth_id_token,
          tokenType: row.o_auth_token_type,
          expiry: row.o_auth_expiry,
        },
      };
    },
    linkExternalId: (userId, authModule, authId, tokens, now) =>
      userAuth.save(
        {
          user_id: userId,
          auth_module: authModule,
          auth_id: authId,
          o_auth_access_token: tokens.accessToken,
          o_auth_refresh_token: tokens.refreshToken,
          o_auth_id_token: tokens.idToken,
          o_auth_token_type: tokens.tokenType,
          o_auth_expiry: tokens.expiry,
          updated: now,
        },
        now,
      ),
  };
}
