/** MQTT: one message per notification published to a broker (JSON or the rendered text). */

import { randomInt } from 'node:crypto';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { abortCause, DeliveryError } from '../errors.js';
import { struct, toJson } from '../json.js';
import { defaultMessage, productName, type Delivery, type NotifierDefinition } from '../notifier.js';
import type { Settings } from '../settings.js';

const schemes = new Set(['tcp:', 'mqtt:', 'ssl:', 'tls:', 'mqtts:', 'ws:', 'wss:']);

function validate(s: Settings): string | undefined {
  if (s.string('brokerUrl') === '') return 'MQTT broker URL must be specified';
  if (s.string('topic') === '') return 'MQTT topic must be specified';
  const format = s.text('messageFormat', 'json');
  if (format !== 'json' && format !== 'text') return "invalid message format, must be 'json' or 'text'";
  const qos = s.number('qos');
  if (qos.error) return `failed to parse QoS: ${qos.error}`;
  const level = qos.value ?? 0;
  if (level < 0 || level > 2) return `invalid QoS level: ${level}. Must be 0, 1 or 2`;
  return undefined;
}

function validateUrls(s: Settings): string | undefined {
  try {
    const url = new URL(s.string('brokerUrl'));
    return schemes.has(url.protocol) && url.hostname !== '' ? undefined : 'failed to parse broker URL';
  } catch {
    return 'failed to parse broker URL';
  }
}

async function send(d: Delivery) {
  const s = d.settings;
  const message = d.render(s.text('message', defaultMessage), 'message');
  const payload =
    s.text('messageFormat', 'json') === 'text'
      ? message
      : toJson(
          struct({
            receiver: d.data.Receiver,
            status: d.data.Status,
            alerts: d.data.Alerts,
            groupLabels: d.data.GroupLabels,
            commonLabels: d.data.CommonLabels,
            commonAnnotations: d.data.CommonAnnotations,
            externalURL: d.data.ExternalURL,
            appVersion: d.data.AppVersion || undefined,
            groupKey: d.data.GroupKey,
            version: '1',
            message,
          }),
        );

  const tlsSet = s.has('tlsConfig');
  const options: IClientOptions = {
    clientId: s.text('clientId', `${productName}_${randomInt(2 ** 31 - 1)}`),
    clean: true,
    keepalive: 30,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: Math.min(10_000, d.context.timeoutMs),
    ...(s.string('username') ? { username: s.string('username'), password: s.string('password') } : {}),
    ...(tlsSet
      ? {
          rejectUnauthorized: !s.bool('tlsConfig.insecureSkipVerify'),
          ...(s.string('tlsConfig.caCertificate') ? { ca: s.string('tlsConfig.caCertificate') } : {}),
          ...(s.string('tlsConfig.clientCertificate')
            ? { cert: s.string('tlsConfig.clientCertificate') }
            : {}),
          ...(s.string('tlsConfig.clientKey') ? { key: s.string('tlsConfig.clientKey') } : {}),
        }
      : {}),
  };

  let client: MqttClient | undefined;
  const onAbort = (): void => void client?.end(true);
  d.signal.addEventListener('abort', onAbort, { once: true });
  try {
    try {
      client = await abortable(connectAsync(brokerUrl(s.string('brokerUrl')), options, false), d.signal);
    } catch (err) {
      throw new DeliveryError(
        `failed to connect to MQTT broker: ${reason(err, d.signal)}`,
        timedOut(d.signal),
      );
    }
    try {
      const qos = (s.number('qos').value ?? 0) as 0 | 1 | 2;
      await abortable(
        client.publishAsync(s.string('topic'), payload, { qos, retain: s.bool('retain') }),
        d.signal,
      );
    } catch (err) {
      throw new DeliveryError(`failed to publish MQTT message: ${reason(err, d.signal)}`, timedOut(d.signal));
    }
    return undefined;
  } finally {
    d.signal.removeEventListener('abort', onAbort);
    await client?.endAsync().catch(() => undefined);
  }
}

/** mqtt.js speaks `mqtt(s)`; Grafana's `tcp`/`ssl`/`tls` are the same transports. */
function brokerUrl(url: string): string {
  return url.replace(/^tcp:/i, 'mqtt:').replace(/^(ssl|tls):/i, 'mqtts:');
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error(abortCause(signal).text));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error(abortCause(signal).text));
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function reason(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) return abortCause(signal).text;
  return err instanceof Error ? err.message : String(err);
}

function timedOut(signal: AbortSignal): { timedOut?: boolean } {
  return signal.aborted && abortCause(signal).timedOut ? { timedOut: true } : {};
}

export const mqtt: NotifierDefinition = {
  type: 'mqtt',
  secure: ['password', 'tlsConfig.caCertificate', 'tlsConfig.clientCertificate', 'tlsConfig.clientKey'],
  templated: ['message'],
  defaults: { messageFormat: 'json', message: defaultMessage, qos: 0, retain: false },
  validate,
  validateUrls,
  send,
};
