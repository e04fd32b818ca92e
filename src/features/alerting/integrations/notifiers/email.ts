/** Email through `[smtp]`: one mail to all addresses (`singleEmail`) or one per address. */

import { emailBodies } from '../email-body.js';
import { defaultTitle, type Delivery, type NotifierDefinition } from '../notifier.js';
import type { Settings } from '../settings.js';
import { sendMails } from '../smtp.js';

/** Grafana compat: addresses may be separated by `,`, `;` or newlines. */
function emailAddresses(s: Settings): string[] {
  return s
    .string('addresses')
    .split(/[,;\n]/)
    .map((a) => a.trim())
    .filter(Boolean);
}

function validate(s: Settings): string | undefined {
  return emailAddresses(s).length === 0 ? 'could not find addresses in settings' : undefined;
}

async function send(d: Delivery) {
  const s = d.settings;
  const subject = d.render(s.text('subject', defaultTitle), 'subject');
  const message = d.render(s.string('message'), 'message');
  const { html, text } = emailBodies(d.data, { title: subject, message });
  const addresses = emailAddresses(s);
  const messages = s.bool('singleEmail')
    ? [{ to: addresses, subject, html, text }]
    : addresses.map((address) => ({ to: [address], subject, html, text }));
  await sendMails(d.context.smtp, messages, d.signal);
  return undefined;
}

export const email: NotifierDefinition = {
  type: 'email',
  secure: [],
  templated: ['subject', 'message'],
  defaults: { singleEmail: false, subject: defaultTitle },
  validate,
  send,
};
