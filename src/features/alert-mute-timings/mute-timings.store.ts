import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { AlertMuteTimingTable } from '../../store/tables.js';

export type MuteTimingRow = Selectable<AlertMuteTimingTable>;

/** SQL of mute timings; every query filters org_id. */
export function createMuteTimingsStore(db: Db) {
  return {
    list(orgId: number): Promise<MuteTimingRow[]> {
      return db
        .selectFrom('alert_mute_timing')
        .selectAll()
        .where('org_id', '=', orgId)
        .orderBy('name')
        .execute();
    },

    async names(orgId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('alert_mute_timing')
        .select('name')
        .where('org_id', '=', orgId)
        .execute();
      return rows.map((r) => r.name);
    },

    byName(orgId: number, name: string): Promise<MuteTimingRow | undefined> {
      return db
        .selectFrom('alert_mute_timing')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .executeTakeFirst();
    },

    async insert(
      orgId: number,
      values: { name: string; time_intervals: string; provenance: string },
      now: number,
    ): Promise<void> {
      await db
        .insertInto('alert_mute_timing')
        .values({ org_id: orgId, ...values, version: 1, created: now, updated: now })
        .execute();
    },

    /** Rewrites a row (its name too, for a rename); the version moves on. */
    async update(
      id: number,
      values: { name: string; time_intervals: string; provenance: string; version: number },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('alert_mute_timing')
        .set({ ...values, updated: now })
        .where('id', '=', id)
        .execute();
    },

    async delete(orgId: number, id: number): Promise<void> {
      await db.deleteFrom('alert_mute_timing').where('org_id', '=', orgId).where('id', '=', id).execute();
    },
  };
}

export type MuteTimingsStore = ReturnType<typeof createMuteTimingsStore>;
