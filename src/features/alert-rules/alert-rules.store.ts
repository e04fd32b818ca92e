import { sql, type Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import { lockParentRow } from '../../store/locks.js';
import type { AlertRuleTable } from '../../store/tables.js';
import type { AlertRule, ExecErrState, NoDataState } from './alert-rule.js';

type RuleRow = Selectable<AlertRuleTable>;

/** A stored rule: the JSON columns parsed, flags and numbers in their model types. */
function toRule(row: RuleRow): AlertRule {
  return {
    id: Number(row.id),
    orgId: Number(row.org_id),
    uid: row.uid,
    title: row.title,
    folderUid: row.folder_uid,
    ruleGroup: row.rule_group,
    ruleGroupIndex: Number(row.rule_group_index),
    intervalSeconds: Number(row.interval_seconds),
    condition: row.condition,
    data: JSON.parse(row.data) as AlertRule['data'],
    noDataState: row.no_data_state as NoDataState,
    execErrState: row.exec_err_state as ExecErrState,
    forSeconds: Number(row.for_seconds),
    keepFiringForSeconds: Number(row.keep_firing_for_seconds),
    labels: JSON.parse(row.labels) as Record<string, string>,
    annotations: JSON.parse(row.annotations) as Record<string, string>,
    isPaused: Number(row.is_paused) === 1,
    notificationSettings: row.notification_settings
      ? (JSON.parse(row.notification_settings) as AlertRule['notificationSettings'])
      : null,
    record: row.record ? (JSON.parse(row.record) as Record<string, unknown>) : null,
    missingSeriesEvalsToResolve:
      row.missing_series_evals_to_resolve === null ? null : Number(row.missing_series_evals_to_resolve),
    provenance: row.provenance as AlertRule['provenance'],
    version: Number(row.version),
    updated: Number(row.updated),
    updatedBy: row.updated_by === null ? null : Number(row.updated_by),
  };
}

/** The columns a rule writes (everything but its id and creation time). */
function columnsOf(rule: AlertRule) {
  return {
    org_id: rule.orgId,
    uid: rule.uid,
    folder_uid: rule.folderUid,
    rule_group: rule.ruleGroup,
    rule_group_index: rule.ruleGroupIndex,
    title: rule.title,
    condition: rule.condition,
    data: JSON.stringify(rule.data),
    interval_seconds: rule.intervalSeconds,
    no_data_state: rule.noDataState,
    exec_err_state: rule.execErrState,
    for_seconds: rule.forSeconds,
    keep_firing_for_seconds: rule.keepFiringForSeconds,
    labels: JSON.stringify(rule.labels),
    annotations: JSON.stringify(rule.annotations),
    is_paused: rule.isPaused ? 1 : 0,
    notification_settings: rule.notificationSettings ? JSON.stringify(rule.notificationSettings) : null,
    record: rule.record ? JSON.stringify(rule.record) : null,
    missing_series_evals_to_resolve: rule.missingSeriesEvalsToResolve,
    provenance: rule.provenance,
    version: rule.version,
    updated: rule.updated,
    updated_by: rule.updatedBy,
  };
}

export interface RuleVersion {
  version: number;
  /** the rule as the ruler API showed it at that version */
  rule: unknown;
  created: number;
  createdBy: number | null;
}

/** Every SQL statement on `alert_rule` and `alert_rule_version`. */
export function createAlertRulesStore(db: Db) {
  const rules = () => db.selectFrom('alert_rule').selectAll();
  const ordered = <Q extends ReturnType<typeof rules>>(query: Q) =>
    query.orderBy('folder_uid').orderBy('rule_group').orderBy('rule_group_index').orderBy('id');

  return {
    /**
     * Rule writes of an org run one at a time (taken first in the unit): each reads its group
     * and bumps every version of it, which concurrent writers would otherwise compute from the
     * same stale state (lost increments, two rules at one position).
     */
    lockOrg: (orgId: number) => lockParentRow(db, 'org', orgId),

    async all(): Promise<AlertRule[]> {
      return (await ordered(rules().orderBy('org_id')).execute()).map(toRule);
    },

    async ofOrg(orgId: number): Promise<AlertRule[]> {
      return (await ordered(rules().where('org_id', '=', orgId)).execute()).map(toRule);
    },

    async inFolder(orgId: number, folderUid: string): Promise<AlertRule[]> {
      const query = rules().where('org_id', '=', orgId).where('folder_uid', '=', folderUid);
      return (await ordered(query).execute()).map(toRule);
    },

    async inGroup(orgId: number, folderUid: string, group: string): Promise<AlertRule[]> {
      const query = rules()
        .where('org_id', '=', orgId)
        .where('folder_uid', '=', folderUid)
        .where('rule_group', '=', group);
      return (await ordered(query).execute()).map(toRule);
    },

    async byUid(orgId: number, uid: string): Promise<AlertRule | undefined> {
      const row = await rules().where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst();
      return row && toRule(row);
    },

    async byUids(orgId: number, uids: string[]): Promise<AlertRule[]> {
      if (!uids.length) return [];
      return (await rules().where('org_id', '=', orgId).where('uid', 'in', uids).execute()).map(toRule);
    },

    /** Uids of the rules of a folder with that title (byte for byte, as the unique index compares). */
    async uidsTitled(orgId: number, folderUid: string, title: string): Promise<string[]> {
      const rows = await db
        .selectFrom('alert_rule')
        .select('uid')
        .where('org_id', '=', orgId)
        .where('folder_uid', '=', folderUid)
        .where('title', '=', title)
        .execute();
      return rows.map((r) => r.uid);
    },

    /** Fails with a unique violation on a taken uid or a title taken in the folder. */
    async insert(rule: AlertRule, now: number): Promise<number> {
      return insertReturningId(db, db.insertInto('alert_rule').values({ ...columnsOf(rule), created: now }));
    },

    async update(rule: AlertRule): Promise<void> {
      await db
        .updateTable('alert_rule')
        .set(columnsOf(rule))
        .where('org_id', '=', rule.orgId)
        .where('id', '=', rule.id)
        .execute();
    },

    async delete(orgId: number, uids: string[]): Promise<void> {
      if (!uids.length) return;
      await db.deleteFrom('alert_rule').where('org_id', '=', orgId).where('uid', 'in', uids).execute();
      await db
        .deleteFrom('alert_rule_version')
        .where('org_id', '=', orgId)
        .where('rule_uid', 'in', uids)
        .execute();
    },

    async insertVersion(orgId: number, uid: string, version: RuleVersion): Promise<void> {
      await db
        .insertInto('alert_rule_version')
        .values({
          org_id: orgId,
          rule_uid: uid,
          version: version.version,
          rule: JSON.stringify(version.rule),
          created: version.created,
          created_by: version.createdBy,
          message: '',
        })
        .execute();
    },

    /** Newest first. */
    async versions(orgId: number, uid: string): Promise<RuleVersion[]> {
      const rows = await db
        .selectFrom('alert_rule_version')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('rule_uid', '=', uid)
        .orderBy('version', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({
        version: Number(r.version),
        rule: JSON.parse(r.rule) as unknown,
        created: Number(r.created),
        createdBy: r.created_by === null ? null : Number(r.created_by),
      }));
    },

    /** Count, version sum, latest update and id sum: any create, update or delete changes one. */
    async changeStamp(): Promise<string> {
      const row = await db
        .selectFrom('alert_rule')
        .select([
          sql<string | number>`count(*)`.as('n'),
          sql<string | number | null>`sum(version)`.as('versions'),
          sql<string | number | null>`max(updated)`.as('updated'),
          sql<string | number | null>`sum(id)`.as('ids'),
        ])
        .executeTakeFirstOrThrow();
      return [row.n, row.versions ?? 0, row.updated ?? 0, row.ids ?? 0]
        .map((v) => String(Number(v)))
        .join(':');
    },
  };
}

export type AlertRulesStore = ReturnType<typeof createAlertRulesStore>;
