import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import { inTransaction } from '../../store/transaction.js';
import type { AlertInstanceTable } from '../../store/tables.js';
import type { AlertInstance, InstanceState, StateTransition } from './alert-instance.js';

type InstanceRow = Selectable<AlertInstanceTable>;

/** What `alert_instance.detail` holds: the parts of an instance nobody filters on. */
interface InstanceDetail {
  values: AlertInstance['values'];
  annotations: Record<string, string>;
  error?: string;
  evaluationString: string;
  resolvedFrom?: InstanceState;
}

/** A change of one rule's instances to persist in one unit of work. */
export interface InstanceChanges {
  orgId: number;
  ruleUid: string;
  /** new or changed instances (replaced whole) */
  upserted: AlertInstance[];
  /** fingerprints of instances that no longer exist */
  deleted: string[];
  transitions: StateTransition[];
  rule: { title: string; folderUid: string };
}

/** SQL of persisted alert instance state and the state history; every query filters org_id. */
export type InstancesStore = ReturnType<typeof createInstancesStore>;

export function createInstancesStore(db: Db) {
  return {
    async all(): Promise<AlertInstance[]> {
      const rows = await db.selectFrom('alert_instance').selectAll().execute();
      return rows.map(toInstance);
    },

    async ofOrg(orgId: number): Promise<AlertInstance[]> {
      const rows = await db.selectFrom('alert_instance').selectAll().where('org_id', '=', orgId).execute();
      return rows.map(toInstance);
    },

    /** Instances, history and deletions of one rule's evaluation land together or not at all. */
    async apply(changes: InstanceChanges): Promise<void> {
      const { orgId, ruleUid } = changes;
      const touched = [...changes.deleted, ...changes.upserted.map((i) => i.fingerprint)];
      if (touched.length === 0 && changes.transitions.length === 0) return;
      await inTransaction(db, async (trx) => {
        if (touched.length) {
          await trx
            .deleteFrom('alert_instance')
            .where('org_id', '=', orgId)
            .where('rule_uid', '=', ruleUid)
            .where('fingerprint', 'in', touched)
            .execute();
        }
        if (changes.upserted.length) {
          await trx.insertInto('alert_instance').values(changes.upserted.map(toRow)).execute();
        }
        if (changes.transitions.length) {
          await trx
            .insertInto('alert_state_history')
            .values(
              changes.transitions.map((t) => ({
                org_id: t.orgId,
                rule_uid: t.ruleUid,
                rule_title: changes.rule.title.slice(0, 190),
                folder_uid: changes.rule.folderUid,
                fingerprint: t.fingerprint,
                labels: JSON.stringify(t.labels),
                prev_state: t.from,
                new_state: t.to,
                value_data: JSON.stringify(valuesOf(t.values)),
                error: (t.error ?? '').slice(0, 2048),
                created: t.at,
              })),
            )
            .execute();
        }
      });
    },

    /** A deleted rule leaves no instances behind. */
    async deleteRule(orgId: number, ruleUid: string): Promise<void> {
      await db
        .deleteFrom('alert_instance')
        .where('org_id', '=', orgId)
        .where('rule_uid', '=', ruleUid)
        .execute();
    },
  };
}

/** History keeps the number of each refId (null for a missing or non-finite one, JSON has no NaN). */
function valuesOf(values: AlertInstance['values']): Record<string, number | null> {
  return Object.fromEntries(
    Object.entries(values).map(([refId, v]) => [
      refId,
      v.value !== null && Number.isFinite(v.value) ? v.value : null,
    ]),
  );
}

function toRow(instance: AlertInstance): AlertInstanceTable {
  const detail: InstanceDetail = {
    values: instance.values,
    annotations: instance.annotations,
    evaluationString: instance.evaluationString,
    ...(instance.error !== undefined ? { error: instance.error } : {}),
    ...(instance.resolvedFrom !== undefined ? { resolvedFrom: instance.resolvedFrom } : {}),
  };
  return {
    org_id: instance.orgId,
    rule_uid: instance.ruleUid,
    fingerprint: instance.fingerprint,
    labels: JSON.stringify(instance.labels),
    state: instance.state,
    reason: instance.reason.slice(0, 100),
    starts_at: instance.startsAt,
    ends_at: instance.endsAt,
    last_eval_at: instance.lastEvalAt,
    resolved_at: instance.resolvedAt,
    last_sent_at: instance.lastSentAt,
    // NaN and infinities survive as strings (JSON has no literal for them)
    detail: JSON.stringify(detail, (_key, value: unknown) =>
      typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
    ),
  };
}

function toInstance(row: InstanceRow): AlertInstance {
  const detail = JSON.parse(row.detail) as InstanceDetail;
  for (const captured of Object.values(detail.values)) {
    if (typeof captured.value === 'string') captured.value = Number(captured.value);
  }
  return {
    orgId: Number(row.org_id),
    ruleUid: row.rule_uid,
    fingerprint: row.fingerprint,
    labels: JSON.parse(row.labels) as Record<string, string>,
    state: row.state as InstanceState,
    reason: row.reason,
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    lastEvalAt: Number(row.last_eval_at),
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    lastSentAt: row.last_sent_at === null ? null : Number(row.last_sent_at),
    values: detail.values,
    annotations: detail.annotations,
    evaluationString: detail.evaluationString,
    ...(detail.error !== undefined ? { error: detail.error } : {}),
    ...(detail.resolvedFrom !== undefined ? { resolvedFrom: detail.resolvedFrom } : {}),
  };
}
