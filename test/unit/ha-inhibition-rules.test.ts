import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';

// Two instances on one PostgreSQL database with a Redis cache bus: an inhibition rule written on
// one instance applies at once to the other's cached rules (what its dispatcher and alerts API ask).
let shared: TestDatabase | undefined;
afterEach(async () => {
  await shared?.drop();
  shared = undefined;
});

const ALERTS = '/api/alertmanager/grafana/api/v2/alerts';
const RULES = '/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/default/inhibitionrules';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function targetOf(server: TestServer): Promise<{ state: string; inhibitedBy: string[] }> {
  const res = await call(server, 'GET', `${ALERTS}?filter=${encodeURIComponent('alertname="Target"')}`, {
    as: ADMIN,
  });
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(1);
  const { state, inhibitedBy } = res.body[0].status;
  return { state, inhibitedBy };
}

describe('inhibition rules across instances', () => {
  it('a rule created or deleted on one instance applies on the other at once', async () => {
    shared = await createTestDatabase('postgres');
    const overrides = {
      remote_cache: {
        type: 'redis',
        connstr: 'addr=127.0.0.1:6379',
        prefix: `svc-inhibition-test-${Date.now()}:`,
      },
    };
    const a = await startTestServer({ database: shared, overrides });
    const b = await startTestServer({ database: shared, overrides });
    const posted = await call(b, 'POST', ALERTS, {
      as: ADMIN,
      body: [
        { labels: { alertname: 'Source', zone: 'z1' } },
        { labels: { alertname: 'Target', zone: 'z1' } },
      ],
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const source = (
      await call(b, 'GET', `${ALERTS}?filter=${encodeURIComponent('alertname="Source"')}`, {
        as: ADMIN,
      })
    ).body[0].fingerprint as string;
    // warms b's inhibition rules cache (empty)
    expect(await targetOf(b)).toEqual({ state: 'active', inhibitedBy: [] });

    const created = await call(a, 'POST', RULES, {
      as: ADMIN,
      body: {
        metadata: { name: 'ha' },
        spec: {
          source_matchers: [{ type: '=', label: 'alertname', value: 'Source' }],
          target_matchers: [{ type: '=', label: 'alertname', value: 'Target' }],
          equal: ['zone'],
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await pause(150); // pub/sub delivery
    expect(await targetOf(b)).toEqual({ state: 'suppressed', inhibitedBy: [source] });

    expect((await call(a, 'DELETE', `${RULES}/ha`, { as: ADMIN })).status).toBe(200);
    await pause(150);
    expect(await targetOf(b)).toEqual({ state: 'active', inhibitedBy: [] });
  });
});
