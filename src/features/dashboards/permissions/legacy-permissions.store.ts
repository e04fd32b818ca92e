import type { Db } from '../../../store/database.js';

/** Names of the principals a permission list shows (users' logins, teams' names). */
export function createPrincipalNamesStore(db: Db) {
  return {
    async users(ids: number[]): Promise<Map<number, { login: string; email: string }>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'login', 'email'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, { login: r.login, email: r.email }]));
    },

    async teams(orgId: number, ids: number[]): Promise<Map<number, { name: string; email: string }>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('team')
        .select(['id', 'name', 'email'])
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
    },

    async userInOrg(orgId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('org_user')
        .select('user_id')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PrincipalNamesStore = ReturnType<typeof createPrincipalNamesStore>;
