import type { Db } from '../../../store/database.js';
import type { IndexEntry } from './title-index.js';

/** The SQL side of /api/search: the rows behind the title index (a page is answered from it). */
export function createSearchStore(db: Db) {
  return {
    async titleEntries(orgId: number): Promise<IndexEntry[]> {
      const [rows, tagRows] = await Promise.all([
        db
          .selectFrom('dashboard')
          .select([
            'id',
            'uid',
            'title',
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
        title: r.title,
        folderUid: r.folder_uid,
        tags: tags.get(r.id) ?? [],
        created_by: r.created_by,
        default_creator_admin: r.default_creator_admin,
        default_role_grants: r.default_role_grants,
      }));
    },
  };
}
