import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { startScrapedGauge, thresholdRule, type ScrapedGauge } from '../helpers/alert-engine.js';
import { startHttpReceiver, type HttpReceiver } from '../helpers/peers/http-receiver.js';
import { startMosquitto, subscribe, type MosquittoBroker } from '../helpers/peers/mosquitto.js';
import { startSmtpServer, type SmtpPeer } from '../helpers/peers/smtp-server.js';

// The whole way, with real peers: Debian's Prometheus scrapes a value the test sets, a rule of
// svc's fires on it, the policy tree (with `continue`) routes the alert to a webhook, an SMTP
// server and a Mosquitto broker, and each gets the firing notification and then the resolved one.
// The scheduler and the dispatcher are ticked by hand on a manual clock kept near the real time.

const BASE = 10_000;
let gauge: ScrapedGauge;
let smtp: SmtpPeer;
let broker: MosquittoBroker;
let mqtt: Awaited<ReturnType<typeof subscribe>>;
let webhook: HttpReceiver;

beforeAll(async () => {
  gauge = await startScrapedGauge('svc_e2e_temperature', 20);
  smtp = await startSmtpServer();
  broker = await startMosquitto();
  mqtt = await subscribe(broker.url, 'alerts/e2e');
  webhook = await startHttpReceiver();
}, 60_000);

afterAll(async () => {
  await mqtt.close();
  await broker.stop();
  await smtp.close();
  await webhook.close();
  await gauge.stop();
});

async function created(response: Promise<{ status: number; body: unknown }>, status: number) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as Record<string, unknown>;
}

describe('a rule over Prometheus notifies a webhook, an SMTP server and an MQTT broker', () => {
  it('sends firing, then resolved, to each contact point the policies route to', async () => {
    const clock = new ManualClock(Math.floor(Date.now() / BASE) * BASE);
    const server = await startTestServer({
      clock,
      overrides: { smtp: { enabled: 'true', host: `127.0.0.1:${smtp.port}` } },
    });
    const folder = await created(
      call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Lab' } }),
      200,
    );
    const ds = await created(
      call(server, 'POST', '/api/datasources', {
        as: ADMIN,
        body: { name: 'prom', type: 'prometheus', url: gauge.prometheus.url, access: 'proxy' },
      }),
      200,
    );
    const contactPoints = [
      { name: 'hook', type: 'webhook', settings: { url: `${webhook.url}/alerts` } },
      { name: 'mail', type: 'email', settings: { addresses: 'oncall@example.com' } },
      { name: 'broker', type: 'mqtt', settings: { brokerUrl: broker.url, topic: 'alerts/e2e' } },
    ];
    for (const body of contactPoints) {
      await created(call(server, 'POST', '/api/v1/provisioning/contact-points', { as: ADMIN, body }), 202);
    }
    const hot = [['alertname', '=', 'Too hot']];
    await created(
      call(server, 'PUT', '/api/v1/provisioning/policies', {
        as: ADMIN,
        body: {
          receiver: 'hook',
          group_by: ['alertname'],
          group_wait: '1s',
          group_interval: '10s',
          routes: [
            { receiver: 'hook', object_matchers: hot, continue: true },
            { receiver: 'mail', object_matchers: hot, continue: true },
            { receiver: 'broker', object_matchers: hot },
          ],
        },
      }),
      202,
    );
    const dsUid = (ds.datasource as { uid: string }).uid;
    await created(
      call(server, 'PUT', `/api/v1/provisioning/folder/${folder.uid as string}/rule-groups/lab`, {
        as: ADMIN,
        body: {
          title: 'lab',
          interval: 10,
          rules: [
            {
              ...thresholdRule(
                dsUid,
                { expr: 'svc_e2e_temperature', instant: true },
                { annotations: { summary: 'the {{ $labels.room }} is at {{ $values.A }} degrees' } },
              ),
              folderUID: folder.uid,
              ruleGroup: 'lab',
            },
          ],
        },
      }),
      200,
    );

    // Each evaluation runs at the first 10 s boundary after the real now, after Prometheus has
    // scraped the value: an evaluation time before the scrape would read the value before it.
    const at = async (time: number, evaluate: boolean) => {
      clock.advance(time - clock.now());
      if (evaluate) await server.alertScheduler.tick(time);
      await server.alertDispatcher.tick(time);
    };
    const nextTick = () => Math.max(clock.now() + BASE, Math.ceil((Date.now() + 1) / BASE) * BASE);

    await gauge.set(35);
    const fired = nextTick();
    await at(fired, true); // fires; the group waits 1 s
    expect(webhook.requests).toHaveLength(0);
    await at(fired + 1000, false);
    expect(webhook.requests).toHaveLength(1);
    const firing = webhook.requests.map(
      (r) => r.json as { status: string; alerts: { annotations: Record<string, string> }[] },
    );
    expect(firing.map((n) => n.status)).toEqual(['firing']);
    expect(firing[0]!.alerts[0]!.annotations.summary).toBe('the lab is at 35 degrees');
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['oncall@example.com']);
    expect(mail!.subject).toContain('FIRING');
    const [message] = await mqtt.waitFor(1);
    expect(JSON.parse(message!.payload)).toMatchObject({ status: 'firing' });

    await gauge.set(20);
    // resolves at the next evaluation; the group flushes again 10 s (or more) after its first flush
    const resolved = nextTick();
    await at(resolved, true);
    await at(resolved + 1000, false);
    expect(webhook.requests.map((r) => (r.json as { status: string }).status)).toEqual([
      'firing',
      'resolved',
    ]);
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.subject).toContain('RESOLVED');
    const messages = await mqtt.waitFor(2);
    expect(JSON.parse(messages[1]!.payload)).toMatchObject({ status: 'resolved' });
  });
});
