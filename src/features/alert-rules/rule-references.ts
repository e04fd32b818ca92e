import type { DataSourcesLookup } from '../datasources/datasources.lookup.js';
import type { DashboardsLink } from '../dashboards/dashboards.feature.js';
import { EXPRESSION_DATASOURCE_UID } from './alert-rule.js';
import { invalidRule } from './alert-rules.errors.js';
import type { RuleDraft } from './rule-draft.js';

/**
 * What rules name outside themselves must exist: their folder (a missing one is `missingFolder`,
 * which differs per API) and every data source they query.
 */
export function createReferenceCheck(deps: {
  dashboards: Pick<DashboardsLink, 'folderByUid'>;
  datasources: Pick<DataSourcesLookup, 'typeOf'>;
}) {
  return async (orgId: number, folderUid: string, drafts: RuleDraft[], missingFolder: () => Error) => {
    if (!(await deps.dashboards.folderByUid(orgId, folderUid))) throw missingFolder();
    for (const draft of drafts) {
      for (const query of draft.data) {
        if (query.datasourceUid === EXPRESSION_DATASOURCE_UID) continue;
        if ((await deps.datasources.typeOf(orgId, query.datasourceUid)) === undefined)
          throw invalidRule(
            `failed to validate query ${query.refId}: data source with uid '${query.datasourceUid}' not found`,
          );
      }
    }
  };
}

export type ReferenceCheck = ReturnType<typeof createReferenceCheck>;
