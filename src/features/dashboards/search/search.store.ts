import type { Db } from '../../../store/database.js';
import { orgOfRow } from '../dashboards.store.js';
import type { IndexEntry } from './title-index.js';

interface DashboardHitRow {
  id: number;
  uid: string;
  title: string;
  slug: string;
  folder_uid: string;
}

/** The SQL side of /api/search: the rows behind the title index, and the rows of a page. */
export function createSearchStore(db: Db) {
  return {
    async titleEntries(orgId: number): Promise<IndexEntry[]> {
      const [rows, tagRows] = await Promise.all([
        db
          .selectFrom('dashboard')
          .select([
            'id',
            'uid',
            'sort_title',
            'folder_uid',
            'created_by',
            'default_creator_admin',
            'default_role_grants',
          ])
          .where('org_id', '=', orgId)
          .execute(),
        db.selectFrom('dashboard_tag').select(['dashboard_id', 'term']).where('org_id', '=', orgId).execute(),
      ]);
      const tags = new Map<number, string[]>();
      for (const { dashboard_id, term } of tagRows) {
        const list = tags.get(dashboard_id);
        if (list) list.push(term);
        else tags.set(dashboard_id, [term]);
      }
      return rows.map((r) => ({
        id: r.id,
        uid: r.uid,
        sortTitle: r.sort_title,
        folderUid: r.folder_uid,
        tags: tags.get(r.id) ?? [],
        created_by: r.created_by,
        default_creator_admin: r.default_creator_admin,
        default_role_grants: r.default_role_grants,
      }));
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
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
