import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { integrationTypes, sendIntegration } from '../../../src/features/alerting/integrations/index.js';
import { startHttpReceiver, type HttpReceiver } from '../../helpers/peers/http-receiver.js';
import { context, firing, integration, resolved, smtpDefaults } from './context.js';

let peer: HttpReceiver;
let silent: Server;
let silentPort: number;
const sockets: Socket[] = [];
beforeAll(async () => {
  peer = await startHttpReceiver();
  // Accepts TCP connections and never says a word (SMTP greeting, MQTT CONNACK never come).
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(async () => {
  await peer.close();
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});
beforeEach(() => {
  peer.requests.length = 0;
});

/** Minimal valid settings of every type, sending to `base` (an HTTP receiver) or to `port` (raw TCP). */
function settingsFor(type: string, base: string, port: number): Record<string, unknown> {
  const all: Record<string, Record<string, unknown>> = {
    'prometheus-alertmanager': { url: base },
    dingding: { url: base },
    discord: { url: base },
    email: { addresses: 'a@x.test' },
    googlechat: { url: base },
    jira: { api_url: base, project: 'P', issue_type: 'Bug', api_token: 't' },
    kafka: { kafkaRestProxy: base, kafkaTopic: 't' },
    LINE: { token: 't', api_url: base },
    mqtt: { brokerUrl: `mqtt://127.0.0.1:${port}`, topic: 't' },
    oncall: { url: base },
    opsgenie: { apiKey: 'k', apiUrl: base },
    pagerduty: { integrationKey: 'k', url: base },
    pushover: { userKey: 'u', apiToken: 't', apiUrl: base },
    sensugo: { url: base, apikey: 'k' },
    slack: { url: base },
    sns: {
      api_url: base,
      topic_arn: 'arn:aws:sns:us-east-1:1:t',
      sigv4: { access_key: 'a', secret_key: 's' },
    },
    teams: { url: base },
    telegram: { bottoken: 't', chatid: '1', api_url: base },
    threema: { gateway_id: '*ABCDEFG', recipient_id: 'ABCDEFGH', api_secret: 's', api_url: base },
    victorops: { url: base },
    webex: { api_url: base, room_id: 'r', bot_token: 't' },
    webhook: { url: base },
    wecom: { url: base },
  };
  return all[type]!;
}

const smtpTo = (port: number) => ({ ...smtpDefaults, enabled: true, host: `127.0.0.1:${port}` });
const httpTypes = integrationTypes.filter((t) => t !== 'email' && t !== 'mqtt');

describe('every type', () => {
  it('gives up within the timeout on a peer that never answers', async () => {
    peer.reply({ hang: true });
    const timeoutMs = 400;
    const started = Date.now();
    const results = await Promise.all(
      integrationTypes.map(async (type) => {
        const result = await sendIntegration(
          integration(type, settingsFor(type, peer.url, silentPort)),
          firing(type),
          context({ timeoutMs, smtp: smtpTo(silentPort) }),
        );
        return [type, result] as const;
      }),
    );
    const took = Date.now() - started;
    for (const [type, result] of results) {
      expect(result.ok, type).toBe(false);
      expect(result.timedOut, `${type}: ${result.error}`).toBe(true);
      expect(result.error, type).toContain('context deadline exceeded');
      expect(result.durationMs, type).toBeLessThan(timeoutMs + 300);
    }
    // All ran side by side: one hanging peer did not serialize the others.
    expect(took).toBeLessThan(timeoutMs + 1000);
  });

  it('turns a 5xx answer into an error carrying the status', async () => {
    peer.reply({ status: 502, body: 'bad gateway' });
    for (const type of httpTypes) {
      const result = await sendIntegration(
        integration(type, settingsFor(type, peer.url, 0)),
        firing(type),
        context(),
      );
      expect(result.ok, type).toBe(false);
      expect(result.statusCode, type).toBe(502);
      expect(result.error, type).toMatch(/502/);
    }
  });

  it('turns a 4xx answer into an error carrying the status', async () => {
    peer.reply({ status: 401, body: 'unauthorized' });
    for (const type of httpTypes) {
      const result = await sendIntegration(
        integration(type, settingsFor(type, peer.url, 0)),
        firing(type),
        context(),
      );
      expect(result.ok, type).toBe(false);
      expect(result.statusCode, type).toBe(401);
    }
  });

  it('skips every resolution when disableResolveMessage is set', async () => {
    peer.reply({ status: 200, body: {} });
    for (const type of integrationTypes) {
      const result = await sendIntegration(
        integration(type, settingsFor(type, peer.url, silentPort), { disableResolveMessage: true }),
        resolved(type),
        context({ smtp: smtpTo(silentPort) }),
      );
      expect(result, type).toMatchObject({ ok: true, skipped: true });
    }
    expect(peer.requests).toHaveLength(0);
  });

  it('reports an unknown type as an invalid configuration', async () => {
    expect(await sendIntegration(integration('wechat', {}), firing(), context())).toMatchObject({
      ok: false,
      invalidConfig: true,
      error: 'notifier wechat is not supported',
    });
  });
});

describe('HTTP client', () => {
  it('follows redirects like Go (307 keeps the method and body)', async () => {
    peer.reply((req) =>
      req.path === '/old' ? { status: 307, headers: { Location: '/new' } } : { status: 200, body: {} },
    );
    const result = await sendIntegration(
      integration('webhook', { url: `${peer.url}/old` }),
      firing(),
      context(),
    );
    expect(result.ok).toBe(true);
    expect(peer.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /old', 'POST /new']);
    expect(peer.requests[1]!.json.status).toBe('firing');
  });

  it('does not forward credentials when redirected to another host', async () => {
    const other = await startHttpReceiver();
    try {
      peer.reply({
        status: 307,
        headers: { Location: `${other.url.replace('127.0.0.1', 'localhost')}/landing` },
      });
      const result = await sendIntegration(
        integration('webhook', { url: `${peer.url}/old`, username: 'u', password: 'p' }),
        firing(),
        context(),
      );
      expect(result.ok).toBe(true);
      expect(peer.requests[0]!.headers.authorization).toBeDefined();
      expect(other.requests[0]!.path).toBe('/landing');
      expect(other.requests[0]!.headers.authorization).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('refuses URLs that are not http(s)', async () => {
    const result = await sendIntegration(
      integration('webhook', { url: 'ftp://127.0.0.1/x' }),
      firing(),
      context(),
    );
    expect(result).toMatchObject({
      ok: false,
      error: 'Post "<redacted>": unsupported protocol scheme "ftp"',
    });
  });
});
