import { usePermissions } from '../../app/permissions.js';

/** Grafana's receiver uid: the contact point name in unpadded base64url. */
export function receiverUid(name: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(name)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface AlertingAccess {
  readReceivers: boolean;
  createReceiver: boolean;
  writeReceiver: (name: string) => boolean;
  deleteReceiver: (name: string) => boolean;
  testReceivers: boolean;
  readTemplates: boolean;
  writeTemplates: boolean;
  deleteTemplates: boolean;
  readPolicies: boolean;
  writePolicies: boolean;
}

/**
 * What the caller may do in the alerting pages, with the server's rules: the finer notification
 * actions, or the provisioning actions that cover them all.
 */
export function useAlertingAccess(): AlertingAccess {
  const can = usePermissions();
  const provisioningRead = can('alert.provisioning:read') || can('alert.provisioning.secrets:read');
  const provisioningWrite = can('alert.provisioning:write');
  const onReceiver = (action: string, name: string) =>
    provisioningWrite || can(action, `receivers:uid:${receiverUid(name)}`);
  return {
    readReceivers: can('alert.notifications.receivers:read'),
    createReceiver: provisioningWrite || can('alert.notifications.receivers:create'),
    writeReceiver: (name) => onReceiver('alert.notifications.receivers:write', name),
    deleteReceiver: (name) => onReceiver('alert.notifications.receivers:delete', name),
    testReceivers: can('alert.notifications:write') || can('alert.notifications.receivers:test'),
    readTemplates: provisioningRead || can('alert.notifications.templates:read'),
    writeTemplates: provisioningWrite || can('alert.notifications.templates:write'),
    deleteTemplates: provisioningWrite || can('alert.notifications.templates:delete'),
    readPolicies: provisioningRead || can('alert.notifications:read'),
    writePolicies: provisioningWrite || can('alert.notifications:write'),
  };
}
