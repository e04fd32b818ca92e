/** Sending mail through the `[smtp]` server with nodemailer, bounded by the delivery's signal. */

import { isIP } from 'node:net';
import { createTransport } from 'nodemailer';
import type { Config } from '../../../config/config.js';
import { abortCause, DeliveryError } from './errors.js';

interface MailMessage {
  to: string[];
  subject: string;
  html: string;
  text: string;
}

/** Grafana compat: the error of an integration when `[smtp] enabled` is false. */
const smtpNotConfigured = "SMTP not configured, check your svc.ini config file's [smtp] section";

export async function sendMails(
  smtp: Config['smtp'],
  messages: MailMessage[],
  signal: AbortSignal,
): Promise<void> {
  if (!smtp.enabled) throw new DeliveryError(smtpNotConfigured, { invalidConfig: true });
  const { host, port } = splitHostPort(smtp.host);
  const transport = createTransport({
    host,
    port,
    // Port 465 speaks TLS from the first byte; others upgrade with STARTTLS per the policy.
    secure: port === 465,
    ignoreTLS: smtp.startTlsPolicy === 'NoStartTLS',
    requireTLS: smtp.startTlsPolicy === 'MandatoryStartTLS',
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
    ...(smtp.ehloIdentity ? { name: smtp.ehloIdentity } : {}),
    // SNI takes names only; an IP host is still checked against the certificate's IP entries.
    tls: { rejectUnauthorized: !smtp.skipVerify, ...(isIP(host) ? {} : { servername: host }) },
  });
  const onAbort = (): void => transport.close();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (const message of messages) {
      if (signal.aborted)
        throw new DeliveryError(abortCause(signal).text, { timedOut: abortCause(signal).timedOut });
      await transport.sendMail({
        from: { name: smtp.fromName, address: smtp.fromAddress },
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
    }
  } catch (err) {
    if (err instanceof DeliveryError) throw err;
    if (signal.aborted) {
      const cause = abortCause(signal);
      throw new DeliveryError(`failed to send email: ${cause.text}`, { timedOut: cause.timedOut });
    }
    throw new DeliveryError(`failed to send email: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    signal.removeEventListener('abort', onAbort);
    transport.close();
  }
}

function splitHostPort(value: string): { host: string; port: number } {
  const match = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(value.trim());
  const host = match?.[1] || 'localhost';
  const port = match?.[2] ? Number(match[2]) : 25;
  return { host, port };
}
