import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { isOrgRole, roleIncludes, type OrgRole } from '../../access/org-role.js';
import {
  alreadyMember,
  cannotDeleteActiveOrg,
  deleteOrgNotFound,
  emptyName,
  invalidRole,
  lastAdminDemoted,
  lastAdminRemoved,
  memberNotFound,
  memberUserNotFound,
  orgNameTaken,
  orgNotFound,
  roleTooHigh,
} from './orgs.errors.js';
import type { MemberRow, OrgAddress, OrgRow, OrgsStore } from './orgs.store.js';
import { onUniqueViolation } from '../../store/unique-violation.js';
import type { UnitOfWork } from '../../store/transaction.js';

/** Organizations and their members; the org of "current org" calls always comes from the identity. */
export function createOrgsService(deps: {
  orgs: OrgsStore;
  clock: Clock;
  unitOfWork: UnitOfWork;
  /** runs inside the unit of work that deleted the org (other features delete what hangs on it) */
  onDeleted: (orgId: number) => Promise<void>;
  /** runs inside the unit of work that removed the membership */
  onMemberRemoved: (orgId: number, userId: number) => Promise<void>;
}) {
  const { orgs, clock, unitOfWork } = deps;

  async function get(id: number): Promise<OrgRow> {
    const org = await orgs.getById(id);
    if (!org) throw orgNotFound();
    return org;
  }

  function checkRole(identity: Identity, role: string): OrgRole {
    if (!isOrgRole(role)) throw invalidRole();
    if (!identity.isServerAdmin && !roleIncludes(identity.orgRole, role)) throw roleTooHigh();
    return role;
  }

  function checkName(name: string): string {
    const trimmed = name.trim();
    if (!trimmed) throw emptyName();
    return trimmed;
  }

  return {
    get,

    async getByName(name: string): Promise<OrgRow> {
      const org = await orgs.getByName(name);
      if (!org) throw orgNotFound();
      return org;
    },

    list(options: { query: string; name: string; perPage: number; page: number }) {
      return orgs.list({
        query: options.query,
        name: options.name,
        limit: options.perPage,
        offset: (options.page - 1) * options.perPage,
      });
    },

    async create(identity: Identity, name: string): Promise<number> {
      const trimmed = checkName(name);
      if (await orgs.nameTaken(trimmed)) throw orgNameTaken();
      return orgs
        .create(trimmed, identity.kind === 'user' ? identity.userId : null, clock.now())
        .catch(onUniqueViolation(orgNameTaken));
    },

    async rename(id: number, name: string): Promise<void> {
      const trimmed = checkName(name);
      await get(id);
      if (await orgs.nameTaken(trimmed, id)) throw orgNameTaken();
      await orgs.rename(id, trimmed, clock.now()).catch(onUniqueViolation(orgNameTaken));
    },

    async setAddress(id: number, address: OrgAddress): Promise<void> {
      await get(id);
      await orgs.setAddress(id, address, clock.now());
    },

    async delete(identity: Identity, id: number): Promise<void> {
      if (id === identity.orgId) throw cannotDeleteActiveOrg();
      await unitOfWork(async () => {
        if (!(await orgs.delete(id))) throw deleteOrgNotFound();
        await deps.onDeleted(id);
      });
    },

    async members(orgId: number, options: { query: string; perPage: number; page: number }) {
      const [rows, total] = await Promise.all([
        orgs.listMembers(orgId, {
          query: options.query,
          limit: options.perPage,
          offset: (options.page - 1) * options.perPage,
        }),
        orgs.countMembers(orgId, options.query),
      ]);
      return { rows, total };
    },

    listMembers(orgId: number, query: string, limit: number): Promise<MemberRow[]> {
      return orgs.listMembers(orgId, { query, limit, offset: 0 });
    },

    /**
     * Adds the user `findUser` names (the users feature looks up a login or email) with `role`;
     * checks the role, then the org, then the user, then that it is not a member yet.
     */
    async addMember(
      identity: Identity,
      orgId: number,
      role: string,
      findUser: () => Promise<number | undefined>,
    ): Promise<number> {
      const checked = checkRole(identity, role);
      await get(orgId);
      const userId = await findUser();
      if (userId === undefined) throw memberUserNotFound();
      if (await orgs.roleOf(orgId, userId)) {
        throw alreadyMember(undefined, { userId });
      }
      await orgs.addMember(orgId, userId, checked, clock.now());
      return userId;
    },

    async setRole(identity: Identity, orgId: number, userId: number, role: string): Promise<void> {
      const checked = checkRole(identity, role);
      const current = await orgs.roleOf(orgId, userId);
      if (!current) throw memberNotFound();
      if (current === 'Admin' && checked !== 'Admin' && (await orgs.countAdmins(orgId)) <= 1)
        throw lastAdminDemoted();
      await orgs.setRole(orgId, userId, checked, clock.now());
    },

    async removeMember(orgId: number, userId: number): Promise<void> {
      await unitOfWork(async () => {
        const current = await orgs.roleOf(orgId, userId);
        if (!current) throw memberNotFound();
        if (current === 'Admin' && (await orgs.countAdmins(orgId)) <= 1) throw lastAdminRemoved();
        if (!(await orgs.removeMember(orgId, userId))) throw memberNotFound();
        await deps.onMemberRemoved(orgId, userId);
      });
    },
  };
}

export type OrgsService = ReturnType<typeof createOrgsService>;
