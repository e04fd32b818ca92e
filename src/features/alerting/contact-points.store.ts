import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { AlertContactPointTable, AlertIntegrationTable } from '../../store/tables.js';
import { inTransaction, type AfterCommit } from '../../store/transaction.js';

export type IntegrationRow = Selectable<AlertIntegrationTable>;
type ContactPointRow = Selectable<AlertContactPointTable>;

type IntegrationChange = Pick<
  IntegrationRow,
  'name' | 'type' | 'settings' | 'secure_settings' | 'disable_resolve_message' | 'provenance' | 'updated'
>;

/**
 * The key that makes a contact point name unique in its organization: the name lower-cased
 * character by character, keeping a character whose lower case is longer (`İ`), so the key fits
 * the name's column. Names that differ only in case are one contact point.
 */
function nameKey(name: string): string {
  return Array.from(name, (ch) => {
    const lower = ch.toLowerCase();
    return Array.from(lower).length === 1 ? lower : ch;
  }).join('');
}

function queries(db: Db) {
  /** Fails with a unique violation when the organization has a contact point of that name. */
  async function insertContactPoint(orgId: number, name: string, now: number): Promise<void> {
    await db
      .insertInto('alert_contact_point')
      .values({ org_id: orgId, name, name_key: nameKey(name), created: now, updated: now })
      .execute();
  }

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

    /** Names of the organization's contact points. */
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

    async update(orgId: number, uid: string, values: IntegrationChange): Promise<void> {
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

    /** The contact point whose name equals `name` ignoring case. */
    contactPoint(orgId: number, name: string): Promise<ContactPointRow | undefined> {
      return db
        .selectFrom('alert_contact_point')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('name_key', '=', nameKey(name))
        .executeTakeFirst();
    },

    insertContactPoint,

    /** Renames the contact point and its integrations (a unique violation when the name is taken). */
    async renameContactPoint(orgId: number, from: string, to: string, now: number): Promise<void> {
      const renamed = await db
        .updateTable('alert_contact_point')
        .set({ name: to, name_key: nameKey(to), updated: now })
        .where('org_id', '=', orgId)
        .where('name_key', '=', nameKey(from))
        .where('name', '=', from)
        .executeTakeFirst();
      // Integrations whose spelling lost to another when their rows were created (migration 0009) had none.
      if (Number(renamed.numUpdatedRows) === 0) await insertContactPoint(orgId, to, now);
      await db
        .updateTable('alert_integration')
        .set({ name: to, updated: now })
        .where('org_id', '=', orgId)
        .where('name', '=', from)
        .execute();
    },

    /** Deletes the contact point row (its integrations are deleted one by one, or with deleteIntegrationsOf). */
    async deleteContactPoint(orgId: number, name: string): Promise<void> {
      await db
        .deleteFrom('alert_contact_point')
        .where('org_id', '=', orgId)
        .where('name_key', '=', nameKey(name))
        .where('name', '=', name)
        .execute();
    },

    async deleteIntegrationsOf(orgId: number, name: string): Promise<void> {
      await db.deleteFrom('alert_integration').where('org_id', '=', orgId).where('name', '=', name).execute();
    },
  };
}

export type ContactPointsQueries = ReturnType<typeof queries>;

/** SQL of contact points and the integrations that make them up; every query filters org_id. */
export function createContactPointsStore(db: Db) {
  return {
    ...queries(db),
    /**
     * Runs `work` as one unit, re-run whole on a deadlock (store/transaction.ts): only database
     * work inside, anything else through `afterCommit`.
     */
    transaction<T>(work: (trx: ContactPointsQueries, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
      return inTransaction(db, (trx, afterCommit) => work(queries(trx), afterCommit));
    },
  };
}

export type ContactPointsStore = ReturnType<typeof createContactPointsStore>;
