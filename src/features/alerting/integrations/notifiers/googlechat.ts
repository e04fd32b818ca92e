/** Google Chat webhook: a card with the message, an open button and a version line. */

import { struct, toJson } from '../json.js';
import {
  defaultMessage,
  defaultTitle,
  productName,
  productVersion,
  literalUrlCheck,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';

function validate(s: Settings): string | undefined {
  return s.string('url') === '' ? 'could not find url property in settings' : undefined;
}

/** Go's time.RFC822 in UTC: `02 Jan 06 15:04 UTC`. */
function rfc822(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())} ${months[date.getUTCMonth()]} ${two(date.getUTCFullYear() % 100)} ${two(
    date.getUTCHours(),
  )}:${two(date.getUTCMinutes())} UTC`;
}

async function send(d: Delivery) {
  const s = d.settings;
  const title = d.render(s.text('title', defaultTitle), 'title');
  const widgets: unknown[] = [];
  const message = d.render(s.text('message', defaultMessage), 'message');
  if (message !== '') widgets.push(struct({ textParagraph: struct({ text: message }) }));
  if (!s.bool('hide_open_button')) {
    widgets.push(
      struct({
        buttons: [
          struct({
            textButton: struct({
              text: `OPEN IN ${productName.toUpperCase()}`,
              onClick: struct({ openLink: struct({ url: d.ruleUrl }) }),
            }),
          }),
        ],
      }),
    );
  }
  if (!s.bool('hide_version_info'))
    widgets.push(
      struct({ textParagraph: struct({ text: `${productVersion(d.data)} | ${rfc822(new Date())}` }) }),
    );
  const body = struct({
    previewText: title,
    fallbackText: title,
    cards: [struct({ header: struct({ title }), sections: [struct({ widgets })] })],
  });
  const res = await d.http.send({
    url: d.render(s.string('url'), 'url'),
    headers: { 'Content-Type': 'application/json; charset=UTF-8' },
    body: toJson(body),
  });
  return { statusCode: res.status };
}

export const googlechat: NotifierDefinition = {
  type: 'googlechat',
  secure: ['url'],
  templated: ['url', 'title', 'message'],
  defaults: { title: defaultTitle, message: defaultMessage },
  validate,
  validateUrls: literalUrlCheck('url'),
  send,
};
