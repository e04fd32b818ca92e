import { sql, type Kysely, type QueryResult, type Selectable } from 'kysely';
import type { DefaultGrants } from './default-grants.js';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import { sortTitleOf } from './dashboard-model.js';
import type { DashboardTable, DashboardVersionTable } from '../../store/tables.js';
import { forWrite, lockParentRow } from '../../store/locks.js';
import { preparedSelect, preparedWrite } from '../../store/prepared.js';
import { inTransaction, type AfterCommit } from '../../store/transaction.js';

export type DashboardRow = Selectable<DashboardTable>;
export type DashboardHead = Omit<DashboardRow, 'data'>;
export type VersionRow = Selectable<DashboardVersionTable> & { created_by_login: string | null };

const HEAD_COLUMNS = [
  'id',
  'org_id',
  'uid',
  'title',
  'sort_title',
  'slug',
  'folder_uid',
  'version',
  'created',
  'updated',
  'created_by',
  'updated_by',
  'provisioner',
  'provisioned_external_id',
  'provisioned_checksum',
  'allow_ui_updates',
  'default_creator_admin',
  'default_role_grants',
] as const;

/**
 * `org_id` for lookups by primary key: the tenant filter stays, but as an expression SQLite's
 * planner cannot pick an (org_id, …) index for, which would scan a whole org instead of one row.
 */
export const orgOfRow = sql<number>`org_id + 0`;

/** A dashboard as GET /api/dashboards/uid shows it: the row and its authors' logins. */
export type ReadRow = DashboardRow & {
  created_by_login: string | null;
  updated_by_login: string | null;
};

/** GET /api/dashboards/uid's query, built and compiled once per Kysely instance (hot path). */
const findForReadOf = new WeakMap<Db, (orgId: number, uid: string) => Promise<ReadRow[]>>();
const prepareFindForRead = (db: Db) =>
  preparedSelect(db as unknown as Kysely<never>, 2, (orgId: number, uid: string) =>
    db
      .selectFrom('dashboard as d')
      .leftJoin('users as cu', 'cu.id', 'd.created_by')
      .leftJoin('users as uu', 'uu.id', 'd.updated_by')
      .selectAll('d')
      .select(['cu.login as created_by_login', 'uu.login as updated_by_login'])
      .where('d.org_id', '=', orgId)
      .where('d.uid', '=', uid),
  );

/**
 * The save's queries, built and compiled by Kysely once (store/prepared.ts) on the server's
 * database: inside a unit of work they run on its connection like every query of a store.
 */
function prepareSaveQueries(db: Db) {
  const root = db as unknown as Kysely<never>;
  /** One update per set of columns a save writes (the provisioning columns or not). */
  const writeVersionBy = new Map<string, (...args: (string | number)[]) => Promise<QueryResult<unknown>>>();
  return {
    headByUid: preparedSelect(root, 2, (orgId: number, uid: string) =>
      db.selectFrom('dashboard').select(HEAD_COLUMNS).where('org_id', '=', orgId).where('uid', '=', uid),
    ),
    lockForSave: preparedSelect(root, 2, (orgId: number, id: number) =>
      forWrite(
        db,
        db
          .selectFrom('dashboard')
          .select(['version', 'created_by', 'default_creator_admin', 'default_role_grants'])
          .where(orgOfRow, '=', orgId)
          .where('id', '=', id),
      ),
    ),
    tagRows: preparedSelect(root, 1, (dashboardId: number) =>
      db.selectFrom('dashboard_tag').select(['id', 'term']).where('dashboard_id', '=', dashboardId),
    ),
    writeVersion(columns: string[]) {
      const key = columns.join();
      let write = writeVersionBy.get(key);
      if (!write) {
        const n = columns.length;
        write = preparedWrite(root, n + 4, (...p: (string | number)[]) =>
          db
            .updateTable('dashboard')
            .set({
              ...Object.fromEntries(columns.map((column, i) => [column, p[i]])),
              version: p[n] as number,
            })
            .where(orgOfRow, '=', p[n + 1] as number)
            .where('id', '=', p[n + 2] as number)
            .where('version', '=', p[n + 3] as number),
        );
        writeVersionBy.set(key, write);
      }
      return write;
    },
    setData: preparedWrite(root, 2, (id: number, data: string) =>
      db.updateTable('dashboard').set({ data }).where('id', '=', id),
    ),
    insertVersion: preparedWrite(
      root,
      8,
      (
        dashboard_id: number,
        version: number,
        parent_version: number,
        restored_from: number,
        created: number,
        created_by: number,
        message: string,
        data: string,
      ) =>
        db.insertInto('dashboard_version').values({
          dashboard_id,
          version,
          parent_version,
          restored_from,
          created,
          created_by,
          message,
          data,
        }),
    ),
    pruneVersions: preparedWrite(root, 2, (dashboardId: number, upTo: number) =>
      db.deleteFrom('dashboard_version').where('dashboard_id', '=', dashboardId).where('version', '<=', upTo),
    ),
  };
}

/** SQL of dashboards, their tags, versions and stars. Every query is bound to one org. */
function queries(db: Db, prepared: ReturnType<typeof prepareSaveQueries>) {
  return {
    findByUid(orgId: number, uid: string): Promise<DashboardRow | undefined> {
      return db
        .selectFrom('dashboard')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('uid', '=', uid)
        .executeTakeFirst();
    },

    /** The row with the logins of its creator and last editor, for GET. */
    /** The row with its authors' logins, for GET (cached by DashboardReadCache). */
    async findForRead(orgId: number, uid: string): Promise<ReadRow | undefined> {
      let find = findForReadOf.get(db);
      if (!find) findForReadOf.set(db, (find = prepareFindForRead(db)));
      return (await find(orgId, uid))[0];
    },

    async headByUid(orgId: number, uid: string): Promise<DashboardHead | undefined> {
      return (await prepared.headByUid(orgId, uid))[0];
    },

    /** Which default grants a dashboard still derives (the others are being stored as permissions). */
    async setDefaultGrants(
      id: number,
      defaults: Pick<DefaultGrants, 'default_creator_admin' | 'default_role_grants'>,
    ): Promise<void> {
      await db.updateTable('dashboard').set(defaults).where('id', '=', id).execute();
    },

    /** The dashboards on which a caller holds actions by default grants: role grants on, or its own. */
    async uidsWithDefaults(
      orgId: number,
      which: { roleGrants: boolean; creatorId: number },
    ): Promise<{ uid: string; creator: boolean }[]> {
      const rows = await db
        .selectFrom('dashboard')
        .select(['uid', 'created_by', 'default_creator_admin'])
        .where('org_id', '=', orgId)
        .where((eb) =>
          eb.or([
            ...(which.roleGrants ? [eb('default_role_grants', '=', 1)] : []),
            eb.and([eb('default_creator_admin', '=', 1), eb('created_by', '=', which.creatorId)]),
          ]),
        )
        .execute();
      return rows.map((r) => ({
        uid: r.uid,
        creator: r.default_creator_admin === 1 && r.created_by === which.creatorId,
      }));
    },

    headById(orgId: number, id: number): Promise<DashboardHead | undefined> {
      return db
        .selectFrom('dashboard')
        .select(HEAD_COLUMNS)
        .where(orgOfRow, '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Another dashboard of the folder with the same title (case-insensitive, as Grafana on MySQL). */
    async sameTitle(orgId: number, folderUid: string, title: string, exceptUid: string): Promise<boolean> {
      const lower = title.toLowerCase();
      const rows = await db
        .selectFrom('dashboard')
        .select('title')
        .where('org_id', '=', orgId)
        .where('folder_uid', '=', folderUid)
        .where('sort_title', '=', sortTitleOf(title))
        .where('uid', '!=', exceptUid)
        .execute();
      return rows.some((row) => row.title.toLowerCase() === lower);
    },

    /** Makes title checks in an org wait for each other until this transaction ends. */
    lockTitles(orgId: number): Promise<void> {
      return lockParentRow(db, 'org', orgId);
    },

    insert(values: Omit<DashboardRow, 'id'>): Promise<number> {
      return insertReturningId(db, db.insertInto('dashboard').values(values));
    },

    /**
     * The row's version and default grants, read under the row's write lock (held until the unit
     * ends): concurrent overwrites of one dashboard queue here, and the defaults are current.
     */
    async lockForSave(orgId: number, id: number): Promise<(DefaultGrants & { version: number }) | undefined> {
      return (await prepared.lockForSave(orgId, id))[0];
    },

    /**
     * A new version in one write: the head columns, the model text and `fromVersion + 1`, if the
     * row is still at `fromVersion` (false when it is not).
     */
    async writeVersion(
      orgId: number,
      id: number,
      fromVersion: number,
      values: Partial<Omit<DashboardRow, 'id' | 'org_id' | 'version'>>,
    ): Promise<boolean> {
      const columns = Object.keys(values).filter(
        (column) => values[column as keyof typeof values] !== undefined,
      ) as (keyof typeof values)[];
      const write = prepared.writeVersion(columns);
      const result = await write(
        ...columns.map((column) => values[column]!),
        fromVersion + 1,
        orgId,
        id,
        fromVersion,
      );
      return Number(result.numAffectedRows) === 1;
    },

    async setData(id: number, data: string): Promise<void> {
      await prepared.setData(id, data);
    },

    async delete(orgId: number, id: number): Promise<void> {
      await db.deleteFrom('star').where('dashboard_id', '=', id).execute();
      await db.deleteFrom('dashboard_tag').where('dashboard_id', '=', id).execute();
      await db.deleteFrom('dashboard_version').where('dashboard_id', '=', id).execute();
      await db.deleteFrom('dashboard').where(orgOfRow, '=', orgId).where('id', '=', id).execute();
    },

    /**
     * Writes only the difference to the stored tags: deleting by primary key and inserting new
     * terms locks just those rows, where a delete-all-then-insert locks index ranges that
     * concurrent saves of other dashboards need too.
     */
    async setTags(orgId: number, dashboardId: number, tags: string[]): Promise<void> {
      const stored = await prepared.tagRows(dashboardId);
      const wanted = new Set(tags);
      const removed = stored.filter((row) => !wanted.has(row.term)).map((row) => row.id);
      const kept = new Set(stored.map((row) => row.term));
      const added = [...wanted].filter((term) => !kept.has(term));
      if (removed.length) await db.deleteFrom('dashboard_tag').where('id', 'in', removed).execute();
      if (added.length) {
        await db
          .insertInto('dashboard_tag')
          .values(added.map((term) => ({ org_id: orgId, dashboard_id: dashboardId, term })))
          .execute();
      }
    },

    async tagsOf(dashboardIds: number[]): Promise<Map<number, string[]>> {
      const tags = new Map<number, string[]>();
      if (!dashboardIds.length) return tags;
      const rows = await db
        .selectFrom('dashboard_tag')
        .select(['dashboard_id', 'term'])
        .where('dashboard_id', 'in', dashboardIds)
        .orderBy('term')
        .execute();
      for (const row of rows) {
        const list = tags.get(row.dashboard_id);
        if (list) list.push(row.term);
        else tags.set(row.dashboard_id, [row.term]);
      }
      return tags;
    },

    async tagCounts(orgId: number): Promise<{ term: string; count: number }[]> {
      const rows = await db
        .selectFrom('dashboard_tag')
        .select((eb) => ['term', eb.fn.countAll<number>().as('count')])
        .where('org_id', '=', orgId)
        .groupBy('term')
        .orderBy('term')
        .execute();
      return rows.map((r) => ({ term: r.term, count: Number(r.count) }));
    },

    async insertVersion(values: Omit<Selectable<DashboardVersionTable>, 'id'>): Promise<void> {
      const { dashboard_id, version, parent_version, restored_from, created, created_by, message, data } =
        values;
      await prepared.insertVersion(
        dashboard_id,
        version,
        parent_version,
        restored_from,
        created,
        created_by,
        message,
        data,
      );
    },

    /** Keeps the newest `keep` versions of a dashboard (version numbers are contiguous). */
    async pruneVersions(dashboardId: number, latest: number, keep: number): Promise<void> {
      if (latest <= keep) return;
      await prepared.pruneVersions(dashboardId, latest - keep);
    },

    versions(dashboardId: number, page: { limit: number; start: number }): Promise<VersionRow[]> {
      const query = db
        .selectFrom('dashboard_version as v')
        .leftJoin('users as u', 'u.id', 'v.created_by')
        .select([
          'v.id',
          'v.dashboard_id',
          'v.version',
          'v.parent_version',
          'v.restored_from',
          'v.created',
          'v.created_by',
          'v.message',
          sql<string>`''`.as('data'),
          'u.login as created_by_login',
        ])
        .where('v.dashboard_id', '=', dashboardId);
      // SPEC: `start` is the version number to start from, newest first (0: the latest). Grafana's
      // legacy API skipped that many rows instead; SPEC wins where they differ.
      const from = page.start > 0 ? query.where('v.version', '<=', page.start) : query;
      return from.orderBy('v.version', 'desc').limit(page.limit).execute();
    },

    version(dashboardId: number, version: number): Promise<VersionRow | undefined> {
      return db
        .selectFrom('dashboard_version as v')
        .leftJoin('users as u', 'u.id', 'v.created_by')
        .selectAll('v')
        .select('u.login as created_by_login')
        .where('v.dashboard_id', '=', dashboardId)
        .where('v.version', '=', version)
        .executeTakeFirst();
    },

    async loginOf(userId: number): Promise<string | undefined> {
      if (!userId) return undefined;
      const row = await db.selectFrom('users').select('login').where('id', '=', userId).executeTakeFirst();
      return row?.login;
    },

    async isStarred(userId: number, dashboardId: number): Promise<boolean> {
      const row = await db
        .selectFrom('star')
        .select('id')
        .where('user_id', '=', userId)
        .where('dashboard_id', '=', dashboardId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async starredIds(userId: number, orgId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('star')
        .select('dashboard_id')
        .where('user_id', '=', userId)
        .where('org_id', '=', orgId)
        .execute();
      return new Set(rows.map((r) => r.dashboard_id));
    },

    async starredUids(userId: number, orgId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('star as s')
        .innerJoin('dashboard as d', 'd.id', 's.dashboard_id')
        .select('d.uid')
        .where('s.user_id', '=', userId)
        .where('s.org_id', '=', orgId)
        .orderBy('d.uid')
        .execute();
      return rows.map((r) => r.uid);
    },

    async star(userId: number, orgId: number, dashboardId: number, now: number): Promise<void> {
      await db
        .insertInto('star')
        .values({ user_id: userId, org_id: orgId, dashboard_id: dashboardId, created: now })
        .execute();
    },

    async unstar(userId: number, dashboardId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('star')
        .where('user_id', '=', userId)
        .where('dashboard_id', '=', dashboardId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Dashboards a provisioning provider wrote in an org. */
    provisionedBy(orgId: number, provisioner: string): Promise<DashboardHead[]> {
      return db
        .selectFrom('dashboard')
        .select(HEAD_COLUMNS)
        .where('org_id', '=', orgId)
        .where('provisioner', '=', provisioner)
        .execute();
    },
  };
}

type DashboardsQueries = ReturnType<typeof queries>;

export function createDashboardsStore(db: Db) {
  const prepared = prepareSaveQueries(db);
  return {
    ...queries(db, prepared),
    transaction<T>(work: (store: DashboardsQueries, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
      return inTransaction(db, (trx, afterCommit) => work(queries(trx, prepared), afterCommit));
    },
  };
}

export type DashboardsStore = ReturnType<typeof createDashboardsStore>;
