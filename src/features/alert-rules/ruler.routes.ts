import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf, type Identity } from '../../access/identity.js';
import { anyOf, can } from '../../access/evaluator.js';
import type { AlertRule } from './alert-rule.js';
import { folderScope, type RuleAccess } from './alert-rules.access.js';
import {
  badRuleRequest,
  folderNotFound,
  groupNotFound,
  invalidRule,
  ruleNotFound,
} from './alert-rules.errors.js';
import {
  FolderParams,
  GroupParams,
  RuleUidParams,
  RulerGroup,
  RulerGroupBody,
  RulerGroupUpdated,
  RulerListQuery,
  RulerNamespaces,
  RulerRule,
  RulesMessage,
} from './alert-rules.schema.js';
import type { AlertRulesService, WriteMode } from './alert-rules.service.js';
import { DASHBOARD_UID_ANNOTATION, PANEL_ID_ANNOTATION } from './rule-draft.js';
import { parseSeconds } from './rule-durations.js';
import type { ReferenceCheck } from './rule-references.js';
import type { RuleFolders } from './rule-folders.js';
import { draftFromRuler, groupsOf, presentRulerGroup, presentRulerRule } from './ruler.format.js';

const RULER: WriteMode = { api: 'ruler' };
const actorOf = (identity: Identity) => ({ orgId: identity.orgId, userId: identity.userId });
const folderOf = (request: FastifyRequest) => (request.params as { folderUid: string }).folderUid;
const onFolder =
  (...actions: string[]) =>
  (request: FastifyRequest) =>
    anyOf(...actions.map((action) => can(action, folderScope(folderOf(request)))));

/** A group interval as the ruler API sends it ("1m"); none keeps the stored one (or the default). */
function intervalOf(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const seconds = parseSeconds(text);
  if (typeof seconds !== 'number') throw invalidRule(`interval '${text}' is not a valid duration`);
  return seconds;
}

/** Grafana's ruler API (`/api/ruler/{svc,grafana}/api/v1/...`), what Grafana's UI edits rules with. */
export function registerRulerRoutes(
  api: Api,
  deps: { service: AlertRulesService; access: RuleAccess; references: ReferenceCheck; folders: RuleFolders },
): void {
  const { service, access, references, folders } = deps;

  /** `{ "<folder full path>": [groups] }` of rules ordered by folder, group and index. */
  async function byNamespace(orgId: number, rules: AlertRule[]) {
    const paths = await folders.many(
      orgId,
      rules.map((r) => r.folderUid),
    );
    const result: Record<string, ReturnType<typeof presentRulerGroup>[]> = {};
    for (const group of groupsOf(rules)) {
      const path = paths.get(group.folderUid)!.fullPath;
      (result[path] ??= []).push(presentRulerGroup(group.group, group.rules));
    }
    return result;
  }

  async function existingFolder(identity: Identity, folderUid: string) {
    if (!(await folders.info(identity.orgId, folderUid))) throw folderNotFound();
  }

  for (const product of ['svc', 'grafana']) {
    const base = `/api/ruler/${product}/api/v1`;

    api.get(
      `${base}/rules`,
      {
        config: { permission: can('alert.rules:read') },
        schema: { querystring: RulerListQuery, response: { 200: RulerNamespaces } },
      },
      async (request) => {
        const identity = identityOf(request);
        const { dashboard_uid: dashboardUid, panel_id: panelId } = request.query;
        if (panelId !== undefined && !dashboardUid)
          throw badRuleRequest('panel_id must be set with dashboard_uid');
        let rules = await access.readable(identity, await service.list(identity.orgId), 'ruler');
        if (dashboardUid)
          rules = rules.filter((r) => r.annotations[DASHBOARD_UID_ANNOTATION] === dashboardUid);
        if (panelId !== undefined)
          rules = rules.filter((r) => r.annotations[PANEL_ID_ANNOTATION] === String(panelId));
        return byNamespace(identity.orgId, rules);
      },
    );

    api.get(
      `${base}/rules/:folderUid`,
      {
        config: { permission: onFolder('alert.rules:read') },
        schema: { params: FolderParams, response: { 200: RulerNamespaces } },
      },
      async (request) => {
        const identity = identityOf(request);
        await existingFolder(identity, request.params.folderUid);
        return byNamespace(identity.orgId, await service.inFolder(identity.orgId, request.params.folderUid));
      },
    );

    api.get(
      `${base}/rules/:folderUid/:group`,
      {
        config: { permission: onFolder('alert.rules:read') },
        schema: { params: GroupParams, response: { 202: RulerGroup } },
      },
      async (request, reply) => {
        const identity = identityOf(request);
        const { folderUid, group } = request.params;
        await existingFolder(identity, folderUid);
        const rules = await service.inGroup(identity.orgId, { folderUid, group });
        if (!rules.length) throw groupNotFound();
        // Grafana compat: 202, not 200.
        return reply.status(202).send(presentRulerGroup(group, rules));
      },
    );

    api.post(
      `${base}/rules/:folderUid`,
      {
        config: { permission: onFolder('alert.rules:create', 'alert.rules:write', 'alert.rules:delete') },
        schema: { params: FolderParams, body: RulerGroupBody, response: { 202: RulerGroupUpdated } },
      },
      async (request, reply) => {
        const identity = identityOf(request);
        const { folderUid } = request.params;
        await existingFolder(identity, folderUid);
        const drafts = request.body.rules.map(draftFromRuler);
        await references(identity.orgId, folderUid, drafts, folderNotFound);
        const change = await service.replaceGroup(
          actorOf(identity),
          { folderUid, group: request.body.name },
          intervalOf(request.body.interval),
          drafts,
          RULER,
          access.writer(identity, 'ruler'),
        );
        const nothing = !change.created.length && !change.updated.length && !change.deleted.length;
        return reply.status(202).send({
          message: nothing ? 'no changes detected in the rule group' : 'rule group updated successfully',
          ...change,
        });
      },
    );

    api.delete(
      `${base}/rules/:folderUid`,
      {
        config: { permission: onFolder('alert.rules:delete') },
        schema: { params: FolderParams, response: { 202: RulesMessage } },
      },
      async (request, reply) => {
        const identity = identityOf(request);
        await existingFolder(identity, request.params.folderUid);
        await service.deleteFolderRules(
          actorOf(identity),
          request.params.folderUid,
          RULER,
          access.writer(identity, 'ruler'),
        );
        return reply.status(202).send(message('rules deleted'));
      },
    );

    api.delete(
      `${base}/rules/:folderUid/:group`,
      {
        config: { permission: onFolder('alert.rules:delete') },
        schema: { params: GroupParams, response: { 202: RulesMessage } },
      },
      async (request, reply) => {
        const identity = identityOf(request);
        const { folderUid, group } = request.params;
        await existingFolder(identity, folderUid);
        await service.deleteGroup(
          actorOf(identity),
          { folderUid, group },
          RULER,
          access.writer(identity, 'ruler'),
        );
        return reply.status(202).send(message('rules deleted'));
      },
    );

    api.get(
      `${base}/rule/:uid`,
      {
        config: { permission: can('alert.rules:read') },
        schema: { params: RuleUidParams, response: { 200: RulerRule } },
      },
      async (request) => {
        const identity = identityOf(request);
        const rule = await service.get(identity.orgId, request.params.uid);
        if (!rule) throw ruleNotFound();
        await access.requireRead(identity, rule.folderUid, 'ruler');
        return presentRulerRule(rule);
      },
    );

    api.get(
      `${base}/rule/:uid/versions`,
      {
        config: { permission: can('alert.rules:read') },
        schema: { params: RuleUidParams, response: { 200: Type.Array(RulerRule) } },
      },
      async (request) => {
        const identity = identityOf(request);
        const rule = await service.get(identity.orgId, request.params.uid);
        if (!rule) throw ruleNotFound();
        await access.requireRead(identity, rule.folderUid, 'ruler');
        // the snapshots are presentRulerRule's output (alert-rules.feature.ts)
        return (await service.versions(identity.orgId, rule.uid)).map(
          (v) => v.rule as ReturnType<typeof presentRulerRule>,
        );
      },
    );
  }
}
