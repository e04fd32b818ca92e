import type { Authorizer } from '../../http/authorize.js';
import type { Identity } from '../../http/identity.js';
import type { Clock } from '../../lib/clock.js';
import { generateUid, isValidUid } from '../../lib/uid.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { anyOf, can, type Evaluator } from '../rbac/evaluator.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import {
  contactPointNameTaken,
  contactPointNotFound,
  contactPointReferenced,
  contactPointUidInUse,
  invalidObject,
} from './alerting.errors.js';
import { checkContent, checkName, checkNameFree, checkShape } from './contact-point-validation.js';
import type { ContactPointsQueries, ContactPointsStore, IntegrationRow } from './contact-points.store.js';
import { createIntegrationSecrets, parseSettings, REDACTED, secureFieldsOf } from './integration-secrets.js';
import { checkProvenance, type Provenance } from './provenance.js';
import type { ReceiverPermissions } from './receiver-permissions.js';
import { receiverScope } from './receiver-permissions.js';
import { setPath, type Settings } from './settings-paths.js';
import type { TemplatesService } from './templates.service.js';

export { REDACTED } from './integration-secrets.js';
export { receiverScope, receiverUid } from './receiver-permissions.js';

/** Grafana's `grafana-default-email`, with our product name. */
export const DEFAULT_CONTACT_POINT = 'svc-default-email';

/** An integration as the provisioning API takes it. */
export interface IntegrationInput {
  uid?: string;
  name: string;
  type: string;
  settings: Settings;
  disableResolveMessage?: boolean;
}

/** An integration of a provisioning file (its contact point's name is the item's). */
export interface FileIntegration {
  uid: string;
  type: string;
  settings: Settings;
  disableResolveMessage: boolean;
}

/** Grafana's EmbeddedContactPoint: one integration, secrets as `[REDACTED]` (or in clear). */
export interface EmbeddedContactPoint {
  uid: string;
  name: string;
  type: string;
  settings: Settings;
  disableResolveMessage: boolean;
  provenance?: string;
}

/** Grafana's GettableGrafanaReceiver: secrets left out, named in `secureFields`. */
export interface GettableIntegration {
  uid: string;
  name: string;
  type: string;
  disableResolveMessage: boolean;
  settings: Settings;
  secureFields: Record<string, boolean>;
  provenance?: string;
}

const onReceiver = (action: string, name: string): Evaluator =>
  anyOf(can(action, receiverScope(name)), can(action.replace('.notifications.receivers', '.provisioning')));

/** Reading every contact point of the org (so per-receiver checks can be skipped). */
const readAll = anyOf(
  can('alert.notifications.receivers:read', 'receivers:*'),
  can('alert.provisioning:read'),
);

/** What a policy check needs: how many routes name a receiver. */
export interface PolicyUsage {
  usage(orgId: number): Promise<Map<string, number>>;
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

export function gettable(row: IntegrationRow): GettableIntegration {
  return {
    uid: row.uid,
    name: row.name,
    type: row.type,
    disableResolveMessage: row.disable_resolve_message === 1,
    settings: parseSettings(row.settings),
    secureFields: secureFieldsOf(row),
    ...(row.provenance ? { provenance: row.provenance } : {}),
  };
}

function embedded(row: IntegrationRow, secretValues?: Record<string, string>): EmbeddedContactPoint {
  const settings = parseSettings(row.settings);
  for (const path of Object.keys(parseSettings(row.secure_settings))) {
    setPath(settings, path, secretValues ? secretValues[path] : REDACTED);
  }
  return {
    uid: row.uid,
    name: row.name,
    type: row.type,
    settings,
    disableResolveMessage: row.disable_resolve_message === 1,
    ...(row.provenance ? { provenance: row.provenance } : {}),
  };
}

/**
 * Contact points: named groups of integrations, one row each in alert_contact_point (its name is
 * unique in the organization) and one row per integration. The provisioning API writes one
 * integration per call; the receivers API (receivers-api.service.ts) a whole contact point.
 */
export function createContactPointsService(deps: {
  store: ContactPointsStore;
  templates: TemplatesService;
  secrets: SecretsService;
  authorizer: Authorizer;
  permissions: ReceiverPermissions;
  clock: Clock;
  policies: () => PolicyUsage;
}) {
  const { store, authorizer, clock, permissions } = deps;
  const codec = createIntegrationSecrets(deps.secrets);

  async function requireRow(orgId: number, uid: string): Promise<IntegrationRow> {
    const row = await store.byUid(orgId, uid);
    if (!row) throw contactPointNotFound(uid);
    return row;
  }

  async function assertNotReferenced(orgId: number, name: string): Promise<void> {
    if (((await deps.policies().usage(orgId)).get(name) ?? 0) > 0) throw contactPointReferenced();
  }

  /** Secrets split out, then SPEC's steps in order; `stored` is the row being changed. */
  async function validated(
    orgId: number,
    input: IntegrationInput,
    uid: string,
    stored: IntegrationRow | undefined,
  ) {
    const { plain, encrypted, all } = await codec.separate(input.type, input.settings, stored);
    const candidate = { uid, name: input.name, type: input.type, settings: all };
    const type = checkShape(candidate);
    if (stored?.name !== input.name) checkNameFree(await store.contactPoint(orgId, input.name), stored?.name);
    checkContent(candidate, type, await deps.templates.templateSet(orgId));
    return { type, plain, encrypted };
  }

  const service = {
    plainSettings: (row: IntegrationRow) => codec.plainSettings(row),

    async canRead(identity: Identity, name: string): Promise<boolean> {
      return authorizer.can(identity, onReceiver('alert.notifications.receivers:read', name));
    },

    /** Integrations the caller may read, sorted by name then uid; secrets redacted. */
    async list(identity: Identity, name?: string): Promise<EmbeddedContactPoint[]> {
      const rows = await store.list(identity.orgId, name);
      const readable = await readableRows(identity, rows);
      return readable.map((row) => embedded(row));
    },

    /** The export document; `decrypt` shows secrets and needs the secrets-read permission. */
    async exportFile(identity: Identity, options: { name?: string; decrypt: boolean }) {
      const rows = await readableRows(identity, await store.list(identity.orgId, options.name));
      if (options.decrypt) {
        for (const row of rows) {
          await authorizer.authorize(
            identity,
            onReceiver('alert.notifications.receivers.secrets:read', row.name),
          );
        }
      }
      const byName = new Map<string, FileIntegration[]>();
      for (const row of rows) {
        const point = embedded(row, options.decrypt ? await codec.decrypted(row) : undefined);
        const receivers = byName.get(row.name) ?? [];
        receivers.push({
          uid: point.uid,
          type: point.type,
          settings: point.settings,
          disableResolveMessage: point.disableResolveMessage,
        });
        byName.set(row.name, receivers);
      }
      return {
        apiVersion: 1,
        contactPoints: [...byName].map(([name, receivers]) => ({ orgId: identity.orgId, name, receivers })),
      };
    },

    /** Contact points (integrations grouped by name) in Grafana's receiver shape, readable ones only. */
    async grouped(identity: Identity): Promise<{ name: string; integrations: GettableIntegration[] }[]> {
      const rows = await readableRows(identity, await store.list(identity.orgId));
      const groups = new Map<string, GettableIntegration[]>();
      for (const row of rows) groups.set(row.name, [...(groups.get(row.name) ?? []), gettable(row)]);
      return [...groups].map(([name, integrations]) => ({ name, integrations }));
    },

    /** Names of the contact points the caller may read, or null when it may read them all. */
    async readableNames(identity: Identity): Promise<string[] | null> {
      if (await authorizer.can(identity, readAll)) return null;
      const names = await store.names(identity.orgId);
      const allowed = await Promise.all(names.map((name) => service.canRead(identity, name)));
      return names.filter((_, i) => allowed[i]);
    },

    /** Rows of one contact point, for sending. */
    byName(orgId: number, name: string): Promise<IntegrationRow[]> {
      return store.list(orgId, name);
    },

    byUid(orgId: number, uid: string): Promise<IntegrationRow | undefined> {
      return store.byUid(orgId, uid);
    },

    /** A new contact point of one integration: its name must be free (SPEC), as Grafana's receivers API has it. */
    async create(
      identity: Identity,
      input: IntegrationInput,
      provenance: Provenance,
    ): Promise<EmbeddedContactPoint> {
      const creator = identity.kind === 'user' ? identity.userId : null;
      return embedded(await service.createIn(identity.orgId, input, provenance, creator));
    },

    /** Creation without the caller checks: a new contact point with one integration and the default permissions. */
    async createIn(
      orgId: number,
      input: IntegrationInput,
      provenance: Provenance,
      creatorUserId: number | null = null,
    ): Promise<IntegrationRow> {
      const uid = input.uid?.trim() ?? '';
      checkIntegrationUid(uid);
      const { type, plain, encrypted } = await validated(orgId, input, uid, undefined);
      const finalUid = uid || generateUid();
      const now = clock.now();
      const row = {
        org_id: orgId,
        uid: finalUid,
        name: input.name,
        type,
        settings: JSON.stringify(plain),
        secure_settings: JSON.stringify(encrypted),
        disable_resolve_message: input.disableResolveMessage ? 1 : 0,
        provenance,
        created: now,
        updated: now,
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
    },

    async update(
      identity: Identity,
      uid: string,
      input: IntegrationInput,
      provenance: Provenance,
    ): Promise<void> {
      const stored = await requireRow(identity.orgId, uid);
      await authorizer.authorize(identity, onReceiver('alert.notifications.receivers:write', stored.name));
      await service.updateIn(identity.orgId, uid, input, provenance);
    },

    /**
     * Changes one integration. A new name renames its contact point when it is the only
     * integration (refused while a policy uses the old name), else moves it to a new contact
     * point of that name; a name another contact point has is refused (409).
     */
    async updateIn(
      orgId: number,
      uid: string,
      input: IntegrationInput,
      provenance: Provenance,
    ): Promise<void> {
      const stored = await requireRow(orgId, uid);
      checkProvenance(stored.provenance, provenance);
      const { type, plain, encrypted } = await validated(orgId, input, uid, stored);
      const renamed = stored.name !== input.name;
      const alone = renamed && (await store.countByName(orgId, stored.name)) === 1;
      if (alone) await assertNotReferenced(orgId, stored.name);
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
        await trx.update(orgId, uid, {
          name: input.name,
          type,
          settings: JSON.stringify(plain),
          secure_settings: JSON.stringify(encrypted),
          disable_resolve_message: input.disableResolveMessage ? 1 : 0,
          provenance,
          updated: now,
        });
      });
    },

    async delete(identity: Identity, uid: string, provenance: Provenance): Promise<void> {
      const stored = await store.byUid(identity.orgId, uid);
      // Grafana compat: deleting an unknown uid succeeds.
      if (!stored) return;
      await authorizer.authorize(identity, onReceiver('alert.notifications.receivers:delete', stored.name));
      await service.deleteIn(identity.orgId, uid, provenance);
    },

    /** Deletes an integration, and its contact point with its last one (refused while a policy uses it). */
    async deleteIn(orgId: number, uid: string, provenance: Provenance): Promise<void> {
      const stored = await store.byUid(orgId, uid);
      if (!stored) return;
      checkProvenance(stored.provenance, provenance);
      if ((await store.countByName(orgId, stored.name)) === 1) await assertNotReferenced(orgId, stored.name);
      await store.transaction(async (trx) => {
        await trx.delete(orgId, uid);
        if ((await trx.countByName(orgId, stored.name)) > 0) return;
        await trx.deleteContactPoint(orgId, stored.name);
        await permissions.remove(orgId, stored.name);
      });
    },

    /**
     * A contact point of a provisioning file (Grafana's per-uid rule): a known uid is updated and
     * joins this contact point, an unknown one is added to it; the contact point is created when
     * missing. Integrations it does not list stay. Re-applying the same file changes nothing.
     */
    async applyFile(orgId: number, name: string, receivers: FileIntegration[]): Promise<void> {
      checkName(name);
      const current = await store.contactPoint(orgId, name);
      checkNameFree(current, name);
      if (receivers.length === 0) throw invalidObject('no receivers are set');
      const prepareOne = async (receiver: FileIntegration) => {
        checkIntegrationUid(receiver.uid);
        const stored = await store.byUid(orgId, receiver.uid);
        if (stored) checkProvenance(stored.provenance, 'file');
        const { plain, encrypted, all } = await codec.separate(receiver.type, receiver.settings, stored);
        const candidate = { uid: receiver.uid, name, type: receiver.type, settings: all };
        return { receiver, stored, candidate, plain, encrypted, type: checkShape(candidate) };
      };
      const prepared: Awaited<ReturnType<typeof prepareOne>>[] = [];
      for (const receiver of receivers) prepared.push(await prepareOne(receiver));
      const templates = await deps.templates.templateSet(orgId);
      for (const p of prepared) checkContent(p.candidate, p.type, templates);
      // An integration moved here from another contact point may leave that one empty.
      const left = new Set(
        prepared.filter((p) => p.stored && p.stored.name !== name).map((p) => p.stored!.name),
      );
      for (const old of left) {
        const moving = prepared.filter((p) => p.stored?.name === old).length;
        if ((await store.countByName(orgId, old)) === moving) await assertNotReferenced(orgId, old);
      }
      const now = clock.now();
      await store.transaction(async (trx) => {
        if (!current) {
          await claimName(trx, orgId, name, now);
          await permissions.grantDefaults(orgId, name, null);
        }
        for (const p of prepared) {
          const values = {
            name,
            type: p.type,
            settings: JSON.stringify(p.plain),
            secure_settings: JSON.stringify(p.encrypted),
            disable_resolve_message: p.receiver.disableResolveMessage ? 1 : 0,
            provenance: 'file',
            updated: now,
          };
          if (p.stored) await trx.update(orgId, p.receiver.uid, values);
          else await trx.insert({ ...values, org_id: orgId, uid: p.receiver.uid, created: now });
        }
        for (const old of left) {
          if ((await trx.countByName(orgId, old)) > 0) continue;
          await trx.deleteContactPoint(orgId, old);
          await permissions.remove(orgId, old);
        }
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

    async names(orgId: number): Promise<string[]> {
      return store.names(orgId);
    },
  };

  async function readableRows(identity: Identity, rows: IntegrationRow[]): Promise<IntegrationRow[]> {
    if (await authorizer.can(identity, readAll)) return rows;
    const allowed = new Map<string, boolean>();
    for (const name of new Set(rows.map((r) => r.name)))
      allowed.set(name, await service.canRead(identity, name));
    return rows.filter((row) => allowed.get(row.name));
  }

  return service;
}

export type ContactPointsService = ReturnType<typeof createContactPointsService>;
