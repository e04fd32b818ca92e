import { toIso } from '../../lib/clock.js';
import type { RoleRecord } from './role-definitions.js';

/** Go's zero time, which Grafana shows for roles defined in code. */
const ZERO_TIME = '0001-01-01T00:00:00Z';
const time = (epochMs: number | null) => (epochMs === null ? ZERO_TIME : toIso(epochMs));

/** Grafana's RoleDTO; permissions only when asked (a single role), as Grafana's list omits them. */
export function presentRole(role: RoleRecord, withPermissions: boolean) {
  return {
    version: role.version,
    uid: role.uid,
    name: role.name,
    displayName: role.displayName,
    description: role.description,
    group: role.group,
    ...(withPermissions
      ? {
          permissions: role.permissions.map((p) => ({
            action: p.action,
            scope: p.scope,
            updated: time(role.updated),
            created: time(role.created),
          })),
        }
      : {}),
    hidden: role.hidden,
    orgId: role.orgId,
    global: role.orgId === 0,
    updated: time(role.updated),
    created: time(role.created),
  };
}
