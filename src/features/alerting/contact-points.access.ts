/** Who may read or change which contact point: Grafana's receiver actions, or the provisioning ones. */

import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import { anyOf, can, type Evaluator } from '../../access/evaluator.js';
import type { IntegrationRow } from './contact-points.store.js';
import { receiverScope } from './receiver-permissions.js';

/** `action` on the contact point `name`, or its provisioning counterpart on every one. */
export const onReceiver = (action: string, name: string): Evaluator =>
  anyOf(can(action, receiverScope(name)), can(action.replace('.notifications.receivers', '.provisioning')));

/** Reading every contact point of the org (so per-receiver checks can be skipped). */
const readAll = anyOf(
  can('alert.notifications.receivers:read', 'receivers:*'),
  can('alert.provisioning:read'),
);

export function createContactPointsAccess(authorizer: Authorizer) {
  const canRead = (identity: Identity, name: string): Promise<boolean> =>
    authorizer.can(identity, onReceiver('alert.notifications.receivers:read', name));

  return {
    /** The rows of the contact points the caller may read. */
    async readableRows(identity: Identity, rows: IntegrationRow[]): Promise<IntegrationRow[]> {
      if (await authorizer.can(identity, readAll)) return rows;
      const allowed = new Map<string, boolean>();
      for (const name of new Set(rows.map((r) => r.name))) allowed.set(name, await canRead(identity, name));
      return rows.filter((row) => allowed.get(row.name));
    },

    /** Those of `names` the caller may read, or null when it may read them all. */
    async readableNames(identity: Identity, names: () => Promise<string[]>): Promise<string[] | null> {
      if (await authorizer.can(identity, readAll)) return null;
      const all = await names();
      const allowed = await Promise.all(all.map((name) => canRead(identity, name)));
      return all.filter((_, i) => allowed[i]);
    },
  };
}

export type ContactPointsAccess = ReturnType<typeof createContactPointsAccess>;
