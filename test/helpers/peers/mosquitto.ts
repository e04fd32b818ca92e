import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connectAsync, type MqttClient } from 'mqtt';
import { freePort } from '../prometheus.js';
import { selfSignedCertificate } from './certificate.js';
import { stopChild, waitForPort } from './wait-for-port.js';

const run = promisify(execFile);
const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

export interface MosquittoBroker {
  /** Anonymous plain listener. */
  url: string;
  /** Plain listener requiring `user`/`password`. */
  authUrl: string;
  user: string;
  password: string;
  /** TLS listener (self-signed certificate for 127.0.0.1, `caCertificate` trusts it). */
  tlsUrl: string;
  caCertificate: string;
  stop(): Promise<void>;
}

interface ReceivedMessage {
  topic: string;
  payload: string;
  qos: number;
  retain: boolean;
}

/** Our own Mosquitto (not the system one) on free loopback ports, with anonymous, password and TLS listeners. */
export async function startMosquitto(): Promise<MosquittoBroker> {
  if (!existsSync(MOSQUITTO_BIN)) throw new Error(`${MOSQUITTO_BIN} is missing: apt-get install mosquitto`);
  const dir = await mkdtemp(join(tmpdir(), 'svc-mosquitto-'));
  const [plain, auth, tls] = [await freePort(), await freePort(), await freePort()];
  const user = 'alerts';
  const password = 'mqtt-secret';
  await run('mosquitto_passwd', ['-c', '-b', join(dir, 'passwd'), user, password]);
  const certificate = await selfSignedCertificate();
  await writeFile(join(dir, 'cert.pem'), certificate.cert);
  await writeFile(join(dir, 'key.pem'), certificate.key);
  await writeFile(
    join(dir, 'mosquitto.conf'),
    [
      // Started as root, mosquitto would drop to its own user, which cannot read this temp dir.
      `user ${userInfo().username}`,
      'per_listener_settings true',
      `listener ${plain} 127.0.0.1`,
      'allow_anonymous true',
      `listener ${auth} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${join(dir, 'passwd')}`,
      `listener ${tls} 127.0.0.1`,
      'allow_anonymous true',
      `cafile ${join(dir, 'cert.pem')}`,
      `certfile ${join(dir, 'cert.pem')}`,
      `keyfile ${join(dir, 'key.pem')}`,
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(MOSQUITTO_BIN, ['-c', join(dir, 'mosquitto.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const stop = async (): Promise<void> => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const port of [plain, auth, tls])
      await waitForPort(
        'mosquitto',
        port,
        () => output,
        () => child.exitCode !== null,
      );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `mqtt://127.0.0.1:${plain}`,
    authUrl: `tcp://127.0.0.1:${auth}`,
    user,
    password,
    tlsUrl: `ssl://127.0.0.1:${tls}`,
    caCertificate: certificate.cert,
    stop,
  };
}

interface Subscriber {
  messages: ReceivedMessage[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  close(): Promise<void>;
}

/** A real MQTT client subscribed to `topic` (QoS 2, so the publisher's QoS is what arrives). */
export async function subscribe(url: string, topic: string): Promise<Subscriber> {
  const client: MqttClient = await connectAsync(url, {
    clientId: `test-sub-${process.pid}-${Date.now()}`,
    reconnectPeriod: 0,
  });
  const messages: ReceivedMessage[] = [];
  client.on('message', (t, payload, packet) => {
    messages.push({ topic: t, payload: payload.toString('utf8'), qos: packet.qos, retain: packet.retain });
  });
  await client.subscribeAsync(topic, { qos: 2 });
  return {
    messages,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    close: () => client.endAsync(),
  };
}
