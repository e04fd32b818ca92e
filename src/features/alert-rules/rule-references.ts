import type { DataSourcesLookup } from '../datasources/datasources.lookup.js';
import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';
import { EXPRESSION_DATASOURCE_UID } from './alert-rule.js';
import { invalidRule } from './alert-rules.errors.js';
import type { RuleDraft } from './rule-draft.js';

/**
 * What rules name outside themselves must exist: their folder (a missing one is `missingFolder`,
 * which differs per API), every data source they query, and the contact point and time intervals
 * their notification settings name.
 */
export function createReferenceCheck(deps: {
  dashboards: Pick<DashboardsLookup, 'folderByUid'>;
  datasources: Pick<DataSourcesLookup, 'typeOf'>;
  /** whether the org has a contact point of that name */
  receiverExists: (orgId: number, name: string) => Promise<boolean>;
  /** the org's mute timing names */
  timeIntervalNames: (orgId: number) => Promise<string[]>;
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
      const settings = draft.notificationSettings;
      if (!settings) continue;
      if (!(await deps.receiverExists(orgId, settings.receiver)))
        throw invalidRule(`notification settings: receiver '${settings.receiver}' does not exist`);
      const named = [...(settings.mute_time_intervals ?? []), ...(settings.active_time_intervals ?? [])];
      if (named.length === 0) continue;
      const known = new Set(await deps.timeIntervalNames(orgId));
      const missing = named.find((name) => !known.has(name));
      if (missing !== undefined)
        throw invalidRule(`notification settings: time interval '${missing}' does not exist`);
    }
  };
}

export type ReferenceCheck = ReturnType<typeof createReferenceCheck>;
