import type { Db } from '../../store/database.js';

export interface Totals {
  users: number;
  orgs: number;
}

/** Counts behind the svc_stat_* gauges. Service accounts are not users here, as in Grafana. */
export async function countTotals(db: Db): Promise<Totals> {
  const [users, orgs] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_service_account', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('org')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.n), orgs: Number(orgs.n) };
}
