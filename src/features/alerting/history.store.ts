import { sql, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../store/database.js';
import type { AlertNotificationHistoryTable } from '../../store/tables.js';

export type AttemptRow = Selectable<AlertNotificationHistoryTable>;

export interface HistoryFilter {
  receiver?: string;
  integrationUid?: string;
  integrationType?: string;
  status?: string;
  /** only notifications that carried alerts of this rule */
  ruleUid?: string;
  /** only notifications of this dispatcher group */
  groupKey?: string;
  /** only these receivers (null: all) */
  receivers?: string[] | null;
  from?: number;
  to?: number;
}

/** `value` matched literally inside a LIKE pattern with `escape '!'` (SQLite has no default). */
const literal = (value: string) => value.replace(/[!%_]/g, (c) => `!${c}`);

/** SQL of delivery attempts; every tenant query filters org_id. */
export function createHistoryStore(db: Db) {
  function filtered(orgId: number, filter: HistoryFilter) {
    let query = db.selectFrom('alert_notification_history').where('org_id', '=', orgId);
    if (filter.receiver !== undefined) query = query.where('receiver', '=', filter.receiver);
    if (filter.integrationUid !== undefined)
      query = query.where('integration_uid', '=', filter.integrationUid);
    if (filter.integrationType !== undefined)
      query = query.where('integration_type', '=', filter.integrationType);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.ruleUid !== undefined)
      query = query.where(sql<SqlBool>`rule_uids like ${`%,${literal(filter.ruleUid)},%`} escape '!'`);
    if (filter.groupKey !== undefined) query = query.where('group_key', '=', filter.groupKey);
    if (filter.receivers)
      query = query.where('receiver', 'in', filter.receivers.length ? filter.receivers : ['']);
    if (filter.from !== undefined) query = query.where('created', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created', '<=', filter.to);
    return query;
  }

  return {
    async record(attempts: Insertable<AlertNotificationHistoryTable>[]): Promise<void> {
      if (attempts.length) await db.insertInto('alert_notification_history').values(attempts).execute();
    },

    async page(
      orgId: number,
      filter: HistoryFilter,
      limit: number,
      offset: number,
    ): Promise<{ total: number; rows: AttemptRow[] }> {
      const count = await filtered(orgId, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      const rows = await filtered(orgId, filter)
        .selectAll()
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return { total: Number(count?.n ?? 0), rows };
    },

    /** The latest attempt (test sends included) of each integration of the org. */
    latestPerIntegration(orgId: number): Promise<AttemptRow[]> {
      return db
        .selectFrom('alert_notification_history')
        .selectAll()
        .where('org_id', '=', orgId)
        .where(
          'id',
          'in',
          db
            .selectFrom('alert_notification_history')
            .select(sql<number>`max(id)`.as('id'))
            .where('org_id', '=', orgId)
            .where('integration_uid', '!=', '')
            .groupBy('integration_uid'),
        )
        .execute();
    },

    /** Forgets attempts older than `before` (all orgs): the retention job. */
    async prune(before: number): Promise<number> {
      const result = await db
        .deleteFrom('alert_notification_history')
        .where('created', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
