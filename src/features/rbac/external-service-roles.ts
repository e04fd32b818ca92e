import { checkMaxLength } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { charLength, isStorableId, LIMITS } from '../../lib/limits.js';
import type { Db } from '../../store/database.js';
import type { Permission } from '../../access/evaluator.js';
import { permissionProblem } from './permission-registry.js';
import { externalServiceInvalid, invalidScope, unknownAction } from './rbac.errors.js';
import { deleteRoleByUid, saveExternalServiceRole } from './roles.store.js';

/** Grafana's SaveExternalServiceRoleCommand. */
interface ExternalServiceRoleCommand {
  AssignmentOrgID: number;
  ExternalServiceID: string;
  ServiceAccountID: number;
  Permissions: Permission[];
}

/** `My Service` -> `my-service`: the id as it appears in the role's name and uid. */
function slugOf(externalServiceId: string): string {
  return externalServiceId
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-');
}

/**
 * The roles of external services (apps that act through a service account): a global
 * `extsvc:<id>:permissions` role with exactly the given permissions, assigned to the service
 * account in `AssignmentOrgID` (0: in every org). Grafana has no HTTP route for this; the
 * service registry calls it.
 */
export function createExternalServiceRoles(deps: { db: Db; clock: Clock; validatePermissions: boolean }) {
  return {
    async save(command: ExternalServiceRoleCommand): Promise<{ uid: string; name: string }> {
      const slug = slugOf(command.ExternalServiceID);
      if (!slug || !/[a-z0-9]/.test(slug) || slug.length > 40) throw externalServiceInvalid();
      if (!isStorableId(command.ServiceAccountID) || command.ServiceAccountID <= 0)
        throw externalServiceInvalid('service account id is invalid');
      if (!isStorableId(command.AssignmentOrgID))
        throw externalServiceInvalid('assignment org id is invalid');
      const permissions = command.Permissions.map((p) => ({ action: p.action, scope: p.scope ?? '' }));
      for (const p of permissions) {
        checkMaxLength('Permissions.action', p.action, LIMITS.permission.action);
        checkMaxLength('Permissions.scope', p.scope, LIMITS.permission.scope);
      }
      if (deps.validatePermissions) {
        for (const p of permissions) {
          const problem = permissionProblem(p);
          if (problem?.kind === 'unknown-action') throw unknownAction(problem.action);
          if (problem?.kind === 'invalid-scope')
            throw invalidScope(problem.scope, problem.action, problem.expected);
        }
      }
      const role = {
        name: `extsvc:${slug}:permissions`,
        uid: `extsvc_${slug.replace(/-/g, '_')}_permissions`.slice(0, 64),
        displayName: `External service ${command.ExternalServiceID} permissions`,
        permissions,
      };
      // the id's slug is short, but the id itself may have long runs of other characters
      if (charLength(role.displayName) > LIMITS.role.displayName) throw externalServiceInvalid();
      await saveExternalServiceRole(
        deps.db,
        role,
        { orgId: command.AssignmentOrgID, userId: command.ServiceAccountID },
        deps.clock.now(),
      );
      return { uid: role.uid, name: role.name };
    },

    async delete(externalServiceId: string): Promise<void> {
      await deleteRoleByUid(
        deps.db,
        `extsvc_${slugOf(externalServiceId).replace(/-/g, '_')}_permissions`.slice(0, 64),
      );
    },
  };
}
