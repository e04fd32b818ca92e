import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendIntegration } from '../../../src/features/alerting/integrations/index.js';
import { selfSignedCertificate } from '../../helpers/peers/certificate.js';
import { startHttpReceiver, type HttpReceiver } from '../../helpers/peers/http-receiver.js';
import { context, externalUrl, firing, integration, manyFiring, resolved } from './context.js';

let peer: HttpReceiver;
beforeAll(async () => {
  peer = await startHttpReceiver();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.requests.length = 0;
  peer.reply({ status: 200, body: {} });
});

describe('webhook', () => {
  it('POSTs Grafana’s JSON body for a firing notification', async () => {
    const data = firing('webhook');
    const result = await sendIntegration(
      integration('webhook', { url: `${peer.url}/hook?x=1` }),
      data,
      context({ orgId: 3 }),
    );
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [req] = peer.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/hook?x=1');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.headers['user-agent']).toBe('svc');
    expect(req!.headers.authorization).toBeUndefined();
    expect(Object.keys(req!.json)).toEqual([
      'receiver',
      'status',
      'alerts',
      'groupLabels',
      'commonLabels',
      'commonAnnotations',
      'externalURL',
      'version',
      'groupKey',
      'truncatedAlerts',
      'orgId',
      'title',
      'state',
      'message',
    ]);
    expect(req!.json).toMatchObject({
      receiver: 'webhook',
      status: 'firing',
      groupLabels: { alertname: 'TestAlert', instance: 'Grafana' },
      commonLabels: { alertname: 'TestAlert', instance: 'Grafana' },
      commonAnnotations: { summary: 'Notification test' },
      externalURL: externalUrl,
      version: '1',
      groupKey: data.GroupKey,
      truncatedAlerts: 0,
      orgId: 3,
      title: '[FIRING:1] TestAlert Grafana ',
      state: 'alerting',
    });
    expect(req!.json.message).toContain('**Firing**');
    expect(req!.json.message).toContain(' - summary = Notification test');
    expect(req!.json.alerts).toEqual([
      expect.objectContaining({
        status: 'firing',
        labels: { alertname: 'TestAlert', instance: 'Grafana' },
        annotations: { summary: 'Notification test' },
        endsAt: '0001-01-01T00:00:00Z',
        values: null,
        valueString: "[ metric='foo' labels={instance=bar} value=10 ]",
      }),
    ]);
  });

  it('sends resolved notifications with state ok', async () => {
    const result = await sendIntegration(integration('webhook', { url: peer.url }), resolved(), context());
    expect(result.ok).toBe(true);
    expect(peer.requests[0]!.json).toMatchObject({
      status: 'resolved',
      state: 'ok',
      title: '[RESOLVED] HighCPU (web-1)',
    });
    expect(peer.requests[0]!.json.message).toMatch(/^\*\*Resolved\*\*/);
  });

  it('skips resolved notifications when disableResolveMessage is set, but still sends firing ones', async () => {
    const hook = integration('webhook', { url: peer.url }, { disableResolveMessage: true });
    expect(await sendIntegration(hook, resolved(), context())).toMatchObject({ ok: true, skipped: true });
    expect(peer.requests).toHaveLength(0);
    expect((await sendIntegration(hook, firing(), context())).ok).toBe(true);
    expect(peer.requests).toHaveLength(1);
  });

  it('uses PUT, basic auth and custom headers', async () => {
    const result = await sendIntegration(
      integration(
        'webhook',
        {
          url: peer.url,
          httpMethod: 'PUT',
          username: 'u',
          headers: { 'X-Team': 'ops', 'X-Other': '1' },
        },
        { secureSettings: { password: 'p@ss' } },
      ),
      firing(),
      context(),
    );
    expect(result.ok).toBe(true);
    const req = peer.requests[0]!;
    expect(req.method).toBe('PUT');
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('u:p@ss').toString('base64')}`);
    expect(req.headers['x-team']).toBe('ops');
    expect(req.headers['x-other']).toBe('1');
  });

  it('sends an Authorization header with the scheme (Bearer by default)', async () => {
    await sendIntegration(
      integration('webhook', { url: peer.url }, { secureSettings: { authorization_credentials: 'tok' } }),
      firing(),
      context(),
    );
    await sendIntegration(
      integration('webhook', {
        url: peer.url,
        authorization_scheme: 'Token',
        authorization_credentials: 'abc',
      }),
      firing(),
      context(),
    );
    expect(peer.requests.map((r) => r.headers.authorization)).toEqual(['Bearer tok', 'Token abc']);
  });

  it('gets an OAuth2 client-credentials token, caches it, and sends it as Bearer', async () => {
    peer.reply((req) =>
      req.path === '/token'
        ? { body: { access_token: 'AT1', token_type: 'bearer', expires_in: 3600 } }
        : { status: 200, body: {} },
    );
    const hook = integration(
      'webhook',
      {
        url: `${peer.url}/hook`,
        http_config: {
          oauth2: {
            client_id: 'cid',
            token_url: `${peer.url}/token`,
            scopes: ['a', 'b'],
            endpoint_params: { audience: 'svc' },
          },
        },
      },
      { secureSettings: { 'http_config.oauth2.client_secret': 'cs' } },
    );
    expect((await sendIntegration(hook, firing(), context())).ok).toBe(true);
    expect((await sendIntegration(hook, firing(), context())).ok).toBe(true);
    expect(peer.requests.map((r) => r.path)).toEqual(['/token', '/hook', '/hook']);
    const [token, hookReq] = peer.requests;
    expect(token!.headers.authorization).toBe(`Basic ${Buffer.from('cid:cs').toString('base64')}`);
    expect(Object.fromEntries(token!.form)).toEqual({
      grant_type: 'client_credentials',
      audience: 'svc',
      scope: 'a b',
    });
    expect(hookReq!.headers.authorization).toBe('Bearer AT1');
  });

  it('fails when the OAuth2 token endpoint refuses', async () => {
    peer.reply((req) =>
      req.path === '/token2' ? { status: 401, body: { error: 'invalid_client' } } : { status: 200 },
    );
    const result = await sendIntegration(
      integration('webhook', {
        url: `${peer.url}/hook`,
        http_config: { oauth2: { client_id: 'x', client_secret: 'y', token_url: `${peer.url}/token2` } },
      }),
      firing(),
      context(),
    );
    expect(result).toMatchObject({ ok: false, statusCode: 401 });
    expect(result.error).toMatch(/^oauth2: cannot fetch token: 401 Unauthorized/);
    expect(peer.requests.map((r) => r.path)).toEqual(['/token2']);
  });

  it('sends over HTTPS trusting tlsConfig.caCertificate, or skipping verification', async () => {
    const certificate = await selfSignedCertificate();
    const secure = await startHttpReceiver({ tls: certificate });
    try {
      const untrusted = await sendIntegration(
        integration('webhook', { url: secure.url }),
        firing(),
        context(),
      );
      expect(untrusted.ok).toBe(false);
      expect(untrusted.error).toMatch(/^Post "<redacted>": .*self[- ]signed certificate/);
      const trusted = await sendIntegration(
        integration(
          'webhook',
          { url: secure.url },
          { secureSettings: { 'tlsConfig.caCertificate': certificate.cert } },
        ),
        firing(),
        context(),
      );
      expect(trusted.ok).toBe(true);
      const skipped = await sendIntegration(
        integration('webhook', { url: secure.url, tlsConfig: { insecureSkipVerify: true } }),
        firing(),
        context(),
      );
      expect(skipped.ok).toBe(true);
      expect(secure.requests).toHaveLength(2);
    } finally {
      await secure.close();
    }
  });

  it('truncates to maxAlerts and reports the count left out', async () => {
    await sendIntegration(
      integration('webhook', { url: peer.url, maxAlerts: '2' }),
      manyFiring(5),
      context(),
    );
    const body = peer.requests[0]!.json;
    expect(body.alerts).toHaveLength(2);
    expect(body.truncatedAlerts).toBe(3);
    expect(body.title).toBe('[FIRING:2] Disk ');
  });

  it('signs the body with HMAC-SHA256, with an optional timestamp', async () => {
    await sendIntegration(
      integration('webhook', { url: peer.url }, { secureSettings: { 'hmacConfig.secret': 's3cret' } }),
      firing(),
      context(),
    );
    await sendIntegration(
      integration('webhook', {
        url: peer.url,
        hmacConfig: { secret: 'k', header: 'X-Sig', timestampHeader: 'X-Ts' },
      }),
      firing(),
      context(),
    );
    const [plain, stamped] = peer.requests;
    const expectedPlain = createHmac('sha256', 's3cret').update(plain!.rawBody).digest('hex');
    expect(plain!.headers['x-grafana-alerting-signature']).toBe(expectedPlain);
    const ts = stamped!.headers['x-ts'] as string;
    expect(ts).toMatch(/^\d{10}$/);
    expect(stamped!.headers['x-sig']).toBe(
      createHmac('sha256', 'k').update(`${ts}:${stamped!.rawBody}`).digest('hex'),
    );
  });

  it('renders title, message and url as templates, and a custom payload with vars', async () => {
    await sendIntegration(
      integration('webhook', {
        url: `${peer.url}/{{ .CommonLabels.alertname }}`,
        title: 'T {{ .Status }}',
        message: '{{ len .Alerts }} alert(s)',
      }),
      firing(),
      context(),
    );
    expect(peer.requests[0]!.path).toBe('/TestAlert');
    expect(peer.requests[0]!.json).toMatchObject({ title: 'T firing', message: '1 alert(s)' });

    await sendIntegration(
      integration('webhook', {
        url: peer.url,
        payload: { template: '{"who":"{{ .Vars.team }}","n":{{ len .Alerts }}}', vars: { team: 'db' } },
      }),
      firing(),
      context(),
    );
    expect(peer.requests[1]!.rawBody).toBe('{"who":"db","n":1}');
  });

  it('sends despite a failing title template (partial text), fails on a failing payload template', async () => {
    const ok = await sendIntegration(
      integration('webhook', { url: peer.url, title: 'A{{ template "nope" . }}' }),
      firing(),
      context(),
    );
    expect(ok.ok).toBe(true);
    expect(peer.requests[0]!.json.title).toBe('A');
    const bad = await sendIntegration(
      integration('webhook', { url: peer.url, payload: { template: '{{ template "nope" . }}' } }),
      firing(),
      context(),
    );
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/^failed to template webhook payload: template: /);
    expect(peer.requests).toHaveLength(1);
  });

  it('logs template and delivery failures without secrets or the URL', async () => {
    const logs: Array<[Record<string, unknown>, string]> = [];
    const logger = {
      warn: (obj: Record<string, unknown>, msg: string) => logs.push([obj, msg]),
      debug: () => undefined,
    };
    peer.reply({ status: 500, body: 'boom' });
    const result = await sendIntegration(
      integration(
        'webhook',
        { url: `${peer.url}/token-in-path-s3cr3t`, username: 'u', title: '{{ template "missing" . }}' },
        { secureSettings: { password: 'hunter2' } },
      ),
      firing(),
      context({ logger }),
    );
    expect(result.ok).toBe(false);
    expect(logs.map(([obj, msg]) => [obj.field, msg])).toEqual([
      ['title', 'failed to render a notification template; sending the partial text'],
      [undefined, 'notification delivery failed'],
    ]);
    const text = JSON.stringify(logs);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('s3cr3t');
  });

  it('refuses methods other than POST and PUT at send time', async () => {
    const result = await sendIntegration(
      integration('webhook', { url: peer.url, httpMethod: 'GET' }),
      firing(),
      context(),
    );
    expect(result).toMatchObject({
      ok: false,
      error: 'webhook only supports HTTP methods PUT or POST: GET',
      invalidConfig: true,
    });
    expect(peer.requests).toHaveLength(0);
  });

  it('drops notifications to the no-op URL', async () => {
    const result = await sendIntegration(
      integration('webhook', { url: 'grafana://noop' }),
      firing(),
      context(),
    );
    expect(result).toMatchObject({ ok: true, skipped: true });
  });

  it('turns 4xx and 5xx answers into errors carrying the status and the body', async () => {
    peer.reply({ status: 503, body: 'down for maintenance' });
    const result = await sendIntegration(integration('webhook', { url: peer.url }), firing(), context());
    expect(result).toMatchObject({
      ok: false,
      statusCode: 503,
      error: 'webhook response status 503 Service Unavailable: down for maintenance',
    });
    peer.reply({ status: 404, body: 'x'.repeat(3000) });
    const notFound = await sendIntegration(integration('webhook', { url: peer.url }), firing(), context());
    expect(notFound.statusCode).toBe(404);
    expect(notFound.error).toBe(`webhook response status 404 Not Found: ${'x'.repeat(1024)}`);
  });

  it('gives up on a receiver that never answers within the timeout', async () => {
    peer.reply({ hang: true });
    const started = Date.now();
    const result = await sendIntegration(
      integration('webhook', { url: peer.url }),
      firing(),
      context({ timeoutMs: 300 }),
    );
    const took = Date.now() - started;
    expect(result).toMatchObject({
      ok: false,
      timedOut: true,
      error: 'Post "<redacted>": context deadline exceeded',
    });
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1500);
  });

  it('reports a refused connection without the URL', async () => {
    const result = await sendIntegration(
      integration('webhook', { url: 'http://127.0.0.1:1/secret-path' }),
      firing(),
      context(),
    );
    expect(result.ok).toBe(false);
    expect(result.error).toBe('Post "<redacted>": dial tcp 127.0.0.1:1: connect: connection refused');
  });

  it('one slow receiver does not delay the others', async () => {
    const slow = await startHttpReceiver();
    slow.reply({ hang: true });
    try {
      const started = Date.now();
      const [hung, fast] = await Promise.all([
        sendIntegration(integration('webhook', { url: slow.url }), firing(), context({ timeoutMs: 1000 })),
        sendIntegration(
          integration('webhook', { url: peer.url }),
          firing(),
          context({ timeoutMs: 1000 }),
        ).then((r) => ({ ...r, at: Date.now() - started })),
      ]);
      expect(hung.timedOut).toBe(true);
      expect(fast.ok).toBe(true);
      expect(fast.at).toBeLessThan(500);
    } finally {
      await slow.close();
    }
  });

  it('is cancelled by the caller’s signal', async () => {
    peer.reply({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await sendIntegration(
      integration('webhook', { url: peer.url }),
      firing(),
      context({ signal: controller.signal, timeoutMs: 5000 }),
    );
    expect(result).toMatchObject({ ok: false, error: 'Post "<redacted>": context canceled' });
    expect(result.timedOut).toBeUndefined();
  });
});

describe('oncall', () => {
  it('sends the webhook body without custom headers', async () => {
    const result = await sendIntegration(
      integration('oncall', {
        url: `${peer.url}/integrations/v1/grafana_alerting/abc/`,
        headers: { 'X-A': '1' },
      }),
      firing('oncall'),
      context(),
    );
    expect(result.ok).toBe(true);
    const req = peer.requests[0]!;
    expect(req.path).toBe('/integrations/v1/grafana_alerting/abc/');
    expect(req.headers['x-a']).toBeUndefined();
    expect(req.json).toMatchObject({ receiver: 'oncall', status: 'firing', state: 'alerting', version: '1' });
  });
});
