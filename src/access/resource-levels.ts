/** Who a resource permission is given to: a user (or service account), a team or a basic role. */
export type Principal =
  { kind: 'user'; id: number } | { kind: 'team'; id: number } | { kind: 'builtin'; role: string };

/** A grant as principal and level, e.g. the Viewer basic role may View. */
export interface LevelGrant {
  principal: Principal;
  level: string;
}

/**
 * Grafana's resource permission levels: what each level of each kind of resource grants, on the
 * resource's own scope (e.g. `dashboards:uid:<uid>`).
 */
export interface ResourceKind {
  /** the path segment in /api/access-control/<resource>/… */
  resource: string;
  /** scope prefix of one resource */
  scopePrefix: string;
  levels: Record<string, string[]>;
}

// Grafana's annotationPermissionUpdate: dashboard levels carry the dashboard's annotation actions.
const dashboardView = ['dashboards:read', 'annotations:read'];
const dashboardEdit = [
  ...dashboardView,
  'dashboards:write',
  'dashboards:delete',
  'annotations:create',
  'annotations:write',
  'annotations:delete',
];
const dashboardAdmin = [...dashboardEdit, 'dashboards.permissions:read', 'dashboards.permissions:write'];
const receiverView = ['alert.notifications.receivers:read'];
const receiverEdit = [
  ...receiverView,
  'alert.notifications.receivers:write',
  'alert.notifications.receivers:delete',
];

// Grafana compat: folder levels carry the library panel actions of the panels kept in the folder.
const libraryPanelActions = [
  'library.panels:read',
  'library.panels:create',
  'library.panels:write',
  'library.panels:delete',
];

export const RESOURCE_KINDS: ResourceKind[] = [
  {
    resource: 'dashboards',
    scopePrefix: 'dashboards:uid:',
    levels: { View: dashboardView, Edit: dashboardEdit, Admin: dashboardAdmin },
  },
  {
    resource: 'folders',
    scopePrefix: 'folders:uid:',
    levels: {
      View: [...dashboardView, 'folders:read', 'alert.rules:read', 'library.panels:read'],
      Edit: [
        ...dashboardEdit,
        'folders:read',
        'folders:write',
        'folders:delete',
        'folders:create',
        'dashboards:create',
        'alert.rules:read',
        'alert.rules:create',
        'alert.rules:write',
        'alert.rules:delete',
        ...libraryPanelActions,
      ],
      Admin: [
        ...dashboardAdmin,
        'folders:read',
        'folders:write',
        'folders:delete',
        'folders:create',
        'dashboards:create',
        'folders.permissions:read',
        'folders.permissions:write',
        'alert.rules:read',
        'alert.rules:create',
        'alert.rules:write',
        'alert.rules:delete',
        ...libraryPanelActions,
      ],
    },
  },
  {
    resource: 'datasources',
    scopePrefix: 'datasources:uid:',
    levels: {
      Query: ['datasources:read', 'datasources:query'],
      Edit: ['datasources:read', 'datasources:query', 'datasources:write', 'datasources:delete'],
      Admin: [
        'datasources:read',
        'datasources:query',
        'datasources:write',
        'datasources:delete',
        'datasources.permissions:read',
        'datasources.permissions:write',
      ],
    },
  },
  {
    resource: 'teams',
    scopePrefix: 'teams:id:',
    levels: {
      Member: ['teams:read'],
      Admin: [
        'teams:read',
        'teams:write',
        'teams:delete',
        'teams.permissions:read',
        'teams.permissions:write',
      ],
    },
  },
  {
    resource: 'serviceaccounts',
    scopePrefix: 'serviceaccounts:id:',
    levels: {
      Edit: ['serviceaccounts:read', 'serviceaccounts:write'],
      Admin: [
        'serviceaccounts:read',
        'serviceaccounts:write',
        'serviceaccounts:delete',
        'serviceaccounts.permissions:read',
        'serviceaccounts.permissions:write',
      ],
    },
  },
  {
    resource: 'receivers',
    scopePrefix: 'receivers:uid:',
    levels: {
      View: receiverView,
      Edit: receiverEdit,
      Admin: [
        ...receiverEdit,
        'alert.notifications.receivers.secrets:read',
        'receivers.permissions:read',
        'receivers.permissions:write',
      ],
    },
  },
];

/** Grafana's numeric levels in the legacy dashboard/folder permission API. */
export const LEGACY_LEVELS: Record<string, number> = { View: 1, Edit: 2, Admin: 4 };

export function resourceKind(resource: string): ResourceKind | undefined {
  return RESOURCE_KINDS.find((kind) => kind.resource === resource);
}

/** The highest level whose actions are all among `actions`, or '' when none is. */
export function levelOf(kind: ResourceKind, actions: readonly string[]): string {
  let best = '';
  let bestSize = 0;
  for (const [level, granted] of Object.entries(kind.levels)) {
    if (granted.length > bestSize && granted.every((a) => actions.includes(a))) {
      best = level;
      bestSize = granted.length;
    }
  }
  return best;
}
