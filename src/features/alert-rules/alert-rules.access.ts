/**
 * Who may read and change which rules: Grafana's `alert.rules:*` actions on the rule's folder
 * (`folders:uid:<uid>`, the authorizer adds the folder's ancestors), `datasources:query` on every
 * data source a new or changed rule queries, and — through the provisioning API only — the
 * provisioning actions on every rule of the org.
 */

import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import { allOf, anyOf, can } from '../../access/evaluator.js';
import { EXPRESSION_DATASOURCE_UID, type AlertRule } from './alert-rule.js';
import type { Authorize, WritePlan } from './group-plan.js';
import type { RuleDraft } from './rule-draft.js';

export const PROVISIONING_READ = anyOf(
  can('alert.provisioning:read'),
  can('alert.provisioning.secrets:read'),
  can('alert.rules.provisioning:read'),
);
export const PROVISIONING_WRITE = anyOf(
  can('alert.provisioning:write'),
  can('alert.rules.provisioning:write'),
);

export const folderScope = (folderUid: string) => `folders:uid:${folderUid}`;

/**
 * Grafana: reading a folder's rules takes `alert.rules:read` combined with `folders:read` on the
 * folder (a folder hidden from the caller hides its rules). `*` means every folder.
 */
export const readRulesIn = (folderUid: string) => {
  const scope = folderUid === '*' ? 'folders:*' : folderScope(folderUid);
  return allOf(can('alert.rules:read', scope), can('folders:read', scope));
};

/** Which API asks: the provisioning API also accepts its own actions on every folder. */
export type Via = 'provisioning' | 'ruler';

export function createRuleAccess(authorizer: Authorizer) {
  const wholeRead = (via: Via) => (via === 'provisioning' ? PROVISIONING_READ : undefined);
  const readFolder = readRulesIn;

  async function queried(identity: Identity, drafts: RuleDraft[]): Promise<void> {
    const uids = new Set(
      drafts
        .flatMap((d) => d.data.map((q) => q.datasourceUid))
        .filter((uid) => uid !== EXPRESSION_DATASOURCE_UID),
    );
    for (const uid of uids)
      await authorizer.authorize(identity, can('datasources:query', `datasources:uid:${uid}`));
  }

  return {
    /** The rules of folders the caller may read rules in. */
    async readable(identity: Identity, rules: AlertRule[], via: Via): Promise<AlertRule[]> {
      const folders = [...new Set(rules.map((r) => r.folderUid))];
      const allowed = new Set(await authorizer.filter(identity, folders, readFolder, wholeRead(via)));
      return rules.filter((r) => allowed.has(r.folderUid));
    },

    /** 403 unless the caller may read the folder's rules. */
    async requireRead(identity: Identity, folderUid: string, via: Via): Promise<void> {
      const whole = wholeRead(via);
      await authorizer.authorize(
        identity,
        whole ? anyOf(whole, readFolder(folderUid)) : readFolder(folderUid),
      );
    },

    /** The check of a planned write: create, write or delete on each folder it touches, and queries. */
    writer(identity: Identity, via: Via): Authorize {
      return async (plan: WritePlan) => {
        const all = via === 'provisioning' && (await authorizer.can(identity, PROVISIONING_WRITE));
        const onFolder = async (action: string, folderUid: string) => {
          if (!all) await authorizer.authorize(identity, can(action, folderScope(folderUid)));
        };
        if (plan.created.length) await onFolder('alert.rules:create', plan.folderUid);
        for (const { before } of plan.updated) {
          await onFolder('alert.rules:write', before.folderUid);
          // A rule moved into another folder is created there.
          if (before.folderUid !== plan.folderUid) await onFolder('alert.rules:create', plan.folderUid);
        }
        if (plan.deleted.length) await onFolder('alert.rules:delete', plan.folderUid);
        await queried(identity, [...plan.created, ...plan.updated.map((u) => u.after)]);
      };
    },
  };
}

export type RuleAccess = ReturnType<typeof createRuleAccess>;
