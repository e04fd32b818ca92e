/** Pushover: a multipart form to the messages API; priority 2 (emergency) adds retry/expire. */

import { multipartForm } from '../multipart.js';
import {
  defaultMessage,
  defaultTitle,
  literalUrlCheck,
  truncateRunes,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';

const pushoverApiUrl = 'https://api.pushover.net/1/messages.json';

/** Go's strconv.Atoi error for a non-integer priority. */
function priorityOf(s: Settings, field: string): { value: number; error?: string } {
  const raw = s.string(field);
  if (raw === '') return { value: 0 };
  if (!/^[+-]?\d+$/.test(raw))
    return { value: 0, error: `strconv.Atoi: parsing ${JSON.stringify(raw)}: invalid syntax` };
  return { value: Number(raw) };
}

function validate(s: Settings): string | undefined {
  if (s.string('userKey') === '') return 'user key not found';
  if (s.string('apiToken') === '') return 'API token not found';
  const priority = priorityOf(s, 'priority');
  if (priority.error) return `failed to convert alerting priority to integer: ${priority.error}`;
  const okPriority = priorityOf(s, 'okPriority');
  if (okPriority.error) return `failed to convert OK priority to integer: ${okPriority.error}`;
  // SPEC limit (Grafana's UI offers only -2..2 but its server accepts anything).
  if (priority.value < -2 || priority.value > 2)
    return `invalid priority: ${priority.value}. Must be between -2 and 2`;
  if (okPriority.value < -2 || okPriority.value > 2)
    return `invalid OK priority: ${okPriority.value}. Must be between -2 and 2`;
  return undefined;
}

async function send(d: Delivery) {
  const s = d.settings;
  const firing = d.data.Status === 'firing';
  const priority = priorityOf(s, firing ? 'priority' : 'okPriority').value;
  const fields: Array<[string, string]> = [
    ['user', s.string('userKey')],
    ['token', s.string('apiToken')],
    ['priority', String(priority)],
  ];
  if (priority === 2) {
    fields.push(['retry', s.string('retry')], ['expire', s.string('expire')]);
  }
  const device = s.string('device');
  if (device !== '') fields.push(['device', device]);
  fields.push(
    ['title', truncateRunes(d.render(s.text('title', defaultTitle), 'title'), 250).text],
    ['url', truncateRunes(d.ruleUrl, 512).text],
    ['url_title', 'Show alert rule'],
    ['message', truncateRunes(d.render(s.text('message', defaultMessage), 'message'), 1024).text],
  );
  const sound = firing ? s.string('sound') : s.string('okSound');
  if (sound !== '' && sound !== 'default') fields.push(['sound', sound]);
  fields.push(['html', '1']);
  const form = multipartForm(fields);
  const res = await d.http.send({
    url: s.text('apiUrl', pushoverApiUrl),
    headers: { 'Content-Type': form.contentType },
    body: form.body,
  });
  return { statusCode: res.status };
}

export const pushover: NotifierDefinition = {
  type: 'pushover',
  secure: ['userKey', 'apiToken'],
  templated: ['title', 'message'],
  defaults: {
    priority: 0,
    okPriority: 0,
    uploadImage: true,
    title: defaultTitle,
    message: defaultMessage,
    apiUrl: pushoverApiUrl,
  },
  validate,
  validateUrls: literalUrlCheck('apiUrl'),
  send,
};
