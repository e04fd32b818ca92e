import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { AlertPolicyTable } from '../../store/tables.js';

type PolicyRow = Selectable<AlertPolicyTable>;

/** SQL of the notification policy tree (one row per org). */
export function createPoliciesStore(db: Db) {
  return {
    get(orgId: number): Promise<PolicyRow | undefined> {
      return db.selectFrom('alert_policy').selectAll().where('org_id', '=', orgId).executeTakeFirst();
    },

    async save(orgId: number, tree: string, provenance: string, now: number): Promise<void> {
      // Select first: MySQL's affected-row count of an UPDATE that changes nothing is 0.
      const existing = await db
        .selectFrom('alert_policy')
        .select('id')
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      if (existing) {
        await db
          .updateTable('alert_policy')
          .set({ tree, provenance, updated: now })
          .where('id', '=', existing.id)
          .execute();
        return;
      }
      await db.insertInto('alert_policy').values({ org_id: orgId, tree, provenance, updated: now }).execute();
    },
  };
}

export type PoliciesStore = ReturnType<typeof createPoliciesStore>;
