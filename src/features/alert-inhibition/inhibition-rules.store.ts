import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { AlertInhibitionRuleTable } from '../../store/tables.js';
import type { InhibitionRule, InhibitionRuleSpec } from './inhibition-rule.js';

type Row = Selectable<AlertInhibitionRuleTable>;

const toRule = (row: Row): InhibitionRule => ({
  name: row.name,
  spec: JSON.parse(row.spec) as InhibitionRuleSpec,
  version: Number(row.version),
});

/** SQL of inhibition rules; every query filters org_id. */
export function createInhibitionRulesStore(db: Db) {
  return {
    async list(orgId: number): Promise<InhibitionRule[]> {
      const rows = await db
        .selectFrom('alert_inhibition_rule')
        .selectAll()
        .where('org_id', '=', orgId)
        .orderBy('name')
        .execute();
      return rows.map(toRule);
    },

    async byName(orgId: number, name: string): Promise<InhibitionRule | undefined> {
      const row = await db
        .selectFrom('alert_inhibition_rule')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row && toRule(row);
    },

    /** Throws the dialect's unique violation when the name is taken in the org. */
    async insert(orgId: number, name: string, spec: InhibitionRuleSpec, now: number): Promise<void> {
      await db
        .insertInto('alert_inhibition_rule')
        .values({ org_id: orgId, name, spec: JSON.stringify(spec), version: 1, created: now, updated: now })
        .execute();
    },

    /** Compare-and-set on `version`: false when the rule is gone or another write came first. */
    async update(
      orgId: number,
      name: string,
      spec: InhibitionRuleSpec,
      version: number,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('alert_inhibition_rule')
        .set({ spec: JSON.stringify(spec), version: version + 1, updated: now })
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(orgId: number, name: string): Promise<boolean> {
      const result = await db
        .deleteFrom('alert_inhibition_rule')
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type InhibitionRulesStore = ReturnType<typeof createInhibitionRulesStore>;
