/**
 * Slack: an incoming webhook (`url`, no token) or the chat API (`token` + `recipient`, POSTed to
 * `url` or `endpointUrl` with a Bearer token), one attachment per notification.
 */

import { DeliveryError } from '../errors.js';
import { struct, toJson } from '../json.js';
import {
  defaultMessage,
  defaultTitle,
  productName,
  statusColorTemplate,
  truncateRunes,
  isHttpUrl,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';

const slackApiUrl = 'https://slack.com/api/chat.postMessage';
const slackFooter = '{{ template "slack.default.footer" . }}';

/** The URL posted to: the webhook URL when set, else the chat API endpoint. */
function targetUrl(s: Settings): string {
  return s.string('url') || s.text('endpointUrl', slackApiUrl);
}

function validate(s: Settings): string | undefined {
  const chatApi = s.string('url') === '';
  if (chatApi && s.string('recipient').trim() === '')
    return 'recipient must be specified when using the Slack chat API';
  const mention = s.string('mentionChannel');
  if (mention !== '' && mention !== 'here' && mention !== 'channel')
    return `invalid value for mentionChannel: ${JSON.stringify(mention)}`;
  if (chatApi && s.string('token') === '') return 'token must be specified when using the Slack chat API';
  return undefined;
}

function validateUrls(s: Settings): string | undefined {
  const url = targetUrl(s);
  return isHttpUrl(url) ? undefined : `invalid URL ${JSON.stringify(url)}`;
}

function mentions(s: Settings): string {
  const parts: string[] = [];
  const channel = s.string('mentionChannel');
  if (channel === 'here') parts.push('<!here|here>');
  if (channel === 'channel') parts.push('<!channel|channel>');
  const split = (v: string): string[] =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  for (const group of split(s.string('mentionGroups'))) parts.push(`<!subteam^${group}>`);
  for (const user of split(s.string('mentionUsers'))) parts.push(`<@${user}>`);
  return parts.join(' ');
}

async function send(d: Delivery) {
  const s = d.settings;
  const title = truncateRunes(d.render(s.text('title', defaultTitle), 'title'), 1024).text;
  const generatorUrls = new Set(d.data.Alerts.map((a) => a.GeneratorURL));
  const [onlyGenerator] = [...generatorUrls];
  const titleLink = generatorUrls.size === 1 && onlyGenerator ? onlyGenerator : d.ruleUrl;
  const pretext = mentions(s);
  const body = struct({
    channel: d.render(s.string('recipient').trim(), 'recipient') || undefined,
    username: d.render(s.text('username', productName), 'username'),
    icon_emoji: d.render(s.string('icon_emoji'), 'icon_emoji') || undefined,
    icon_url: d.render(s.string('icon_url'), 'icon_url') || undefined,
    attachments: [
      struct({
        color: d.render(s.text('color', statusColorTemplate), 'color'),
        title,
        title_link: titleLink,
        text: d.render(s.text('text', defaultMessage), 'text'),
        fallback: title,
        footer: d.render(s.text('footer', slackFooter), 'footer'),
        ts: Math.floor(Date.now() / 1000),
        pretext: pretext || undefined,
        mrkdwn_in: pretext ? ['pretext'] : undefined,
      }),
    ],
  });
  const token = s.string('token');
  const res = await d.http.request({
    url: targetUrl(s),
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: toJson(body),
  });
  if (res.status < 200 || res.status > 299)
    throw new DeliveryError(`request to Slack API failed with status code ${res.status}`, {
      statusCode: res.status,
    });
  // The chat API answers 200 with {"ok": false, "error": "..."}; incoming webhooks answer "ok".
  const answer = parseJson(res.body);
  if (answer && answer.ok === false)
    throw new DeliveryError(
      `failed to make Slack API request: ${typeof answer.error === 'string' ? answer.error : 'unknown error'}`,
      {
        statusCode: res.status,
      },
    );
  return { statusCode: res.status };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const slack: NotifierDefinition = {
  type: 'slack',
  secure: ['token', 'url'],
  templated: ['recipient', 'username', 'icon_emoji', 'icon_url', 'title', 'text', 'color', 'footer'],
  defaults: {
    endpointUrl: slackApiUrl,
    username: productName,
    title: defaultTitle,
    text: defaultMessage,
    color: statusColorTemplate,
    footer: slackFooter,
  },
  validate,
  validateUrls,
  send,
};
