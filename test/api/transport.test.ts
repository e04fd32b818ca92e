import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server.js';
import { startTestServer } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';

// [server] protocol = https | h2 | socket, with a certificate this test makes for 127.0.0.1.
let dir: string;
let cert: string;
let key: string;
let ca: Buffer;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-tls-'));
  cert = join(dir, 'cert.pem');
  key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=svc test',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  ca = readFileSync(cert);
});

const ADMIN_AUTH = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

/** GET over HTTP/1.1 and TLS, trusting only the test's certificate. */
function httpsGet(url: string, path: string, options: { maxVersion?: 'TLSv1.2' } = {}) {
  return new Promise<{ status: number; body: string; protocol: string }>((resolve, reject) => {
    const req = httpsRequest(
      new URL(path, url),
      { ca, headers: { authorization: ADMIN_AUTH }, ...options },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, protocol: `HTTP/${res.httpVersion}` }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('[server] protocol', () => {
  it('https serves the API over TLS with the configured certificate, and refuses TLS below min_tls_version', async () => {
    const server = await startTestServer({
      overrides: { server: { protocol: 'https', cert_file: cert, cert_key: key, min_tls_version: 'TLS1.3' } },
    });
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const user = await httpsGet(server.url, '/api/user');
    expect(user.status).toBe(200);
    expect(JSON.parse(user.body)).toMatchObject({ login: 'admin' });
    await expect(httpsGet(server.url, '/api/health', { maxVersion: 'TLSv1.2' })).rejects.toThrow(
      /version|alert/i,
    );
    // plain http on the TLS port gets no API answer
    const plain = await fetch(server.url.replace('https:', 'http:') + '/api/health').then(
      (r) => r.status,
      () => 'refused',
    );
    expect(plain).not.toBe(200);
    // the secure cookie default follows an https root_url (here: the default one)
    expect(server.config.server.rootUrl).toMatch(/^https:\/\//);
  });

  it('h2 speaks HTTP/2 (reads and writes) and still answers HTTP/1.1 clients', async () => {
    const server = await startTestServer({
      overrides: { server: { protocol: 'h2', cert_file: cert, cert_key: key } },
    });
    expect(server.config.server.rootUrl).toMatch(/^https:\/\//);
    const session = http2Connect(server.url, { ca });
    try {
      const h2 = (method: string, path: string, body?: unknown) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const stream = session.request({
            ':method': method,
            ':path': path,
            authorization: ADMIN_AUTH,
            ...(body ? { 'content-type': 'application/json' } : {}),
          });
          let status = 0;
          let text = '';
          stream.on('response', (headers) => (status = Number(headers[':status'])));
          stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
          stream.on('end', () => resolve({ status, body: text }));
          stream.on('error', reject);
          stream.end(body ? JSON.stringify(body) : undefined);
        });
      const saved = await h2('POST', '/api/dashboards/db', { dashboard: { title: 'Over h2' } });
      expect(saved.status, saved.body).toBe(200);
      const uid = JSON.parse(saved.body).uid as string;
      const read = await h2('GET', `/api/dashboards/uid/${uid}`);
      expect(read.status).toBe(200);
      expect(JSON.parse(read.body).dashboard.title).toBe('Over h2');
    } finally {
      session.close();
    }
    const http1 = await httpsGet(server.url, '/api/health');
    expect(http1).toMatchObject({ status: 200, protocol: 'HTTP/1.1' });
    // ALPN offers h2 first
    const alpn = await new Promise<string | false>((resolve, reject) => {
      const socket = tlsConnect(
        { host: '127.0.0.1', port: Number(new URL(server.url).port), ca, ALPNProtocols: ['h2', 'http/1.1'] },
        () => {
          resolve(socket.alpnProtocol ?? false);
          socket.end();
        },
      );
      socket.on('error', reject);
    });
    expect(alpn).toBe('h2');
  });

  it('socket listens on a Unix socket with socket_mode', async () => {
    const path = join(dir, 'svc.sock');
    await startTestServer({
      overrides: { server: { protocol: 'socket', socket: path, socket_mode: '0600' } },
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { socketPath: path, path: '/api/user', headers: { authorization: ADMIN_AUTH } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ login: 'admin' });
  });

  it('refuses to start without a readable certificate or with an old TLS version, naming the setting', async () => {
    // (before any database is opened: nothing to clean up)
    expect(() => testConfig({ server: { protocol: 'https' } })).toThrow(
      '[server] protocol = https needs cert_file and cert_key',
    );
    expect(() =>
      testConfig({
        server: { protocol: 'https', cert_file: cert, cert_key: key, min_tls_version: 'TLS1.0' },
      }),
    ).toThrow(/min_tls_version/);
    const unreadable = testConfig({
      server: { protocol: 'h2', cert_file: join(dir, 'nope.pem'), cert_key: key },
    });
    await expect(startServer(unreadable)).rejects.toThrow(/cert_file .*nope\.pem cannot be read/);
  });
});
