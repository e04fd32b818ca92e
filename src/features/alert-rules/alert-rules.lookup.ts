import type { AlertRule } from './alert-rule.js';

/** What other features (the scheduler, the state API) may ask the alert-rules feature. */
export interface AlertRulesLookup {
  /** every org, ordered by org, folder, group, index (the scheduler reads this) */
  allRules(): Promise<AlertRule[]>;
  /** the org's rules ordered by folder, group, index */
  rulesOf(orgId: number): Promise<AlertRule[]>;
  byUid(orgId: number, uid: string): Promise<AlertRule | undefined>;
  /** a cheap stamp that changes whenever any rule is created, updated or deleted (count, version sum, latest update, id sum) */
  changeStamp(): Promise<string>;
  /** folder title and full path ("Parent/Child", a `/` in a title escaped as `\/`) for the rules' folders */
  folderInfo(orgId: number, folderUid: string): Promise<{ title: string; fullPath: string } | undefined>;
  /** after commit, on this instance: rules of an org changed (created/updated/deleted uids) */
  onRulesChanged(listener: (orgId: number, change: { upserted: string[]; deleted: string[] }) => void): void;
}
