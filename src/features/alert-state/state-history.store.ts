import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { AlertStateHistoryTable } from '../../store/tables.js';

export type HistoryRow = Selectable<AlertStateHistoryTable>;

export interface HistoryQuery {
  ruleUid?: string;
  /** epoch ms, inclusive */
  from?: number;
  to?: number;
  limit: number;
  /** only rules in these folders (null: every folder) */
  folderUids: string[] | null;
}

/** Reads and prunes `alert_state_history` (rows are written with the instances, in instances.store). */
export type StateHistoryStore = ReturnType<typeof createStateHistoryStore>;

export function createStateHistoryStore(db: Db) {
  return {
    async find(orgId: number, query: HistoryQuery): Promise<HistoryRow[]> {
      let select = db.selectFrom('alert_state_history').selectAll().where('org_id', '=', orgId);
      if (query.ruleUid !== undefined) select = select.where('rule_uid', '=', query.ruleUid);
      if (query.from !== undefined) select = select.where('created', '>=', query.from);
      if (query.to !== undefined) select = select.where('created', '<=', query.to);
      if (query.folderUids)
        select = select.where('folder_uid', 'in', query.folderUids.length ? query.folderUids : ['']);
      return select.orderBy('created', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
    },

    async deleteOlderThan(cutoff: number): Promise<number> {
      const result = await db
        .deleteFrom('alert_state_history')
        .where('created', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
