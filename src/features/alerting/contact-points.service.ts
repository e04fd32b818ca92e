/**
 * Contact points: named groups of integrations. This assembles the feature's one service from
 * its parts: reading (here), writes of the provisioning API (contact-points.write.ts), the
 * export (contact-points.export.ts) and provisioning files (contact-points.files.ts).
 */

import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import { createContactPointsAccess } from './contact-points.access.js';
import { createContactPointsExport } from './contact-points.export.js';
import { createContactPointFiles } from './contact-points.files.js';
import {
  embedded,
  gettable,
  type EmbeddedContactPoint,
  type GettableIntegration,
} from './contact-points.present.js';
import type { ContactPointsStore, IntegrationRow } from './contact-points.store.js';
import { createContactPointWrites, type PolicyUsage } from './contact-points.write.js';
import { createIntegrationSecrets } from './integration-secrets.js';
import type { ReceiverPermissions } from './receiver-permissions.js';
import type { TemplatesService } from './templates.service.js';

export function createContactPointsService(deps: {
  store: ContactPointsStore;
  templates: TemplatesService;
  secrets: SecretsService;
  authorizer: Authorizer;
  permissions: ReceiverPermissions;
  clock: Clock;
  policies: () => PolicyUsage;
}) {
  const { store } = deps;
  const codec = createIntegrationSecrets(deps.secrets);
  const access = createContactPointsAccess(deps.authorizer);

  return {
    ...createContactPointWrites({ ...deps, codec }),
    ...createContactPointsExport({ store, codec, authorizer: deps.authorizer, access }),
    ...createContactPointFiles({ ...deps, codec }),

    /** Integrations the caller may read, sorted by name then uid; secrets redacted. */
    async list(identity: Identity, name?: string): Promise<EmbeddedContactPoint[]> {
      return (await access.readableRows(identity, await store.list(identity.orgId, name))).map((row) =>
        embedded(row),
      );
    },

    /** Contact points (integrations grouped by name) in Grafana's receiver shape, readable ones only. */
    async grouped(identity: Identity): Promise<{ name: string; integrations: GettableIntegration[] }[]> {
      const rows = await access.readableRows(identity, await store.list(identity.orgId));
      const groups = new Map<string, GettableIntegration[]>();
      for (const row of rows) groups.set(row.name, [...(groups.get(row.name) ?? []), gettable(row)]);
      return [...groups].map(([name, integrations]) => ({ name, integrations }));
    },

    /** Names of the contact points the caller may read, or null when it may read them all. */
    readableNames(identity: Identity): Promise<string[] | null> {
      return access.readableNames(identity, () => store.names(identity.orgId));
    },

    names(orgId: number): Promise<string[]> {
      return store.names(orgId);
    },

    /** Rows of one contact point, for sending. */
    byName(orgId: number, name: string): Promise<IntegrationRow[]> {
      return store.list(orgId, name);
    },

    byUid(orgId: number, uid: string): Promise<IntegrationRow | undefined> {
      return store.byUid(orgId, uid);
    },

    /** Settings with every secret in plain text, for sending. */
    plainSettings: (row: IntegrationRow) => codec.plainSettings(row),
  };
}

export type ContactPointsService = ReturnType<typeof createContactPointsService>;
