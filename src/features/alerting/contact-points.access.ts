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
  const readOne = (name: string) => onReceiver('alert.notifications.receivers:read', name);

  return {
    /** The rows of the contact points the caller may read. */
    async readableRows(identity: Identity, rows: IntegrationRow[]): Promise<IntegrationRow[]> {
      const names = new Set(
        await authorizer.filter(identity, [...new Set(rows.map((r) => r.name))], readOne, readAll),
      );
      return rows.filter((row) => names.has(row.name));
    },

    /** Those of `names` the caller may read, or null when it may read them all. */
    async readableNames(identity: Identity, names: () => Promise<string[]>): Promise<string[] | null> {
      if (await authorizer.can(identity, readAll)) return null;
      return authorizer.filter(identity, await names(), readOne);
    },
  };
}

export type ContactPointsAccess = ReturnType<typeof createContactPointsAccess>;
