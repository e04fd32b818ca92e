import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { startHttpReceiver, type HttpReceiver } from '../helpers/peers/http-receiver.js';
import { startPrometheus, type PrometheusServer } from '../helpers/prometheus.js';

// Debian's Prometheus with an alerting rule and svc as its Alertmanager (API v2 under
// /api/alertmanager/svc): its alert goes through svc's policies to a webhook. svc runs on the
// system clock here, so its own scheduler takes the lease and its 1 s dispatch loop sends.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('Prometheus using svc as its Alertmanager', () => {
  it('delivers a Prometheus alert to a webhook through the policy tree', async () => {
    const server = await startTestServer();
    const peer: HttpReceiver = await startHttpReceiver();
    cleanups.push(() => peer.close());
    const cp = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
      as: ADMIN,
      body: { name: 'hook', type: 'webhook', settings: { url: `${peer.url}/hook` } },
    });
    expect(cp.status).toBe(202);
    const tree = await call(server, 'PUT', '/api/v1/provisioning/policies', {
      as: ADMIN,
      body: { receiver: 'hook', group_by: ['alertname'], group_wait: '1s' },
    });
    expect(tree.status).toBe(202);

    const prometheus: PrometheusServer = await startPrometheus({
      alerting: {
        rules: [
          'groups:',
          '  - name: svc-test',
          '    rules:',
          '      - alert: PrometheusSaysHello',
          '        expr: vector(1)',
          '        labels: { severity: page }',
          "        annotations: { summary: 'from prometheus' }",
          '',
        ].join('\n'),
        target: new URL(server.url).host,
        pathPrefix: '/api/alertmanager/svc',
        basicAuth: { username: 'admin', password: 'admin' },
      },
    });
    cleanups.push(() => prometheus.stop());

    const [request] = await peer.waitFor(1, 40_000).catch(async (err: unknown) => {
      const seen = await call(server, 'GET', '/api/alertmanager/grafana/api/v2/alerts', { as: ADMIN });
      throw new Error(
        `${String(err)}; svc holds ${JSON.stringify(seen.body)}; leading ${server.alertScheduler.isLeading()}; Prometheus said:\n${prometheus.logs()}`,
      );
    });
    const body = request!.json as {
      status: string;
      groupLabels: Record<string, string>;
      alerts: { status: string; labels: Record<string, string>; annotations: Record<string, string> }[];
    };
    expect(body.status).toBe('firing');
    expect(body.groupLabels).toEqual({ alertname: 'PrometheusSaysHello' });
    expect(body.alerts[0]!.labels).toEqual({ alertname: 'PrometheusSaysHello', severity: 'page' });
    expect(body.alerts[0]!.annotations).toEqual({ summary: 'from prometheus' });

    const listed = await call(server, 'GET', '/api/alertmanager/grafana/api/v2/alerts', { as: ADMIN });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ receivers: [{ name: 'hook' }], status: { state: 'active' } });
    // Prometheus keeps re-sending; the group does not notify again before its repeat interval
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(peer.requests).toHaveLength(1);
  }, 90_000);
});
