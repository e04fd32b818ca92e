import { toIso } from '../../lib/clock.js';
import type { DispatchAlert } from './dispatch-alert.js';

export type AlertState = 'active' | 'suppressed' | 'unprocessed';

/** Alertmanager's GettableAlert. */
export function gettableAlert(
  alert: DispatchAlert,
  receivers: string[],
  silencedBy: string[],
  inhibitedBy: string[],
) {
  const state: AlertState = silencedBy.length || inhibitedBy.length ? 'suppressed' : 'active';
  return {
    annotations: alert.annotations,
    endsAt: toIso(alert.endsAt),
    fingerprint: alert.fingerprint,
    receivers: receivers.map((name) => ({ name })),
    startsAt: toIso(alert.startsAt),
    status: { inhibitedBy, silencedBy, state },
    updatedAt: toIso(alert.updatedAt),
    generatorURL: alert.generatorURL,
    labels: alert.labels,
  };
}

export type GettableAlert = ReturnType<typeof gettableAlert>;
