import type { Clock } from '../../lib/clock.js';
import type { CacheBus } from '../../store/cache-bus.js';
import type { Database } from '../../store/database.js';
import { changingOnlyRows, createTableCache } from '../../store/table-cache.js';
import type { DashboardsStore, ReadRow } from './dashboards.store.js';

/** Bound on the model bytes the cache holds, so a few huge dashboards cannot grow RSS. */
const MAX_MODEL_BYTES = 16 * 1024 * 1024;
const ROWS_TOPIC = 'dashboard-reads';
const rowKey = (orgId: number, uid: string) => `${orgId}:${uid}`;

/**
 * A read row as the cache keeps it: the stored model as its UTF-8 bytes, which GET sends as they
 * are. Sent as a string, a 300 KB model was measured UTF-8-counted for `content-length` (a third
 * of the server's time) and encoded again by the socket write, on every request.
 */
export type CachedReadRow = Omit<ReadRow, 'data'> & { data: Buffer };

/**
 * GET /api/dashboards/uid and the dashboard permission checks without a query on a hit: the row
 * with its authors' logins by org and uid, and each user's starred dashboards by user and org.
 * Both are table caches (store/table-cache.ts): any committed write to `dashboard` or `users`
 * (except `last_seen_at`), resp. `star`, drops them on every instance; a read that overlapped
 * such a write is served but not kept. A save or delete of one dashboard (`writingRows`) drops
 * only that dashboard's row, so a writer does not turn every reader's GET into a query. The rows
 * are shared between requests: never mutate one.
 */
export function createDashboardReadCache(deps: {
  store: DashboardsStore;
  database: Database;
  cacheBus: CacheBus;
  clock: Clock;
}) {
  const { store } = deps;
  const shared = { database: deps.database, cacheBus: deps.cacheBus, clock: deps.clock, ttlMs: 60_000 };
  const rows = createTableCache<string, CachedReadRow | null>({
    ...shared,
    topic: ROWS_TOPIC,
    tables: ['dashboard', 'users'],
    ignoredColumns: ['last_seen_at'],
    max: 10_000,
    maxSize: MAX_MODEL_BYTES,
    sizeOf: (row) => row?.data.length ?? 1,
  });
  const stars = createTableCache<string, ReadonlySet<number>>({
    ...shared,
    topic: 'dashboard-stars',
    tables: ['star'],
    max: 10_000,
  });
  /** The ids of the dashboards `userId` starred in `orgId` (search marks its hits with them). */
  const starredIds = (userId: number, orgId: number): Promise<ReadonlySet<number>> =>
    stars.get(`${userId}:${orgId}`, () => store.starredIds(userId, orgId));

  return {
    async row(orgId: number, uid: string): Promise<CachedReadRow | undefined> {
      const found = await rows.get(
        rowKey(orgId, uid),
        async () => {
          const row = await store.findForRead(orgId, uid);
          return row ? { ...row, data: Buffer.from(row.data) } : null;
        },
        // Only a row found by its exact uid: a save drops the key of the uid it stores, and a
        // create does not know who asked for it before (nor how MySQL's collation spelled it).
        (row) => row?.uid === uid,
      );
      return found ?? undefined;
    },
    /** Runs `work`, whose writes to `dashboard` change only the rows of the dashboards `uids`. */
    writingRows<T>(orgId: number, uids: readonly string[], work: () => Promise<T>): Promise<T> {
      const keys = uids.map((uid) => rowKey(orgId, uid));
      return changingOnlyRows({ topic: ROWS_TOPIC, table: 'dashboard', keys }, work);
    },
    /** The cached row now (no I/O, no promise); undefined: ask `row`. */
    rowNow(orgId: number, uid: string): CachedReadRow | undefined {
      return rows.peek(rowKey(orgId, uid)) ?? undefined;
    },
    /** Whether the dashboard is starred, when the user's stars are cached; undefined: ask `isStarred`. */
    isStarredNow(userId: number, orgId: number, dashboardId: number): boolean | undefined {
      return stars.peek(`${userId}:${orgId}`)?.has(dashboardId);
    },
    starredIds,
    async isStarred(userId: number, orgId: number, dashboardId: number): Promise<boolean> {
      return (await starredIds(userId, orgId)).has(dashboardId);
    },
  };
}

export type DashboardReadCache = ReturnType<typeof createDashboardReadCache>;
