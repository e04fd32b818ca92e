import type { ResourcePermissions } from '../rbac/resource-permissions.service.js';

/** Grafana's receiver uid: the contact point name in unpadded base64url. */
export const receiverUid = (name: string) => Buffer.from(name, 'utf8').toString('base64url');
export const receiverScope = (name: string) => `receivers:uid:${receiverUid(name)}`;

/** The contact point name a receiver uid stands for, or undefined when it is not one. */
export function nameOfReceiverUid(uid: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(uid)) return undefined;
  const name = Buffer.from(uid, 'base64url').toString('utf8');
  return receiverUid(name) === uid ? name : undefined;
}

/** The resource permissions of contact points (scope `receivers:uid:<receiver uid>`). */
export function createReceiverPermissions(resourcePermissions: ResourcePermissions) {
  return {
    /** Grafana's defaults for a new contact point: its creator Admin, Editors Edit, Viewers View. */
    async grantDefaults(orgId: number, name: string, creatorUserId: number | null): Promise<void> {
      await resourcePermissions.grantDefaults(orgId, 'receivers', receiverUid(name), creatorUserId, true);
    },

    /** A renamed contact point keeps who may do what (Grafana copies them to the new uid). */
    async move(orgId: number, from: string, to: string): Promise<void> {
      const grants = await resourcePermissions.list(orgId, 'receivers', receiverUid(from));
      for (const grant of grants) {
        if (grant.level === '') continue;
        await resourcePermissions.set(orgId, 'receivers', receiverUid(to), grant.principal, grant.level);
      }
      await resourcePermissions.deleteResource(orgId, 'receivers', receiverUid(from));
    },

    async remove(orgId: number, name: string): Promise<void> {
      await resourcePermissions.deleteResource(orgId, 'receivers', receiverUid(name));
    },
  };
}

export type ReceiverPermissions = ReturnType<typeof createReceiverPermissions>;
