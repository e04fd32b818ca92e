import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendIntegration } from '../../../src/features/alerting/integrations/index.js';
import { startAlertmanager, type AlertmanagerServer } from '../../helpers/peers/alertmanager.js';
import { startHttpReceiver } from '../../helpers/peers/http-receiver.js';
import { buildNotificationData } from '../../../src/features/alerting/templates/index.js';
import { context, externalUrl, firing, integration } from './context.js';

let am: AlertmanagerServer;
beforeAll(async () => {
  am = await startAlertmanager();
});
afterAll(() => am?.stop());

describe('prometheus-alertmanager', () => {
  it('posts the alerts to a real Alertmanager, which then lists them', async () => {
    const result = await sendIntegration(
      integration('prometheus-alertmanager', { url: `${am.url}/` }),
      firing('prometheus-alertmanager'),
      context(),
    );
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    const alerts = await am.alerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      labels: { alertname: 'TestAlert', instance: 'Grafana' },
      annotations: { summary: 'Notification test' },
      status: { state: 'active' },
    });
  });

  it('resolves an alert it had received firing', async () => {
    const cpu = (endsAt?: Date) =>
      buildNotificationData(
        [
          {
            labels: { alertname: 'HighCPU', instance: 'web-1' },
            startsAt: new Date(Date.now() - 60_000),
            endsAt,
          },
        ],
        {
          receiver: 'ops',
          externalUrl,
        },
      );
    expect(
      (await sendIntegration(integration('prometheus-alertmanager', { url: am.url }), cpu(), context())).ok,
    ).toBe(true);
    expect((await am.alerts()).map((a) => a.labels.alertname)).toContain('HighCPU');
    const result = await sendIntegration(
      integration('prometheus-alertmanager', { url: am.url }),
      cpu(new Date(Date.now() - 1000)),
      context(),
    );
    expect(result.ok).toBe(true);
    expect((await am.alerts()).map((a) => a.labels.alertname)).not.toContain('HighCPU');
  });

  it('succeeds when one URL of the list works, with basic auth on each', async () => {
    const peer = await startHttpReceiver();
    try {
      const result = await sendIntegration(
        integration(
          'prometheus-alertmanager',
          { url: `http://127.0.0.1:1, ${peer.url}`, basicAuthUser: 'am' },
          { secureSettings: { basicAuthPassword: 'pw' } },
        ),
        firing('prometheus-alertmanager'),
        context(),
      );
      expect(result.ok).toBe(true);
      const [req] = peer.requests;
      expect(req!.method).toBe('POST');
      expect(req!.path).toBe('/api/v2/alerts');
      expect(req!.headers.authorization).toBe(`Basic ${Buffer.from('am:pw').toString('base64')}`);
      expect(req!.json).toEqual([
        {
          labels: { alertname: 'TestAlert', instance: 'Grafana' },
          annotations: { summary: 'Notification test' },
          startsAt: expect.any(String),
          endsAt: '0001-01-01T00:00:00Z',
          generatorURL: '',
        },
      ]);
    } finally {
      await peer.close();
    }
  });

  it('fails when every URL fails', async () => {
    const result = await sendIntegration(
      integration('prometheus-alertmanager', { url: 'http://127.0.0.1:1' }),
      firing('prometheus-alertmanager'),
      context(),
    );
    expect(result).toMatchObject({
      ok: false,
      error:
        'failed to send alert to Alertmanager: Post "<redacted>": dial tcp 127.0.0.1:1: connect: connection refused',
    });
  });
});
