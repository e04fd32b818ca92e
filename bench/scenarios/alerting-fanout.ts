// The test-endpoint fan-out figure of issue #17: one test notification to 100 webhooks must take
// about as long as to one, i.e. the sends run concurrently. Latency is measured one request at a
// time (a fan-out under 10 concurrent clients measures the CPU of 1 000 sends, not concurrency),
// against receivers that answer after RECEIVER_DELAY_MS, as a webhook on another host does; a
// second pair against instant loopback receivers shows the CPU each extra webhook costs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { measure, warmUp } from '../measure.js';
import type { BenchRequest, Figure, Study } from './types.js';

const TEST_PATH = '/api/alertmanager/svc/config/api/v1/receivers/test';
const RECEIVER_DELAY_MS = 100;
const FAN_OUT = 100;

/** A webhook receiver in the bench process answering 200 after `delayMs`. */
async function webhookReceiver(delayMs: number): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => res.end('{}'), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

function testRequest(adminAuth: string, url: string, integrations: number): BenchRequest {
  return {
    method: 'POST',
    path: TEST_PATH,
    headers: { authorization: adminAuth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'bench',
      svc_managed_receiver_configs: Array.from({ length: integrations }, (_, i) => ({
        uid: '',
        name: 'bench',
        type: 'webhook',
        settings: { url: `${url}/hook/${i}` },
      })),
    }),
  };
}

export const alertingFanoutStudy: Study = {
  name: 'receivers/test fan-out',
  async run({ startServer }) {
    const server = await startServer('fanout');
    const adminAuth = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
    const rows = [];
    const p50 = new Map<string, number>();
    try {
      for (const delayMs of [RECEIVER_DELAY_MS, 0]) {
        const receiver = await webhookReceiver(delayMs);
        try {
          for (const count of [1, FAN_OUT]) {
            const request = testRequest(adminAuth, receiver.url, count);
            await warmUp(server.url, request, undefined, 5);
            const result = await measure(server.url, request, { connections: 1 });
            const scenario = `POST receivers/test, ${count} webhook(s) answering in ${delayMs} ms, 1 client`;
            rows.push({ scenario, ...result });
            p50.set(`${delayMs}/${count}`, result.p50Ms);
          }
        } finally {
          receiver.close();
        }
      }
    } finally {
      await server.stop();
    }
    const ratio = (delayMs: number) => {
      const one = p50.get(`${delayMs}/1`);
      const many = p50.get(`${delayMs}/${FAN_OUT}`);
      return one && many ? Math.round((many / one) * 100) / 100 : null;
    };
    const figures: Figure[] = [
      {
        name: `fan-out latency, ${FAN_OUT} webhooks ÷ 1 (receivers answer in ${RECEIVER_DELAY_MS} ms)`,
        value: ratio(RECEIVER_DELAY_MS),
        unit: '×',
        target: '≤ 2',
      },
      {
        name: `fan-out latency, ${FAN_OUT} webhooks ÷ 1 (instant loopback receivers)`,
        value: ratio(0),
        unit: '×',
      },
    ];
    return { rows, figures };
  },
};
