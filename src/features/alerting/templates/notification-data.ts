/**
 * The data notification templates execute against: Grafana's ExtendedData and ExtendedAlert.
 * Fields are Go-style (`.Status`, `.Alerts.Firing`, `.CommonLabels.SortedPairs`), their order is
 * Go's (struct printing follows it) and `toJSON` gives the webhook/JSON shape.
 */

import {
  Float64,
  goType,
  GoTime,
  TypedNil,
  typedSlice,
  type GoTypeInfo,
} from '../../../lib/gotemplate/index.js';
import { KV } from './kv.js';

export type AlertStatus = 'firing' | 'resolved';

/** map[string]float64 of query results by refID; a nil map when the alert carries none. */
export class AlertValues extends Map<string, Float64> {
  declare readonly [goType]: GoTypeInfo;

  constructor(
    entries: Iterable<[string, Float64]> = [],
    /** Go's nil map: prints as map[] but marshals as null. */
    readonly isNil = false,
  ) {
    super(entries);
  }

  toJSON(): Record<string, number> | null {
    return this.isNil ? null : Object.fromEntries([...this].map(([k, v]) => [k, v.value]));
  }
}
Object.defineProperty(AlertValues.prototype, goType, {
  value: { name: 'map[string]float64', kind: 'map', elemZero: new Float64(0) },
});

export class NotificationAlert {
  declare readonly [goType]: GoTypeInfo;

  constructor(
    readonly Status: AlertStatus,
    readonly Labels: KV,
    readonly Annotations: KV,
    readonly StartsAt: GoTime,
    readonly EndsAt: GoTime,
    readonly GeneratorURL: string,
    readonly Fingerprint: string,
    readonly SilenceURL: string,
    readonly DashboardURL: string,
    readonly PanelURL: string,
    readonly RuleUID: string,
    readonly Values: AlertValues,
    readonly ValueString: string,
    readonly ImageURL: string,
    readonly EmbeddedImage: string,
    readonly OrgID: number | TypedNil,
  ) {}

  /** Grafana's JSON field names and omitempty rules. */
  toJSON(): Record<string, unknown> {
    return {
      status: this.Status,
      labels: this.Labels,
      annotations: this.Annotations,
      startsAt: this.StartsAt,
      endsAt: this.EndsAt,
      generatorURL: this.GeneratorURL,
      fingerprint: this.Fingerprint,
      silenceURL: this.SilenceURL,
      dashboardURL: this.DashboardURL,
      panelURL: this.PanelURL,
      ...(this.RuleUID ? { ruleUID: this.RuleUID } : {}),
      values: this.Values,
      valueString: this.ValueString,
      ...(this.ImageURL ? { imageURL: this.ImageURL } : {}),
      ...(this.EmbeddedImage ? { embeddedImage: this.EmbeddedImage } : {}),
      ...(typeof this.OrgID === 'number' ? { orgId: this.OrgID } : {}),
    };
  }
}
Object.defineProperty(NotificationAlert.prototype, goType, {
  value: { name: 'templates.ExtendedAlert', kind: 'struct' },
});

/** The alerts of a notification, with `.Firing` and `.Resolved`. */
export class Alerts extends Array<NotificationAlert> {
  declare readonly [goType]: GoTypeInfo;

  /** filter() gives plain arrays: Go's Firing() returns a []ExtendedAlert without these methods. */
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  Firing(): NotificationAlert[] {
    return typedSlice(
      this.filter((a) => a.Status === 'firing'),
      '[]templates.ExtendedAlert',
    );
  }

  Resolved(): NotificationAlert[] {
    return typedSlice(
      this.filter((a) => a.Status === 'resolved'),
      '[]templates.ExtendedAlert',
    );
  }
}
Object.defineProperty(Alerts.prototype, goType, {
  value: { name: 'templates.ExtendedAlerts', kind: 'slice' },
});

export class NotificationData {
  declare readonly [goType]: GoTypeInfo;

  constructor(
    readonly Receiver: string,
    readonly Status: AlertStatus,
    readonly Alerts: Alerts,
    readonly GroupLabels: KV,
    readonly CommonLabels: KV,
    readonly CommonAnnotations: KV,
    readonly ExternalURL: string,
    readonly AppVersion: string,
    readonly GroupKey: string,
    readonly TruncatedAlerts: number | TypedNil,
    /** Webhook payload variables. */
    readonly Vars: KV,
  ) {}

  toJSON(): Record<string, unknown> {
    return {
      receiver: this.Receiver,
      status: this.Status,
      alerts: this.Alerts,
      groupLabels: this.GroupLabels,
      commonLabels: this.CommonLabels,
      commonAnnotations: this.CommonAnnotations,
      externalURL: this.ExternalURL,
      ...(this.AppVersion ? { appVersion: this.AppVersion } : {}),
      groupKey: this.GroupKey,
      ...(typeof this.TruncatedAlerts === 'number' ? { truncatedAlerts: this.TruncatedAlerts } : {}),
    };
  }
}
Object.defineProperty(NotificationData.prototype, goType, {
  value: { name: '*templates.ExtendedData', kind: 'struct' },
});
