/**
 * Builds the template data of one notification from its alerts, as Grafana does: status, common
 * labels and annotations, private labels hidden, values parsed, and Grafana's links.
 */

import { Float64, GoTime, TypedNil } from '../../../lib/gotemplate/index.js';
import { alertLinks, isPrivate, privateKeys } from './alert-urls.js';
import { labelsFingerprint } from './fingerprint.js';
import { KV } from './kv.js';
import {
  Alerts,
  AlertValues,
  NotificationAlert,
  NotificationData,
  type AlertStatus,
} from './notification-data.js';

export interface AlertInput {
  labels: Readonly<Record<string, string>>;
  annotations?: Readonly<Record<string, string>>;
  /** Defaults to now. */
  startsAt?: Date | string | number;
  /** An end at or before now makes the alert resolved. */
  endsAt?: Date | string | number;
  generatorURL?: string;
  /** Overrides the status derived from `endsAt`. */
  status?: AlertStatus;
}

interface NotificationOptions {
  /** Contact point name (the integration type for test notifications). */
  receiver: string;
  /** Where svc is reached from outside, for links; none are built when empty. */
  externalUrl: string;
  groupLabels?: Readonly<Record<string, string>>;
  groupKey?: string;
  appVersion?: string;
  /** Alerts left out of the notification (webhook `maxAlerts`). */
  truncatedAlerts?: number;
  vars?: Readonly<Record<string, string>>;
  now?: Date;
}

export function buildNotificationData(
  alerts: readonly AlertInput[],
  options: NotificationOptions,
): NotificationData {
  const nowMs = (options.now ?? new Date()).getTime();
  const extended = new Alerts();
  for (const alert of alerts) extended.push(extendAlert(alert, options.externalUrl, nowMs));
  const status: AlertStatus = extended.some((a) => a.Status === 'firing') ? 'firing' : 'resolved';
  return new NotificationData(
    options.receiver,
    status,
    extended,
    KV.of(options.groupLabels),
    common(alerts.map((a) => publicEntries(a.labels))),
    common(alerts.map((a) => publicEntries(a.annotations ?? {}))),
    options.externalUrl,
    options.appVersion ?? '',
    options.groupKey ?? '',
    options.truncatedAlerts ?? new TypedNil('*int'),
    KV.of(options.vars),
  );
}

function extendAlert(alert: AlertInput, externalUrl: string, nowMs: number): NotificationAlert {
  const annotations = alert.annotations ?? {};
  const startsAt = alert.startsAt === undefined ? new GoTime(nowMs) : GoTime.from(alert.startsAt);
  const endsAt = alert.endsAt === undefined ? undefined : GoTime.from(alert.endsAt);
  const status = alert.status ?? (endsAt && endsAt.unixMs <= nowMs ? 'resolved' : 'firing');
  const links = alertLinks({
    externalUrl,
    labels: alert.labels,
    annotations,
    generatorURL: alert.generatorURL ?? '',
    startsAtMs: startsAt.unixMs,
    toMs: status === 'resolved' && endsAt ? endsAt.unixMs : nowMs,
  });
  const orgId = annotations[privateKeys.orgId];
  return new NotificationAlert(
    status,
    publicEntries(alert.labels),
    publicEntries(annotations),
    startsAt,
    // Firing alerts carry Go's zero time as their end.
    status === 'resolved' && endsAt ? endsAt : GoTime.zero,
    links.generatorURL,
    labelsFingerprint(alert.labels),
    links.silenceURL,
    links.dashboardURL,
    links.panelURL,
    alert.labels[privateKeys.ruleUid] ?? '',
    parseValues(annotations[privateKeys.values]),
    annotations[privateKeys.valueString] ?? '',
    '',
    '',
    orgId && /^-?\d+$/.test(orgId) ? Number(orgId) : new TypedNil('*int64'),
  );
}

function publicEntries(entries: Readonly<Record<string, string>>): KV {
  return new KV(Object.entries(entries).filter(([k]) => !isPrivate(k)));
}

/** Entries present with the same value in every map. */
function common(maps: KV[]): KV {
  const [first, ...rest] = maps;
  if (!first) return new KV();
  // Alertmanager compares with the zero value, so an empty label matches a missing one.
  return new KV([...first].filter(([k, v]) => rest.every((m) => (m.get(k) ?? '') === v)));
}

/** `__values__` holds the query results as JSON (`{"A": 1.5}`); anything else means no values. */
function parseValues(json: string | undefined): AlertValues {
  if (json === undefined) return new AlertValues([], true);
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return new AlertValues([], true);
    const entries = Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number');
    return new AlertValues(entries.map(([k, v]) => [k, new Float64(v)]));
  } catch {
    return new AlertValues([], true);
  }
}
