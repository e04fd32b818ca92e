import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { AnnotationTable, Tables } from '../../store/tables.js';
import type { TagPair } from './annotation-tags.js';
import { inTransaction } from '../../store/transaction.js';

/** An annotation with its dashboard's uid and folder and its author, as lists and reads need it. */
export type AnnotationRow = Selectable<AnnotationTable> & {
  dashboard_uid: string | null;
  folder_uid: string | null;
  /** the dashboard's creator and default grants, for permission checks */
  dashboard_created_by: number | null;
  default_creator_admin: number | null;
  default_role_grants: number | null;
  login: string | null;
  email: string | null;
};

/** Dashboards whose annotations a list may show: all of them, or those in these folders or uids. */
export interface DashboardSet {
  all: boolean;
  folderUids: ReadonlySet<string>;
  dashboardUids: ReadonlySet<string>;
  /** and those whose default grants give access: role grants on, or created by `creatorId` */
  byDefault: { roleGrants: boolean; creatorId: number | undefined };
}

/** Who may see what: organization annotations, and dashboard annotations in every one of `dashboards`. */
export interface Visibility {
  organization: boolean;
  /** each set must contain the dashboard (dashboard read access, annotation read access) */
  dashboards: DashboardSet[] | undefined;
}

export interface AnnotationFilter {
  from?: number;
  to?: number;
  dashboardId?: number;
  panelId?: number;
  userId?: number;
  alertId?: number;
  type?: 'annotation' | 'alert';
  tags: TagPair[];
  matchAny: boolean;
  limit: number;
}

interface AnnotationValues {
  dashboard_id: number | null;
  panel_id: number;
  user_id: number;
  text: string;
  data: string;
  epoch: number;
  epoch_end: number;
}

// Long IN lists are split: SQLite binds at most 32766 values per statement.
const CHUNK = 500;

type From = ExpressionBuilder<Tables & { a: Tables['annotation']; d: Tables['dashboard'] }, 'a' | 'd'>;

function inSet(eb: From, set: DashboardSet): Expression<SqlBool> {
  if (set.all) return sql<SqlBool>`1 = 1`;
  const parts: Expression<SqlBool>[] = [];
  const folders = [...set.folderUids];
  const uids = [...set.dashboardUids];
  for (let i = 0; i < folders.length; i += CHUNK)
    parts.push(eb('d.folder_uid', 'in', folders.slice(i, i + CHUNK)));
  for (let i = 0; i < uids.length; i += CHUNK) parts.push(eb('d.uid', 'in', uids.slice(i, i + CHUNK)));
  if (set.byDefault.roleGrants) parts.push(eb('d.default_role_grants', '=', 1));
  if (set.byDefault.creatorId !== undefined)
    parts.push(
      eb.and([eb('d.default_creator_admin', '=', 1), eb('d.created_by', '=', set.byDefault.creatorId)]),
    );
  return parts.length ? eb.or(parts) : sql<SqlBool>`1 = 0`;
}

/** LIKE pattern for a substring, with `!` as the escape character (the same on every dialect). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** The SQL of annotations and their tags. Every query is bound to one org. */
function queries(db: Db) {
  const base = () =>
    db
      .selectFrom('annotation as a')
      .leftJoin('dashboard as d', 'd.id', 'a.dashboard_id')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .selectAll('a')
      .select([
        'd.uid as dashboard_uid',
        'd.folder_uid as folder_uid',
        'd.created_by as dashboard_created_by',
        'd.default_creator_admin',
        'd.default_role_grants',
        'u.login as login',
        'u.email as email',
      ]);

  return {
    async byId(orgId: number, id: number): Promise<AnnotationRow | undefined> {
      return base().where('a.id', '=', id).where('a.org_id', '=', orgId).executeTakeFirst();
    },

    /** Newest first (by start, then end), within what the caller may see. */
    async find(orgId: number, filter: AnnotationFilter, visibility: Visibility): Promise<AnnotationRow[]> {
      if (!visibility.organization && !visibility.dashboards) return [];
      let query = base().where('a.org_id', '=', orgId);
      query = query.where((eb) => {
        const visible: Expression<SqlBool>[] = [];
        if (visibility.organization) visible.push(eb('a.dashboard_id', 'is', null));
        if (visibility.dashboards) {
          visible.push(
            eb.and([
              eb('a.dashboard_id', 'is not', null),
              ...visibility.dashboards.map((set) => inSet(eb, set)),
            ]),
          );
        }
        return eb.or(visible);
      });
      // Grafana's overlap: the span [epoch, epoch_end] touches [from, to].
      if (filter.to !== undefined) query = query.where('a.epoch', '<=', filter.to);
      if (filter.from !== undefined) query = query.where('a.epoch_end', '>=', filter.from);
      if (filter.dashboardId !== undefined) query = query.where('a.dashboard_id', '=', filter.dashboardId);
      if (filter.panelId !== undefined) query = query.where('a.panel_id', '=', filter.panelId);
      if (filter.userId !== undefined) query = query.where('a.user_id', '=', filter.userId);
      if (filter.alertId !== undefined) query = query.where('a.alert_id', '=', filter.alertId);
      if (filter.type === 'alert') query = query.where('a.alert_id', '>', 0);
      if (filter.type === 'annotation') query = query.where('a.alert_id', '=', 0);
      if (filter.tags.length) {
        const matching = (pairs: TagPair[]) =>
          db
            .selectFrom('annotation_tag')
            .select('annotation_id')
            .where('org_id', '=', orgId)
            .where((eb) =>
              eb.or(
                pairs.map((pair) =>
                  // Grafana compat: a tag without a value matches the key whatever its value.
                  pair.value === ''
                    ? eb('tag_key', '=', pair.key)
                    : eb.and([eb('tag_key', '=', pair.key), eb('tag_value', '=', pair.value)]),
                ),
              ),
            );
        if (filter.matchAny) query = query.where('a.id', 'in', matching(filter.tags));
        else for (const pair of filter.tags) query = query.where('a.id', 'in', matching([pair]));
      }
      return query
        .orderBy('a.epoch', 'desc')
        .orderBy('a.epoch_end', 'desc')
        .orderBy('a.id', 'desc')
        .limit(filter.limit)
        .execute();
    },

    /** Tags of these annotations, in the order they were given. */
    async tagsOf(ids: number[]): Promise<Map<number, TagPair[]>> {
      const tags = new Map<number, TagPair[]>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db
          .selectFrom('annotation_tag')
          .select(['annotation_id', 'tag_key', 'tag_value'])
          .where('annotation_id', 'in', ids.slice(i, i + CHUNK))
          .orderBy('id')
          .execute();
        for (const row of rows) {
          const list = tags.get(row.annotation_id) ?? [];
          list.push({ key: row.tag_key, value: row.tag_value });
          tags.set(row.annotation_id, list);
        }
      }
      return tags;
    },

    /** Tags in use in an org with how many annotations carry them; `contains` matches key or value. */
    async tagCounts(
      orgId: number,
      contains: string,
      limit: number,
    ): Promise<{ tag_key: string; tag_value: string; count: number }[]> {
      let query = db
        .selectFrom('annotation_tag')
        .select(['tag_key', 'tag_value', (eb) => eb.fn.countAll<number>().as('count')])
        .where('org_id', '=', orgId);
      if (contains !== '') {
        const pattern = containsPattern(contains);
        query = query.where(
          sql<SqlBool>`(lower(tag_key) like ${pattern} escape '!' or lower(tag_value) like ${pattern} escape '!')`,
        );
      }
      const rows = await query
        .groupBy(['tag_key', 'tag_value'])
        .orderBy('tag_key')
        .orderBy('tag_value')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },

    async insert(orgId: number, values: AnnotationValues, now: number): Promise<number> {
      return insertReturningId(
        db,
        db.insertInto('annotation').values({
          org_id: orgId,
          ...values,
          alert_id: 0,
          prev_state: '',
          new_state: '',
          created: now,
          updated: now,
        }),
      );
    },

    async update(
      orgId: number,
      id: number,
      values: Pick<AnnotationValues, 'text' | 'data' | 'epoch' | 'epoch_end'>,
      now: number,
    ): Promise<void> {
      await db
        .updateTable('annotation')
        .set({ ...values, updated: now })
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .execute();
    },

    async setTags(orgId: number, id: number, tags: TagPair[]): Promise<void> {
      await db.deleteFrom('annotation_tag').where('annotation_id', '=', id).execute();
      if (!tags.length) return;
      await db
        .insertInto('annotation_tag')
        .values(tags.map((t) => ({ annotation_id: id, org_id: orgId, tag_key: t.key, tag_value: t.value })))
        .execute();
    },

    /** The annotation and (by cascade) its tags. */
    async delete(orgId: number, id: number): Promise<void> {
      await db.deleteFrom('annotation').where('id', '=', id).where('org_id', '=', orgId).execute();
    },
  };
}

type AnnotationsQueries = ReturnType<typeof queries>;

export function createAnnotationsStore(db: Db) {
  return {
    ...queries(db),
    transaction<T>(work: (store: AnnotationsQueries) => Promise<T>): Promise<T> {
      return inTransaction(db, (trx) => work(queries(trx)));
    },
  };
}

export type AnnotationsStore = ReturnType<typeof createAnnotationsStore>;
