import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { identityOf, type Identity } from '../../access/identity.js';
import { anyOf, can } from '../../access/evaluator.js';
import { folderScope, PROVISIONING_READ, PROVISIONING_WRITE, type RuleAccess } from './alert-rules.access.js';
import { badExportQuery, groupNotFound, invalidRule, ruleNotFound } from './alert-rules.errors.js';
import { exportDocument } from './alert-rules.export.js';
import {
  ExportQuery,
  FormatQuery,
  GroupParams,
  NoContent,
  ProvisionedGroup,
  ProvisionedGroupBody,
  ProvisionedRule,
  ProvisionedRuleBody,
  RuleUidParams,
} from './alert-rules.schema.js';
import { checkInterval, type AlertRulesService, type WriteMode } from './alert-rules.service.js';
import type { AlertRule } from './alert-rule.js';
import { sendExport } from './export-reply.js';
import { draftFromProvisioned, presentProvisioned, presentProvisionedGroup } from './provisioning.format.js';
import type { ReferenceCheck } from './rule-references.js';
import type { RuleFolders } from './rule-folders.js';

/** Grafana's rule: the `X-Disable-Provenance` header, present with any value, means none. */
const modeOf = (request: FastifyRequest): WriteMode => ({
  api: 'provisioning',
  provenance: request.headers['x-disable-provenance'] === undefined ? 'api' : '',
});

const actorOf = (identity: Identity) => ({ orgId: identity.orgId, userId: identity.userId });
// Grafana compat: a rule's folder must exist, else the rule fails validation (400).
const missingFolder = () => invalidRule('folder does not exist');

const read = anyOf(PROVISIONING_READ, can('alert.rules:read'));
const writeWith = (action: string) => anyOf(PROVISIONING_WRITE, can(action));
const readGroupPermission = (request: FastifyRequest) =>
  anyOf(
    PROVISIONING_READ,
    can('alert.rules:read', folderScope((request.params as { folderUid: string }).folderUid)),
  );
/** Any of `actions` on the group's folder; the service checks each planned change exactly. */
const onGroup =
  (...actions: string[]) =>
  (request: FastifyRequest) =>
    anyOf(
      PROVISIONING_WRITE,
      ...actions.map((action) =>
        can(action, folderScope((request.params as { folderUid: string }).folderUid)),
      ),
    );

/** Grafana's provisioning API for alert rules and rule groups (`/api/v1/provisioning/...`). */
export function registerAlertRuleProvisioningRoutes(
  api: Api,
  deps: { service: AlertRulesService; access: RuleAccess; references: ReferenceCheck; folders: RuleFolders },
): void {
  const { service, access, references, folders } = deps;
  const base = '/api/v1/provisioning/alert-rules';
  const groupPath = '/api/v1/provisioning/folder/:folderUid/rule-groups/:group';

  async function readableRule(identity: Identity, uid: string): Promise<AlertRule | undefined> {
    const rule = await service.get(identity.orgId, uid);
    if (rule) await access.requireRead(identity, rule.folderUid, 'provisioning');
    return rule;
  }

  async function exportOf(identity: Identity, rules: AlertRule[]) {
    const titles = await folders.many(
      identity.orgId,
      rules.map((r) => r.folderUid),
    );
    return exportDocument(rules, (uid) => titles.get(uid)!.title);
  }

  api.get(
    base,
    { config: { permission: read }, schema: { response: { 200: Type.Array(ProvisionedRule) } } },
    async (request) => {
      const identity = identityOf(request);
      const rules = await access.readable(identity, await service.list(identity.orgId), 'provisioning');
      return rules.map(presentProvisioned);
    },
  );

  api.get(
    `${base}/export`,
    { config: { permission: read }, schema: { querystring: ExportQuery } },
    async (request, reply) => {
      const identity = identityOf(request);
      const { ruleUid, group } = request.query;
      const folderUids = [request.query.folderUid ?? []].flat();
      let rules: AlertRule[];
      if (ruleUid !== undefined) {
        if (group !== undefined || folderUids.length)
          throw badExportQuery('group and folder should not be specified when a single rule is requested');
        const rule = await readableRule(identity, ruleUid);
        rules = rule ? [rule] : [];
      } else {
        if (group !== undefined && folderUids.length !== 1)
          throw badExportQuery('group name must be specified only with exactly one folder');
        rules = await access.readable(identity, await service.list(identity.orgId), 'provisioning');
        if (folderUids.length) rules = rules.filter((r) => folderUids.includes(r.folderUid));
        if (group !== undefined) rules = rules.filter((r) => r.ruleGroup === group);
      }
      if (!rules.length) throw ruleNotFound();
      return sendExport(request, reply, await exportOf(identity, rules), request.query);
    },
  );

  api.get(
    `${base}/:uid`,
    { config: { permission: read }, schema: { params: RuleUidParams, response: { 200: ProvisionedRule } } },
    async (request, reply) => {
      const rule = await readableRule(identityOf(request), request.params.uid);
      // Grafana compat: an unknown rule is 404 with an empty body (untyped reply: the schema
      // declares only the 200).
      if (!rule) return (reply as FastifyReply).status(404).send();
      return presentProvisioned(rule);
    },
  );

  api.get(
    `${base}/:uid/export`,
    { config: { permission: read }, schema: { params: RuleUidParams, querystring: FormatQuery } },
    async (request, reply) => {
      const identity = identityOf(request);
      const rule = await readableRule(identity, request.params.uid);
      if (!rule) throw ruleNotFound();
      return sendExport(request, reply, await exportOf(identity, [rule]), request.query);
    },
  );

  api.post(
    base,
    {
      config: { permission: writeWith('alert.rules:create') },
      schema: { body: ProvisionedRuleBody, response: { 201: ProvisionedRule } },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const { folderUID, ruleGroup } = request.body;
      const draft = draftFromProvisioned(request.body);
      await references(identity.orgId, folderUID, [draft], missingFolder);
      const rule = await service.create(
        actorOf(identity),
        { folderUid: folderUID, group: ruleGroup },
        draft,
        modeOf(request),
        access.writer(identity, 'provisioning'),
      );
      return reply.status(201).send(presentProvisioned(rule));
    },
  );

  api.put(
    `${base}/:uid`,
    {
      config: { permission: writeWith('alert.rules:write') },
      schema: { params: RuleUidParams, body: ProvisionedRuleBody, response: { 200: ProvisionedRule } },
    },
    async (request) => {
      const identity = identityOf(request);
      const { folderUID, ruleGroup } = request.body;
      // Grafana compat: the uid of the path wins over the body's.
      const draft = { ...draftFromProvisioned({ ...request.body, uid: undefined }), uid: request.params.uid };
      await references(identity.orgId, folderUID, [draft], missingFolder);
      const rule = await service.update(
        actorOf(identity),
        { folderUid: folderUID, group: ruleGroup },
        draft,
        modeOf(request),
        access.writer(identity, 'provisioning'),
      );
      return presentProvisioned(rule);
    },
  );

  api.delete(
    `${base}/:uid`,
    {
      config: { permission: writeWith('alert.rules:delete') },
      schema: { params: RuleUidParams, response: { 204: NoContent } },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      await service.delete(
        actorOf(identity),
        request.params.uid,
        modeOf(request),
        access.writer(identity, 'provisioning'),
      );
      return reply.status(204).send(null);
    },
  );

  const readGroup = async (request: FastifyRequest, params: { folderUid: string; group: string }) => {
    const identity = identityOf(request);
    const { folderUid, group } = params;
    await access.requireRead(identity, folderUid, 'provisioning');
    const rules = await service.inGroup(identity.orgId, { folderUid, group });
    if (!rules.length) throw groupNotFound();
    return { identity, rules };
  };

  api.get(
    groupPath,
    {
      config: { permission: readGroupPermission },
      schema: { params: GroupParams, response: { 200: ProvisionedGroup } },
    },
    async (request) => {
      const { rules } = await readGroup(request, request.params);
      return presentProvisionedGroup(request.params.folderUid, request.params.group, rules);
    },
  );

  api.get(
    `${groupPath}/export`,
    {
      config: { permission: readGroupPermission },
      schema: { params: GroupParams, querystring: FormatQuery },
    },
    async (request, reply) => {
      const { identity, rules } = await readGroup(request, request.params);
      return sendExport(request, reply, await exportOf(identity, rules), request.query);
    },
  );

  api.put(
    groupPath,
    {
      config: { permission: onGroup('alert.rules:create', 'alert.rules:write', 'alert.rules:delete') },
      schema: { params: GroupParams, body: ProvisionedGroupBody, response: { 200: ProvisionedGroup } },
    },
    async (request) => {
      const identity = identityOf(request);
      const { folderUid, group } = request.params;
      const { interval } = request.body;
      if (interval !== undefined) checkInterval(interval);
      const drafts = request.body.rules.map(draftFromProvisioned);
      await references(identity.orgId, folderUid, drafts, missingFolder);
      await service.replaceGroup(
        actorOf(identity),
        { folderUid, group },
        interval,
        drafts,
        modeOf(request),
        access.writer(identity, 'provisioning'),
      );
      return presentProvisionedGroup(
        folderUid,
        group,
        await service.inGroup(identity.orgId, { folderUid, group }),
      );
    },
  );

  api.delete(
    groupPath,
    {
      config: { permission: onGroup('alert.rules:delete') },
      schema: { params: GroupParams, response: { 204: NoContent } },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const { folderUid, group } = request.params;
      await service.deleteGroup(
        actorOf(identity),
        { folderUid, group },
        modeOf(request),
        access.writer(identity, 'provisioning'),
      );
      return reply.status(204).send(null);
    },
  );
}
