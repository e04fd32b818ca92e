import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';

/**
 * Small loopback peers for the plugin tests: an HTTP server of the test's own, a reverse proxy
 * that checks credentials in front of a real back end, and a server that never answers.
 */

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Peer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

/** An HTTP server that records every request and answers with `handler`. */
export async function startHttpServer(handler: Handler): Promise<Peer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A reverse proxy to `target` that lets a request through only when `allow` says so (else 401
 * with a plain-text body, as an auth gateway would).
 */
export function startCheckingProxy(
  target: string,
  allow: (request: RecordedRequest) => boolean,
): Promise<Peer> {
  return startHttpServer(async (request, response) => {
    if (!allow(request)) {
      response.writeHead(401, { 'content-type': 'text/plain' });
      response.end('unauthorized');
      return;
    }
    const headers: Record<string, string> = {};
    const type = request.headers['content-type'];
    if (typeof type === 'string') headers['content-type'] = type;
    const upstream = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
    });
    response.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'text/plain',
    });
    response.end(await upstream.text());
  });
}

/** Accepts TCP connections and never says a word: the back end that hangs. */
export async function startSilentServer(): Promise<{
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    host: '127.0.0.1',
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Milliseconds `work` took, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}
