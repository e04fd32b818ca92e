/** Prometheus Alertmanager: the alerts POSTed to `/api/v2/alerts` of every configured URL. */

import { DeliveryError } from '../errors.js';
import { struct, toJson } from '../json.js';
import { isHttpUrl, type Delivery, type NotifierDefinition } from '../notifier.js';
import type { Settings } from '../settings.js';

/** Grafana compat: a comma-separated list, each trimmed and given the API path. */
function alertsUrls(s: Settings): string[] {
  return s
    .string('url')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => `${u.replace(/\/+$/, '')}/api/v2/alerts`);
}

function validate(s: Settings): string | undefined {
  return alertsUrls(s).length === 0 ? 'could not find url property in settings' : undefined;
}

function validateUrls(s: Settings): string | undefined {
  const bad = alertsUrls(s).find((u) => !isHttpUrl(u));
  return bad === undefined
    ? undefined
    : `invalid url property in settings: parse ${JSON.stringify(bad)}: invalid URL`;
}

async function send(d: Delivery) {
  const s = d.settings;
  const body = toJson(
    d.data.Alerts.map((a) =>
      struct({
        labels: a.Labels,
        annotations: a.Annotations,
        startsAt: a.StartsAt,
        endsAt: a.EndsAt,
        generatorURL: a.GeneratorURL,
      }),
    ),
  );
  const basicAuth = { user: s.string('basicAuthUser'), password: s.string('basicAuthPassword') };
  const urls = alertsUrls(s);
  const outcomes = await Promise.allSettled(
    urls.map((url) => d.http.send({ url, headers: { 'Content-Type': 'application/json' }, body, basicAuth })),
  );
  const delivered = outcomes.find((o) => o.status === 'fulfilled');
  // One Alertmanager of a cluster taking the alerts is enough.
  if (delivered) return { statusCode: delivered.value.status };
  const last = outcomes.at(-1);
  const reason: unknown = last?.status === 'rejected' ? last.reason : undefined;
  const cause = reason instanceof Error ? reason.message : String(reason);
  throw new DeliveryError(`failed to send alert to Alertmanager: ${cause}`, {
    ...(reason instanceof DeliveryError ? reason.details : {}),
  });
}

export const prometheusAlertmanager: NotifierDefinition = {
  type: 'prometheus-alertmanager',
  secure: ['basicAuthPassword'],
  templated: [],
  defaults: {},
  validate,
  validateUrls,
  send,
};
