import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { createRule, seedFolderAndDataSource } from '../helpers/alert-rules.js';
import { ADMIN, call } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const MT = '/api/v1/provisioning/mute-timings';
const POLICIES = '/api/v1/provisioning/policies';

const weekends = {
  name: 'weekends',
  time_intervals: [{ weekdays: ['Saturday', 'sunday'], months: ['1:3', 'may'], location: 'Europe/Berlin' }],
};

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

async function create(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  return call(server, 'POST', MT, { as: ADMIN, body, headers });
}

describe('mute timings', () => {
  it('creates, reads, updates, renames and deletes, answering in Grafana’s normalized spelling', async () => {
    const server = await startTestServer();
    const created = await create(server, weekends);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      name: 'weekends',
      time_intervals: [
        { weekdays: ['saturday', 'sunday'], months: ['january:march', 'may'], location: 'Europe/Berlin' },
      ],
      version: '1',
      provenance: 'api',
    });
    expect((await call(server, 'GET', MT, { as: ADMIN })).body).toEqual([created.body]);
    expect((await call(server, 'GET', `${MT}/weekends`, { as: ADMIN })).body).toEqual(created.body);

    const updated = await call(server, 'PUT', `${MT}/weekends`, {
      as: ADMIN,
      body: { name: 'weekends', time_intervals: [{ times: [{ start_time: '18:00', end_time: '24:00' }] }] },
    });
    expect(updated.status).toBe(202);
    expect(updated.body).toEqual({
      name: 'weekends',
      time_intervals: [{ times: [{ start_time: '18:00', end_time: '24:00' }] }],
      version: '2',
      provenance: 'api',
    });

    const stale = await call(server, 'PUT', `${MT}/weekends`, {
      as: ADMIN,
      body: { ...weekends, version: '1' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      messageId: 'alerting.notifications.conflict',
      message: 'provided version 1 of time interval weekends does not match current version 2',
    });

    const renamed = await call(server, 'PUT', `${MT}/weekends`, {
      as: ADMIN,
      body: { name: 'evenings', time_intervals: updated.body.time_intervals, version: '2' },
    });
    expect(renamed.status).toBe(202);
    expect(renamed.body.name).toBe('evenings');
    expect((await call(server, 'GET', `${MT}/weekends`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', MT, { as: ADMIN })).body.map((m: { name: string }) => m.name)).toEqual([
      'evenings',
    ]);
    expect((await call(server, 'PUT', `${MT}/nothing`, { as: ADMIN, body: weekends })).status).toBe(404);

    const deleted = await call(server, 'DELETE', `${MT}/evenings`, { as: ADMIN });
    expect(deleted.status).toBe(204);
    const missing = await call(server, 'GET', `${MT}/evenings`, { as: ADMIN });
    expect(missing.status).toBe(404);
    expect(missing.body.messageId).toBe('alerting.notifications.time-intervals.notFound');
    expect((await call(server, 'DELETE', `${MT}/evenings`, { as: ADMIN })).status).toBe(204);
    expect((await call(server, 'GET', MT, { as: ADMIN })).body).toEqual([]);
  });

  it('refuses invalid fields with a 400 naming the field, and duplicate names with 409', async () => {
    const server = await startTestServer();
    const prefix = 'Time interval is in invalid format. Correct the payload and try again: ';
    const cases: [unknown, string][] = [
      [{ name: '', time_intervals: [] }, 'name: must not be empty'],
      [
        { name: 'x', time_intervals: [{ times: [{ start_time: '10:00', end_time: '09:00' }] }] },
        'time_intervals[0].times[0]: start time cannot be equal or greater than end time',
      ],
      [
        { name: 'x', time_intervals: [{}, { times: [{ start_time: '25:00', end_time: '26:00' }] }] },
        "time_intervals[1].times[0]: couldn't parse timestamp 25:00, invalid format",
      ],
      [
        { name: 'x', time_intervals: [{ weekdays: ['monday', 'someday'] }] },
        'time_intervals[0].weekdays[1]: someday is not a valid weekday',
      ],
      [
        { name: 'x', time_intervals: [{ days_of_month: ['0'] }] },
        'time_intervals[0].days_of_month[0]: 0 is not a valid day of the month: out of range',
      ],
      [
        { name: 'x', time_intervals: [{ days_of_month: ['-40'] }] },
        'time_intervals[0].days_of_month[0]: -40 is not a valid day of the month: out of range',
      ],
      [
        { name: 'x', time_intervals: [{ months: ['13'] }] },
        'time_intervals[0].months[0]: 13 is not a valid month: out of range',
      ],
      [
        { name: 'x', time_intervals: [{ years: ['2030:2020'] }] },
        'time_intervals[0].years[0]: end year 2020 is before start year 2030',
      ],
      [
        { name: 'x', time_intervals: [{ location: 'Atlantis/Capital' }] },
        'time_intervals[0].location: unknown time zone Atlantis/Capital',
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await create(server, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(prefix + detail);
      expect(res.body.messageId).toBe('alerting.notifications.time-intervals.invalidFormat');
    }
    expect((await call(server, 'GET', MT, { as: ADMIN })).body).toEqual([]);

    expect((await create(server, weekends)).status).toBe(201);
    const twice = await create(server, weekends);
    expect(twice.status).toBe(409);
    expect(twice.body.messageId).toBe('alerting.notifications.time-intervals.nameExists');
    expect((await create(server, { name: 'other' })).status).toBe(201);
    const renameOnto = await call(server, 'PUT', `${MT}/other`, { as: ADMIN, body: { name: 'weekends' } });
    expect(renameOnto.status).toBe(409);
  });

  it('creates one mute timing out of 20 concurrent creates of a name; the others are 409', async () => {
    const server = await startTestServer();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        create(server, { name: 'race', time_intervals: [{ weekdays: ['monday'] }] }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect((await call(server, 'GET', MT, { as: ADMIN })).body).toHaveLength(1);
  });

  it('keeps provenance: X-Disable-Provenance means none, a provisioned one changes only with its own', async () => {
    const server = await startTestServer();
    const plain = await create(server, { name: 'plain' }, { 'X-Disable-Provenance': 'true' });
    expect(plain.status).toBe(201);
    expect(plain.body).toEqual({ name: 'plain', time_intervals: [], version: '1' });
    // none → api is allowed, api → none is not
    expect((await call(server, 'PUT', `${MT}/plain`, { as: ADMIN, body: { name: 'plain' } })).status).toBe(
      202,
    );
    const back = await call(server, 'PUT', `${MT}/plain`, {
      as: ADMIN,
      body: { name: 'plain' },
      headers: { 'X-Disable-Provenance': '' },
    });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe("cannot change provenance from 'api' to 'none'");
    const del = await call(server, 'DELETE', `${MT}/plain`, {
      as: ADMIN,
      headers: { 'X-Disable-Provenance': '1' },
    });
    expect(del.status).toBe(409);
    expect((await call(server, 'GET', `${MT}/plain`, { as: ADMIN })).status).toBe(200);
  });

  it('policies may only name existing time intervals; a used one cannot be deleted and follows a rename', async () => {
    const server = await startTestServer();
    const tree = (intervals: Record<string, string[]>) => ({
      receiver: 'svc-default-email',
      routes: [{ receiver: 'svc-default-email', object_matchers: [['team', '=', 'ops']], ...intervals }],
    });
    const refused: [Record<string, string[]>, string][] = [
      [
        { mute_time_intervals: ['weekends'] },
        "routes[0].mute_time_intervals[0]: mute time interval 'weekends' does not exist",
      ],
      [
        { active_time_intervals: ['weekends'] },
        "routes[0].active_time_intervals[0]: active time interval 'weekends' does not exist",
      ],
    ];
    for (const [intervals, message] of refused) {
      const res = await call(server, 'PUT', POLICIES, { as: ADMIN, body: tree(intervals) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`invalid object specification: ${message}`);
    }
    expect((await create(server, weekends)).status).toBe(201);
    const rootMuted = await call(server, 'PUT', POLICIES, {
      as: ADMIN,
      body: { receiver: 'svc-default-email', mute_time_intervals: ['weekends'] },
    });
    expect(rootMuted.status).toBe(400);
    expect(rootMuted.body.message).toBe(
      'invalid object specification: mute_time_intervals: root route must not have any mute time intervals',
    );

    const saved = await call(server, 'PUT', POLICIES, {
      as: ADMIN,
      body: tree({ mute_time_intervals: ['weekends'], active_time_intervals: ['weekends'] }),
    });
    expect(saved.status).toBe(202);

    const inUse = await call(server, 'DELETE', `${MT}/weekends`, { as: ADMIN });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({
      messageId: 'alerting.notifications.time-intervals.used',
      message: 'Time interval is used by one or many notification policies',
    });

    const renamed = await call(server, 'PUT', `${MT}/weekends`, {
      as: ADMIN,
      body: { ...weekends, name: 'off' },
    });
    expect(renamed.status).toBe(202);
    const route = (await call(server, 'GET', POLICIES, { as: ADMIN })).body.routes[0];
    expect(route.mute_time_intervals).toEqual(['off']);
    expect(route.active_time_intervals).toEqual(['off']);
    expect((await call(server, 'DELETE', `${MT}/off`, { as: ADMIN })).status).toBe(409);

    expect((await call(server, 'PUT', POLICIES, { as: ADMIN, body: tree({}) })).status).toBe(202);
    expect((await call(server, 'DELETE', `${MT}/off`, { as: ADMIN })).status).toBe(204);

    // A rename changes the tree too: refused when the tree's provenance differs from the rename's.
    const none = { 'X-Disable-Provenance': 'true' };
    expect((await create(server, { name: 'loose' }, none)).status).toBe(201);
    expect(
      (await call(server, 'PUT', POLICIES, { as: ADMIN, body: tree({ mute_time_intervals: ['loose'] }) }))
        .status,
    ).toBe(202);
    const refusedRename = await call(server, 'PUT', `${MT}/loose`, {
      as: ADMIN,
      body: { name: 'tight' },
      headers: none,
    });
    expect(refusedRename.status).toBe(409);
    expect(refusedRename.body.message).toBe("cannot change provenance from 'api' to 'none'");
    expect((await call(server, 'GET', `${MT}/loose`, { as: ADMIN })).status).toBe(200);
  });

  it('refuses to delete or rename a mute timing that a rule’s notification settings name', async () => {
    const server = await startTestServer();
    await seedFolderAndDataSource(server);
    await call(server, 'GET', POLICIES, { as: ADMIN });
    expect((await create(server, weekends)).status).toBe(201);
    expect((await create(server, { name: 'spare' })).status).toBe(201);
    await createRule(server, {
      uid: 'muted-rule',
      notification_settings: { receiver: 'svc-default-email', active_time_intervals: ['weekends'] },
    });
    const del = await call(server, 'DELETE', `${MT}/weekends`, { as: ADMIN });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({
      messageId: 'alerting.notifications.time-intervals.used',
      message: 'Time interval is used by the notification settings of one or many alert rules',
    });
    const rename = await call(server, 'PUT', `${MT}/weekends`, {
      as: ADMIN,
      body: { ...weekends, name: 'other' },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.message).toBe(
      'Time interval cannot be renamed because it is used by one or many alert rules',
    );
    // Editing it in place, and deleting one no rule names, stay possible.
    expect((await call(server, 'PUT', `${MT}/weekends`, { as: ADMIN, body: weekends })).status).toBe(202);
    expect((await call(server, 'DELETE', `${MT}/spare`, { as: ADMIN })).status).toBe(204);
  });

  it('exports as a provisioning file, in YAML or JSON', async () => {
    const server = await startTestServer();
    await create(server, weekends);
    await create(server, {
      name: 'nights',
      time_intervals: [{ times: [{ start_time: '22:00', end_time: '24:00' }] }],
    });
    const json = await call(server, 'GET', `${MT}/export?format=json`, { as: ADMIN });
    expect(json.status).toBe(200);
    expect(json.body).toEqual({
      apiVersion: 1,
      muteTimes: [
        {
          orgId: 1,
          name: 'nights',
          time_intervals: [{ times: [{ start_time: '22:00', end_time: '24:00' }] }],
        },
        {
          orgId: 1,
          name: 'weekends',
          time_intervals: [
            { weekdays: ['saturday', 'sunday'], months: ['january:march', 'may'], location: 'Europe/Berlin' },
          ],
        },
      ],
    });
    const one = await call(server, 'GET', `${MT}/nights/export?download=true`, { as: ADMIN });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toMatch(/yaml/);
    expect(one.headers.get('content-disposition')).toBe('attachment;filename=export.yaml');
    expect(one.body).toContain('muteTimes:');
    expect(one.body).toContain('name: nights');
    expect(one.body).not.toContain('weekends');
    expect((await call(server, 'GET', `${MT}/none/export`, { as: ADMIN })).status).toBe(404);
  });

  it('lets Viewers read and Editors write; refuses the anonymous and keeps orgs apart', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    expect((await call(server, 'GET', MT)).status).toBe(401);
    const denied = await call(server, 'POST', MT, { as: viewer.as, body: weekends });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/Permissions needed/);
    expect((await call(server, 'POST', MT, { as: editor.as, body: weekends })).status).toBe(201);
    expect((await call(server, 'GET', MT, { as: viewer.as })).body).toHaveLength(1);
    expect((await call(server, 'DELETE', `${MT}/weekends`, { as: viewer.as })).status).toBe(403);

    const other = await createOrg(server);
    const admin2 = inOrg(ADMIN, other);
    expect((await call(server, 'GET', MT, { as: admin2 })).body).toEqual([]);
    expect((await call(server, 'GET', `${MT}/weekends`, { as: admin2 })).status).toBe(404);
    // The same name in another org is another mute timing.
    expect((await call(server, 'POST', MT, { as: admin2, body: { name: 'weekends' } })).status).toBe(201);
    expect((await call(server, 'DELETE', `${MT}/weekends`, { as: admin2 })).status).toBe(204);
    expect((await call(server, 'GET', `${MT}/weekends`, { as: ADMIN })).status).toBe(200);
  });

  it('provisions muteTimes from files before the policies that name them, and deleteMuteTimes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-mute-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'alerting'));
    writeFileSync(
      join(dir, 'alerting', 'a.yaml'),
      [
        'apiVersion: 1',
        'contactPoints:',
        '  - orgId: 1',
        '    name: ops',
        '    receivers:',
        '      - uid: ops1',
        '        type: webhook',
        '        settings: {url: "http://127.0.0.1:9/"}',
        'policies:',
        '  - orgId: 1',
        '    receiver: ops',
        '    routes:',
        '      - receiver: ops',
        '        mute_time_intervals: [maintenance]',
        'muteTimes:',
        '  - orgId: 1',
        '    name: maintenance',
        '    time_intervals:',
        '      - times: [{start_time: "02:00", end_time: "04:00"}]',
        '        days_of_month: [1, -1]',
        '        years: [2026]',
        '  - orgId: 1',
        '    name: broken',
        '    time_intervals: [{weekdays: [noday]}]',
        '  - orgId: 1',
        '    name: doomed',
        'deleteMuteTimes:',
        '  - orgId: 1',
        '    name: doomed',
        '',
      ].join('\n'),
    );
    const server = await startTestServer({ overrides: { paths: { provisioning: dir } } });
    const list = (await call(server, 'GET', MT, { as: ADMIN })).body;
    expect(list).toEqual([
      {
        name: 'maintenance',
        time_intervals: [
          {
            times: [{ start_time: '02:00', end_time: '04:00' }],
            days_of_month: ['1', '-1'],
            years: ['2026'],
          },
        ],
        version: '1',
        provenance: 'file',
      },
    ]);
    const tree = (await call(server, 'GET', POLICIES, { as: ADMIN })).body;
    expect(tree.routes[0].mute_time_intervals).toEqual(['maintenance']);
    const edit = await call(server, 'PUT', `${MT}/maintenance`, { as: ADMIN, body: { name: 'maintenance' } });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe("cannot change provenance from 'file' to 'api'");
  });
});
