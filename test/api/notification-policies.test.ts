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

  it('refuses each malformed field with 400 naming its path, leaving the saved tree as it was', async () => {
    const server = await startTestServer();
    await call(server, 'POST', '/api/v1/provisioning/mute-timings', {
      as: ADMIN,
      body: { name: 'lunch', time_intervals: [{ times: [{ start_time: '12:00', end_time: '13:00' }] }] },
    });
    const saved = { receiver: 'svc-default-email', group_by: ['team'], routes: [{ group_wait: '5s' }] };
    expect((await call(server, 'PUT', P, { as: ADMIN, body: saved })).status).toBe(202);
    const R = 'svc-default-email';
    const cases: [unknown, string][] = [
      // types, as Grafana's JSON decoder refuses them
      [[], 'policy tree: must be object'],
      [{ receiver: R, group_by: 'abc' }, 'group_by: must be array'],
      [{ receiver: 7 }, 'receiver: must be string'],
      [{ receiver: R, routes: [{}, { continue: 'yes' }] }, 'routes[1].continue: must be boolean'],
      [{ receiver: R, routes: {} }, 'routes: must be array'],
      [
        { receiver: R, routes: [{ routes: [{ group_wait: 30 }] }] },
        'routes[0].routes[0].group_wait: must be string',
      ],
      [
        { receiver: R, routes: [{ object_matchers: [['a', '=']] }] },
        'routes[0].object_matchers[0]: must not have fewer than 3 items',
      ],
      [{ receiver: R, routes: [{ matchers: 'a=b' }] }, 'routes[0].matchers: must be array'],
      [{ receiver: R, routes: [{ match: { a: 1 } }] }, 'routes[0].match.a: must be string'],
      [
        { receiver: R, routes: [{ mute_time_intervals: [null] }] },
        'routes[0].mute_time_intervals[0]: must be string',
      ],
      // the root's rules
      [{ group_by: ['a'] }, 'receiver: root route must specify a default receiver'],
      [{ receiver: '' }, 'receiver: root route must specify a default receiver'],
      [
        { receiver: R, object_matchers: [['a', '=', 'b']] },
        'object_matchers[0]: root route must not have any matchers',
      ],
      [{ receiver: R, match_re: { a: 'b' } }, 'match_re.a: root route must not have any matchers'],
      [
        { receiver: R, mute_time_intervals: ['lunch'] },
        'mute_time_intervals: root route must not have any mute time intervals',
      ],
      // matchers
      [
        { receiver: R, routes: [{ object_matchers: [['a', '==', 'b']] }] },
        'routes[0].object_matchers[0]: unknown match type "=="',
      ],
      [
        { receiver: R, routes: [{}, { object_matchers: [['a', '=~', '(']] }] },
        'routes[1].object_matchers[0]: invalid regular expression "("',
      ],
      [
        { receiver: R, routes: [{ matchers: ['a="b"', 'nonsense'] }] },
        'routes[0].matchers[1]: bad matcher format: nonsense',
      ],
      [
        { receiver: R, routes: [{ match_re: { team: '[' } }] },
        'routes[0].match_re.team: invalid regular expression "["',
      ],
      [
        { receiver: R, routes: [{ object_matchers: [['', '=', 'b']] }] },
        'routes[0].object_matchers[0]: matcher has an empty label name',
      ],
      // durations
      [
        { receiver: R, routes: [{}, { group_wait: 'later' }] },
        'routes[1].group_wait: invalid duration "later"',
      ],
      [{ receiver: R, group_interval: '1m1h' }, 'group_interval: invalid duration "1m1h"'],
      [
        { receiver: R, routes: [{ repeat_interval: '1.5h' }] },
        'routes[0].repeat_interval: invalid duration "1.5h"',
      ],
      [{ receiver: R, routes: [{ group_interval: '0s' }] }, 'routes[0].group_interval: cannot be zero'],
      [{ receiver: R, repeat_interval: '0' }, 'repeat_interval: cannot be zero'],
      // group_by
      [
        { receiver: R, routes: [{ group_by: ['...', 'a'] }] },
        'routes[0].group_by: cannot have wildcard group_by (`...`) and other labels at the same time',
      ],
      [{ receiver: R, group_by: ['a', 'a'] }, 'group_by: duplicated label "a"'],
      // what the tree names in the org
      [{ receiver: 'nobody' }, "receiver: receiver 'nobody' does not exist"],
      [
        { receiver: R, routes: [{ routes: [{ receiver: 'ghost' }] }] },
        "routes[0].routes[0].receiver: receiver 'ghost' does not exist",
      ],
      [
        { receiver: R, routes: [{ mute_time_intervals: ['lunch', 'dinner'] }] },
        "routes[0].mute_time_intervals[1]: mute time interval 'dinner' does not exist",
      ],
      [
        { receiver: R, routes: [{ active_time_intervals: ['night'] }] },
        "routes[0].active_time_intervals[0]: active time interval 'night' does not exist",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(server, 'PUT', P, { as: ADMIN, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const full = `invalid object specification: ${message}`;
      // a regex's own complaint (the engine's words) follows its path and value
      if (message.includes('invalid regular expression')) expect(res.body.message).toMatch(`${full}: `);
      else expect(res.body.message, JSON.stringify(body)).toBe(full);
    }
    // nested past 64 levels: refused, and a body nested far deeper than any stack is a 400 too
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 65; i++) deep = { routes: [deep] };
    const tooDeep = await call(server, 'PUT', P, { as: ADMIN, body: { ...deep, receiver: R } });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.message).toBe(
      `invalid object specification: ${'routes[0].'.repeat(65).slice(0, -1)}: routes are nested more than 64 levels deep`,
    );
    const levels = 100_000;
    const huge = await fetch(server.url + P, {
      method: 'PUT',
      headers: { authorization: ADMIN.authorization!, 'content-type': 'application/json' },
      body: `{"receiver":"${R}",${'"routes":[{'.repeat(levels)}${'}]'.repeat(levels)}}`,
    });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { message: string }).message).toMatch(
      /^invalid object specification: routes\[0\](\.routes\[0\])*(\.routes)?: nested too deeply$/,
    );

    expect((await call(server, 'GET', P, { as: ADMIN })).body).toEqual({ ...saved, provenance: 'api' });
  });

  it('round-trips a deep tree of every field exactly, dropping unknown fields and a sent provenance', async () => {
    const server = await startTestServer();
    await call(server, 'POST', '/api/v1/provisioning/contact-points', {
      as: ADMIN,
      body: { name: 'ops', type: 'webhook', settings: { url: 'http://127.0.0.1:9/' } },
    });
    for (const name of ['lunch', 'office-hours']) {
      await call(server, 'POST', '/api/v1/provisioning/mute-timings', {
        as: ADMIN,
        body: { name, time_intervals: [{ weekdays: ['monday'] }] },
      });
    }
    const tree = {
      receiver: 'svc-default-email',
      group_by: ['...'],
      group_wait: '0',
      group_interval: '1m30s',
      repeat_interval: '1w2d',
      routes: [
        {
          receiver: 'ops',
          group_by: ['alertname', 'team'],
          continue: true,
          object_matchers: [
            ['team', '=', 'ops'],
            ['env', '!=', 'dev'],
            ['region', '=~', 'eu-.*'],
            ['host', '!~', 'test[0-9]+'],
          ],
          mute_time_intervals: ['lunch'],
          active_time_intervals: ['office-hours'],
          routes: [
            {
              matchers: ['severity=~"crit.*"', 'service!="web"'],
              group_wait: '10s',
              routes: [
                { receiver: 'svc-default-email', match: { a: '1' }, match_re: { b: '2|3' }, continue: false },
              ],
            },
          ],
        },
        { receiver: 'ops', repeat_interval: '4h', routes: [] },
      ],
    };
    const sent = {
      ...tree,
      provenance: 'file',
      unknown: { x: 1 },
      routes: [{ ...tree.routes[0], provenance: 'file', extra: 'dropped' }, tree.routes[1]],
    };
    const saved = await call(server, 'PUT', P, {
      as: ADMIN,
      body: sent,
      headers: { 'x-disable-provenance': 'true' },
    });
    expect(saved.status).toBe(202);
    expect(saved.body).toEqual({ message: 'policies updated' });
    expect((await call(server, 'GET', P, { as: ADMIN })).body).toEqual(tree);

    // what GET answered saves again unchanged, provisioned this time
    expect((await call(server, 'PUT', P, { as: ADMIN, body: tree })).status).toBe(202);
    expect((await call(server, 'GET', P, { as: ADMIN })).body).toEqual({ ...tree, provenance: 'api' });
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
