import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';

// Two instances on one PostgreSQL database with a Redis cache bus: a silence written on one
// instance applies at once to the other's cached silences (what its dispatcher and alerts API ask).
let shared: TestDatabase | undefined;
afterEach(async () => {
  await shared?.drop();
  shared = undefined;
});

const ALERTS = '/api/alertmanager/grafana/api/v2/alerts';
const SILENCES = '/api/alertmanager/grafana/api/v2';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stateOf(server: TestServer): Promise<{ state: string; silencedBy: string[] }> {
  const res = await call(server, 'GET', `${ALERTS}?filter=${encodeURIComponent('alertname="HA"')}`, {
    as: ADMIN,
  });
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(1);
  const { state, silencedBy } = res.body[0].status;
  return { state, silencedBy };
}

describe('silences across instances', () => {
  it('a silence created or expired on one instance applies on the other at once', async () => {
    shared = await createTestDatabase('postgres');
    const overrides = {
      remote_cache: {
        type: 'redis',
        connstr: 'addr=127.0.0.1:6379',
        prefix: `svc-silences-test-${Date.now()}:`,
      },
    };
    const a = await startTestServer({ database: shared, overrides });
    const b = await startTestServer({ database: shared, overrides });
    const posted = await call(b, 'POST', ALERTS, { as: ADMIN, body: [{ labels: { alertname: 'HA' } }] });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    // warms b's silences cache
    expect(await stateOf(b)).toEqual({ state: 'active', silencedBy: [] });

    const now = Date.now();
    const created = await call(a, 'POST', `${SILENCES}/silences`, {
      as: ADMIN,
      body: {
        matchers: [{ name: 'alertname', value: 'HA', isRegex: false, isEqual: true }],
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        createdBy: 'ha',
        comment: '',
      },
    });
    expect(created.status).toBe(202);
    await pause(150); // pub/sub delivery
    expect(await stateOf(b)).toEqual({ state: 'suppressed', silencedBy: [created.body.silenceID] });

    expect(
      (await call(a, 'DELETE', `${SILENCES}/silence/${created.body.silenceID}`, { as: ADMIN })).status,
    ).toBe(200);
    await pause(150);
    expect(await stateOf(b)).toEqual({ state: 'active', silencedBy: [] });
  });
});
