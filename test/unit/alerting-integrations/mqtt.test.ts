import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendIntegration } from '../../../src/features/alerting/integrations/index.js';
import { startMosquitto, subscribe, type MosquittoBroker } from '../../helpers/peers/mosquitto.js';
import { context, externalUrl, firing, integration, resolved } from './context.js';

let broker: MosquittoBroker;
beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(() => broker?.stop());

describe('mqtt', () => {
  it('publishes the JSON message to the topic', async () => {
    const sub = await subscribe(broker.url, 'alerts/json');
    try {
      const data = firing('mqtt');
      const result = await sendIntegration(
        integration('mqtt', { brokerUrl: broker.url, topic: 'alerts/json' }),
        data,
        context(),
      );
      expect(result).toMatchObject({ ok: true });
      const [message] = await sub.waitFor(1);
      expect(message!.topic).toBe('alerts/json');
      expect(message!.qos).toBe(0);
      expect(message!.retain).toBe(false);
      const body = JSON.parse(message!.payload);
      expect(Object.keys(body)).toEqual([
        'receiver',
        'status',
        'alerts',
        'groupLabels',
        'commonLabels',
        'commonAnnotations',
        'externalURL',
        'groupKey',
        'version',
        'message',
      ]);
      expect(body).toMatchObject({
        receiver: 'mqtt',
        status: 'firing',
        groupLabels: { alertname: 'TestAlert', instance: 'Grafana' },
        externalURL: externalUrl,
        groupKey: data.GroupKey,
        version: '1',
      });
      expect(body.alerts).toHaveLength(1);
      expect(body.message).toContain('**Firing**');
    } finally {
      await sub.close();
    }
  });

  it('publishes the rendered text with QoS 1 and retain, authenticating with username and password', async () => {
    const sub = await subscribe(
      `mqtt://${broker.user}:${broker.password}@${broker.authUrl.slice('tcp://'.length)}`,
      'alerts/text',
    );
    try {
      const result = await sendIntegration(
        integration(
          'mqtt',
          {
            brokerUrl: broker.authUrl,
            topic: 'alerts/text',
            messageFormat: 'text',
            message: '{{ .Status }}: {{ .CommonLabels.alertname }}',
            qos: '1',
            retain: true,
            username: broker.user,
            clientId: 'svc-test-publisher',
          },
          { secureSettings: { password: broker.password } },
        ),
        resolved(),
        context(),
      );
      expect(result).toMatchObject({ ok: true });
      const [message] = await sub.waitFor(1);
      expect(message!.payload).toBe('resolved: HighCPU');
      expect(message!.qos).toBe(1);
    } finally {
      await sub.close();
    }
    // Retained: a later subscriber still gets it, flagged as retained.
    const late = await subscribe(
      `mqtt://${broker.user}:${broker.password}@${broker.authUrl.slice('tcp://'.length)}`,
      'alerts/text',
    );
    try {
      const [retained] = await late.waitFor(1);
      expect(retained).toMatchObject({ payload: 'resolved: HighCPU', retain: true });
    } finally {
      await late.close();
    }
  });

  it('publishes over TLS trusting the given CA', async () => {
    const sub = await subscribe(broker.url, 'alerts/tls');
    try {
      const result = await sendIntegration(
        integration(
          'mqtt',
          { brokerUrl: broker.tlsUrl, topic: 'alerts/tls', messageFormat: 'text', message: 'secure', qos: 2 },
          { secureSettings: { 'tlsConfig.caCertificate': broker.caCertificate } },
        ),
        firing('mqtt'),
        context(),
      );
      expect(result).toMatchObject({ ok: true });
      expect((await sub.waitFor(1))[0]).toMatchObject({ payload: 'secure', qos: 2 });
    } finally {
      await sub.close();
    }
  });

  it('refuses an untrusted TLS certificate unless insecureSkipVerify', async () => {
    const refused = await sendIntegration(
      integration('mqtt', { brokerUrl: broker.tlsUrl, topic: 'x', tlsConfig: {} }),
      firing('mqtt'),
      context(),
    );
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/^failed to connect to MQTT broker: /);
    const skipped = await sendIntegration(
      integration('mqtt', { brokerUrl: broker.tlsUrl, topic: 'x', tlsConfig: { insecureSkipVerify: true } }),
      firing('mqtt'),
      context(),
    );
    expect(skipped.ok).toBe(true);
  });

  it('reports wrong credentials and unreachable brokers as connection failures', async () => {
    const wrong = await sendIntegration(
      integration('mqtt', { brokerUrl: broker.authUrl, topic: 'x', username: broker.user, password: 'nope' }),
      firing('mqtt'),
      context(),
    );
    expect(wrong.ok).toBe(false);
    expect(wrong.error).toMatch(
      /^failed to connect to MQTT broker: .*(Not authorized|Bad User Name or Password)/i,
    );
    const down = await sendIntegration(
      integration('mqtt', { brokerUrl: 'mqtt://127.0.0.1:1', topic: 'x' }),
      firing('mqtt'),
      context(),
    );
    expect(down.ok).toBe(false);
    expect(down.error).toMatch(/^failed to connect to MQTT broker: .*ECONNREFUSED/);
  });

  it('skips resolutions when disableResolveMessage is set', async () => {
    const result = await sendIntegration(
      integration('mqtt', { brokerUrl: broker.url, topic: 'x' }, { disableResolveMessage: true }),
      resolved(),
      context(),
    );
    expect(result).toMatchObject({ ok: true, skipped: true });
  });
});
