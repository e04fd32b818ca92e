import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../store/database.js';
import type { Tables } from '../../../store/tables.js';
import { orgOfRow } from '../dashboards.store.js';
import type { IndexEntry } from './title-index.js';

export interface DashboardFilter {
  /** lower-case substring of the title */
  query?: string;
  /** every one must be among the dashboard's tags */
  tags: string[];
  dashboardUids?: string[];
  /** '' is the root */
  folderUids?: string[];
  /** only these dashboard ids (stars) */
  ids?: number[];
  /** the caller's readable set; undefined when everything is readable */
  readable?: { folderUids: string[]; dashboardUids: string[] };
}

export interface DashboardHitRow {
  id: number;
  uid: string;
  title: string;
  slug: string;
  folder_uid: string;
}

// Long IN lists are split: SQLite binds at most 32766 values per statement and planners prefer
// moderate lists.
const CHUNK = 500;

function inChunks(
  eb: ExpressionBuilder<Tables, 'dashboard'>,
  column: 'uid' | 'folder_uid',
  values: string[],
): Expression<SqlBool>[] {
  const parts: Expression<SqlBool>[] = [];
  for (let i = 0; i < values.length; i += CHUNK) parts.push(eb(column, 'in', values.slice(i, i + CHUNK)));
  return parts;
}

/** LIKE pattern for a substring, with `!` as the escape character (the same on every dialect). */
const containsPattern = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** The SQL side of /api/search: dashboards filtered (permissions included), sorted and paged. */
export function createSearchStore(db: Db) {
  return {
    async titleEntries(orgId: number): Promise<IndexEntry[]> {
      const rows = await db
        .selectFrom('dashboard')
        .select(['id', 'uid', 'sort_title', 'folder_uid'])
        .where('org_id', '=', orgId)
        .execute();
      return rows.map((r) => ({ id: r.id, uid: r.uid, sortTitle: r.sort_title, folderUid: r.folder_uid }));
    },

    /** The rows of a page found in the title index, in the index's order; deleted ones drop out. */
    async rowsByIds(orgId: number, ids: number[]): Promise<DashboardHitRow[]> {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('dashboard')
        .select(['id', 'uid', 'title', 'slug', 'folder_uid'])
        .where(orgOfRow, '=', orgId)
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async dashboards(
      orgId: number,
      filter: DashboardFilter,
      page: { limit: number; offset: number; descending: boolean },
    ): Promise<DashboardHitRow[]> {
      let query = db
        .selectFrom('dashboard')
        .select(['id', 'uid', 'title', 'slug', 'folder_uid'])
        // Only searches with tags come here: their index should drive, not a scan of the org.
        .where(orgOfRow, '=', orgId);
      if (filter.readable) {
        const { folderUids, dashboardUids } = filter.readable;
        if (!folderUids.length && !dashboardUids.length) return [];
        query = query.where((eb) =>
          eb.or([...inChunks(eb, 'folder_uid', folderUids), ...inChunks(eb, 'uid', dashboardUids)]),
        );
      }
      if (filter.query) {
        query = query.where(sql<SqlBool>`sort_title like ${containsPattern(filter.query)} escape '!'`);
      }
      if (filter.dashboardUids)
        query = query.where('uid', 'in', filter.dashboardUids.length ? filter.dashboardUids : ['']);
      if (filter.folderUids)
        query = query.where('folder_uid', 'in', filter.folderUids.length ? filter.folderUids : ['-']);
      if (filter.ids) query = query.where('id', 'in', filter.ids.length ? filter.ids : [-1]);
      for (const term of filter.tags) {
        query = query.where('id', 'in', (eb) =>
          eb
            .selectFrom('dashboard_tag')
            .select('dashboard_id')
            .where('org_id', '=', orgId)
            .where('term', '=', term),
        );
      }
      const direction = page.descending ? 'desc' : 'asc';
      return query
        .orderBy('sort_title', direction)
        .orderBy('id', direction)
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
