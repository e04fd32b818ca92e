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
  /** rules and their state (the server narrows the list to readable folders) */
  readRules: boolean;
  createRule: boolean;
  /** changes (pause, delete) to the rules of one folder */
  writeRule: (folderUid: string) => boolean;
  deleteRule: (folderUid: string) => boolean;
  /** the Alertmanager's current alerts and groups */
  readInstances: boolean;
  readSilences: boolean;
  /** whether to offer creating silences; the server decides per silence (`accessControl`) */
  createSilence: boolean;
  readMuteTimings: boolean;
  writeMuteTimings: boolean;
  deleteMuteTimings: boolean;
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
    readRules: provisioningRead || can('alert.rules:read'),
    createRule: provisioningWrite || can('alert.rules:create'),
    writeRule: (folderUid) => provisioningWrite || can('alert.rules:write', `folders:uid:${folderUid}`),
    deleteRule: (folderUid) => provisioningWrite || can('alert.rules:delete', `folders:uid:${folderUid}`),
    readInstances: can('alert.instances:read'),
    readSilences: can('alert.instances:read') || can('alert.silences:read'),
    createSilence:
      can('alert.instances:create') ||
      can('alert.instances:write') ||
      can('alert.silences:create') ||
      can('alert.silences:write'),
    readMuteTimings:
      provisioningRead || can('alert.notifications:read') || can('alert.notifications.time-intervals:read'),
    writeMuteTimings:
      provisioningWrite ||
      can('alert.notifications:write') ||
      can('alert.notifications.time-intervals:write'),
    deleteMuteTimings:
      provisioningWrite ||
      can('alert.notifications:write') ||
      can('alert.notifications.time-intervals:delete'),
  };
}
