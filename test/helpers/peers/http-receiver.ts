import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

export interface CapturedRequest {
  method: string;
  /** Path with query string. */
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
  /** Fields of a multipart/form-data or urlencoded body, in order. */
  form: Array<[string, string]>;
}

export interface Reply {
  status?: number;
  body?: string | object;
  headers?: Record<string, string>;
  /** Never answer (the request hangs until the client gives up). */
  hang?: boolean;
}

export interface HttpReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: CapturedRequest[];
  /** How to answer the next requests (default 200 `{}`); a function decides per request. */
  reply(reply: Reply | ((req: CapturedRequest) => Reply)): void;
  /** Resolves when at least `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedRequest[]>;
  close(): Promise<void>;
}

/** A real HTTP server (HTTPS with `tls`) on 127.0.0.1 recording every request it receives. */
export async function startHttpReceiver(
  options: { tls?: { cert: string; key: string } } = {},
): Promise<HttpReceiver> {
  const requests: CapturedRequest[] = [];
  let replyWith: Reply | ((req: CapturedRequest) => Reply) = { status: 200, body: {} };
  const hanging: ServerResponse[] = [];
  const waiters: Array<() => void> = [];

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        json = undefined;
      }
      const captured: CapturedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        json,
        form: parseForm(req.headers['content-type'] ?? '', rawBody),
      };
      requests.push(captured);
      for (const w of waiters.splice(0)) w();
      const reply = typeof replyWith === 'function' ? replyWith(captured) : replyWith;
      if (reply.hang) {
        hanging.push(res);
        return;
      }
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(body);
    });
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`,
    requests,
    reply(r) {
      replyWith = r;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return requests;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function parseForm(contentType: string, body: string): Array<[string, string]> {
  if (contentType.startsWith('application/x-www-form-urlencoded')) return [...new URLSearchParams(body)];
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!contentType.startsWith('multipart/form-data') || !boundary) return [];
  const fields: Array<[string, string]> = [];
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const end = part.indexOf('\r\n\r\n');
    const name = /name="([^"]*)"/.exec(part.slice(0, end))?.[1] ?? '';
    fields.push([name, part.slice(end + 4).replace(/\r\n$/, '')]);
  }
  return fields;
}
