import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { DataSourceTable } from '../../store/tables.js';
import { inTransaction } from '../../store/transaction.js';

export type DataSourceRow = Selectable<DataSourceTable>;
type NewDataSourceRow = Omit<Insertable<DataSourceTable>, 'id'>;
type DataSourceChanges = Updateable<Omit<DataSourceTable, 'id' | 'org_id' | 'created'>>;

function queries(db: Db) {
  const inOrg = (orgId: number) => db.selectFrom('data_source').selectAll().where('org_id', '=', orgId);

  return {
    /** Every data source of an org, by name (case-insensitive order is applied by the service). */
    list(orgId: number): Promise<DataSourceRow[]> {
      return inOrg(orgId).orderBy('name').orderBy('id').execute();
    },

    byUid(orgId: number, uid: string): Promise<DataSourceRow | undefined> {
      return inOrg(orgId).where('uid', '=', uid).executeTakeFirst();
    },

    byName(orgId: number, name: string): Promise<DataSourceRow | undefined> {
      return inOrg(orgId).where('name', '=', name).executeTakeFirst();
    },

    byId(orgId: number, id: number): Promise<DataSourceRow | undefined> {
      return inOrg(orgId).where('id', '=', id).executeTakeFirst();
    },

    async uidOfName(orgId: number, name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('data_source')
        .select('uid')
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.uid;
    },

    async uidOfId(orgId: number, id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('data_source')
        .select('uid')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.uid;
    },

    async nameTaken(orgId: number, name: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('data_source')
        .select('id')
        .where('org_id', '=', orgId)
        .where('name', '=', name);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async uidTaken(orgId: number, uid: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('data_source')
        .select('id')
        .where('org_id', '=', orgId)
        .where('uid', '=', uid);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    insert(values: NewDataSourceRow): Promise<number> {
      return insertReturningId(db, db.insertInto('data_source').values(values));
    },

    /**
     * Updates the row unless someone else wrote a newer version first (optimistic locking):
     * false when no row matched.
     */
    async update(orgId: number, id: number, values: DataSourceChanges, maxStoredVersion?: number) {
      let query = db.updateTable('data_source').set(values).where('org_id', '=', orgId).where('id', '=', id);
      if (maxStoredVersion !== undefined) query = query.where('version', '<=', maxStoredVersion);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** At most one default per org: clears the flag on every other data source. */
    async clearDefault(orgId: number, exceptId: number): Promise<void> {
      await db
        .updateTable('data_source')
        .set({ is_default: 0 })
        .where('org_id', '=', orgId)
        .where('id', '!=', exceptId)
        .where('is_default', '=', 1)
        .execute();
    },

    async delete(orgId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('data_source')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async orgExists(orgId: number): Promise<boolean> {
      return (
        (await db.selectFrom('org').select('id').where('id', '=', orgId).executeTakeFirst()) !== undefined
      );
    },

    /** plugin type -> number of data sources, across every org (svc_stat_totals_datasource). */
    async countByType(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('data_source')
        .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('type')
        .execute();
      return new Map(rows.map((r) => [r.type, Number(r.n)]));
    },
  };
}

type DataSourcesStoreQueries = ReturnType<typeof queries>;

/** The only place with SQL for data sources; every tenant query filters on the org. */
export function createDataSourcesStore(db: Db) {
  return {
    ...queries(db),
    transaction<T>(work: (store: DataSourcesStoreQueries) => Promise<T>): Promise<T> {
      return inTransaction(db, (trx) => work(queries(trx)));
    },
  };
}

export type DataSourcesStore = ReturnType<typeof createDataSourcesStore>;
