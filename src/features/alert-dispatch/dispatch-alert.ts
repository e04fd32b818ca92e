/**
 * The alerts the dispatcher holds, in Alertmanager's model: a label set (its fingerprint is the
 * identity), annotations, and an active period. An alert whose `endsAt` is at or before now is
 * resolved; there is no other status.
 */

/** 'rule': svc's rule engine (the sink); 'api': POSTed to the Alertmanager alerts API. */
export type AlertSource = 'rule' | 'api';

export interface DispatchAlert {
  orgId: number;
  /** Alertmanager's fingerprint of `labels` (FNV-1a 64, 16 hex digits) */
  fingerprint: string;
  labels: Readonly<Record<string, string>>;
  annotations: Readonly<Record<string, string>>;
  /** epoch ms */
  startsAt: number;
  /** epoch ms; at or before now = resolved */
  endsAt: number;
  generatorURL: string;
  source: AlertSource;
  /** epoch ms of the last write of its row (what the API shows as `updatedAt`) */
  updatedAt: number;
}

export const isResolved = (alert: Pick<DispatchAlert, 'endsAt'>, now: number): boolean => alert.endsAt <= now;

/** One key for an alert across orgs (maps of the dispatcher and the intake). */
export const alertKey = (orgId: number, fingerprint: string): string => `${orgId}/${fingerprint}`;
