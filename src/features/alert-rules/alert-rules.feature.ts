import { unitOfWork } from '../../store/transaction.js';
import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';
import type { DataSourcesLookup } from '../datasources/datasources.lookup.js';
import type { FeatureDeps } from '../feature.js';
import { createRuleAccess } from './alert-rules.access.js';
import { provisionAlertRuleFiles } from './alert-rules.files.js';
import type { AlertRulesLookup } from './alert-rules.lookup.js';
import { createAlertRulesService } from './alert-rules.service.js';
import { createAlertRulesStore } from './alert-rules.store.js';
import { registerAlertRuleProvisioningRoutes } from './provisioning.routes.js';
import { createReferenceCheck } from './rule-references.js';
import type { AlertingFeature } from '../alerting/alerting.feature.js';
import type { MuteTimingsLookup } from '../alert-mute-timings/mute-timings.lookup.js';
import { createRuleFolders } from './rule-folders.js';
import { presentRulerRule } from './ruler.format.js';
import { registerRulerRoutes } from './ruler.routes.js';

type RulesListener = Parameters<AlertRulesLookup['onRulesChanged']>[0];

/**
 * Grafana-managed alert rules (issue #16): their storage and versions, the provisioning and
 * ruler APIs, and file provisioning. The rule engine reads them through the returned lookup.
 */
export function registerAlertRules(
  deps: FeatureDeps,
  siblings: {
    dashboards: Pick<
      DashboardsLookup,
      'folderByUid' | 'rootFolderByTitle' | 'folderPath' | 'onFoldersDeleting'
    >;
    datasources: Pick<DataSourcesLookup, 'typeOf'>;
    alerting: Pick<AlertingFeature, 'integrationsOf'>;
    muteTimings: Pick<MuteTimingsLookup, 'names'>;
  },
): AlertRulesLookup {
  const store = createAlertRulesStore(deps.db);
  const listeners: RulesListener[] = [];
  const service = createAlertRulesService({
    store,
    unitOfWork: unitOfWork(deps.db),
    clock: deps.clock,
    snapshot: presentRulerRule,
    changed: (orgId, change) => {
      for (const listener of listeners) {
        try {
          listener(orgId, change);
        } catch (err) {
          deps.logger.error({ err }, 'alert rules: a change listener failed');
        }
      }
    },
  });
  const access = createRuleAccess(deps.authorizer);
  const references = createReferenceCheck({
    ...siblings,
    receiverExists: async (orgId, name) => (await siblings.alerting.integrationsOf(orgId, name)).length > 0,
    timeIntervalNames: (orgId) => siblings.muteTimings.names(orgId),
  });
  const folders = createRuleFolders(siblings.dashboards);
  siblings.dashboards.onFoldersDeleting((orgId, folderUids, force) =>
    service.foldersDeleting(orgId, folderUids, force),
  );

  registerAlertRuleProvisioningRoutes(deps.api, { service, access, references, folders });
  registerRulerRoutes(deps.api, { service, access, references, folders });

  deps.hooks.onStart(() =>
    provisionAlertRuleFiles({
      directory: deps.config.paths.provisioning,
      // Grafana compat: provisioning files expand the process environment ($VAR, ${VAR}).
      env: deps.config.env,
      logger: deps.logger,
      service,
      references,
      dashboards: siblings.dashboards,
    }),
  );

  return {
    allRules: () => store.all(),
    rulesOf: (orgId) => store.ofOrg(orgId),
    byUid: (orgId, uid) => store.byUid(orgId, uid),
    changeStamp: () => store.changeStamp(),
    folderInfo: (orgId, folderUid) => folders.info(orgId, folderUid),
    onRulesChanged: (listener) => void listeners.push(listener),
  };
}
