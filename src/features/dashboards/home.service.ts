import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import type { Db } from '../../store/database.js';
import { resolveHomeDashboardUid } from '../preferences/preferences.feature.js';
import { dashboardUrl } from './dashboard-model.js';
import type { DashboardsService } from './dashboards.service.js';
import { loadHomeModel } from './home-dashboard.js';

/** GET /api/dashboards/home: the preferred dashboard (user → team → org), else the default home. */
export function createHomeService(deps: {
  db: Db;
  dashboards: DashboardsService;
  homePath: string;
  authorizer: Authorizer;
}) {
  let model: Promise<string> | undefined;
  return {
    async homeJson(identity: Identity): Promise<string> {
      const uid = await resolveHomeDashboardUid(deps.db, { userId: identity.userId, orgId: identity.orgId });
      if (uid) {
        const found = await deps.dashboards.headByUid(identity.orgId, uid);
        if (found) return JSON.stringify({ redirectUri: dashboardUrl(found.uid, found.slug) });
      }
      model ??= loadHomeModel(deps.homePath);
      model.catch(() => (model = undefined));
      // Grafana compat: the built-in home may be edited (not saved) by whoever can create dashboards.
      const canEdit = await deps.authorizer.can(identity, can('dashboards:create', 'folders:uid:general'));
      const meta = {
        isHome: true,
        canSave: false,
        canEdit,
        canStar: false,
        canAdmin: false,
        canDelete: false,
        slug: '',
        url: '',
        expires: '0001-01-01T00:00:00Z',
        created: '0001-01-01T00:00:00Z',
        updated: '0001-01-01T00:00:00Z',
        version: 0,
        folderId: 0,
        folderUid: '',
        folderTitle: 'General',
        folderUrl: '',
        provisioned: false,
        isStarred: false,
      };
      return `{"meta":${JSON.stringify(meta)},"dashboard":${await model}}`;
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
