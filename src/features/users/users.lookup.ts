import type { UserInOrg, UsersStore } from './users.store.js';

export type { UserInOrg } from './users.store.js';

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
  /** a user's or service account's id from a numeric id or a uid */
  resolveUserId(idOrUid: string): Promise<number | undefined>;
  touchLastSeen(id: number, now: number): Promise<void>;
  /** stores a new hash of the user's password (logins upgrade old hashes) */
  replacePasswordHash(id: number, hash: string): Promise<void>;
  /** `listener` runs after a user was disabled, before the request answers */
  onUserDisabled(listener: (userId: number) => Promise<void>): void;
}

export function createUsersLookup(
  store: UsersStore,
  disabledListeners: ((userId: number) => Promise<void>)[],
): UsersLookup {
  return {
    findByLoginOrEmail: (loginOrEmail, orgId) => store.findByLoginOrEmail(loginOrEmail, orgId),
    findById: (id, orgId) => store.findById(id, orgId),
    async userExists(id) {
      const user = await store.getById(id);
      return user !== undefined && !user.is_service_account;
    },
    resolveUserId: (idOrUid) => store.resolveId(idOrUid),
    touchLastSeen: (id, now) => store.touchLastSeen(id, now),
    async replacePasswordHash(id, hash) {
      await store.update(id, { password: hash, salt: '' });
    },
    onUserDisabled: (listener) => void disabledListeners.push(listener),
  };
}
