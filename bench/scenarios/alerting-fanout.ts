import { createServer } from 'node:http';
import type { Scenario } from './types.js';

const testPath = '/api/alertmanager/svc/config/api/v1/receivers/test';

/** A loopback webhook receiver in the bench process answering 200 to everything. */
async function webhookReceiver(): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

function testRequest(ctx: { adminAuth: string }, url: string, integrations: number) {
  return {
    method: 'POST' as const,
    path: testPath,
    headers: { authorization: ctx.adminAuth, 'content-type': 'application/json' },
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

/** Test-endpoint round trips to a local webhook: one integration, and one notification fanned out to 100. */
export const alertingFanoutScenarios: Scenario[] = [
  {
    name: 'POST receivers/test (1 webhook)',
    prepare: async (ctx) => testRequest(ctx, await webhookReceiver(), 1),
  },
  {
    name: 'POST receivers/test (fan-out to 100 webhooks)',
    prepare: async (ctx) => testRequest(ctx, await webhookReceiver(), 100),
  },
];
