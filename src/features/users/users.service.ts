import { authModuleLabel } from './auth-labels.js';
import type { Config } from '../../config/config.js';
import { checkMaxLength } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isStorableId, LIMITS } from '../../lib/limits.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { generateUid } from '../../lib/uid.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { UnitOfWork } from '../../store/transaction.js';
import { checkPassword } from './password-policy.js';
import {
  cannotDeleteSelf,
  cannotDisableSelf,
  createOrgNotFound,
  externalUserPassword,
  externalUserUpdate,
  invalidOldPassword,
  invalidTheme,
  lastServerAdmin,
  loginConflict,
  needLoginOrEmail,
  notValidOrganization,
  userExists,
  userNotFound,
} from './users.errors.js';
import type { UserAuthStore } from './user-auth.store.js';
import type { UserRow, UsersStore } from './users.store.js';

interface ProfileUpdate {
  email?: string;
  name?: string;
  login?: string;
  theme?: string;
}

interface NewUser {
  name?: string;
  email?: string;
  login?: string;
  password: string;
  orgId?: number;
}

const THEMES = ['', 'light', 'dark', 'system'];

/** Lower-casing can lengthen a login or email beyond its column (`İ` becomes two characters). */
function checkStored(login: string, email: string): void {
  checkMaxLength('login', login, LIMITS.user.login);
  checkMaxLength('email', email, LIMITS.user.email);
}

/** Users: profiles, passwords, org switching, and the server-admin operations on them. */
export function createUsersService(deps: {
  users: UsersStore;
  userAuth: UserAuthStore;
  orgs: OrgsLookup;
  /** told after a user was disabled (the auth feature ends its sessions) */
  onDisabled: (userId: number) => Promise<void>;
  /** runs inside the unit of work that deleted a user (other features delete what hangs on it) */
  onDeleted: (userId: number) => Promise<void>;
  config: Config;
  clock: Clock;
  unitOfWork: UnitOfWork;
}) {
  const { users, orgs, config, clock, unitOfWork } = deps;

  async function get(id: number): Promise<UserRow> {
    const user = await users.getById(id);
    if (!user || user.is_service_account) throw userNotFound();
    return user;
  }

  return {
    get,

    /** The providers external users sign in with, as user views show them (`authLabels`). */
    async authLabelsOf(list: UserRow[]): Promise<Map<number, string[]>> {
      const modules = await deps.userAuth.modulesOf(list.filter((u) => u.is_external).map((u) => u.id));
      return new Map([...modules].map(([id, names]) => [id, names.map(authModuleLabel)]));
    },

    /** By numeric id or, as Grafana 11+ allows, by uid. */
    async getByIdOrUid(idOrUid: string): Promise<UserRow> {
      // An id beyond the column cannot exist (and PostgreSQL would refuse to compare it).
      const user = /^\d+$/.test(idOrUid)
        ? isStorableId(Number(idOrUid))
          ? await users.getById(Number(idOrUid))
          : undefined
        : await users.getByUid(idOrUid);
      if (!user || user.is_service_account) throw userNotFound();
      return user;
    },

    async lookup(loginOrEmail: string): Promise<UserRow> {
      const user = await users.findByLoginOrEmail(loginOrEmail, null);
      if (!user) throw userNotFound();
      return user;
    },

    async updateProfile(id: number, update: ProfileUpdate): Promise<void> {
      const user = await get(id);
      if (user.is_external) throw externalUserUpdate();
      let email = (update.email ?? user.email).trim().toLowerCase();
      let login = (update.login ?? user.login).trim().toLowerCase();
      if (!login && !email) throw needLoginOrEmail();
      // Grafana compat: an empty login becomes the email, and the other way round.
      login ||= email;
      email ||= login;
      checkStored(login, email);
      const theme = update.theme ?? user.theme;
      if (!THEMES.includes(theme)) throw invalidTheme();
      if (
        (login !== user.login || email !== user.email) &&
        (await users.loginOrEmailTaken(login, email, id))
      ) {
        throw loginConflict();
      }
      await users
        .update(id, {
          email,
          login,
          name: update.name ?? user.name,
          theme,
          updated: clock.now(),
          version: user.version + 1,
        })
        .catch((err: unknown) => {
          // a concurrent update or create took the login or email since the check above
          throw isUniqueViolation(err) ? loginConflict() : err;
        });
    },

    async changeOwnPassword(id: number, oldPassword: string, newPassword: string): Promise<void> {
      const user = await get(id);
      if (user.is_external) throw externalUserPassword();
      if (!(await verifyPassword(user.password, user.salt, oldPassword)).ok) throw invalidOldPassword();
      checkPassword(newPassword, config.auth.passwordPolicy);
      await users.update(id, { password: await hashPassword(newPassword), salt: '', updated: clock.now() });
    },

    async setPassword(id: number, password: string): Promise<void> {
      // Grafana compat: an external user's password is its provider's (LDAP, OAuth), not svc's.
      if ((await get(id)).is_external) throw externalUserPassword();
      checkPassword(password, config.auth.passwordPolicy);
      await users.update(id, { password: await hashPassword(password), salt: '', updated: clock.now() });
    },

    orgsOf(id: number) {
      return orgs.orgsOf(id);
    },

    async switchOrg(userId: number, orgId: number): Promise<void> {
      if (!(await orgs.isOrgMember(orgId, userId))) throw notValidOrganization();
      await users.update(userId, { org_id: orgId });
    },

    search(query: string, perPage: number, page: number) {
      return users.search({ query, limit: perPage, offset: (page - 1) * perPage });
    },

    /** Server admins create users; they join `orgId`, or the auto-assign org, or an org of their own. */
    async create(input: NewUser): Promise<UserRow> {
      let email = (input.email ?? '').trim().toLowerCase();
      let login = (input.login ?? '').trim().toLowerCase();
      if (!login && !email) throw needLoginOrEmail();
      login ||= email;
      email ||= login;
      checkStored(login, email);
      checkPassword(input.password, config.auth.passwordPolicy);
      const password = await hashPassword(input.password);
      // One unit: the user, its own org and its membership land together or not at all; a
      // concurrent create of the same login or email loses on the unique index.
      return unitOfWork(async () => {
        if (await users.loginOrEmailTaken(login, email)) throw userExists(email, login);
        if (input.orgId !== undefined && !(await orgs.orgExists(input.orgId))) throw createOrgNotFound();

        const now = clock.now();
        const autoOrg =
          config.users.autoAssignOrg && (await orgs.orgExists(config.users.autoAssignOrgId))
            ? config.users.autoAssignOrgId
            : undefined;
        const orgId = input.orgId ?? autoOrg ?? (await orgs.createOrg(login, now));
        const role =
          input.orgId === undefined && autoOrg === undefined ? 'Admin' : config.users.autoAssignOrgRole;
        const row = {
          uid: generateUid(),
          version: 0,
          login,
          email,
          name: input.name ?? '',
          password,
          salt: '',
          theme: '',
          org_id: orgId,
          is_admin: 0,
          is_disabled: 0,
          is_service_account: 0,
          is_external: 0,
          created: now,
          updated: now,
          last_seen_at: 0,
        };
        const id = await users.insert(row);
        if (role !== 'None' || input.orgId !== undefined) await orgs.addMember(orgId, id, role, now);
        return { id, ...row };
      }).catch((err: unknown) => {
        throw isUniqueViolation(err) ? userExists(email, login) : err;
      });
    },

    async setServerAdmin(id: number, isAdmin: boolean): Promise<void> {
      const user = await get(id);
      if (!isAdmin && user.is_admin && (await users.countServerAdmins()) <= 1) throw lastServerAdmin();
      await users.update(id, { is_admin: isAdmin ? 1 : 0, updated: clock.now() });
    },

    async delete(id: number, callerId: number): Promise<void> {
      const user = await get(id);
      if (id === callerId) throw cannotDeleteSelf();
      if (user.is_admin && (await users.countServerAdmins()) <= 1) throw lastServerAdmin();
      await unitOfWork(async () => {
        if (!(await users.delete(id))) throw userNotFound();
        await deps.onDeleted(id);
      });
    },

    /** Disabling also ends every session of the user (through `onDisabled`). */
    async setDisabled(id: number, disabled: boolean, callerId: number): Promise<void> {
      await get(id);
      if (disabled && id === callerId) throw cannotDisableSelf();
      await users.update(id, { is_disabled: disabled ? 1 : 0, updated: clock.now() });
      if (disabled) await deps.onDisabled(id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
