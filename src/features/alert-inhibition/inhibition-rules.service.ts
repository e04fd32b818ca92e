import { createHash } from 'node:crypto';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import type { UnitOfWork } from '../../store/transaction.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import {
  inhibitionNamespaceForbidden,
  inhibitionNamespaceNotFound,
  inhibitionRuleBadRequest,
  inhibitionRuleConflict,
  inhibitionRuleExists,
  inhibitionRuleInvalid,
  inhibitionRuleNotFound,
} from './inhibition-rules.errors.js';
import type { InhibitionRuleBody } from './inhibition-rules.schema.js';
import type { InhibitionRulesStore } from './inhibition-rules.store.js';
import {
  InhibitionRuleError,
  resourceVersionOf,
  validateName,
  validateSpec,
  type InhibitionRule,
  type InhibitionRuleSpec,
} from './inhibition-rule.js';
import { namespaceOf, orgOfNamespace } from '../../http/k8s-resources.js';

const GROUP = 'notifications.alerting.grafana.app';
const API_VERSION = `${GROUP}/v0alpha1`;

/** The object's cluster-wide uid: stable for a name in a namespace (Grafana derives it the same way). */
const uidOf = (namespace: string, name: string) => {
  const hex = createHash('sha256').update(`${GROUP}/InhibitionRule/${namespace}/${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

function checked<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof InhibitionRuleError) throw inhibitionRuleInvalid(err.message, err.field);
    throw err;
  }
}

const specOf = (body: InhibitionRuleBody): InhibitionRuleSpec => ({
  source_matchers: (body.spec.source_matchers ?? []).map(({ type, label, value }) => ({
    type,
    label,
    value,
  })),
  target_matchers: (body.spec.target_matchers ?? []).map(({ type, label, value }) => ({
    type,
    label,
    value,
  })),
  equal: body.spec.equal ?? [],
});

/**
 * Grafana's inhibition rules API
 * (`/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/{ns}/inhibitionrules`): each
 * rule of the org by its `metadata.name`; `resourceVersion` changes with the spec, and a write
 * carrying an older one is refused (409).
 */
export function createInhibitionRulesService(deps: {
  store: InhibitionRulesStore;
  clock: Clock;
  unitOfWork: UnitOfWork;
  /** after a write committed: the org's rules changed (drops caches here and elsewhere) */
  changed: (orgId: number) => void;
}) {
  const { store, clock } = deps;

  function orgOf(identity: Identity, namespace: string): number {
    const orgId = orgOfNamespace(namespace);
    if (orgId === undefined) throw inhibitionNamespaceNotFound(namespace);
    if (orgId !== identity.orgId) throw inhibitionNamespaceForbidden(namespace);
    return orgId;
  }

  function present(orgId: number, rule: InhibitionRule) {
    const namespace = namespaceOf(orgId);
    const { source_matchers, target_matchers, equal } = rule.spec;
    return {
      apiVersion: API_VERSION,
      kind: 'InhibitionRule',
      metadata: {
        name: rule.name,
        namespace,
        uid: uidOf(namespace, rule.name),
        resourceVersion: resourceVersionOf(rule),
        annotations: { 'grafana.com/provenance': 'none' },
      },
      // Grafana's spec leaves out empty lists
      spec: {
        source_matchers,
        target_matchers,
        ...(equal.length ? { equal } : {}),
      },
    };
  }

  function checkMetadata(body: InhibitionRuleBody, namespace: string): void {
    const given = body.metadata?.namespace;
    if (given !== undefined && given !== '' && given !== namespace) {
      throw inhibitionRuleBadRequest(
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    }
  }

  return {
    async list(identity: Identity, namespace: string) {
      const orgId = orgOf(identity, namespace);
      const items = (await store.list(orgId)).map((rule) => present(orgId, rule));
      return { apiVersion: API_VERSION, kind: 'InhibitionRuleList', metadata: {}, items };
    },

    async get(identity: Identity, namespace: string, name: string) {
      const orgId = orgOf(identity, namespace);
      const rule = await store.byName(orgId, name);
      if (!rule) throw inhibitionRuleNotFound(name);
      return present(orgId, rule);
    },

    async create(identity: Identity, namespace: string, body: InhibitionRuleBody) {
      const orgId = orgOf(identity, namespace);
      checkMetadata(body, namespace);
      const name = body.metadata?.name ?? '';
      const spec = specOf(body);
      checked(() => {
        validateName(name);
        validateSpec(spec);
      });
      await deps.unitOfWork(async (afterCommit) => {
        try {
          await store.insert(orgId, name, spec, clock.now());
        } catch (err) {
          if (isUniqueViolation(err)) throw inhibitionRuleExists(name);
          throw err;
        }
        afterCommit(() => deps.changed(orgId));
      });
      return present(orgId, { name, spec, version: 1 });
    },

    /** Replaces the rule's spec (PUT). A `resourceVersion` in the body must be the current one. */
    async replace(identity: Identity, namespace: string, name: string, body: InhibitionRuleBody) {
      const orgId = orgOf(identity, namespace);
      checkMetadata(body, namespace);
      const given = body.metadata?.name;
      if (given !== undefined && given !== '' && given !== name) {
        throw inhibitionRuleBadRequest(
          `the name of the object (${given}) does not match the name on the URL (${name})`,
        );
      }
      const spec = specOf(body);
      checked(() => validateSpec(spec));
      const expected = body.metadata?.resourceVersion;
      const version = await deps.unitOfWork(async (afterCommit) => {
        const current = await store.byName(orgId, name);
        if (!current) throw inhibitionRuleNotFound(name);
        if (expected && expected !== resourceVersionOf(current)) throw inhibitionRuleConflict(name);
        if (!(await store.update(orgId, name, spec, current.version, clock.now()))) {
          throw inhibitionRuleConflict(name);
        }
        afterCommit(() => deps.changed(orgId));
        return current.version + 1;
      });
      return present(orgId, { name, spec, version });
    },

    /** Deletes the rule; answers what it was (as the receivers API does). */
    async delete(identity: Identity, namespace: string, name: string) {
      const orgId = orgOf(identity, namespace);
      const deleted = await deps.unitOfWork(async (afterCommit) => {
        const current = await store.byName(orgId, name);
        if (!current || !(await store.delete(orgId, name))) throw inhibitionRuleNotFound(name);
        afterCommit(() => deps.changed(orgId));
        return current;
      });
      return present(orgId, deleted);
    },
  };
}

export type InhibitionRulesService = ReturnType<typeof createInhibitionRulesService>;
