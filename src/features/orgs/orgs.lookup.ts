import type { Identity } from '../../access/identity.js';
import { isOrgRole, type OrgRole } from '../../access/org-role.js';
import type { OrgsService } from './orgs.service.js';
import type { OrgsStore } from './orgs.store.js';

/**
 * The orgs feature's face to its siblings: organizations and memberships (tables org, org_user)
 * are read and written only through these functions.
 */
export interface OrgsLookup {
  orgExists(orgId: number): Promise<boolean>;
  /** the org's name; undefined: no such org */
  orgName(orgId: number): Promise<string | undefined>;
  /** the user's basic role in the org; undefined when not a member */
  roleInOrg(orgId: number, userId: number): Promise<OrgRole | undefined>;
  isOrgMember(orgId: number, userId: number): Promise<boolean>;
  /** the organizations a user belongs to, by name */
  orgsOf(userId: number): Promise<{ orgId: number; name: string; role: string }[]>;
  /** the first organization a user belongs to (a fallback active org) */
  firstOrgOf(userId: number): Promise<number | undefined>;
  /** userId -> the first organization each user belongs to (users without any are left out) */
  firstOrgsOf(userIds: number[]): Promise<Map<number, number>>;
  /** a new organization without members (a new user's own org) */
  createOrg(name: string, now: number): Promise<number>;
  addMember(orgId: number, userId: number, role: string, now: number): Promise<void>;
  /** changes a member's role (an external sign-in syncing the provider's role) */
  setMemberRole(orgId: number, userId: number, role: string, now: number): Promise<void>;
  /**
   * removes a membership the provider no longer maps (LDAP org sync) inside the caller's unit of
   * work, with the onOrgMemberRemoved listeners; false when it is not a member or is the org's last
   * Admin (kept, as Grafana keeps it)
   */
  removeSyncedMember(orgId: number, userId: number): Promise<boolean>;
  /**
   * POST /api/org/users: adds the user `findUser` names with `role`, after the org's checks (role,
   * org, user found, not yet a member); answers the user's id.
   */
  addMemberFoundBy(
    identity: Identity,
    orgId: number,
    role: string,
    findUser: () => Promise<number | undefined>,
  ): Promise<number>;
  /**
   * `listener` runs inside the unit of work that deletes an org, after its row went (with what
   * the database cascades: memberships, teams, tokens): to delete what else hangs on it.
   */
  onOrgDeleted(listener: (orgId: number) => Promise<void>): void;
  /** `listener` runs inside the unit of work that removes a user from an org, after its org_user row went */
  onOrgMemberRemoved(listener: (orgId: number, userId: number) => Promise<void>): void;
}

/** The listeners a lookup's `on<Event>` functions add to. */
export interface OrgsListeners {
  deleted: ((orgId: number) => Promise<void>)[];
  memberRemoved: ((orgId: number, userId: number) => Promise<void>)[];
}

export function createOrgsLookup(
  store: OrgsStore,
  service: OrgsService,
  listeners: OrgsListeners,
): OrgsLookup {
  return {
    orgExists: async (orgId) => (await store.getById(orgId)) !== undefined,
    orgName: async (orgId) => (await store.getById(orgId))?.name,
    async roleInOrg(orgId, userId) {
      const role = await store.roleOf(orgId, userId);
      return isOrgRole(role) ? role : undefined;
    },
    isOrgMember: (orgId, userId) => store.isMember(orgId, userId),
    orgsOf: (userId) => store.orgsOfUser(userId),
    firstOrgOf: (userId) => store.firstOrgOf(userId),
    firstOrgsOf: (userIds) => store.firstOrgsOf(userIds),
    createOrg: (name, now) => store.create(name, null, now),
    addMember: (orgId, userId, role, now) => store.addMember(orgId, userId, role, now),
    async setMemberRole(orgId, userId, role, now) {
      await store.setRole(orgId, userId, role, now);
    },
    async removeSyncedMember(orgId, userId) {
      const current = await store.roleOf(orgId, userId);
      if (!current) return false;
      if (current === 'Admin' && (await store.countAdmins(orgId)) <= 1) return false;
      if (!(await store.removeMember(orgId, userId))) return false;
      for (const listener of listeners.memberRemoved) await listener(orgId, userId);
      return true;
    },
    addMemberFoundBy: (identity, orgId, role, findUser) => service.addMember(identity, orgId, role, findUser),
    onOrgDeleted: (listener) => void listeners.deleted.push(listener),
    onOrgMemberRemoved: (listener) => void listeners.memberRemoved.push(listener),
  };
}
