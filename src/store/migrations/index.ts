import type { Kysely } from 'kysely';
import type { DatabaseType } from '../../config/config.js';
import * as core from './0001-core.js';
import * as identity from './0002-identity.js';
import * as dashboards from './0003-dashboards.js';
import * as datasources from './0004-datasources.js';
import * as rbac from './0005-rbac.js';
import * as alerting from './0006-alerting.js';
import * as secrets from './0007-secrets.js';
import * as annotations from './0008-annotations.js';
import * as alertContactPoints from './0009-alert-contact-points.js';
import * as derivedDashboardGrants from './0010-derived-dashboard-grants.js';
import * as alertRules from './0011-alert-rules.js';
import * as alertDispatch from './0012-alert-dispatch.js';
import * as notificationHistoryLinks from './0013-notification-history-links.js';
import * as userAuth from './0014-user-auth.js';
import * as dashboardSnapshots from './0015-dashboard-snapshots.js';
import * as alertInhibitionRules from './0016-alert-inhibition-rules.js';
import * as loginAttemptIp from './0018-login-attempt-ip.js';
import * as libraryElements from './0019-library-elements.js';
import * as libraryPanelFolderGrants from './0020-library-panel-folder-grants.js';
import * as permissionRoleScope from './0021-permission-role-scope.js';
import * as teamSync from './0022-team-sync.js';

interface MigrationStep {
  up(db: Kysely<unknown>, dialect: DatabaseType): Promise<void>;
}

/** Append-only: never edit or reorder a released step, add a new one. Names sort in execution order. */
export const migrations: Record<string, MigrationStep> = {
  '0001-core': core,
  '0002-identity': identity,
  '0003-dashboards': dashboards,
  '0004-datasources': datasources,
  '0005-rbac': rbac,
  '0006-alerting': alerting,
  '0007-secrets': secrets,
  '0008-annotations': annotations,
  '0009-alert-contact-points': alertContactPoints,
  '0010-derived-dashboard-grants': derivedDashboardGrants,
  '0011-alert-rules': alertRules,
  '0012-alert-dispatch': alertDispatch,
  '0013-notification-history-links': notificationHistoryLinks,
  '0014-user-auth': userAuth,
  '0015-dashboard-snapshots': dashboardSnapshots,
  '0016-alert-inhibition-rules': alertInhibitionRules,
  '0018-login-attempt-ip': loginAttemptIp,
  '0019-library-elements': libraryElements,
  '0020-library-panel-folder-grants': libraryPanelFolderGrants,
  '0021-permission-role-scope': permissionRoleScope,
  '0022-team-sync': teamSync,
};
