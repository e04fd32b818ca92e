import type { Selectable } from 'kysely';
import type { Db } from '../../../store/database.js';
import { insertReturningId } from '../../../store/insert.js';
import type { FolderTable } from '../../../store/tables.js';
import type { FolderNode } from './folder-tree.js';
import { lockParentRow } from '../../../store/locks.js';
import { inTransaction } from '../../../store/transaction.js';

export type FolderRow = Selectable<FolderTable> & {
  created_by_login?: string | null;
  updated_by_login?: string | null;
};

/** SQL of folders. Every query is bound to one org. */
function queries(db: Db) {
  return {
    async nodes(orgId: number): Promise<FolderNode[]> {
      const rows = await db
        .selectFrom('folder')
        .select(['id', 'uid', 'title', 'parent_uid'])
        .where('org_id', '=', orgId)
        .execute();
      return rows.map((r) => ({ id: r.id, uid: r.uid, title: r.title, parentUid: r.parent_uid }));
    },

    findByUid(orgId: number, uid: string): Promise<FolderRow | undefined> {
      return db
        .selectFrom('folder as f')
        .leftJoin('users as cu', 'cu.id', 'f.created_by')
        .leftJoin('users as uu', 'uu.id', 'f.updated_by')
        .selectAll('f')
        .select(['cu.login as created_by_login', 'uu.login as updated_by_login'])
        .where('f.org_id', '=', orgId)
        .where('f.uid', '=', uid)
        .executeTakeFirst();
    },

    async titleTaken(orgId: number, parentUid: string, title: string, exceptUid: string): Promise<boolean> {
      const row = await db
        .selectFrom('folder')
        .select('id')
        .where('org_id', '=', orgId)
        .where('parent_uid', '=', parentUid)
        .where('title', '=', title)
        .where('uid', '!=', exceptUid)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Makes folder title checks in an org wait for each other until this transaction ends. */
    lockTitles(orgId: number): Promise<void> {
      return lockParentRow(db, 'org', orgId);
    },

    insert(values: Omit<Selectable<FolderTable>, 'id'>): Promise<number> {
      return insertReturningId(db, db.insertInto('folder').values(values));
    },

    async update(
      orgId: number,
      uid: string,
      expectedVersion: number,
      values: Partial<Omit<Selectable<FolderTable>, 'id' | 'org_id' | 'uid'>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('folder')
        .set(values)
        .where('org_id', '=', orgId)
        .where('uid', '=', uid)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Uids of the dashboards in these folders. */
    async dashboardUidsIn(
      orgId: number,
      folderUids: string[],
    ): Promise<{ id: number; uid: string; provisioner: string }[]> {
      if (!folderUids.length) return [];
      return db
        .selectFrom('dashboard')
        .select(['id', 'uid', 'provisioner'])
        .where('org_id', '=', orgId)
        .where('folder_uid', 'in', folderUids)
        .execute();
    },

    /** Deletes folders and the dashboards in them (tags, versions and stars go by cascade). */
    async deleteWithDashboards(orgId: number, folderUids: string[]): Promise<void> {
      if (!folderUids.length) return;
      await db
        .deleteFrom('dashboard')
        .where('org_id', '=', orgId)
        .where('folder_uid', 'in', folderUids)
        .execute();
      await db.deleteFrom('folder').where('org_id', '=', orgId).where('uid', 'in', folderUids).execute();
    },
  };
}

type FoldersQueries = ReturnType<typeof queries>;

export function createFoldersStore(db: Db) {
  return {
    ...queries(db),
    transaction<T>(work: (store: FoldersQueries) => Promise<T>): Promise<T> {
      return inTransaction(db, (trx) => work(queries(trx)));
    },
  };
}

export type FoldersStore = ReturnType<typeof createFoldersStore>;
