/** A contact point of a provisioning file, applied whole (its integrations together, or none). */

import type { Clock } from '../../lib/clock.js';
import { invalidObject } from './alerting.errors.js';
import type { ContactPointsStore } from './contact-points.store.js';
import {
  assertNotReferenced,
  checkIntegrationUid,
  claimName,
  integrationValues,
  type PolicyUsage,
} from './contact-points.write.js';
import {
  checkName,
  checkNameFree,
  contentProblem,
  prepareOrRefuse,
  refuse,
} from './contact-point-validation.js';
import { storedSecretsFor, type IntegrationSecrets } from './integration-secrets.js';
import { checkProvenance } from './provenance.js';
import type { ReceiverPermissions } from './receiver-permissions.js';
import type { Settings } from './settings-paths.js';
import type { TemplatesService } from './templates.service.js';

/** An integration of a provisioning file (its contact point's name is the item's). */
export interface FileIntegration {
  uid: string;
  type: string;
  settings: Settings;
  disableResolveMessage: boolean;
}

export function createContactPointFiles(deps: {
  store: ContactPointsStore;
  templates: TemplatesService;
  codec: IntegrationSecrets;
  permissions: ReceiverPermissions;
  clock: Clock;
  policies: () => PolicyUsage;
}) {
  const { store, codec, permissions } = deps;

  return {
    /**
     * Grafana's per-uid rule: a known uid is updated and joins this contact point, an unknown one
     * is added to it; the contact point is created when missing. Integrations it does not list
     * stay. Re-applying the same file changes nothing.
     */
    async applyFile(orgId: number, name: string, receivers: FileIntegration[]): Promise<void> {
      checkName(name);
      const current = await store.contactPoint(orgId, name);
      checkNameFree(current, name);
      if (receivers.length === 0) throw invalidObject('no receivers are set');
      const prepared = [];
      for (const receiver of receivers) {
        checkIntegrationUid(receiver.uid);
        const stored = await store.byUid(orgId, receiver.uid);
        if (stored) checkProvenance(stored.provenance, 'file');
        const integration = await prepareOrRefuse(
          codec,
          { uid: receiver.uid, name, type: receiver.type, settings: receiver.settings },
          storedSecretsFor(stored, receiver.type),
        );
        prepared.push({ receiver, stored, integration });
      }
      const templates = await deps.templates.templateSet(orgId);
      for (const { integration } of prepared) {
        refuse(contentProblem(integration.candidate, integration.type, templates));
      }
      // An integration moved here from another contact point may leave that one empty.
      const left = new Set(
        prepared.filter((p) => p.stored && p.stored.name !== name).map((p) => p.stored!.name),
      );
      for (const old of left) {
        const moving = prepared.filter((p) => p.stored?.name === old).length;
        if ((await store.countByName(orgId, old)) === moving) {
          await assertNotReferenced(deps.policies(), orgId, old);
        }
      }
      const sealed = await Promise.all(
        prepared.map(async (p) => ({ ...p, encrypted: await codec.seal(p.integration) })),
      );
      const now = deps.clock.now();
      await store.transaction(async (trx) => {
        if (!current) {
          await claimName(trx, orgId, name, now);
          await permissions.grantDefaults(orgId, name, null);
        }
        for (const p of sealed) {
          const values = integrationValues(
            name,
            { type: p.integration.type, plain: p.integration.plain, encrypted: p.encrypted },
            p.receiver.disableResolveMessage,
            'file',
            now,
          );
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
  };
}
