/** Microsoft Teams workflow/incoming webhook: an Adaptive Card message. */

import { DeliveryError, wrapDelivery } from '../errors.js';
import { struct, toJson } from '../json.js';
import { defaultTitle, literalUrlCheck, type Delivery, type NotifierDefinition } from '../notifier.js';
import type { Settings } from '../settings.js';

const teamsMessage = '{{ template "teams.default.message" .}}';

function validate(s: Settings): string | undefined {
  return s.string('url') === '' ? 'could not find url property in settings' : undefined;
}

async function send(d: Delivery) {
  const s = d.settings;
  const title = d.render(s.text('title', defaultTitle), 'title');
  const card = struct({
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body: [
      struct({
        type: 'TextBlock',
        text: title,
        size: 'large',
        weight: 'bolder',
        wrap: true,
        color: d.data.Status === 'firing' ? 'attention' : 'good',
      }),
      struct({ type: 'TextBlock', text: d.render(s.text('message', teamsMessage), 'message'), wrap: true }),
      struct({
        type: 'ActionSet',
        actions: [struct({ type: 'Action.OpenUrl', title: 'View URL', url: d.ruleUrl })],
      }),
    ],
    msteams: struct({ width: 'Full' }),
  });
  const body = struct({
    type: 'message',
    summary: title,
    attachments: [struct({ contentType: 'application/vnd.microsoft.card.adaptive', content: card })],
  });
  const url = d.render(s.string('url'), 'url');
  try {
    const res = await d.http.send({
      url,
      headers: { 'Content-Type': 'application/json' },
      body: toJson(body),
    });
    // Office 365 connectors answer 200 with an error text; success is exactly "1".
    if (isOfficeConnector(url) && res.body.trim() !== '1')
      throw new DeliveryError(`webhook response status ${res.statusLine}: ${res.body.slice(0, 1024)}`, {
        statusCode: res.status,
      });
    return { statusCode: res.status };
  } catch (err) {
    throw wrapDelivery('send notification to Teams', err);
  }
}

function isOfficeConnector(url: string): boolean {
  try {
    return new URL(url).hostname.endsWith('webhook.office.com');
  } catch {
    return false;
  }
}

export const teams: NotifierDefinition = {
  type: 'teams',
  secure: [],
  templated: ['url', 'title', 'message', 'sectiontitle'],
  defaults: { title: defaultTitle, message: teamsMessage },
  validate,
  validateUrls: literalUrlCheck('url'),
  send,
};
