import type { Permission } from '../../access/evaluator.js';

export type BasicRole = 'Viewer' | 'Editor' | 'Admin' | 'Grafana Admin' | 'None';

/** A fixed role and the basic roles it is registered to (Grafana's role registrations). */
export interface FixedRoleRegistration {
  name: string;
  displayName: string;
  description: string;
  group: string;
  hidden?: boolean;
  permissions: Permission[];
  grants: BasicRole[];
  /** basic roles that inherit the grant but must not get it */
  exclude?: BasicRole[];
}

const p = (action: string, scope = ''): Permission => ({ action, scope });
const on = (scope: string, ...actions: string[]): Permission[] => actions.map((action) => p(action, scope));

const alertingReader: Permission[] = [
  ...on('folders:*', 'alert.rules:read', 'alert.silences:read'),
  ...on(
    'datasources:*',
    'alert.rules.external:read',
    'alert.instances.external:read',
    'alert.notifications.external:read',
  ),
  p('alert.instances:read'),
  p('alert.notifications:read'),
  p('alert.notifications.time-intervals:read'),
  p('alert.notifications.receivers:list'),
  p('alert.notifications.templates:read'),
  p('alert.notifications.receivers:read', 'receivers:*'),
  p('alert.notifications.inhibition-rules:read', 'inhibition-rules:*'),
];

const alertingWriter: Permission[] = [
  ...alertingReader,
  ...on(
    'folders:*',
    'alert.rules:create',
    'alert.rules:write',
    'alert.rules:delete',
    'alert.silences:create',
    'alert.silences:write',
  ),
  p('alert.rules.external:write', 'datasources:*'),
  p('alert.instances:create'),
  p('alert.instances:write'),
  p('alert.instances.external:write', 'datasources:*'),
  p('alert.notifications:write'),
  p('alert.notifications.external:write', 'datasources:*'),
  p('alert.notifications.receivers:create'),
  p('alert.notifications.receivers:test'),
  ...on('receivers:*', 'alert.notifications.receivers:write', 'alert.notifications.receivers:delete'),
  p('alert.notifications.templates:write'),
  p('alert.notifications.templates:delete'),
  p('alert.notifications.time-intervals:write'),
  p('alert.notifications.time-intervals:delete'),
  ...on(
    'inhibition-rules:*',
    'alert.notifications.inhibition-rules:write',
    'alert.notifications.inhibition-rules:delete',
  ),
];

const usersReader = on('global.users:*', 'users:read', 'users.authtoken:read', 'users.quotas:read');

/**
 * Grafana OSS's fixed roles for the groups svc serves, as data. Basic roles are built from these
 * registrations (see basic-roles.ts); Viewer grants flow up to Editor and Admin.
 */
export const FIXED_ROLES: FixedRoleRegistration[] = [
  {
    name: 'fixed:datasources:reader',
    displayName: 'Data source reader',
    description: 'Read and query all data sources.',
    group: 'Data sources',
    // Grafana compat: in OSS Viewers may query data sources.
    permissions: on('datasources:*', 'datasources:read', 'datasources:query'),
    grants: ['Viewer'],
  },
  {
    name: 'fixed:datasources.id:reader',
    displayName: 'Data source ID reader',
    description: 'Read the ID of a data source based on its name.',
    group: 'Data sources',
    hidden: true,
    permissions: [p('datasources.id:read', 'datasources:*')],
    grants: ['Viewer'],
  },
  {
    name: 'fixed:datasources:explorer',
    displayName: 'Data source explorer',
    description: 'Enable the Explore feature.',
    group: 'Data sources',
    permissions: [p('datasources:explore')],
    grants: ['Editor'],
  },
  {
    name: 'fixed:datasources:writer',
    displayName: 'Data source writer',
    description: 'Create, read, update, delete and query all data sources.',
    group: 'Data sources',
    permissions: [
      ...on(
        'datasources:*',
        'datasources:read',
        'datasources:query',
        'datasources:write',
        'datasources:delete',
      ),
      p('datasources:create'),
      ...on('datasources:*', 'datasources.permissions:read', 'datasources.permissions:write'),
    ],
    grants: ['Admin'],
  },
  {
    name: 'fixed:organization:reader',
    displayName: 'Organization reader',
    description: 'Read the organization and its quotas.',
    group: 'Organizations',
    permissions: [p('orgs:read'), p('orgs.quotas:read')],
    grants: ['Viewer', 'Grafana Admin'],
  },
  {
    name: 'fixed:organization:writer',
    displayName: 'Organization writer',
    description: 'Read and update the organization and its preferences.',
    group: 'Organizations',
    permissions: [
      p('orgs:read'),
      p('orgs.quotas:read'),
      p('orgs.preferences:read'),
      p('orgs.preferences:write'),
      p('orgs:write'),
    ],
    grants: ['Admin'],
  },
  {
    name: 'fixed:organization:maintainer',
    displayName: 'Organization maintainer',
    description: 'Create, read, write and delete organizations.',
    group: 'Organizations',
    permissions: [
      p('orgs:read'),
      p('orgs.quotas:read'),
      p('orgs:create'),
      p('orgs:write'),
      p('orgs:delete'),
      p('orgs.quotas:write'),
    ],
    grants: ['Grafana Admin'],
  },
  {
    name: 'fixed:org.users:reader',
    displayName: 'Organization user reader',
    description: 'Read users of the organization and their roles.',
    group: 'User administration (organizational)',
    permissions: on('users:*', 'org.users:read', 'users.permissions:read'),
    grants: ['Admin', 'Grafana Admin'],
  },
  {
    name: 'fixed:org.users:writer',
    displayName: 'Organization user writer',
    description: 'Add, remove and change the role of users of the organization.',
    group: 'User administration (organizational)',
    permissions: on(
      'users:*',
      'org.users:read',
      'users.permissions:read',
      'org.users:add',
      'org.users:write',
      'org.users:remove',
    ),
    grants: ['Admin', 'Grafana Admin'],
  },
  {
    name: 'fixed:users:reader',
    displayName: 'User reader',
    description: 'Read all users and their information.',
    group: 'User administration (global)',
    permissions: usersReader,
    grants: ['Grafana Admin'],
  },
  {
    name: 'fixed:users:writer',
    displayName: 'User writer',
    description: 'Create, read, update and delete users, their passwords, sessions and permissions.',
    group: 'User administration (global)',
    permissions: [
      ...usersReader,
      p('users:create'),
      ...on(
        'global.users:*',
        'users.password:write',
        'users:write',
        'users:delete',
        'users:enable',
        'users:disable',
        'users.permissions:write',
        'users:logout',
        'users.authtoken:write',
        'users.quotas:write',
      ),
    ],
    grants: ['Grafana Admin'],
  },
  {
    name: 'fixed:teams:creator',
    displayName: 'Team creator',
    description: 'Create teams and read organization users (required to manage the created teams).',
    group: 'Teams',
    permissions: [p('teams:create'), p('org.users:read', 'users:*')],
    grants: ['Admin'],
  },
  {
    name: 'fixed:teams:writer',
    displayName: 'Team writer',
    description: 'Create, read, write and delete teams and their permissions.',
    group: 'Teams',
    permissions: [
      p('teams:create'),
      ...on(
        'teams:*',
        'teams:read',
        'teams:write',
        'teams:delete',
        'teams.permissions:read',
        'teams.permissions:write',
      ),
    ],
    grants: ['Admin'],
  },
  {
    name: 'fixed:serviceaccounts:writer',
    displayName: 'Service account writer',
    description: 'Create, read, write and delete service accounts and their tokens.',
    group: 'Service accounts',
    permissions: [
      p('serviceaccounts:create'),
      ...on(
        'serviceaccounts:*',
        'serviceaccounts:read',
        'serviceaccounts:write',
        'serviceaccounts:delete',
        'serviceaccounts.permissions:read',
        'serviceaccounts.permissions:write',
      ),
    ],
    grants: ['Admin'],
  },
  {
    name: 'fixed:folders.general:reader',
    displayName: 'Root folder reader',
    description: 'Read the root level folder.',
    group: 'Folders',
    hidden: true,
    permissions: [p('folders:read', 'folders:uid:general')],
    grants: ['Viewer'],
  },
  {
    name: 'fixed:dashboards:creator',
    displayName: 'Dashboard creator',
    description: 'Create dashboards in the root folder.',
    group: 'Dashboards',
    permissions: [p('folders:read', 'folders:uid:general'), p('dashboards:create', 'folders:uid:general')],
    grants: ['Editor'],
  },
  {
    name: 'fixed:folders:creator',
    displayName: 'Folder creator',
    description: 'Create folders in the root level.',
    group: 'Folders',
    permissions: [p('folders:create', 'folders:uid:general')],
    grants: ['Editor'],
    exclude: ['Admin'],
  },
  {
    name: 'fixed:dashboards:writer',
    displayName: 'Dashboard writer',
    description: 'Create, read, write and delete all dashboards and their permissions.',
    group: 'Dashboards',
    permissions: [
      ...on(
        'dashboards:*',
        'dashboards:read',
        'dashboards:write',
        'dashboards:delete',
        'dashboards.permissions:read',
        'dashboards.permissions:write',
      ),
      p('dashboards:create', 'folders:*'),
    ],
    grants: ['Admin'],
  },
  {
    name: 'fixed:folders:writer',
    displayName: 'Folder writer',
    description: 'Create, read, write and delete all folders, their dashboards and permissions.',
    group: 'Folders',
    permissions: [
      ...on(
        'folders:*',
        'folders:read',
        'folders:create',
        'folders:write',
        'folders:delete',
        'folders.permissions:read',
        'folders.permissions:write',
      ),
      ...on(
        'folders:*',
        'dashboards:read',
        'dashboards:create',
        'dashboards:write',
        'dashboards:delete',
        'dashboards.permissions:read',
        'dashboards.permissions:write',
      ),
    ],
    grants: ['Admin'],
  },
  {
    name: 'fixed:annotations:reader',
    displayName: 'Annotation reader',
    description: 'Read organization annotations.',
    group: 'Annotations',
    permissions: [p('annotations:read', 'annotations:type:organization')],
    grants: ['Viewer'],
  },
  {
    name: 'fixed:annotations:writer',
    displayName: 'Annotation writer',
    description: 'Create, update and delete organization annotations.',
    group: 'Annotations',
    permissions: on(
      'annotations:type:organization',
      'annotations:create',
      'annotations:write',
      'annotations:delete',
    ),
    grants: ['Editor'],
  },
  {
    name: 'fixed:annotations.all:reader',
    displayName: 'Annotation reader (all)',
    description: 'Read organization and dashboard annotations.',
    group: 'Annotations',
    permissions: [p('annotations:read', 'annotations:type:*')],
    grants: ['Admin'],
  },
  {
    name: 'fixed:annotations.all:writer',
    displayName: 'Annotation writer (all)',
    description: 'Create, update and delete organization and dashboard annotations.',
    group: 'Annotations',
    permissions: on('annotations:type:*', 'annotations:create', 'annotations:write', 'annotations:delete'),
    grants: ['Admin'],
  },
  {
    name: 'fixed:snapshots:reader',
    displayName: 'Snapshots reader',
    description: 'Read snapshots.',
    group: 'Dashboards',
    permissions: [p('snapshots:read')],
    grants: ['Viewer'],
  },
  {
    name: 'fixed:snapshots:creator',
    displayName: 'Snapshots creator',
    description: 'Create snapshots.',
    group: 'Dashboards',
    permissions: [p('snapshots:create')],
    grants: ['Editor'],
  },
  {
    name: 'fixed:snapshots:deleter',
    displayName: 'Snapshots deleter',
    description: 'Delete snapshots.',
    group: 'Dashboards',
    permissions: [p('snapshots:delete')],
    grants: ['Editor'],
  },
  {
    name: 'fixed:alerting:reader',
    displayName: 'Alerting reader',
    description: 'Read alert rules, instances, silences, contact points and notification policies.',
    group: 'Alerting',
    permissions: alertingReader,
    grants: ['Viewer'],
  },
  {
    name: 'fixed:alerting:writer',
    displayName: 'Alerting writer',
    description:
      'Add, update and delete alert rules, silences, contact points, templates and notification policies.',
    group: 'Alerting',
    permissions: alertingWriter,
    grants: ['Editor'],
  },
  {
    name: 'fixed:alerting:admin',
    displayName: 'Alerting admin',
    description: 'Everything of the alerting writer plus receiver permissions and secrets.',
    group: 'Alerting',
    permissions: [
      ...alertingWriter,
      ...on(
        'receivers:*',
        'receivers.permissions:read',
        'receivers.permissions:write',
        'alert.notifications.receivers.secrets:read',
      ),
    ],
    grants: ['Admin'],
  },
  {
    name: 'fixed:alerting.provisioning:writer',
    displayName: 'Alerting provisioning writer',
    description: 'Read and write alerting resources through the provisioning API.',
    group: 'Alerting',
    permissions: [p('alert.provisioning:read'), p('alert.provisioning:write')],
    grants: ['Admin'],
  },
  {
    name: 'fixed:alerting.provisioning.secrets:reader',
    displayName: 'Alerting provisioning secrets reader',
    description: 'Read alerting resources with their decrypted secrets through the provisioning API.',
    group: 'Alerting',
    permissions: [p('alert.provisioning:read'), p('alert.provisioning.secrets:read')],
    grants: ['Admin'],
  },
  {
    name: 'fixed:resourcepermissions:writer',
    displayName: 'Resource permission writer',
    description: 'Read and change resource permissions.',
    group: 'Access control',
    permissions: on(
      'resourcepermissions:*',
      'resourcepermissions:read',
      'resourcepermissions:create',
      'resourcepermissions:write',
      'resourcepermissions:delete',
    ),
    grants: ['Admin', 'Grafana Admin'],
  },
  {
    name: 'fixed:settings:reader',
    displayName: 'Setting reader',
    description: 'Read the server settings.',
    group: 'Settings',
    permissions: [p('settings:read', 'settings:*')],
    grants: ['Grafana Admin'],
  },
  {
    name: 'fixed:stats:reader',
    displayName: 'Statistics reader',
    description: 'Read the server statistics.',
    group: 'Statistics',
    permissions: [p('server.stats:read')],
    grants: ['Grafana Admin'],
  },
  {
    name: 'fixed:ldap:writer',
    displayName: 'LDAP writer',
    description: 'Read and sync LDAP users, reload the LDAP configuration.',
    group: 'LDAP',
    permissions: [p('ldap.user:read'), p('ldap.status:read'), p('ldap.user:sync'), p('ldap.config:reload')],
    grants: ['Grafana Admin'],
  },
];
