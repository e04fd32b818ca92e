/** The provisioning export: contact points as a provisioning file document. */

import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import { onReceiver, type ContactPointsAccess } from './contact-points.access.js';
import type { FileIntegration } from './contact-points.files.js';
import type { ContactPointsStore } from './contact-points.store.js';
import type { IntegrationSecrets } from './integration-secrets.js';
import { embedded } from './contact-points.present.js';

export function createContactPointsExport(deps: {
  store: ContactPointsStore;
  codec: IntegrationSecrets;
  authorizer: Authorizer;
  access: ContactPointsAccess;
}) {
  return {
    /** The export document; `decrypt` shows secrets and needs the secrets-read permission. */
    async exportFile(identity: Identity, options: { name?: string; decrypt: boolean }) {
      const rows = await deps.access.readableRows(
        identity,
        await deps.store.list(identity.orgId, options.name),
      );
      if (options.decrypt) {
        for (const row of rows) {
          await deps.authorizer.authorize(
            identity,
            onReceiver('alert.notifications.receivers.secrets:read', row.name),
          );
        }
      }
      const byName = new Map<string, FileIntegration[]>();
      for (const row of rows) {
        const point = embedded(row, options.decrypt ? await deps.codec.decrypted(row) : undefined);
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
  };
}
