/** Discord webhook: the message as content (or embed description) and a rich embed. */

import { struct, toJson } from '../json.js';
import {
  defaultMessage,
  defaultTitle,
  literalUrlCheck,
  productName,
  productVersion,
  truncateRunes,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';

const firingColor = 0xd63232;
const resolvedColor = 0x36a64f;

function validate(s: Settings): string | undefined {
  return s.string('url') === '' ? 'could not find webhook url property in settings' : undefined;
}

async function send(d: Delivery) {
  const s = d.settings;
  const message = truncateRunes(d.render(s.text('message', defaultMessage), 'message'), 2000).text;
  const inEmbed = s.bool('use_embed_description');
  const avatar = d.render(s.string('avatar_url'), 'avatar_url');
  const body = struct({
    username: s.bool('use_discord_username') ? undefined : productName,
    content: inEmbed ? '' : message,
    avatar_url: avatar || undefined,
    embeds: [
      struct({
        title: truncateRunes(d.render(s.text('title', defaultTitle), 'title'), 256).text,
        type: 'rich',
        description: inEmbed ? message : undefined,
        url: d.ruleUrl,
        color: d.data.Status === 'firing' ? firingColor : resolvedColor,
        footer: struct({ text: productVersion(d.data) }),
      }),
    ],
  });
  const res = await d.http.send({
    url: d.render(s.string('url'), 'url'),
    headers: { 'Content-Type': 'application/json' },
    body: toJson(body),
  });
  return { statusCode: res.status };
}

export const discord: NotifierDefinition = {
  type: 'discord',
  secure: ['url'],
  templated: ['url', 'title', 'message', 'avatar_url'],
  defaults: {
    title: defaultTitle,
    message: defaultMessage,
    use_discord_username: false,
    use_embed_description: false,
  },
  validate,
  validateUrls: literalUrlCheck('url'),
  send,
};
