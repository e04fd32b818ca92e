import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const P = '/api/v1/provisioning/policies';

describe('notification policies', () => {
  it('starts from the default tree, saves a tree, counts policies and resets', async () => {
    const server = await startTestServer();
    const initial = await call(server, 'GET', P, { as: ADMIN });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({
      receiver: 'svc-default-email',
      group_by: ['grafana_folder', 'alertname'],
    });

    await call(server, 'POST', '/api/v1/provisioning/contact-points', {
      as: ADMIN,
      body: { name: 'ops', type: 'webhook', settings: { url: 'http://127.0.0.1:9/' } },
    });
    const tree = {
      receiver: 'svc-default-email',
      group_by: ['alertname'],
      routes: [
        { receiver: 'ops', object_matchers: [['team', '=', 'ops']], continue: true, group_wait: '10s' },
        { receiver: 'ops', matchers: ['severity=~"crit.*"'], routes: [{ receiver: 'svc-default-email' }] },
      ],
    };
    const saved = await call(server, 'PUT', P, { as: ADMIN, body: tree });
    expect(saved.status).toBe(202);
    expect(saved.body).toEqual({ message: 'policies updated' });
    expect((await call(server, 'GET', P, { as: ADMIN })).body).toEqual({ ...tree, provenance: 'api' });

    const meta = await call(server, 'GET', '/api/v1/notifications/receivers', { as: ADMIN });
    const byName = Object.fromEntries(
      meta.body.map((c: { name: string; numberOfPolicies: number }) => [c.name, c.numberOfPolicies]),
    );
    expect(byName).toEqual({ ops: 2, 'svc-default-email': 2 });

    const reset = await call(server, 'DELETE', P, { as: ADMIN });
    expect(reset.status).toBe(202);
    expect(reset.body).toEqual({ receiver: 'svc-default-email', group_by: ['grafana_folder', 'alertname'] });
    expect((await call(server, 'GET', P, { as: ADMIN })).body).toEqual(reset.body);
  });

  it('refuses unknown receivers and malformed trees with 400, leaving the tree unchanged', async () => {
    const server = await startTestServer();
    const before = (await call(server, 'GET', P, { as: ADMIN })).body;
    const cases: [unknown, string][] = [
      [{ receiver: 'nobody' }, "invalid object specification: receiver 'nobody' does not exist"],
      [
        { receiver: 'svc-default-email', routes: [{ receiver: 'ghost' }] },
        "invalid object specification: receiver 'ghost' does not exist",
      ],
      [{ group_by: ['a'] }, 'invalid object specification: root route must specify a default receiver'],
      [
        { receiver: 'svc-default-email', routes: [{ matchers: ['nonsense'] }] },
        'invalid object specification: bad matcher format: nonsense',
      ],
      [
        { receiver: 'svc-default-email', routes: [{ group_interval: 'later' }] },
        'invalid object specification: invalid group_interval "later"',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(server, 'PUT', P, { as: ADMIN, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call(server, 'GET', P, { as: ADMIN })).body).toEqual(before);
  });

  it('lets Viewers read and Editors write; keeps orgs apart', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    const tree = { receiver: 'svc-default-email', group_by: ['x'] };
    expect((await call(server, 'GET', P)).status).toBe(401);
    expect((await call(server, 'GET', P, { as: viewer.as })).status).toBe(200);
    expect((await call(server, 'PUT', P, { as: viewer.as, body: tree })).status).toBe(403);
    expect((await call(server, 'DELETE', P, { as: viewer.as })).status).toBe(403);
    expect((await call(server, 'PUT', P, { as: editor.as, body: tree })).status).toBe(202);

    const org2 = await createOrg(server);
    const other = await call(server, 'GET', P, { as: inOrg(ADMIN, org2) });
    expect(other.body).toEqual({ receiver: 'svc-default-email', group_by: ['grafana_folder', 'alertname'] });
    expect((await call(server, 'GET', P, { as: ADMIN })).body.group_by).toEqual(['x']);
  });
});
