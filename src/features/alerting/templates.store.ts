import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { AlertTemplateTable } from '../../store/tables.js';
import { inTransaction } from '../../store/transaction.js';

export type TemplateRow = Selectable<AlertTemplateTable>;

/** SQL of notification template groups; every query filters org_id. */
export function createTemplatesStore(db: Db) {
  return {
    list(orgId: number): Promise<TemplateRow[]> {
      return db
        .selectFrom('alert_template')
        .selectAll()
        .where('org_id', '=', orgId)
        .orderBy('name')
        .execute();
    },

    byName(orgId: number, name: string): Promise<TemplateRow | undefined> {
      return db
        .selectFrom('alert_template')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .executeTakeFirst();
    },

    /** Inserts or replaces the group of that name. */
    async save(
      orgId: number,
      name: string,
      template: string,
      provenance: string,
      now: number,
    ): Promise<void> {
      await inTransaction(db, async (trx) => {
        // Select first: MySQL's affected-row count of an UPDATE that changes nothing is 0.
        const existing = await trx
          .selectFrom('alert_template')
          .select('id')
          .where('org_id', '=', orgId)
          .where('name', '=', name)
          .executeTakeFirst();
        if (existing) {
          await trx
            .updateTable('alert_template')
            .set({ template, provenance, updated: now })
            .where('id', '=', existing.id)
            .execute();
          return;
        }
        await trx
          .insertInto('alert_template')
          .values({ org_id: orgId, name, template, provenance, created: now, updated: now })
          .execute();
      });
    },

    async delete(orgId: number, name: string): Promise<void> {
      await db.deleteFrom('alert_template').where('org_id', '=', orgId).where('name', '=', name).execute();
    },
  };
}

export type TemplatesStore = ReturnType<typeof createTemplatesStore>;
