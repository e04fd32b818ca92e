/** Opsgenie Alert API: create on firing, close by alias on resolution (`autoClose`). */

import { DeliveryError, wrapDelivery } from '../errors.js';
import { struct, toJson } from '../json.js';
import {
  defaultMessage,
  defaultTitle,
  groupKeyHash,
  joinUrl,
  literalUrlCheck,
  productName,
  truncateRunes,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import { isRecord, type Settings } from '../settings.js';

const opsgenieAlertsUrl = 'https://api.opsgenie.com/v2/alerts';
const sendTagsAsValues = new Set(['tags', 'details', 'both']);
const responderTypes = new Set(['team', 'teams', 'user', 'escalation', 'schedule']);
const priorities = new Set(['P1', 'P2', 'P3', 'P4', 'P5']);

interface Responder {
  type: string;
  id: string;
  name: string;
  username: string;
}

function responders(s: Settings): Responder[] {
  return s.list('responders').map((item) => {
    const r = isRecord(item) ? item : {};
    const str = (k: string): string => (typeof r[k] === 'string' ? r[k] : '');
    return { type: str('type'), id: str('id'), name: str('name'), username: str('username') };
  });
}

function validate(s: Settings): string | undefined {
  if (s.string('apiKey') === '') return 'could not find api key property in settings';
  const sendTagsAs = s.text('sendTagsAs', 'tags');
  if (!sendTagsAsValues.has(sendTagsAs)) return `invalid value for sendTagsAs: ${JSON.stringify(sendTagsAs)}`;
  for (const [i, r] of responders(s).entries()) {
    if (r.id === '' && r.username === '' && r.name === '')
      return `responder at index [${i}] must have at least one of id, username or name specified`;
    // A templated type is resolved at send time.
    if (r.type.includes('{{')) continue;
    const type = r.type.toLowerCase();
    if (!responderTypes.has(type))
      return `responder at index [${i}] has unsupported type. Supported only: team,teams,user,escalation,schedule`;
    if (type === 'teams' && r.name === '')
      return `responder at index [${i}] has type 'teams' but empty name. Must be comma-separated string of names`;
  }
  return undefined;
}

async function send(d: Delivery) {
  const s = d.settings;
  const apiUrl = s.text('apiUrl', opsgenieAlertsUrl);
  const alias = groupKeyHash(d.data);
  const headers = { 'Content-Type': 'application/json', Authorization: `GenieKey ${s.string('apiKey')}` };
  try {
    if (d.data.Status === 'resolved') {
      // Grafana compat: without autoClose a resolution is not sent at all.
      if (!s.bool('autoClose', true)) return { skipped: true };
      const res = await d.http.send({
        url: `${joinUrl(apiUrl, `/${alias}/close`)}?identifierType=alias`,
        headers,
        body: toJson(struct({ source: productName })),
      });
      return { statusCode: res.status };
    }
    const res = await d.http.send({ url: apiUrl, headers, body: toJson(createBody(d, alias)) });
    return { statusCode: res.status };
  } catch (err) {
    throw wrapDelivery('send notification to Opsgenie', err);
  }
}

function createBody(d: Delivery, alias: string) {
  const s = d.settings;
  const customDescription = s.string('description');
  const description = customDescription
    ? d.render(customDescription, 'description')
    : `${d.render(defaultTitle, 'description')}\n${d.ruleUrl}\n\n${d.render(defaultMessage, 'description')}`;
  const labels: Record<string, string> = {};
  for (const [k, v] of d.data.CommonLabels) labels[k] = v;
  const sendTagsAs = s.text('sendTagsAs', 'tags');
  const details: Record<string, string> = { url: d.ruleUrl };
  if (sendTagsAs === 'details' || sendTagsAs === 'both') Object.assign(details, labels);
  const tags =
    sendTagsAs === 'tags' || sendTagsAs === 'both'
      ? Object.entries(labels)
          .map(([k, v]) => `${k}:${v}`)
          .sort()
      : [];
  const priority = s.bool('overridePriority', true) ? labels.og_priority : undefined;
  return struct({
    alias,
    message: truncateRunes(
      d.render(s.text('message', defaultTitle), 'message').trim() || d.render(defaultTitle, 'message'),
      130,
    ).text,
    description: truncateRunes(description, 15000).text,
    details,
    source: productName,
    responders: responderList(d),
    tags,
    priority: priority && priorities.has(priority) ? priority : undefined,
  });
}

function responderList(d: Delivery) {
  const out: unknown[] = [];
  for (const [i, r] of responders(d.settings).entries()) {
    const type = d.render(r.type, `responders[${i}].type`).toLowerCase();
    const name = d.render(r.name, `responders[${i}].name`);
    if (!responderTypes.has(type))
      throw new DeliveryError(`responder at index [${i}] has unsupported type: ${type}`, {
        invalidConfig: true,
      });
    if (type === 'teams') {
      for (const team of name
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean))
        out.push(struct({ type: 'team', name: team }));
      continue;
    }
    out.push(
      struct({
        type,
        id: d.render(r.id, `responders[${i}].id`) || undefined,
        name: name || undefined,
        username: d.render(r.username, `responders[${i}].username`) || undefined,
      }),
    );
  }
  return out.length > 0 ? out : undefined;
}

export const opsgenie: NotifierDefinition = {
  type: 'opsgenie',
  secure: ['apiKey'],
  templated: [
    'message',
    'description',
    'responders[].type',
    'responders[].name',
    'responders[].id',
    'responders[].username',
  ],
  defaults: {
    apiUrl: opsgenieAlertsUrl,
    message: defaultTitle,
    autoClose: true,
    overridePriority: true,
    sendTagsAs: 'tags',
  },
  validate,
  validateUrls: literalUrlCheck('apiUrl'),
  send,
};
