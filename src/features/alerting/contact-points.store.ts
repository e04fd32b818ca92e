import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { AlertIntegrationTable } from '../../store/tables.js';

export type IntegrationRow = Selectable<AlertIntegrationTable>;

/** SQL of the integrations that make up contact points; every query filters org_id. */
export function createContactPointsStore(db: Db) {
  return {
    list(orgId: number, name?: string): Promise<IntegrationRow[]> {
      let query = db.selectFrom('alert_integration').selectAll().where('org_id', '=', orgId);
      if (name !== undefined) query = query.where('name', '=', name);
      return query.orderBy('name').orderBy('uid').execute();
    },

    byUid(orgId: number, uid: string): Promise<IntegrationRow | undefined> {
      return db
        .selectFrom('alert_integration')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('uid', '=', uid)
        .executeTakeFirst();
    },

    /** Distinct contact point names, to detect names that differ only in case. */
    async names(orgId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('alert_integration')
        .select('name')
        .distinct()
        .where('org_id', '=', orgId)
        .execute();
      return rows.map((r) => r.name);
    },

    async insert(values: Insertable<AlertIntegrationTable>): Promise<void> {
      await db.insertInto('alert_integration').values(values).execute();
    },

    async update(
      orgId: number,
      uid: string,
      values: Pick<
        IntegrationRow,
        | 'name'
        | 'type'
        | 'settings'
        | 'secure_settings'
        | 'disable_resolve_message'
        | 'provenance'
        | 'updated'
      >,
    ): Promise<void> {
      await db
        .updateTable('alert_integration')
        .set(values)
        .where('org_id', '=', orgId)
        .where('uid', '=', uid)
        .execute();
    },

    async delete(orgId: number, uid: string): Promise<void> {
      await db.deleteFrom('alert_integration').where('org_id', '=', orgId).where('uid', '=', uid).execute();
    },

    async countByName(orgId: number, name: string): Promise<number> {
      const row = await db
        .selectFrom('alert_integration')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type ContactPointsStore = ReturnType<typeof createContactPointsStore>;
