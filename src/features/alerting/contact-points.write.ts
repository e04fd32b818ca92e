/**
 * Writes of the provisioning API: one integration per call (the receivers API writes a whole
 * contact point, receivers-api.service.ts). A contact point is one row in alert_contact_point
 * (its name unique in the organization) and one row per integration.
 */

import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { generateUid, isValidUid } from '../../lib/uid.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import {
  contactPointNameTaken,
  contactPointNotFound,
  contactPointReferenced,
  contactPointUidInUse,
  invalidObject,
} from './alerting.errors.js';
import { onReceiver } from './contact-points.access.js';
import { embedded, type EmbeddedContactPoint } from './contact-points.present.js';
import type { ContactPointsQueries, ContactPointsStore, IntegrationRow } from './contact-points.store.js';
import { checkNameFree, contentProblem, prepareOrRefuse, refuse } from './contact-point-validation.js';
import { storedSecretsFor, type IntegrationSecrets } from './integration-secrets.js';
import { checkProvenance, type Provenance } from './provenance.js';
import type { ReceiverPermissions } from './receiver-permissions.js';
import type { Settings } from './settings-paths.js';
import type { TemplatesService } from './templates.service.js';

/** Grafana's `grafana-default-email`, with our product name. */
const DEFAULT_CONTACT_POINT = 'svc-default-email';

/** An integration as the provisioning API takes it. */
interface IntegrationInput {
  uid?: string;
  name: string;
  type: string;
  settings: Settings;
  disableResolveMessage?: boolean;
}

/** What a policy check needs: how many routes name a receiver. */
export interface PolicyUsage {
  usage(orgId: number): Promise<Map<string, number>>;
}

/** Refused while a notification policy routes to the contact point `name`. */
export async function assertNotReferenced(policies: PolicyUsage, orgId: number, name: string): Promise<void> {
  if (((await policies.usage(orgId)).get(name) ?? 0) > 0) throw contactPointReferenced();
}

/** Grafana's rule for a custom integration uid, with its provisioning message. */
export function checkIntegrationUid(uid: string): void {
  if (uid === '' || isValidUid(uid)) return;
  const reason =
    uid.length > 40
      ? 'UID is longer than 40 symbols'
      : "invalid format of UID. Only letters, numbers, '-' and '_' are allowed";
  throw invalidObject(`\ncannot create contact point with UID '${uid}': ${reason}`);
}

/** Creates the contact point row of `name`: the database refuses a name the organization already has. */
export async function claimName(trx: ContactPointsQueries, orgId: number, name: string, now: number) {
  try {
    await trx.insertContactPoint(orgId, name, now);
  } catch (err) {
    if (isUniqueViolation(err)) throw contactPointNameTaken(name);
    throw err;
  }
}

/** The integration row's columns a write sets. */
export function integrationValues(
  name: string,
  integration: { type: string; plain: Settings; encrypted: Record<string, string> },
  disableResolveMessage: boolean | undefined,
  provenance: string,
  now: number,
) {
  return {
    name,
    type: integration.type,
    settings: JSON.stringify(integration.plain),
    secure_settings: JSON.stringify(integration.encrypted),
    disable_resolve_message: disableResolveMessage ? 1 : 0,
    provenance,
    updated: now,
  };
}

export function createContactPointWrites(deps: {
  store: ContactPointsStore;
  templates: TemplatesService;
  codec: IntegrationSecrets;
  authorizer: Authorizer;
  permissions: ReceiverPermissions;
  clock: Clock;
  policies: () => PolicyUsage;
}) {
  const { store, authorizer, clock, permissions, codec } = deps;

  async function requireRow(orgId: number, uid: string): Promise<IntegrationRow> {
    const row = await store.byUid(orgId, uid);
    if (!row) throw contactPointNotFound(uid);
    return row;
  }

  /** Secrets resolved, then SPEC's steps in order; `stored` is the row being changed. */
  async function validated(
    orgId: number,
    input: IntegrationInput,
    uid: string,
    stored: IntegrationRow | undefined,
  ) {
    const prepared = await prepareOrRefuse(
      codec,
      { uid, name: input.name, type: input.type, settings: input.settings },
      storedSecretsFor(stored, input.type),
    );
    if (stored?.name !== input.name) checkNameFree(await store.contactPoint(orgId, input.name), stored?.name);
    refuse(contentProblem(prepared.candidate, prepared.type, await deps.templates.templateSet(orgId)));
    return { type: prepared.type, plain: prepared.plain, encrypted: await codec.seal(prepared) };
  }

  /** A new contact point with one integration and the default permissions. */
  async function createIn(
    orgId: number,
    input: IntegrationInput,
    provenance: Provenance,
    creatorUserId: number | null,
  ): Promise<IntegrationRow> {
    const uid = input.uid?.trim() ?? '';
    checkIntegrationUid(uid);
    const integration = await validated(orgId, input, uid, undefined);
    const finalUid = uid || generateUid();
    const now = clock.now();
    const row = {
      ...integrationValues(input.name, integration, input.disableResolveMessage, provenance, now),
      org_id: orgId,
      uid: finalUid,
      created: now,
    };
    await store.transaction(async (trx) => {
      await claimName(trx, orgId, input.name, now);
      const existing = await trx.byUid(orgId, finalUid);
      if (existing) throw contactPointUidInUse(finalUid, existing.name);
      try {
        await trx.insert(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw contactPointUidInUse(finalUid, input.name);
        throw err;
      }
      await permissions.grantDefaults(orgId, input.name, creatorUserId);
    });
    return { id: 0, ...row };
  }

  /**
   * Changes one integration. A new name renames its contact point when it is the only
   * integration (refused while a policy uses the old name), else moves it to a new contact
   * point of that name; a name another contact point has is refused (409).
   */
  async function updateIn(orgId: number, uid: string, input: IntegrationInput, provenance: Provenance) {
    const stored = await requireRow(orgId, uid);
    checkProvenance(stored.provenance, provenance);
    const integration = await validated(orgId, input, uid, stored);
    const renamed = stored.name !== input.name;
    const alone = renamed && (await store.countByName(orgId, stored.name)) === 1;
    if (alone) await assertNotReferenced(deps.policies(), orgId, stored.name);
    const now = clock.now();
    await store.transaction(async (trx) => {
      if (alone) {
        try {
          await trx.renameContactPoint(orgId, stored.name, input.name, now);
        } catch (err) {
          if (isUniqueViolation(err)) throw contactPointNameTaken(input.name);
          throw err;
        }
        await permissions.move(orgId, stored.name, input.name);
      } else if (renamed) {
        await claimName(trx, orgId, input.name, now);
        await permissions.grantDefaults(orgId, input.name, null);
      }
      await trx.update(
        orgId,
        uid,
        integrationValues(input.name, integration, input.disableResolveMessage, provenance, now),
      );
    });
  }

  const writes = {
    /** A new contact point of one integration: its name must be free (SPEC), as Grafana's receivers API has it. */
    async create(
      identity: Identity,
      input: IntegrationInput,
      provenance: Provenance,
    ): Promise<EmbeddedContactPoint> {
      const creator = identity.kind === 'user' ? identity.userId : null;
      return embedded(await createIn(identity.orgId, input, provenance, creator));
    },

    async update(
      identity: Identity,
      uid: string,
      input: IntegrationInput,
      provenance: Provenance,
    ): Promise<void> {
      const stored = await requireRow(identity.orgId, uid);
      await authorizer.authorize(identity, onReceiver('alert.notifications.receivers:write', stored.name));
      await updateIn(identity.orgId, uid, input, provenance);
    },

    async delete(identity: Identity, uid: string, provenance: Provenance): Promise<void> {
      const stored = await store.byUid(identity.orgId, uid);
      // Grafana compat: deleting an unknown uid succeeds.
      if (!stored) return;
      await authorizer.authorize(identity, onReceiver('alert.notifications.receivers:delete', stored.name));
      await writes.deleteIn(identity.orgId, uid, provenance);
    },

    /** Deletes an integration, and its contact point with its last one (refused while a policy uses it). */
    async deleteIn(orgId: number, uid: string, provenance: Provenance): Promise<void> {
      const stored = await store.byUid(orgId, uid);
      if (!stored) return;
      checkProvenance(stored.provenance, provenance);
      if ((await store.countByName(orgId, stored.name)) === 1) {
        await assertNotReferenced(deps.policies(), orgId, stored.name);
      }
      await store.transaction(async (trx) => {
        await trx.delete(orgId, uid);
        if ((await trx.countByName(orgId, stored.name)) > 0) return;
        await trx.deleteContactPoint(orgId, stored.name);
        await permissions.remove(orgId, stored.name);
      });
    },

    /**
     * Grafana's default contact point of a new organization (one email integration to a
     * placeholder address), created when missing; returns its name.
     */
    async ensureDefault(orgId: number): Promise<string> {
      if ((await store.countByName(orgId, DEFAULT_CONTACT_POINT)) > 0) return DEFAULT_CONTACT_POINT;
      const now = clock.now();
      try {
        await store.transaction(async (trx) => {
          await trx.insertContactPoint(orgId, DEFAULT_CONTACT_POINT, now);
          await trx.insert({
            org_id: orgId,
            uid: generateUid(),
            name: DEFAULT_CONTACT_POINT,
            type: 'email',
            settings: JSON.stringify({ addresses: '<example@email.com>' }),
            secure_settings: '{}',
            disable_resolve_message: 0,
            provenance: '',
            created: now,
            updated: now,
          });
        });
      } catch (err) {
        // Another request or instance created it (or a contact point differing only in case).
        if (!isUniqueViolation(err)) throw err;
        return (await store.contactPoint(orgId, DEFAULT_CONTACT_POINT))?.name ?? DEFAULT_CONTACT_POINT;
      }
      return DEFAULT_CONTACT_POINT;
    },
  };
  return writes;
}
