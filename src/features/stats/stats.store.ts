import type { Db } from '../../store/database.js';

interface Totals {
  users: number;
  orgs: number;
  dashboards: number;
}

/** Counts behind the svc_stat_* gauges. Service accounts are not users here, as in Grafana. */
export async function countTotals(db: Db): Promise<Totals> {
  const count = (table: 'org' | 'dashboard') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
  const [users, orgs, dashboards] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_service_account', '=', 0)
      .executeTakeFirstOrThrow(),
    count('org'),
    count('dashboard'),
  ]);
  return { users: Number(users.n), orgs: Number(orgs.n), dashboards: Number(dashboards.n) };
}
