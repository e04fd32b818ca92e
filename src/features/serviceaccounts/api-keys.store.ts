import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { ApiKeyTable } from '../../store/tables.js';

export type ApiKeyRow = Selectable<ApiKeyTable>;

/** SQL for service-account tokens and legacy API keys (table api_key). */
export function createApiKeysStore(db: Db) {
  return {
    findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_key').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    },

    async touchLastUsed(id: number, now: number): Promise<void> {
      await db.updateTable('api_key').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    insert(values: Omit<ApiKeyRow, 'id'>): Promise<number> {
      return insertReturningId(db, db.insertInto('api_key').values(values));
    },

    nameTaken(orgId: number, name: string): Promise<boolean> {
      return db
        .selectFrom('api_key')
        .select('id')
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .executeTakeFirst()
        .then((r) => r !== undefined);
    },

    listForServiceAccount(orgId: number, serviceAccountId: number): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_key')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('service_account_id', '=', serviceAccountId)
        .orderBy('name')
        .execute();
    },

    countByServiceAccount(orgId: number, ids: number[]): Promise<Map<number, number>> {
      if (!ids.length) return Promise.resolve(new Map<number, number>());
      return db
        .selectFrom('api_key')
        .select(['service_account_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('org_id', '=', orgId)
        .where('service_account_id', 'in', ids)
        .groupBy('service_account_id')
        .execute()
        .then(
          (rows) => new Map<number, number>(rows.map((r) => [Number(r.service_account_id), Number(r.n)])),
        );
    },

    async deleteForServiceAccount(orgId: number, serviceAccountId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('api_key')
        .where('org_id', '=', orgId)
        .where('service_account_id', '=', serviceAccountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    listLegacy(orgId: number): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_key')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('service_account_id', 'is', null)
        .orderBy('name')
        .execute();
    },

    async deleteLegacy(orgId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('api_key')
        .where('org_id', '=', orgId)
        .where('service_account_id', 'is', null)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type ApiKeysStore = ReturnType<typeof createApiKeysStore>;
