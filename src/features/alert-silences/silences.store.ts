import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { AlertSilenceTable } from '../../store/tables.js';
import type { Silence, SilenceMatcher } from './silence.js';

type SilenceRow = Selectable<AlertSilenceTable>;

const toSilence = (row: SilenceRow): Silence => ({
  id: row.uid,
  matchers: JSON.parse(row.matchers) as SilenceMatcher[],
  startsAt: Number(row.starts_at),
  endsAt: Number(row.ends_at),
  updatedAt: Number(row.updated_at),
  createdBy: row.created_by,
  comment: row.comment,
});

const toValues = (silence: Silence) => ({
  matchers: JSON.stringify(silence.matchers),
  starts_at: silence.startsAt,
  ends_at: silence.endsAt,
  updated_at: silence.updatedAt,
  created_by: silence.createdBy,
  comment: silence.comment,
});

/** SQL of silences; every query filters org_id. */
export function createSilencesStore(db: Db) {
  return {
    async list(orgId: number): Promise<Silence[]> {
      const rows = await db.selectFrom('alert_silence').selectAll().where('org_id', '=', orgId).execute();
      return rows.map(toSilence);
    },

    /** Silences that have not ended by `now` (active or pending): what the silences cache holds. */
    async notEndedBy(orgId: number, now: number): Promise<Silence[]> {
      const rows = await db
        .selectFrom('alert_silence')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('ends_at', '>=', now)
        .execute();
      return rows.map(toSilence);
    },

    async byId(orgId: number, id: string): Promise<Silence | undefined> {
      const row = await db
        .selectFrom('alert_silence')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('uid', '=', id)
        .executeTakeFirst();
      return row && toSilence(row);
    },

    async insert(orgId: number, silence: Silence): Promise<void> {
      await db
        .insertInto('alert_silence')
        .values({ org_id: orgId, uid: silence.id, ...toValues(silence) })
        .execute();
    },

    /** Garbage collection: silences of every org that ended before `cutoff`. */
    async deleteEndedBefore(cutoff: number): Promise<void> {
      await db.deleteFrom('alert_silence').where('ends_at', '<', cutoff).execute();
    },

    async update(orgId: number, silence: Silence): Promise<void> {
      await db
        .updateTable('alert_silence')
        .set(toValues(silence))
        .where('org_id', '=', orgId)
        .where('uid', '=', silence.id)
        .execute();
    },
  };
}

export type SilencesStore = ReturnType<typeof createSilencesStore>;
