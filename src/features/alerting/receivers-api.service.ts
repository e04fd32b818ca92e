import { createHash } from 'node:crypto';
import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { generateUid, isValidUid } from '../../lib/uid.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { anyOf, can, type Evaluator } from '../../access/evaluator.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import {
  badReceiverRequest,
  contactPointNameTaken,
  contactPointReferenced,
  namespaceForbidden,
  namespaceNotFound,
  receiverInUse,
  receiverInvalid,
  receiverNotFound,
  receiverVersionConflict,
} from './alerting.errors.js';
import type { ContactPointsStore, IntegrationRow } from './contact-points.store.js';
import { claimName, integrationValues } from './contact-points.write.js';
import {
  checkName,
  checkNameFree,
  contentProblem,
  prepareOrRefuse,
  refuse,
  type Failure,
} from './contact-point-validation.js';
import {
  createIntegrationSecrets,
  markKept,
  parseSettings,
  secureFieldsOf,
  storedSecretsFor,
} from './integration-secrets.js';
import { checkProvenance } from './provenance.js';
import {
  nameOfReceiverUid,
  receiverScope,
  receiverUid,
  type ReceiverPermissions,
} from './receiver-permissions.js';
import type { ReceiverBody, ReceiverIntegration } from './receivers-api.schema.js';
import type { TemplatesService } from './templates.service.js';
import { namespaceOf, orgOfNamespace } from '../../http/k8s-resources.js';

const RECEIVERS_GROUP = 'notifications.alerting.grafana.app';
const API_VERSION = `${RECEIVERS_GROUP}/v0alpha1`;

// Grafana's receiver access: the legacy notification actions cover every receiver; the
// provisioning actions too (as in svc's provisioning API).
const canReadReceiver = (name: string): Evaluator =>
  anyOf(
    can('alert.notifications.receivers:read', receiverScope(name)),
    can('alert.notifications.receivers.secrets:read', receiverScope(name)),
    can('alert.notifications:read'),
    can('alert.provisioning:read'),
  );
const canChangeReceiver = (action: 'write' | 'delete', name: string): Evaluator =>
  anyOf(
    can(`alert.notifications.receivers:${action}`, receiverScope(name)),
    can('alert.notifications:write'),
    can('alert.provisioning:write'),
  );
const ACCESS_ANNOTATIONS: [string, (name: string) => Evaluator][] = [
  ['canWrite', (name) => canChangeReceiver('write', name)],
  ['canDelete', (name) => canChangeReceiver('delete', name)],
  ['canAdmin', (name) => can('receivers.permissions:write', receiverScope(name))],
  [
    'canReadSecrets',
    (name) =>
      anyOf(
        can('alert.notifications.receivers.secrets:read', receiverScope(name)),
        can('alert.provisioning.secrets:read'),
      ),
  ],
];

/** Changes to a receiver's version with every change to its integrations. */
function versionOf(rows: IntegrationRow[]): string {
  const content = rows.map((r) => [
    r.uid,
    r.name,
    r.type,
    r.settings,
    r.secure_settings,
    r.disable_resolve_message,
    r.provenance,
  ]);
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16);
}

/** A validation failure of integration `index`, with the k8s cause naming its field. */
const failAt =
  (index: number): Failure =>
  (detail, field) =>
    receiverInvalid(detail, {
      details: {
        group: RECEIVERS_GROUP,
        kind: 'receivers',
        causes: [
          {
            reason: 'FieldValueInvalid',
            message: detail,
            field: `spec.integrations[${index}]${field ? `.settings.${field}` : ''}`,
          },
        ],
      },
    });
const failOnTitle: Failure = (detail) =>
  receiverInvalid(detail, {
    details: {
      group: RECEIVERS_GROUP,
      kind: 'receivers',
      causes: [{ reason: 'FieldValueInvalid', message: detail, field: 'spec.title' }],
    },
  });

/** Grafana's rule: a secure field marked in `secureFields` and left out of `settings` keeps its stored value. */
function withKeptSecrets(integration: ReceiverIntegration, stored: Record<string, string>) {
  const marked = Object.entries(integration.secureFields ?? {}).filter(([, kept]) => kept);
  const isMarked = (path: string) => marked.some(([key]) => key.toLowerCase() === path.toLowerCase());
  return markKept(
    integration.type,
    integration.settings,
    stored,
    (path, given) => given === undefined && isMarked(path),
  );
}

/**
 * Grafana's receivers API (`/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/{ns}/receivers`):
 * a contact point with all its integrations read and written as one resource, in one transaction.
 * Its `metadata.name` is the receiver uid (the name in base64url), `spec.title` the name.
 */
export function createReceiversApiService(deps: {
  store: ContactPointsStore;
  templates: TemplatesService;
  secrets: SecretsService;
  authorizer: Authorizer;
  permissions: ReceiverPermissions;
  clock: Clock;
  policies: { usage(orgId: number): Promise<Map<string, number>> };
}) {
  const { store, authorizer, permissions, clock } = deps;
  const codec = createIntegrationSecrets(deps.secrets);

  function checkNamespace(identity: Identity, namespace: string): void {
    const orgId = orgOfNamespace(namespace);
    if (orgId === undefined) throw namespaceNotFound(namespace);
    if (orgId !== identity.orgId) throw namespaceForbidden(namespace);
  }

  /** The integrations of the receiver `uid` names (404 when there is none). */
  async function receiverRows(orgId: number, uid: string): Promise<{ name: string; rows: IntegrationRow[] }> {
    const name = nameOfReceiverUid(uid);
    const rows = name === undefined ? [] : await store.list(orgId, name);
    if (name === undefined || rows.length === 0) throw receiverNotFound(uid);
    return { name, rows };
  }

  function present(orgId: number, rows: IntegrationRow[], annotations: Record<string, string> = {}) {
    const name = rows[0]!.name;
    const provenance = rows.find((r) => r.provenance)?.provenance ?? '';
    return {
      apiVersion: API_VERSION,
      kind: 'Receiver',
      metadata: {
        name: receiverUid(name),
        namespace: namespaceOf(orgId),
        resourceVersion: versionOf(rows),
        annotations: { 'grafana.com/provenance': provenance || 'none', ...annotations },
      },
      spec: {
        title: name,
        integrations: rows.map((row) => ({
          uid: row.uid,
          type: row.type,
          version: 'v1',
          disableResolveMessage: row.disable_resolve_message === 1,
          settings: parseSettings(row.settings),
          secureFields: secureFieldsOf(row),
        })),
      },
    };
  }

  /** What the caller may do with it and where it is used (Grafana's annotations on reads). */
  async function presentRead(identity: Identity, rows: IntegrationRow[], usage: Map<string, number>) {
    const name = rows[0]!.name;
    const annotations: Record<string, string> = {};
    for (const [key, evaluator] of ACCESS_ANNOTATIONS) {
      if (await authorizer.can(identity, evaluator(name))) annotations[`grafana.com/access/${key}`] = 'true';
    }
    annotations['grafana.com/inUse/routes'] = String(usage.get(name) ?? 0);
    annotations['grafana.com/inUse/rules'] = '0';
    return present(identity.orgId, rows, annotations);
  }

  /**
   * The body's integrations checked in SPEC's order (type and required settings of each, the
   * title's uniqueness, templates and URLs of each), with their secrets split out. `current` is the
   * receiver being updated.
   */
  async function prepare(
    orgId: number,
    body: ReceiverBody,
    current?: { name: string; rows: IntegrationRow[] },
  ) {
    const title = body.spec.title;
    checkName(title, failOnTitle);
    if (body.spec.integrations.length === 0) throw failOnTitle('a receiver needs at least one integration');
    const storedByUid = new Map((current?.rows ?? []).map((row) => [row.uid, row]));
    const seen = new Set<string>();
    const items = [];
    for (const [index, integration] of body.spec.integrations.entries()) {
      const fail = failAt(index);
      const uid = integration.uid?.trim() ?? '';
      if (uid !== '' && !isValidUid(uid)) {
        throw fail(
          `integration UID "${uid}" is invalid: invalid format of UID. Only letters, numbers, '-' and '_' are allowed`,
        );
      }
      if (uid !== '' && seen.has(uid)) throw fail(`integration with UID "${uid}" already exists`);
      seen.add(uid);
      const stored = storedByUid.get(uid);
      const secrets = storedSecretsFor(stored, integration.type);
      const prepared = await prepareOrRefuse(
        codec,
        { uid, name: title, type: integration.type, settings: withKeptSecrets(integration, secrets) },
        secrets,
        fail,
      );
      items.push({ uid, stored, prepared, integration });
    }
    checkNameFree(await store.contactPoint(orgId, title), current?.name);
    const templates = await deps.templates.templateSet(orgId);
    for (const [index, { prepared }] of items.entries()) {
      refuse(contentProblem(prepared.candidate, prepared.type, templates), failAt(index));
    }
    for (const [index, item] of items.entries()) {
      if (item.uid !== '' && !item.stored && (await store.byUid(orgId, item.uid))) {
        throw failAt(index)(`integration with UID "${item.uid}" already exists`);
      }
    }
    return Promise.all(
      items.map(async (item) => ({
        ...item,
        type: item.prepared.type,
        plain: item.prepared.plain,
        encrypted: await codec.seal(item.prepared),
      })),
    );
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /** Writes the prepared integrations under `title`: updates the stored ones, inserts the others. */
  async function writeIntegrations(
    trx: Parameters<Parameters<ContactPointsStore['transaction']>[0]>[0],
    orgId: number,
    title: string,
    items: Prepared,
    now: number,
  ) {
    for (const [index, item] of items.entries()) {
      const values = integrationValues(title, item, item.integration.disableResolveMessage, '', now);
      if (item.stored) {
        await trx.update(orgId, item.uid, values);
        continue;
      }
      const uid = item.uid || generateUid();
      try {
        await trx.insert({ ...values, org_id: orgId, uid, created: now });
      } catch (err) {
        if (isUniqueViolation(err)) throw failAt(index)(`integration with UID "${uid}" already exists`);
        throw err;
      }
    }
  }

  return {
    checkNamespace,

    async list(identity: Identity, namespace: string) {
      checkNamespace(identity, namespace);
      const [rows, usage] = await Promise.all([
        store.list(identity.orgId),
        deps.policies.usage(identity.orgId),
      ]);
      const groups = new Map<string, IntegrationRow[]>();
      for (const row of rows) groups.set(row.name, [...(groups.get(row.name) ?? []), row]);
      const items = [];
      for (const name of await authorizer.filter(identity, [...groups.keys()], canReadReceiver)) {
        items.push(await presentRead(identity, groups.get(name)!, usage));
      }
      return { apiVersion: API_VERSION, kind: 'ReceiverList', metadata: {}, items };
    },

    async get(identity: Identity, namespace: string, uid: string) {
      checkNamespace(identity, namespace);
      const { name, rows } = await receiverRows(identity.orgId, uid);
      await authorizer.authorize(identity, canReadReceiver(name));
      return presentRead(identity, rows, await deps.policies.usage(identity.orgId));
    },

    async create(identity: Identity, namespace: string, body: ReceiverBody) {
      checkNamespace(identity, namespace);
      const orgId = identity.orgId;
      const title = body.spec.title;
      const given = body.metadata?.name ?? '';
      if (given !== '' && given !== receiverUid(title)) {
        throw badReceiverRequest("object's metadata.name should be empty");
      }
      const items = await prepare(orgId, body);
      const creator = identity.kind === 'user' ? identity.userId : null;
      const now = clock.now();
      await store.transaction(async (trx) => {
        await claimName(trx, orgId, title, now);
        await writeIntegrations(trx, orgId, title, items, now);
        await permissions.grantDefaults(orgId, title, creator);
      });
      return present(orgId, await store.list(orgId, title));
    },

    /**
     * Replaces the receiver's integrations with the body's (stored ones matched by uid keep their
     * secrets as `secureFields` says). A new title renames the contact point; like the
     * provisioning API, that is refused while a notification policy uses the old name.
     */
    async update(identity: Identity, namespace: string, uid: string, body: ReceiverBody) {
      checkNamespace(identity, namespace);
      const orgId = identity.orgId;
      const current = await receiverRows(orgId, uid);
      const { name, rows } = current;
      await authorizer.authorize(identity, canChangeReceiver('write', name));
      const meta = body.metadata ?? {};
      if (meta.name !== undefined && meta.name !== '' && meta.name !== uid) {
        throw badReceiverRequest(
          `the name of the object (${meta.name}) does not match the name on the URL (${uid})`,
        );
      }
      if (meta.namespace !== undefined && meta.namespace !== '' && meta.namespace !== namespace) {
        throw badReceiverRequest(
          'the namespace of the provided object does not match the namespace sent on the request',
        );
      }
      const version = versionOf(rows);
      if (meta.resourceVersion && meta.resourceVersion !== version) {
        throw receiverVersionConflict(meta.resourceVersion, name, version);
      }
      for (const row of rows) checkProvenance(row.provenance, '');
      const items = await prepare(orgId, body, current);
      const title = body.spec.title;
      const renamed = title !== name;
      if (renamed && ((await deps.policies.usage(orgId)).get(name) ?? 0) > 0) throw contactPointReferenced();
      const kept = new Set(items.filter((item) => item.stored).map((item) => item.uid));
      const now = clock.now();
      await store.transaction(async (trx) => {
        if (renamed) {
          try {
            await trx.renameContactPoint(orgId, name, title, now);
          } catch (err) {
            if (isUniqueViolation(err)) throw contactPointNameTaken(title);
            throw err;
          }
          await permissions.move(orgId, name, title);
        }
        for (const row of rows) if (!kept.has(row.uid)) await trx.delete(orgId, row.uid);
        await writeIntegrations(trx, orgId, title, items, now);
      });
      return present(orgId, await store.list(orgId, title));
    },

    /** Deletes the receiver with all its integrations; answers what it was (k8s returns the deleted object). */
    async delete(identity: Identity, namespace: string, uid: string) {
      checkNamespace(identity, namespace);
      const orgId = identity.orgId;
      const { name, rows } = await receiverRows(orgId, uid);
      await authorizer.authorize(identity, canChangeReceiver('delete', name));
      for (const row of rows) checkProvenance(row.provenance, '');
      if (((await deps.policies.usage(orgId)).get(name) ?? 0) > 0) throw receiverInUse();
      await store.transaction(async (trx) => {
        await trx.deleteIntegrationsOf(orgId, name);
        await trx.deleteContactPoint(orgId, name);
        await permissions.remove(orgId, name);
      });
      return present(orgId, rows);
    },
  };
}

export type ReceiversApiService = ReturnType<typeof createReceiversApiService>;
