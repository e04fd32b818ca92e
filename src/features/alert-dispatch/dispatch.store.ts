import type { Db } from '../../store/database.js';
import { insertUnlessDuplicate } from '../../store/insert.js';
import { inTransaction } from '../../store/transaction.js';
import type { AlertDispatchAlertTable, AlertDispatchGroupTable } from '../../store/tables.js';
import type { AlertSource, DispatchAlert } from './dispatch-alert.js';
import type { LogEntry } from './flush-rules.js';

/**
 * All SQL of the dispatcher: the alerts it holds (`alert_dispatch_alert`), its aggregation groups
 * (`alert_dispatch_group`) and the notification log (`alert_notification_log`). Every instance
 * may write alerts (the rule engine's sink on the leader, POSTs anywhere); only the leader writes
 * groups and the log, and a flush is claimed by a compare-and-set on the group's next flush time,
 * so two instances that both believe they lead can never send the same flush twice.
 */
export function createDispatchStore(db: Db) {
  const toAlert = (row: AlertDispatchAlertTable): DispatchAlert => ({
    orgId: row.org_id,
    fingerprint: row.fingerprint,
    labels: JSON.parse(row.labels) as Record<string, string>,
    annotations: JSON.parse(row.annotations) as Record<string, string>,
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    generatorURL: row.generator_url,
    source: row.source as AlertSource,
    updatedAt: Number(row.updated_at),
  });

  async function saveAlert(alert: DispatchAlert): Promise<void> {
    const values = {
      labels: JSON.stringify(alert.labels),
      annotations: JSON.stringify(alert.annotations),
      starts_at: alert.startsAt,
      ends_at: alert.endsAt,
      updated_at: alert.updatedAt,
      generator_url: alert.generatorURL.slice(0, 4000),
      source: alert.source,
    };
    const inserted = await insertUnlessDuplicate(
      db,
      db
        .insertInto('alert_dispatch_alert')
        .values({ org_id: alert.orgId, fingerprint: alert.fingerprint, ...values }),
    );
    if (inserted) return;
    await db
      .updateTable('alert_dispatch_alert')
      .set(values)
      .where('org_id', '=', alert.orgId)
      .where('fingerprint', '=', alert.fingerprint)
      .execute();
  }

  return {
    async allAlerts(): Promise<DispatchAlert[]> {
      return (await db.selectFrom('alert_dispatch_alert').selectAll().execute()).map(toAlert);
    },

    async alertsOf(orgId: number): Promise<DispatchAlert[]> {
      const rows = await db
        .selectFrom('alert_dispatch_alert')
        .selectAll()
        .where('org_id', '=', orgId)
        .execute();
      return rows.map(toAlert);
    },

    /** keys and write times of the rows written at or after `since` (by any instance) */
    async alertStampsSince(
      since: number,
    ): Promise<{ orgId: number; fingerprint: string; updatedAt: number }[]> {
      const rows = await db
        .selectFrom('alert_dispatch_alert')
        .select(['org_id', 'fingerprint', 'updated_at'])
        .where('updated_at', '>=', since)
        .execute();
      return rows.map((row) => ({
        orgId: row.org_id,
        fingerprint: row.fingerprint,
        updatedAt: Number(row.updated_at),
      }));
    },

    async alert(orgId: number, fingerprint: string): Promise<DispatchAlert | undefined> {
      const row = await db
        .selectFrom('alert_dispatch_alert')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('fingerprint', '=', fingerprint)
        .executeTakeFirst();
      return row && toAlert(row);
    },

    /** Inserts or replaces an alert by (org, fingerprint). */
    /** Inserts or replaces alerts, all in one transaction (one commit, however many). */
    async saveAlerts(alerts: DispatchAlert[]): Promise<void> {
      if (alerts.length === 0) return;
      // one order for every writer, so two instances writing overlapping alerts do not deadlock
      const sorted = [...alerts].sort(
        (a, b) => a.orgId - b.orgId || (a.fingerprint < b.fingerprint ? -1 : 1),
      );
      await inTransaction(db, async () => {
        for (const alert of sorted) await saveAlert(alert);
      });
    },

    /** Deletes an alert unless it was written again since `updatedAt` (a newer copy stays). */
    async deleteAlert(orgId: number, fingerprint: string, updatedAt: number): Promise<void> {
      await db
        .deleteFrom('alert_dispatch_alert')
        .where('org_id', '=', orgId)
        .where('fingerprint', '=', fingerprint)
        .where('updated_at', '=', updatedAt)
        .execute();
    },

    allGroups(): Promise<AlertDispatchGroupTable[]> {
      return db.selectFrom('alert_dispatch_group').selectAll().execute();
    },

    group(orgId: number, groupHash: string): Promise<AlertDispatchGroupTable | undefined> {
      return db
        .selectFrom('alert_dispatch_group')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('group_hash', '=', groupHash)
        .executeTakeFirst();
    },

    /** Creates a group row; false when another instance created it first. */
    insertGroup(row: AlertDispatchGroupTable): Promise<boolean> {
      return insertUnlessDuplicate(db, db.insertInto('alert_dispatch_group').values(row));
    },

    /**
     * Moves a group's next flush from `expected` to `next`: true for the one caller that found
     * `expected` still there (the flush is then its to send). `flushing` false only re-plans (an
     * old alert makes a group that never flushed flush now).
     */
    async claimFlush(
      orgId: number,
      groupHash: string,
      expected: number,
      next: number,
      now: number,
      flushing = true,
    ): Promise<boolean> {
      const result = await db
        .updateTable('alert_dispatch_group')
        .set({ next_flush_at: next, ...(flushing ? { flushed_once: 1 } : {}), updated_at: now })
        .where('org_id', '=', orgId)
        .where('group_hash', '=', groupHash)
        .where('next_flush_at', '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteGroup(orgId: number, groupHash: string): Promise<void> {
      await db
        .deleteFrom('alert_dispatch_group')
        .where('org_id', '=', orgId)
        .where('group_hash', '=', groupHash)
        .execute();
    },

    /** The live log entries of a group's receiver, by integration uid. */
    async logEntries(
      orgId: number,
      groupHash: string,
      receiver: string,
      now: number,
    ): Promise<Map<string, LogEntry>> {
      const rows = await db
        .selectFrom('alert_notification_log')
        .select(['integration', 'firing', 'resolved', 'sent_at'])
        .where('org_id', '=', orgId)
        .where('group_hash', '=', groupHash)
        .where('receiver', '=', receiver)
        .where('expires_at', '>', now)
        .execute();
      return new Map(
        rows.map((row) => [
          row.integration,
          {
            firing: new Set(JSON.parse(row.firing) as string[]),
            resolved: new Set(JSON.parse(row.resolved) as string[]),
            sentAt: Number(row.sent_at),
          },
        ]),
      );
    },

    async saveLogEntry(
      key: { orgId: number; groupHash: string; receiver: string; integration: string },
      entry: LogEntry,
      expiresAt: number,
    ): Promise<void> {
      const values = {
        firing: JSON.stringify([...entry.firing].sort()),
        resolved: JSON.stringify([...entry.resolved].sort()),
        sent_at: entry.sentAt,
        expires_at: expiresAt,
      };
      const inserted = await insertUnlessDuplicate(
        db,
        db.insertInto('alert_notification_log').values({
          org_id: key.orgId,
          group_hash: key.groupHash,
          receiver: key.receiver,
          integration: key.integration,
          ...values,
        }),
      );
      if (inserted) return;
      await db
        .updateTable('alert_notification_log')
        .set(values)
        .where('org_id', '=', key.orgId)
        .where('group_hash', '=', key.groupHash)
        .where('receiver', '=', key.receiver)
        .where('integration', '=', key.integration)
        .execute();
    },

    async pruneLog(now: number): Promise<number> {
      const result = await db
        .deleteFrom('alert_notification_log')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type DispatchStore = ReturnType<typeof createDispatchStore>;
