import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** MAIL FROM */
  envelopeFrom: string;
  /** RCPT TO, in order */
  envelopeTo: string[];
  /** Decoded header values by lower-case name. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** Whether the session was upgraded with STARTTLS. */
  secure: boolean;
  /** The AUTH credentials the client used, if any. */
  auth?: { username: string; password: string };
}

export interface SmtpPeer {
  host: string;
  port: number;
  mails: ReceivedMail[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server (the smtp-server package) on 127.0.0.1: plain text, optional AUTH and STARTTLS. */
export async function startSmtpServer(
  options: {
    requireAuth?: { user: string; password: string };
    /** Offer STARTTLS with this certificate. */
    startTls?: { cert: string; key: string };
  } = {},
): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: [...(options.startTls ? [] : ['STARTTLS']), ...(options.requireAuth ? [] : ['AUTH'])],
    ...(options.startTls ? { key: options.startTls.key, cert: options.startTls.cert } : {}),
    authOptional: !options.requireAuth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const expected = options.requireAuth;
      if (expected && auth.username === expected.user && auth.password === expected.password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMessage(raw);
        mails.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          ...parsed,
          raw,
          secure: session.secure,
          ...(session.user
            ? { auth: { username: String(session.user), password: options.requireAuth?.password ?? '' } }
            : {}),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    host: '127.0.0.1',
    port: address.port,
    mails,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for nodemailer's output: headers, multipart/alternative, QP/base64 parts. */
function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const { headers, body } = splitHeaders(raw);
  const parts = collectParts(headers, body);
  return {
    headers,
    subject: headers.subject ?? '',
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string): Record<string, string> {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const out: Record<string, string> = {};
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      const part = splitHeaders(section.replace(/^\r\n/, ''));
      Object.assign(out, collectParts(part.headers, part.body.replace(/\r\n$/, '')));
    }
    return out;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') {
    text = Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { [type.split(';')[0]!.trim().toLowerCase()]: text };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, data: string) => {
      if (enc.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      return Buffer.from(
        data
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    });
}
