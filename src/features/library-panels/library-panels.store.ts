import type { Kysely, Selectable } from 'kysely';
import { preparedSelect } from '../../store/prepared.js';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { LibraryElementTable } from '../../store/tables.js';

export type ElementRow = Selectable<LibraryElementTable>;
/** A row without its model, for filtering lists. */
export type ElementHead = Pick<
  ElementRow,
  'id' | 'uid' | 'folder_uid' | 'name' | 'kind' | 'type' | 'description'
>;

/** A row with what its presentation needs: its authors and how many dashboards use it. */
export interface ElementWithMeta extends ElementRow {
  created_by_login: string | null;
  created_by_email: string | null;
  updated_by_login: string | null;
  updated_by_email: string | null;
  connected: number;
}

export interface ConnectionRow {
  id: number;
  element_id: number;
  kind: number;
  dashboard_id: number;
  dashboard_uid: string;
  folder_uid: string;
  /** the dashboard's default grants, for the caller's read access */
  dashboard_created_by: number;
  default_creator_admin: number;
  default_role_grants: number;
  created: number;
  created_by: number;
  created_by_login: string | null;
  created_by_email: string | null;
}

const PANEL_CONNECTION = 1;

/** BIGINT and COUNT come back as strings from some drivers: numbers everywhere else. */
function normalized(row: ElementWithMeta): ElementWithMeta {
  return {
    ...row,
    id: Number(row.id),
    org_id: Number(row.org_id),
    kind: Number(row.kind),
    version: Number(row.version),
    created: Number(row.created),
    created_by: Number(row.created_by),
    updated: Number(row.updated),
    updated_by: Number(row.updated_by),
    connected: Number(row.connected),
  };
}

/** SQL of library elements and their connections; every query filters org_id. */
export function createLibraryPanelsStore(db: Db) {
  /** Read by every dashboard save (inside its unit of work): built and compiled once. */
  const connectionsOfDashboard = preparedSelect(
    db as unknown as Kysely<never>,
    2,
    (orgId: number, dashboardId: number) =>
      db
        .selectFrom('library_element_connection')
        .select(['id', 'element_id'])
        .where('org_id', '=', orgId)
        .where('kind', '=', PANEL_CONNECTION)
        .where('dashboard_id', '=', dashboardId),
  );

  function withMeta() {
    return db
      .selectFrom('library_element as le')
      .leftJoin('users as cu', 'cu.id', 'le.created_by')
      .leftJoin('users as uu', 'uu.id', 'le.updated_by')
      .selectAll('le')
      .select((eb) => [
        'cu.login as created_by_login',
        'cu.email as created_by_email',
        'uu.login as updated_by_login',
        'uu.email as updated_by_email',
        eb
          .selectFrom('library_element_connection as c')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('c.element_id', '=', 'le.id')
          .as('connected'),
      ]);
  }

  return {
    insert(values: Omit<ElementRow, 'id'>): Promise<number> {
      return insertReturningId(db, db.insertInto('library_element').values(values));
    },

    async byUid(orgId: number, uid: string): Promise<ElementWithMeta | undefined> {
      const row = await withMeta()
        .where('le.org_id', '=', orgId)
        .where('le.uid', '=', uid)
        .executeTakeFirst();
      return row && normalized(row as ElementWithMeta);
    },

    async byName(orgId: number, name: string): Promise<ElementWithMeta[]> {
      const rows = await withMeta()
        .where('le.org_id', '=', orgId)
        .where('le.name', '=', name)
        .orderBy('le.id')
        .execute();
      return rows.map((row) => normalized(row as ElementWithMeta));
    },

    async byIds(orgId: number, ids: number[]): Promise<ElementWithMeta[]> {
      if (!ids.length) return [];
      const rows = await withMeta().where('le.org_id', '=', orgId).where('le.id', 'in', ids).execute();
      return rows.map((row) => normalized(row as ElementWithMeta));
    },

    /** The org's elements without models, narrowed by what SQL decides exactly. */
    async heads(
      orgId: number,
      filter: { kind?: number; types?: string[]; folderUids?: string[]; excludeUid?: string },
    ): Promise<ElementHead[]> {
      let query = db
        .selectFrom('library_element')
        .select(['id', 'uid', 'folder_uid', 'name', 'kind', 'type', 'description'])
        .where('org_id', '=', orgId);
      if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
      if (filter.types?.length) query = query.where('type', 'in', filter.types);
      if (filter.folderUids?.length) query = query.where('folder_uid', 'in', filter.folderUids);
      if (filter.excludeUid) query = query.where('uid', '<>', filter.excludeUid);
      const rows = await query.execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), kind: Number(row.kind) }));
    },

    /** Compare-and-set on the version: false when another write got in first (or it is gone). */
    async update(
      orgId: number,
      id: number,
      expectedVersion: number,
      values: Partial<Omit<ElementRow, 'id' | 'org_id'>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('library_element')
        .set(values)
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async connectionCount(orgId: number, elementId: number): Promise<number> {
      const row = await db
        .selectFrom('library_element_connection')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .where('element_id', '=', elementId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async delete(orgId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('library_element')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** An element's connections with their dashboards (a read join on the dashboards' table). */
    async connections(orgId: number, elementId: number): Promise<ConnectionRow[]> {
      const rows = await db
        .selectFrom('library_element_connection as c')
        .innerJoin('dashboard as d', 'd.id', 'c.dashboard_id')
        .leftJoin('users as u', 'u.id', 'c.created_by')
        .select([
          'c.id',
          'c.element_id',
          'c.kind',
          'c.dashboard_id',
          'c.created',
          'c.created_by',
          'd.uid as dashboard_uid',
          'd.folder_uid',
          'd.created_by as dashboard_created_by',
          'd.default_creator_admin',
          'd.default_role_grants',
          'u.login as created_by_login',
          'u.email as created_by_email',
        ])
        .where('c.org_id', '=', orgId)
        .where('c.element_id', '=', elementId)
        .where('d.org_id', '=', orgId)
        .orderBy('c.id')
        .execute();
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        element_id: Number(row.element_id),
        kind: Number(row.kind),
        dashboard_id: Number(row.dashboard_id),
        dashboard_created_by: Number(row.dashboard_created_by),
        default_creator_admin: Number(row.default_creator_admin),
        default_role_grants: Number(row.default_role_grants),
        created: Number(row.created),
        created_by: Number(row.created_by),
      }));
    },

    /**
     * Makes a dashboard's connections exactly the elements of `uids` that exist in the org;
     * connections that stay keep their creation time. Inside the dashboard save's unit of work.
     */
    async setDashboardConnections(
      orgId: number,
      dashboardId: number,
      uids: string[],
      by: { now: number; userId: number },
    ): Promise<void> {
      const [existing, wanted] = await Promise.all([
        connectionsOfDashboard(orgId, dashboardId),
        uids.length
          ? db
              .selectFrom('library_element')
              .select('id')
              .where('org_id', '=', orgId)
              .where('uid', 'in', uids)
              .execute()
          : Promise.resolve([]),
      ]);
      const want = new Set(wanted.map((row) => Number(row.id)));
      const have = new Set(existing.map((row) => Number(row.element_id)));
      const gone = existing.filter((row) => !want.has(Number(row.element_id))).map((row) => Number(row.id));
      if (gone.length) {
        await db
          .deleteFrom('library_element_connection')
          .where('org_id', '=', orgId)
          .where('id', 'in', gone)
          .execute();
      }
      const added = [...want].filter((id) => !have.has(id));
      if (added.length) {
        await db
          .insertInto('library_element_connection')
          .values(
            added.map((elementId) => ({
              org_id: orgId,
              element_id: elementId,
              kind: PANEL_CONNECTION,
              dashboard_id: dashboardId,
              created: by.now,
              created_by: by.userId,
            })),
          )
          .execute();
      }
    },

    /** Connections to elements in these folders from dashboards outside them. */
    async connectedFromOutside(orgId: number, folderUids: string[]): Promise<number> {
      if (!folderUids.length) return 0;
      const row = await db
        .selectFrom('library_element_connection as c')
        .innerJoin('library_element as le', 'le.id', 'c.element_id')
        .innerJoin('dashboard as d', 'd.id', 'c.dashboard_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('c.org_id', '=', orgId)
        .where('le.folder_uid', 'in', folderUids)
        .where('d.folder_uid', 'not in', folderUids)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async deleteInFolders(orgId: number, folderUids: string[]): Promise<void> {
      if (!folderUids.length) return;
      await db
        .deleteFrom('library_element')
        .where('org_id', '=', orgId)
        .where('folder_uid', 'in', folderUids)
        .execute();
    },
  };
}

export type LibraryPanelsStore = ReturnType<typeof createLibraryPanelsStore>;
