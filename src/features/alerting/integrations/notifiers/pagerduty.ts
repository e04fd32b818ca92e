/** PagerDuty Events API v2: one trigger or resolve event per notification, deduplicated by group. */

import { hostname } from 'node:os';
import { wrapDelivery } from '../errors.js';
import { struct, toJson } from '../json.js';
import {
  defaultTitle,
  groupKeyHash,
  isHttpUrl,
  productName,
  truncateRunes,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';

const pagerDutyEventsUrl = 'https://events.pagerduty.com/v2/enqueue';
const severities = new Set(['critical', 'error', 'warning', 'info']);
const maxEventBytes = 512_000;

const defaultDetails: Record<string, string> = {
  firing: '{{ template "__text_alert_list" .Alerts.Firing }}',
  resolved: '{{ template "__text_alert_list" .Alerts.Resolved }}',
  num_firing: '{{ .Alerts.Firing | len }}',
  num_resolved: '{{ .Alerts.Resolved | len }}',
};

function validate(s: Settings): string | undefined {
  if (s.string('integrationKey') === '') return 'could not find integration key property in settings';
  return undefined;
}

function validateUrls(s: Settings): string | undefined {
  const url = s.string('url');
  return url === '' || isHttpUrl(url) ? undefined : `invalid URL ${JSON.stringify(url)}`;
}

async function send(d: Delivery) {
  const s = d.settings;
  const firing = d.data.Status === 'firing';
  const details: Record<string, string> = {};
  for (const [key, text] of Object.entries({ ...defaultDetails, ...s.map('details') }))
    details[key] = d.render(text, `details.${key}`);

  let severity = d.render(s.text('severity', 'critical'), 'severity').toLowerCase();
  // Grafana compat: an unknown severity is replaced rather than refused by PagerDuty.
  if (!severities.has(severity)) severity = 'critical';

  const event = (customDetails: unknown) =>
    struct({
      routing_key: s.string('integrationKey'),
      dedup_key: groupKeyHash(d.data),
      event_action: firing ? 'trigger' : 'resolve',
      payload: struct({
        summary: truncateRunes(d.render(s.text('summary', defaultTitle), 'summary'), 1024).text,
        source: d.render(s.text('source', hostname()), 'source'),
        severity,
        class: d.render(s.text('class', 'default'), 'class'),
        component: d.render(s.text('component', productName), 'component'),
        group: d.render(s.text('group', 'default'), 'group'),
        custom_details: customDetails,
      }),
      client: d.render(s.text('client', productName), 'client'),
      client_url: d.render(s.text('client_url', '{{ .ExternalURL }}'), 'client_url'),
      links: [struct({ href: d.data.ExternalURL, text: 'External URL' })],
    });
  let body = toJson(event(details));
  if (Buffer.byteLength(body) > maxEventBytes) {
    body = toJson(
      event({
        error:
          'Custom details have been removed because the original event exceeds the maximum size of 512 kB',
      }),
    );
  }
  try {
    const res = await d.http.send({
      url: s.text('url', pagerDutyEventsUrl),
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    return { statusCode: res.status };
  } catch (err) {
    throw wrapDelivery('send notification to Pagerduty', err);
  }
}

export const pagerduty: NotifierDefinition = {
  type: 'pagerduty',
  secure: ['integrationKey'],
  templated: [
    'severity',
    'class',
    'component',
    'group',
    'summary',
    'source',
    'client',
    'client_url',
    'details.*',
  ],
  defaults: {
    severity: 'critical',
    class: 'default',
    component: productName,
    group: 'default',
    summary: defaultTitle,
    client: productName,
    client_url: '{{ .ExternalURL }}',
    url: pagerDutyEventsUrl,
  },
  validate,
  validateUrls,
  send,
};
