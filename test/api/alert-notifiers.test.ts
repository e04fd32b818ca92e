import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';

const reference = (version: number) =>
  JSON.parse(
    readFileSync(
      new URL(`../../src/features/alerting/catalogue/alert-notifiers-v${version}.json`, import.meta.url),
      'utf8',
    ),
  ) as unknown[];

/** The reference data with the product name replaced where it names the product. */
function renamed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/(?<![-\w])Grafana(?![-\w]| IRM)/g, 'svc');
  if (Array.isArray(value)) return value.map(renamed);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renamed(v)]));
  }
  return value;
}

describe('GET /api/alert-notifiers', () => {
  it('serves the v1 catalogue by default and v2 on version=2, matching the reference data', async () => {
    const server = await startTestServer();
    const v1 = await call(server, 'GET', '/api/alert-notifiers', { as: ADMIN });
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual(renamed(reference(1)));
    expect(v1.body.map((t: { type: string }) => t.type)).toEqual([
      'LINE',
      'dingding',
      'discord',
      'email',
      'googlechat',
      'jira',
      'kafka',
      'mqtt',
      'oncall',
      'opsgenie',
      'pagerduty',
      'prometheus-alertmanager',
      'pushover',
      'sensugo',
      'slack',
      'sns',
      'teams',
      'telegram',
      'threema',
      'victorops',
      'webex',
      'webhook',
      'wecom',
    ]);
    const email = v1.body.find((t: { type: string }) => t.type === 'email');
    expect(email.description).toBe('Sends notifications using svc server configured SMTP settings');
    const oncall = v1.body.find((t: { type: string }) => t.type === 'oncall');
    expect(oncall.name).toBe('Grafana IRM');
    expect(JSON.stringify(v1.body)).toContain('X-Grafana-Alerting-Signature');

    const v2 = await call(server, 'GET', '/api/alert-notifiers?version=2', { as: ADMIN });
    expect(v2.status).toBe(200);
    expect(v2.body).toEqual(renamed(reference(2)));
    expect(v2.body).toHaveLength(24);
    expect(v2.body[0]).toMatchObject({ type: 'LINE', currentVersion: 'v1' });
  });

  it('is open to every signed-in user and closed to anonymous callers', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const asViewer = await call(server, 'GET', '/api/alert-notifiers', { as: viewer.as });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toHaveLength(23);
    const anonymous = await call(server, 'GET', '/api/alert-notifiers');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toHaveProperty('message');
  });
});
