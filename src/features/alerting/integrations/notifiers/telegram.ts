/** Telegram Bot API `sendMessage` as a multipart form. */

import { multipartForm } from '../multipart.js';
import {
  defaultMessage,
  literalUrlCheck,
  truncateRunes,
  joinUrl,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';

/** svc addition: Grafana always posts to this host; `api_url` redirects it (proxies, tests). */
const telegramApiUrl = 'https://api.telegram.org';
const parseModes: Record<string, string> = {
  markdown: 'Markdown',
  markdownv2: 'MarkdownV2',
  html: 'HTML',
  none: '',
};

function validate(s: Settings): string | undefined {
  if (s.string('bottoken') === '') return 'could not find Bot Token in settings';
  if (s.string('chatid') === '') return 'could not find Chat Id in settings';
  const thread = s.string('message_thread_id');
  if (thread !== '') {
    if (!/^[+-]?\d+$/.test(thread)) return 'message thread id must be an integer';
    const id = Number(thread);
    if (id < -(2 ** 31) || id > 2 ** 31 - 1) return 'message thread id must be an int32';
  }
  const mode = s.string('parse_mode');
  if (mode !== '' && parseModes[mode.toLowerCase()] === undefined)
    return 'unknown parse_mode, must be Markdown, MarkdownV2, HTML or None';
  return undefined;
}

async function send(d: Delivery) {
  const s = d.settings;
  const fields: Array<[string, string]> = [['chat_id', s.string('chatid')]];
  const thread = s.string('message_thread_id');
  if (thread !== '') fields.push(['message_thread_id', String(Number(thread))]);
  if (s.bool('disable_notification') || s.bool('disable_notifications'))
    fields.push(['disable_notification', 'true']);
  fields.push(['text', truncateRunes(d.render(s.text('message', defaultMessage), 'message'), 4096).text]);
  const mode = parseModes[s.text('parse_mode', 'HTML').toLowerCase()] ?? 'HTML';
  if (mode !== '') fields.push(['parse_mode', mode]);
  if (s.bool('disable_web_page_preview')) fields.push(['disable_web_page_preview', 'true']);
  if (s.bool('protect_content')) fields.push(['protect_content', 'true']);
  const form = multipartForm(fields);
  const res = await d.http.send({
    url: joinUrl(s.text('api_url', telegramApiUrl), `/bot${s.string('bottoken')}/sendMessage`),
    headers: { 'Content-Type': form.contentType },
    body: form.body,
  });
  return { statusCode: res.status };
}

export const telegram: NotifierDefinition = {
  type: 'telegram',
  secure: ['bottoken'],
  templated: ['message'],
  defaults: { message: defaultMessage, parse_mode: 'HTML', api_url: telegramApiUrl },
  validate,
  validateUrls: literalUrlCheck('api_url'),
  send,
};
