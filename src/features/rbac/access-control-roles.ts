import type { Permission } from '../../access/evaluator.js';
import type { FixedRoleRegistration } from './fixed-roles.js';

const on = (scope: string, ...actions: string[]): Permission[] =>
  actions.map((action) => ({ action, scope }));

/** `roles:write` on this scope: the caller may only hand out permissions it holds itself. */
export const DELEGATE_SCOPE = 'permissions:type:delegate';
/** `roles:write` on this scope: the caller may hand out any permission (nobody gets it by default). */
export const ESCALATE_SCOPE = 'permissions:type:escalate';

const readerPermissions: Permission[] = [
  ...on('roles:*', 'roles:read', 'roles.builtin:list'),
  ...on('teams:*', 'teams.roles:read'),
  ...on('users:*', 'users.roles:read', 'users.permissions:read'),
];

/**
 * Grafana's fixed roles of the role API itself (`fixed:roles:reader`/`writer`), as data. They
 * live beside the feature that checks their actions; basic roles include them like the others.
 */
export const ACCESS_CONTROL_ROLES: FixedRoleRegistration[] = [
  {
    name: 'fixed:roles:reader',
    displayName: 'Role reader',
    description: 'Read all access control roles, roles and permissions assigned to users and teams.',
    group: 'Roles',
    permissions: readerPermissions,
    grants: ['Admin', 'Grafana Admin'],
  },
  {
    name: 'fixed:roles:writer',
    displayName: 'Role writer',
    description:
      'Create, read, update and delete access control roles; assign and unassign roles to users, teams and basic roles (only with the permissions the caller holds).',
    group: 'Roles',
    permissions: [
      ...readerPermissions,
      ...on(DELEGATE_SCOPE, 'roles:write', 'roles:delete', 'roles.builtin:add', 'roles.builtin:remove'),
      ...on('teams:*', 'teams.roles:add', 'teams.roles:remove'),
      ...on('users:*', 'users.roles:add', 'users.roles:remove'),
    ],
    grants: ['Admin', 'Grafana Admin'],
  },
];
