import { expect } from 'vitest';
import { startTestServer, type TestServer } from './app.js';
import { ADMIN, call } from './client.js';
import { ManualClock } from './clock.js';
import { startHttpReceiver, type CapturedRequest, type HttpReceiver } from './peers/http-receiver.js';

// The dispatcher on a manual clock, shared by the dispatch tests: alerts are POSTed to the
// Alertmanager API (or come from a rule), `alertDispatcher.tick` is driven by hand, and a real
// webhook on loopback records what is sent.

export const T0 = Date.UTC(2026, 0, 1);
export const SEC = 1000;
export const MIN = 60 * SEC;
export const ALERTS = '/api/alertmanager/svc/api/v2/alerts';

export const iso = (ms: number) => new Date(ms).toISOString();

const peers: HttpReceiver[] = [];

/** A webhook receiver on loopback, closed by `closeWebhookPeers` (call it in `afterEach`). */
export async function webhookPeer(): Promise<HttpReceiver> {
  const peer = await startHttpReceiver();
  peers.push(peer);
  return peer;
}

export async function closeWebhookPeers(): Promise<void> {
  while (peers.length) await peers.pop()!.close();
}

export async function contactPoint(
  server: TestServer,
  name: string,
  url: string,
  extra: Record<string, unknown> = {},
) {
  const res = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
    as: ADMIN,
    body: { name, type: 'webhook', settings: { url }, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
}

export async function policies(server: TestServer, tree: Record<string, unknown>) {
  const res = await call(server, 'PUT', '/api/v1/provisioning/policies', { as: ADMIN, body: tree });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
}

export async function postAlerts(server: TestServer, alerts: Record<string, unknown>[]) {
  const res = await call(server, 'POST', ALERTS, { as: ADMIN, body: alerts });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A server on a manual clock that leads (its scheduler took the lease at T0). */
export async function leader(options: Parameters<typeof startTestServer>[0] = {}) {
  const clock = new ManualClock(T0);
  const server = await startTestServer({ clock, ...options });
  await server.alertScheduler.tick(T0);
  /** moves the clock to `at` and runs one dispatch round */
  const at = async (time: number) => {
    clock.advance(time - clock.now());
    await server.alertDispatcher.tick(time);
  };
  return { server, clock, at };
}

export interface WebhookBody {
  status: string;
  groupKey: string;
  groupLabels: Record<string, string>;
  alerts: { status: string; labels: Record<string, string> }[];
}

export const bodies = (peer: HttpReceiver, path?: string): WebhookBody[] =>
  peer.requests.filter((r: CapturedRequest) => !path || r.path === path).map((r) => r.json as WebhookBody);

/** `firing: a=firing,b=firing` (an alert by its `instance`, else its `alertname`). */
export const summary = (body: WebhookBody) =>
  `${body.status}: ${body.alerts.map((a) => `${a.labels.instance ?? a.labels.alertname}=${a.status}`).join(',')}`;
