import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { DashboardSnapshotTable } from '../../store/tables.js';

export type SnapshotRow = Selectable<DashboardSnapshotTable>;
/** A row without its (large) dashboard model, for lists. */
export type SnapshotHead = Omit<SnapshotRow, 'dashboard'>;

const HEAD_COLUMNS = [
  'id',
  'org_id',
  'user_id',
  'name',
  'snapshot_key',
  'delete_key',
  'created',
  'updated',
  'expires',
] as const;

/** Dates and ids come back as strings from some drivers (BIGINT): numbers everywhere else. */
function normalized<T extends SnapshotHead>(row: T): T {
  return {
    ...row,
    id: Number(row.id),
    org_id: Number(row.org_id),
    user_id: Number(row.user_id),
    created: Number(row.created),
    updated: Number(row.updated),
    expires: Number(row.expires),
  };
}

/** SQL of dashboard snapshots; every query filters org_id except the expiry clean-up. */
export function createSnapshotsStore(db: Db) {
  return {
    insert(values: Omit<SnapshotRow, 'id'>): Promise<number> {
      return insertReturningId(db, db.insertInto('dashboard_snapshot').values(values));
    },

    async byKey(orgId: number, key: string): Promise<SnapshotRow | undefined> {
      const row = await db
        .selectFrom('dashboard_snapshot')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('snapshot_key', '=', key)
        .executeTakeFirst();
      return row && normalized(row);
    },

    async headByDeleteKey(orgId: number, deleteKey: string): Promise<SnapshotHead | undefined> {
      const row = await db
        .selectFrom('dashboard_snapshot')
        .select(HEAD_COLUMNS)
        .where('org_id', '=', orgId)
        .where('delete_key', '=', deleteKey)
        .executeTakeFirst();
      return row && normalized(row);
    },

    /** Snapshots not expired at `now`, newest first; of one user when `userId` is given. */
    async list(orgId: number, filter: { userId?: number; now: number }): Promise<SnapshotHead[]> {
      let query = db
        .selectFrom('dashboard_snapshot')
        .select(HEAD_COLUMNS)
        .where('org_id', '=', orgId)
        .where((eb) => eb.or([eb('expires', '=', 0), eb('expires', '>', filter.now)]));
      if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
      const rows = await query.orderBy('created', 'desc').orderBy('id', 'desc').execute();
      return rows.map(normalized);
    },

    async delete(orgId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('dashboard_snapshot')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Every org's snapshots expired by `now` (the clean-up job). */
    async deleteExpired(now: number): Promise<number> {
      const result = await db
        .deleteFrom('dashboard_snapshot')
        .where('expires', '>', 0)
        .where('expires', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SnapshotsStore = ReturnType<typeof createSnapshotsStore>;
