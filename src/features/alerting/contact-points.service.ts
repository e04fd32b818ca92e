import type { Authorizer } from '../../http/authorize.js';
import type { Identity } from '../../http/identity.js';
import type { Clock } from '../../lib/clock.js';
import { generateUid, isValidUid } from '../../lib/uid.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { anyOf, can, type Evaluator } from '../rbac/evaluator.js';
import type { ResourcePermissions } from '../rbac/resource-permissions.service.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import {
  contactPointNotFound,
  contactPointReferenced,
  contactPointUidInUse,
  invalidObject,
} from './alerting.errors.js';
import { validateIntegration } from './contact-point-validation.js';
import type { ContactPointsStore, IntegrationRow } from './contact-points.store.js';
import { securePaths } from './integrations-adapter.js';
import { checkProvenance, type Provenance } from './provenance.js';
import {
  deepCopy,
  deletePath,
  findPathIgnoringCase,
  getPath,
  setPath,
  type Settings,
} from './settings-paths.js';
import type { TemplatesService } from './templates.service.js';

export const REDACTED = '[REDACTED]';
/** Grafana's `grafana-default-email`, with our product name. */
export const DEFAULT_CONTACT_POINT = 'svc-default-email';
const SECRETS_SCOPE = 'alerting';

/** An integration as the provisioning API takes it. */
export interface IntegrationInput {
  uid?: string;
  name: string;
  type: string;
  settings: Settings;
  disableResolveMessage?: boolean;
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

/** Grafana's receiver uid: the contact point name in unpadded base64url. */
export const receiverUid = (name: string) => Buffer.from(name, 'utf8').toString('base64url');
export const receiverScope = (name: string) => `receivers:uid:${receiverUid(name)}`;

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

export function createContactPointsService(deps: {
  store: ContactPointsStore;
  templates: TemplatesService;
  secrets: SecretsService;
  authorizer: Authorizer;
  resourcePermissions: ResourcePermissions;
  clock: Clock;
  policies: () => PolicyUsage;
}) {
  const { store, secrets, authorizer, clock } = deps;

  const parse = (json: string): Settings => JSON.parse(json) as Settings;

  async function decryptedSecrets(row: IntegrationRow): Promise<Record<string, string>> {
    return secrets.decryptMap(parse(row.secure_settings) as Record<string, string>);
  }

  /** Settings with every secret in plain text, for sending. */
  async function plainSettings(row: IntegrationRow): Promise<Settings> {
    const settings = parse(row.settings);
    for (const [path, value] of Object.entries(await decryptedSecrets(row))) setPath(settings, path, value);
    return settings;
  }

  function embedded(row: IntegrationRow, secretValues?: Record<string, string>): EmbeddedContactPoint {
    const settings = parse(row.settings);
    for (const path of Object.keys(parse(row.secure_settings))) {
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

  function gettable(row: IntegrationRow): GettableIntegration {
    return {
      uid: row.uid,
      name: row.name,
      type: row.type,
      disableResolveMessage: row.disable_resolve_message === 1,
      settings: parse(row.settings),
      secureFields: Object.fromEntries(Object.keys(parse(row.secure_settings)).map((path) => [path, true])),
      ...(row.provenance ? { provenance: row.provenance } : {}),
    };
  }

  /**
   * Splits the input's secure settings out and encrypts them; `[REDACTED]` keeps the stored
   * value. Returns the stored settings, the ciphertexts and all values in plain text.
   */
  async function separateSecrets(type: string, input: Settings, stored: IntegrationRow | undefined) {
    const plain = deepCopy(input);
    const all = deepCopy(input);
    const storedCipher =
      stored && stored.type === type ? (parse(stored.secure_settings) as Record<string, string>) : {};
    const toEncrypt: Record<string, string> = {};
    const kept: Record<string, string> = {};
    for (const path of securePaths(type)) {
      const actual = findPathIgnoringCase(plain, path);
      if (actual === undefined) continue;
      const value = getPath(plain, actual);
      deletePath(plain, actual);
      deletePath(all, actual);
      if (value === REDACTED) {
        const cipher = storedCipher[path];
        if (cipher !== undefined) {
          kept[path] = cipher;
          setPath(all, path, await secrets.decrypt(cipher));
        }
        continue;
      }
      if (value === undefined || value === null || value === '') continue;
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      toEncrypt[path] = text;
      setPath(all, path, text);
    }
    const encrypted = { ...kept, ...(await secrets.encryptMap(SECRETS_SCOPE, toEncrypt)) };
    return { plain, encrypted, all };
  }

  async function validated(
    orgId: number,
    input: IntegrationInput,
    uid: string,
    stored: IntegrationRow | undefined,
  ) {
    const { plain, encrypted, all } = await separateSecrets(input.type, input.settings, stored);
    const names = await store.names(orgId);
    const type = validateIntegration(
      { uid, name: input.name, type: input.type, settings: all },
      {
        existingNames: names,
        templates: await deps.templates.templateSet(orgId),
      },
    );
    return { type, plain, encrypted };
  }

  async function requireRow(orgId: number, uid: string): Promise<IntegrationRow> {
    const row = await store.byUid(orgId, uid);
    if (!row) throw contactPointNotFound(uid);
    return row;
  }

  /** Grafana's defaults for a new contact point: its creator Admin, Editors Edit, Viewers View. */
  async function grantDefaults(orgId: number, name: string, creatorUserId: number | null): Promise<void> {
    await deps.resourcePermissions.grantDefaults(orgId, 'receivers', receiverUid(name), creatorUserId, true);
  }

  async function assertNotReferenced(orgId: number, name: string): Promise<void> {
    if (((await deps.policies().usage(orgId)).get(name) ?? 0) > 0) throw contactPointReferenced();
  }

  const service = {
    plainSettings,

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
      const byName = new Map<
        string,
        { uid: string; type: string; settings: Settings; disableResolveMessage: boolean }[]
      >();
      for (const row of rows) {
        const point = embedded(row, options.decrypt ? await decryptedSecrets(row) : undefined);
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

    async create(
      identity: Identity,
      input: IntegrationInput,
      provenance: Provenance,
    ): Promise<EmbeddedContactPoint> {
      const joins = (await store.countByName(identity.orgId, input.name)) > 0;
      if (joins)
        await authorizer.authorize(identity, onReceiver('alert.notifications.receivers:write', input.name));
      const creator = identity.kind === 'user' ? identity.userId : null;
      return embedded(await service.createIn(identity.orgId, input, provenance, creator));
    },

    /** Creation without the caller checks (done by create(), or a provisioning file); a new name gets the default receiver permissions. */
    async createIn(
      orgId: number,
      input: IntegrationInput,
      provenance: Provenance,
      creatorUserId: number | null = null,
    ): Promise<IntegrationRow> {
      const uid = input.uid?.trim() ?? '';
      if (uid !== '' && !isValidUid(uid)) {
        const reason =
          uid.length > 40
            ? 'UID is longer than 40 symbols'
            : "invalid format of UID. Only letters, numbers, '-' and '_' are allowed";
        throw invalidObject(`\ncannot create contact point with UID '${uid}': ${reason}`);
      }
      const { type, plain, encrypted } = await validated(orgId, input, uid, undefined);
      const finalUid = uid || generateUid();
      const existing = await store.byUid(orgId, finalUid);
      if (existing) throw contactPointUidInUse(finalUid, existing.name);
      const isNewContactPoint = (await store.countByName(orgId, input.name)) === 0;
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
      try {
        await store.insert(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw contactPointUidInUse(finalUid, input.name);
        throw err;
      }
      if (isNewContactPoint) await grantDefaults(orgId, input.name, creatorUserId);
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
      if (stored.name !== input.name && (await store.countByName(identity.orgId, input.name)) > 0) {
        await authorizer.authorize(identity, onReceiver('alert.notifications.receivers:write', input.name));
      }
      await service.updateIn(identity.orgId, uid, input, provenance);
    },

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
      // Renaming the last integration of a contact point removes that contact point.
      const removesOld = renamed && (await store.countByName(orgId, stored.name)) === 1;
      const createsNew = renamed && (await store.countByName(orgId, input.name)) === 0;
      if (removesOld) await assertNotReferenced(orgId, stored.name);
      await store.update(orgId, uid, {
        name: input.name,
        type,
        settings: JSON.stringify(plain),
        secure_settings: JSON.stringify(encrypted),
        disable_resolve_message: input.disableResolveMessage ? 1 : 0,
        provenance,
        updated: clock.now(),
      });
      if (createsNew) await grantDefaults(orgId, input.name, null);
      if (removesOld)
        await deps.resourcePermissions.deleteResource(orgId, 'receivers', receiverUid(stored.name));
    },

    async delete(identity: Identity, uid: string, provenance: Provenance): Promise<void> {
      const stored = await store.byUid(identity.orgId, uid);
      // Grafana compat: deleting an unknown uid succeeds.
      if (!stored) return;
      await authorizer.authorize(identity, onReceiver('alert.notifications.receivers:delete', stored.name));
      await service.deleteIn(identity.orgId, uid, provenance);
    },

    /** Deletes an integration; returns the contact point name when it was its last integration. */
    async deleteIn(orgId: number, uid: string, provenance: Provenance): Promise<string | undefined> {
      const stored = await store.byUid(orgId, uid);
      if (!stored) return undefined;
      checkProvenance(stored.provenance, provenance);
      const last = (await store.countByName(orgId, stored.name)) === 1;
      if (last) await assertNotReferenced(orgId, stored.name);
      await store.delete(orgId, uid);
      if (!last) return undefined;
      await deps.resourcePermissions.deleteResource(orgId, 'receivers', receiverUid(stored.name));
      return stored.name;
    },

    /**
     * Grafana's default contact point of a new organization (one email integration to a
     * placeholder address), created when missing; returns its name.
     */
    async ensureDefault(orgId: number): Promise<string> {
      if ((await store.countByName(orgId, DEFAULT_CONTACT_POINT)) > 0) return DEFAULT_CONTACT_POINT;
      const now = clock.now();
      await store.insert({
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
