import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';
import {
  createRule,
  DS_UID,
  provisionedRule,
  ruleData,
  RULES,
  rulerRule,
  seedContactPoint,
  seedFolderAndDataSource,
} from '../helpers/alert-rules.js';

const GROUP = '/api/v1/provisioning/folder/rules-folder/rule-groups';

async function serverWithFolder(): Promise<TestServer> {
  const server = await startTestServer();
  await seedFolderAndDataSource(server);
  return server;
}

/** A user whose only permissions are `permissions` (org role None plus a custom role). */
async function userWith(
  server: TestServer,
  permissions: { action: string; scope?: string }[],
): Promise<Caller> {
  const user = await createUser(server);
  expect(
    (await call(server, 'PATCH', `/api/org/users/${user.id}`, { as: ADMIN, body: { role: 'None' } })).status,
  ).toBe(200);
  const uid = `role-${user.id}`;
  const role = await call(server, 'POST', '/api/access-control/roles', {
    as: ADMIN,
    body: { uid, name: `custom:${uid}`, permissions: permissions.map((p) => ({ scope: '', ...p })) },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const assigned = await call(server, 'POST', `/api/access-control/users/${user.id}/roles`, {
    as: ADMIN,
    body: { roleUid: uid },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  return user.as;
}

describe('alert rules: provisioning API', () => {
  it('creates, reads, updates and deletes a rule', async () => {
    const server = await serverWithFolder();

    const created = await createRule(server);
    expect(created).toMatchObject({
      orgID: 1,
      folderUID: 'rules-folder',
      ruleGroup: 'group-a',
      title: 'High value',
      condition: 'C',
      noDataState: 'NoData',
      execErrState: 'Error',
      for: '5m',
      keep_firing_for: '0s',
      labels: { severity: 'critical' },
      annotations: { summary: 'value is high' },
      provenance: 'api',
      isPaused: false,
    });
    expect(created.uid).toMatch(/^[a-zA-Z0-9]{14}$/);
    expect(created.id).toBeGreaterThan(0);
    expect(Date.parse(created.updated)).not.toBeNaN();
    expect(created.data[0]).toMatchObject({
      refId: 'A',
      datasourceUid: DS_UID,
      relativeTimeRange: { from: 600, to: 0 },
    });

    const got = await call(server, 'GET', `${RULES}/${created.uid}`, { as: ADMIN });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
    expect((await call(server, 'GET', RULES, { as: ADMIN })).body).toEqual([created]);

    const updated = await call(server, 'PUT', `${RULES}/${created.uid}`, {
      as: ADMIN,
      body: provisionedRule({
        uid: 'ignored',
        title: 'Renamed',
        for: '1h30m',
        keep_firing_for: '2m',
        isPaused: true,
      }),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      uid: created.uid,
      title: 'Renamed',
      for: '1h30m',
      keep_firing_for: '2m',
      isPaused: true,
    });

    const deleted = await call(server, 'DELETE', `${RULES}/${created.uid}`, { as: ADMIN });
    expect(deleted.status).toBe(204);
    const gone = await call(server, 'GET', `${RULES}/${created.uid}`, { as: ADMIN });
    expect(gone.status).toBe(404);
    expect(gone.body).toBeUndefined();
    expect((await call(server, 'DELETE', `${RULES}/${created.uid}`, { as: ADMIN })).status).toBe(404);
    const missing = await call(server, 'PUT', `${RULES}/${created.uid}`, {
      as: ADMIN,
      body: provisionedRule(),
    });
    expect(missing.status).toBe(404);
  });

  it('keeps a given uid, refuses a taken one, and moves a rule to another group', async () => {
    const server = await serverWithFolder();
    await seedContactPoint(server, 'ops');
    const first = await createRule(server, {
      uid: 'my-rule_1',
      notification_settings: { receiver: 'ops', group_by: ['alertname'] },
    });
    expect(first).toMatchObject({
      uid: 'my-rule_1',
      notification_settings: { receiver: 'ops', group_by: ['alertname'] },
    });
    const again = await call(server, 'POST', RULES, {
      as: ADMIN,
      body: provisionedRule({ uid: 'my-rule_1', title: 'Other' }),
    });
    expect(again.status).toBe(409);

    const moved = await call(server, 'PUT', `${RULES}/my-rule_1`, {
      as: ADMIN,
      body: provisionedRule({ ruleGroup: 'group-b' }),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.ruleGroup).toBe('group-b');
    expect((await call(server, 'GET', `${GROUP}/group-a`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', `${GROUP}/group-b`, { as: ADMIN })).body.rules).toHaveLength(1);
  });

  it('answers 400 naming the problem for every invalid rule', async () => {
    const server = await serverWithFolder();
    await createRule(server, { title: 'Taken' });
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ folderUID: 'nope' }, 'invalid alert rule: folder does not exist'],
      [{ uid: 'bad uid!' }, "invalid alert rule: cannot create rule with UID 'bad uid!'"],
      [{ data: [] }, 'invalid alert rule: no queries or expressions are found'],
      [{ title: '  ' }, 'invalid alert rule: title is empty'],
      [{ title: 'x'.repeat(191) }, 'bad request data: body.title must NOT have more than 190 characters'],
      [{ title: 'Taken' }, 'rule title under the same organisation and folder should be unique'],
      [{ noDataState: 'Maybe' }, 'invalid alert rule: unknown NoData state option Maybe'],
      [{ execErrState: 'Boom' }, 'invalid alert rule: unknown Error state option Boom'],
      [{ for: '-5m' }, 'invalid alert rule: field `for` cannot be negative'],
      [{ keep_firing_for: '-1s' }, 'invalid alert rule: field `keep_firing_for` cannot be negative'],
      [{ for: 'soon' }, 'invalid alert rule: field `for` is not a valid duration: soon'],
      [{ condition: 'Z' }, 'invalid alert rule: condition "Z" is not a refId of the rule'],
      [{ condition: '' }, 'invalid alert rule: condition is required'],
      [{ labels: { 'bad-name': 'x' } }, "invalid alert rule: invalid label name 'bad-name'"],
      [
        { labels: { __grafana_receiver__: 'x' } },
        'invalid alert rule: system reserved label __grafana_receiver__ cannot be defined',
      ],
      [
        { annotations: { __panelId__: '3' } },
        'invalid alert rule: cannot have Panel ID without a Dashboard UID',
      ],
      [
        { annotations: { __dashboardUid__: 'd' } },
        'invalid alert rule: cannot have Dashboard UID without a Panel ID',
      ],
      [
        { annotations: { __dashboardUid__: 'd', __panelId__: 'x' } },
        'invalid alert rule: annotation __panelId__ must be an integer',
      ],
      [
        { missingSeriesEvalsToResolve: 0 },
        'invalid alert rule: field `missing_series_evals_to_resolve` must be greater than 0',
      ],
      [{ notification_settings: { receiver: '' } }, 'invalid alert rule: receiver must be specified'],
      [
        { notification_settings: { receiver: 'x', group_interval: '0s' } },
        'invalid alert rule: group interval must be greater than zero',
      ],
      [
        { notification_settings: { receiver: 'x', repeat_interval: '-1m' } },
        'invalid alert rule: repeat interval must be greater than zero',
      ],
      [
        { notification_settings: { receiver: 'x', group_wait: '-1s' } },
        'invalid alert rule: group wait must be a positive duration',
      ],
      [
        { notification_settings: { receiver: 'nobody' } },
        "invalid alert rule: notification settings: receiver 'nobody' does not exist",
      ],
      [
        { notification_settings: { receiver: 'svc-default-email', mute_time_intervals: ['never'] } },
        "invalid alert rule: notification settings: time interval 'never' does not exist",
      ],
      [
        { record: { metric: 'bad metric', from: 'A' } },
        'invalid alert rule: metric name for recording rule must be a valid Prometheus metric name',
      ],
      [
        { data: ruleData('no-such-ds') },
        "invalid alert rule: failed to validate query A: data source with uid 'no-such-ds' not found",
      ],
      [
        { data: [...ruleData(), { refId: 'A', datasourceUid: '__expr__', model: {} }] },
        "invalid alert rule: refId 'A' is used by more than one query",
      ],
      [
        {
          data: [
            ...ruleData().slice(0, 2),
            { refId: 'C', datasourceUid: '__expr__', model: { type: 'math', expression: '$B + $Q' } },
          ],
        },
        'invalid alert rule: expression C refers to unknown refId "Q"',
      ],
      [
        {
          data: [
            {
              refId: 'B',
              datasourceUid: '__expr__',
              model: { type: 'reduce', expression: 'C', reducer: 'last' },
            },
            { refId: 'C', datasourceUid: '__expr__', model: { type: 'math', expression: '$B > 0' } },
          ],
        },
        /invalid alert rule: cyclic dependency between expressions/,
      ],
      [
        {
          data: [
            ruleData()[0],
            { refId: 'B', datasourceUid: '__expr__', model: { type: 'math', expression: '$A >' } },
          ],
          condition: 'B',
        },
        /^invalid alert rule: B: math expression: /,
      ],
      [
        {
          data: [ruleData()[0], { refId: 'B', datasourceUid: '__expr__', model: { type: 'magic' } }],
          condition: 'B',
        },
        /^invalid alert rule: .*magic.* in B$/,
      ],
      [{ data: 'nope' }, 'bad request data: body.data must be array'],
      [{ ruleGroup: '' }, 'bad request data: body.ruleGroup must NOT have fewer than 1 characters'],
    ];
    for (const [overrides, message] of cases) {
      const response = await call(server, 'POST', RULES, { as: ADMIN, body: provisionedRule(overrides) });
      expect(response.status, `${JSON.stringify(overrides)}: ${JSON.stringify(response.body)}`).toBe(400);
      if (typeof message === 'string') expect(response.body.message).toContain(message);
      else expect(response.body.message).toMatch(message);
    }
    // Nothing of the refused rules was stored.
    expect((await call(server, 'GET', RULES, { as: ADMIN })).body).toHaveLength(1);
  });

  it('a recording rule is stored without alerting settings', async () => {
    const server = await serverWithFolder();
    const rule = await createRule(server, {
      record: { metric: 'my:metric', from: 'A' },
      condition: '',
      for: '5m',
    });
    expect(rule).toMatchObject({ record: { metric: 'my:metric', from: 'A' }, condition: '', for: '0s' });
  });

  it('replaces, reads and deletes a rule group, bumping every rule of the group on any change', async () => {
    const server = await serverWithFolder();
    const first = await createRule(server, { title: 'One' });
    const second = await createRule(server, { title: 'Two' });

    const group = await call(server, 'GET', `${GROUP}/group-a`, { as: ADMIN });
    expect(group.status).toBe(200);
    expect(group.body).toMatchObject({ title: 'group-a', folderUid: 'rules-folder', interval: 60 });
    expect(group.body.rules.map((r: { uid: string }) => r.uid)).toEqual([first.uid, second.uid]);

    const versionsOf = async (uid: string) =>
      (await call(server, 'GET', `/api/ruler/grafana/api/v1/rule/${uid}/versions`, { as: ADMIN })).body.map(
        (v: { grafana_alert: { version: number } }) => v.grafana_alert.version,
      );
    // The second create bumped the first rule of the group.
    expect(await versionsOf(first.uid)).toEqual([2, 1]);

    const replaced = await call(server, 'PUT', `${GROUP}/group-a`, {
      as: ADMIN,
      body: {
        title: 'group-a',
        interval: 120,
        rules: [
          provisionedRule({ uid: second.uid, title: 'Two (edited)' }),
          provisionedRule({ title: 'Three', folderUID: undefined, ruleGroup: undefined }),
        ],
      },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.interval).toBe(120);
    expect(replaced.body.rules.map((r: { title: string }) => r.title)).toEqual(['Two (edited)', 'Three']);
    // The rule left out of the body is gone.
    expect((await call(server, 'GET', `${RULES}/${first.uid}`, { as: ADMIN })).status).toBe(404);
    expect(await versionsOf(second.uid)).toEqual([2, 1]);

    const ruler = await call(server, 'GET', `/api/ruler/grafana/api/v1/rule/${second.uid}`, { as: ADMIN });
    expect(ruler.body.grafana_alert).toMatchObject({
      version: 2,
      intervalSeconds: 120,
      updated_by: { uid: '1' },
    });

    const badInterval = await call(server, 'PUT', `${GROUP}/group-a`, {
      as: ADMIN,
      body: { title: 'group-a', interval: 15, rules: [] },
    });
    expect(badInterval.status).toBe(400);
    expect(badInterval.body.message).toBe(
      'invalid alert rule: interval (15s) should be non-zero and divided exactly by scheduler interval: 10',
    );

    expect((await call(server, 'DELETE', `${GROUP}/group-a`, { as: ADMIN })).status).toBe(204);
    expect((await call(server, 'GET', `${GROUP}/group-a`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'DELETE', `${GROUP}/group-a`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', RULES, { as: ADMIN })).body).toEqual([]);
  });

  it('provenance: api by default, none with X-Disable-Provenance, and the ruler API may not change api rules', async () => {
    const server = await serverWithFolder();
    const api = await createRule(server, { title: 'Api rule' });
    expect(api.provenance).toBe('api');
    const free = await call(server, 'POST', RULES, {
      as: ADMIN,
      headers: { 'X-Disable-Provenance': 'true' },
      body: provisionedRule({ title: 'Free rule', ruleGroup: 'group-free' }),
    });
    expect(free.status).toBe(201);
    expect(free.body.provenance).toBe('');

    const change = await call(server, 'PUT', `${RULES}/${api.uid}`, {
      as: ADMIN,
      headers: { 'X-Disable-Provenance': '' },
      body: provisionedRule({ title: 'Api rule' }),
    });
    expect(change.status).toBe(400);
    expect(change.body.message).toBe("cannot change provenance from 'api' to 'none'");

    const viaRuler = await call(server, 'POST', '/api/ruler/grafana/api/v1/rules/rules-folder', {
      as: ADMIN,
      body: {
        name: 'group-a',
        interval: '1m',
        rules: [rulerRule({ uid: api.uid, title: 'Changed by the ruler' })],
      },
    });
    expect(viaRuler.status).toBe(400);
    expect(viaRuler.body.message).toContain(`alert rule with uid '${api.uid}' has provenance 'api'`);
    const deleteViaRuler = await call(
      server,
      'DELETE',
      '/api/ruler/grafana/api/v1/rules/rules-folder/group-a',
      { as: ADMIN },
    );
    expect(deleteViaRuler.status).toBe(400);
    expect((await call(server, 'GET', `${RULES}/${api.uid}`, { as: ADMIN })).body.title).toBe('Api rule');

    // A rule without provenance stays editable by the ruler API.
    const editable = await call(server, 'POST', '/api/ruler/grafana/api/v1/rules/rules-folder', {
      as: ADMIN,
      body: { name: 'group-free', rules: [rulerRule({ uid: free.body.uid, title: 'Free rule (edited)' })] },
    });
    expect(editable.status, JSON.stringify(editable.body)).toBe(202);
    expect(editable.body.updated).toEqual([free.body.uid]);
  });

  it('exports rules, a rule and a group as YAML or JSON in the file format', async () => {
    const server = await serverWithFolder();
    await seedContactPoint(server, 'ops$team');
    const rule = await createRule(server, {
      uid: 'export-me',
      title: 'Costs $5',
      labels: { price: '$5' },
      keep_firing_for: '1m',
      notification_settings: { receiver: 'ops$team' },
    });
    await createRule(server, { uid: 'other-group', title: 'Other', ruleGroup: 'group-b' });

    const yaml = await call(server, 'GET', `${RULES}/${rule.uid}/export`, { as: ADMIN });
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toMatch(/^text\/yaml/);
    const document = parse(yaml.body as string);
    expect(document).toEqual({
      apiVersion: 1,
      groups: [
        {
          orgId: 1,
          name: 'group-a',
          folder: 'Rules',
          interval: '1m',
          rules: [
            {
              uid: 'export-me',
              title: 'Costs $$5',
              condition: 'C',
              data: ruleData().map((q) => ({
                refId: q.refId,
                relativeTimeRange: q.relativeTimeRange,
                datasourceUid: q.datasourceUid,
                model: q.model,
              })),
              noDataState: 'NoData',
              execErrState: 'Error',
              for: '5m',
              keepFiringFor: '1m',
              annotations: { summary: 'value is high' },
              labels: { price: '$$5' },
              isPaused: false,
              notification_settings: { receiver: 'ops$$team' },
            },
          ],
        },
      ],
    });

    const json = await call(server, 'GET', `${RULES}/export?format=json`, { as: ADMIN });
    expect(json.status).toBe(200);
    expect(json.body.groups.map((g: { name: string }) => g.name)).toEqual(['group-a', 'group-b']);
    const byAccept = await call(server, 'GET', `${GROUP}/group-b/export`, {
      as: ADMIN,
      headers: { accept: 'application/json' },
    });
    expect(byAccept.body.groups[0].rules[0].uid).toBe('other-group');
    const filtered = await call(
      server,
      'GET',
      `${RULES}/export?folderUid=rules-folder&group=group-b&format=json`,
      { as: ADMIN },
    );
    expect(filtered.body.groups).toHaveLength(1);
    const download = await call(server, 'GET', `${RULES}/export?ruleUid=export-me&download=true`, {
      as: ADMIN,
    });
    expect(download.headers.get('content-disposition')).toBe('attachment;filename=export.yaml');

    const mixed = await call(server, 'GET', `${RULES}/export?ruleUid=export-me&group=group-a`, { as: ADMIN });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(
      'group and folder should not be specified when a single rule is requested',
    );
    expect((await call(server, 'GET', `${RULES}/export?group=group-a`, { as: ADMIN })).status).toBe(400);
    expect((await call(server, 'GET', `${RULES}/export?folderUid=none`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', `${RULES}/nope/export`, { as: ADMIN })).status).toBe(404);
  });

  it('Viewers read, Editors write; folder-scoped grants limit what a user sees and changes', async () => {
    const server = await startTestServer();
    await seedFolderAndDataSource(server, [
      { uid: 'rules-folder', title: 'Rules' },
      { uid: 'secret-folder', title: 'Secret' },
    ]);
    const visible = await createRule(server);
    const hidden = await createRule(server, { folderUID: 'secret-folder' });

    const viewer = await createUser(server, { orgRole: 'Viewer' });
    expect((await call(server, 'GET', RULES, { as: viewer.as })).body).toHaveLength(2);
    const viewerWrite = await call(server, 'POST', RULES, {
      as: viewer.as,
      body: provisionedRule({ title: 'By viewer' }),
    });
    expect(viewerWrite.status).toBe(403);
    expect((await call(server, 'DELETE', `${RULES}/${visible.uid}`, { as: viewer.as })).status).toBe(403);

    const editor = await createUser(server, { orgRole: 'Editor' });
    const editorWrite = await call(server, 'POST', RULES, {
      as: editor.as,
      body: provisionedRule({ title: 'By editor' }),
    });
    expect(editorWrite.status, JSON.stringify(editorWrite.body)).toBe(201);
    expect((await call(server, 'DELETE', `${RULES}/${editorWrite.body.uid}`, { as: editor.as })).status).toBe(
      204,
    );

    // Reads in one folder only.
    const reader = await userWith(server, [
      { action: 'alert.rules:read', scope: 'folders:uid:rules-folder' },
      // Grafana: rule reads also take folders:read on the folder
      { action: 'folders:read', scope: 'folders:uid:rules-folder' },
    ]);
    const list = await call(server, 'GET', RULES, { as: reader });
    expect(list.body.map((r: { uid: string }) => r.uid)).toEqual([visible.uid]);
    expect((await call(server, 'GET', `${RULES}/${hidden.uid}`, { as: reader })).status).toBe(403);
    expect((await call(server, 'GET', `${GROUP}/group-a`, { as: reader })).status).toBe(200);
    expect(
      (
        await call(server, 'GET', '/api/v1/provisioning/folder/secret-folder/rule-groups/group-a', {
          as: reader,
        })
      ).status,
    ).toBe(403);

    // Creates in one folder, but may not query the data source.
    const creator = await userWith(server, [
      { action: 'alert.rules:read', scope: 'folders:uid:rules-folder' },
      { action: 'alert.rules:create', scope: 'folders:uid:rules-folder' },
    ]);
    const noQuery = await call(server, 'POST', RULES, {
      as: creator,
      body: provisionedRule({ title: 'No query' }),
    });
    expect(noQuery.status).toBe(403);
    expect(noQuery.body.message).toContain('datasources:query');
    const otherFolder = await call(server, 'POST', RULES, {
      as: creator,
      body: provisionedRule({ title: 'Elsewhere', folderUID: 'secret-folder' }),
    });
    expect(otherFolder.status).toBe(403);
    const querier = await userWith(server, [
      { action: 'alert.rules:create', scope: 'folders:uid:rules-folder' },
      { action: 'datasources:query', scope: `datasources:uid:${DS_UID}` },
    ]);
    expect(
      (await call(server, 'POST', RULES, { as: querier, body: provisionedRule({ title: 'Queried' }) }))
        .status,
    ).toBe(201);
    // Updating needs alert.rules:write.
    const update = await call(server, 'PUT', `${RULES}/${visible.uid}`, {
      as: querier,
      body: provisionedRule({ title: 'Nope' }),
    });
    expect(update.status).toBe(403);
    // A new group is made of creates only; replacing a stored one updates or deletes its rules.
    const newGroup = await call(server, 'PUT', `${GROUP}/new-group`, {
      as: querier,
      body: { interval: 60, rules: [provisionedRule({ title: 'In a new group' })] },
    });
    expect(newGroup.status, JSON.stringify(newGroup.body)).toBe(200);
    const replace = await call(server, 'PUT', `${GROUP}/group-a`, {
      as: querier,
      body: { interval: 60, rules: [provisionedRule({ title: 'Replacing' })] },
    });
    expect(replace.status).toBe(403);
    expect(replace.body.message).toContain('alert.rules:delete');
  });

  it('concurrent creates of one title in one folder: exactly one 201, the others 400, none 5xx', async () => {
    const server = await serverWithFolder();
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(server, 'POST', RULES, {
          as: ADMIN,
          body: provisionedRule({ title: 'Contested', ruleGroup: `g${i % 3}` }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 201)) {
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        'rule title under the same organisation and folder should be unique',
      );
    }
    expect((await call(server, 'GET', RULES, { as: ADMIN })).body).toHaveLength(1);
  });

  it('concurrent creates of one uid: exactly one 201, the others 409', async () => {
    const server = await serverWithFolder();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, 'POST', RULES, {
          as: ADMIN,
          body: provisionedRule({ uid: 'contested-uid', title: `T${i}` }),
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 201)) {
      expect(response.status).toBe(409);
      expect(response.body.message).toBe("an alert rule with uid 'contested-uid' already exists");
    }
  });

  it('concurrent creates into one group: every rule gets its own position and the last version', async () => {
    const server = await serverWithFolder();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, 'POST', RULES, { as: ADMIN, body: provisionedRule({ title: `Rule ${i}` }) }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const group = await call(server, 'GET', '/api/ruler/grafana/api/v1/rules/rules-folder/group-a', {
      as: ADMIN,
    });
    const rules = group.body.rules.map((r: { grafana_alert: { version: number } }) => r.grafana_alert);
    expect(rules).toHaveLength(20);
    // Each create bumped the rules before it: the first has 20 versions, the last one.
    expect(rules.map((r: { version: number }) => r.version).sort((a: number, b: number) => b - a)).toEqual(
      Array.from({ length: 20 }, (_, i) => 20 - i),
    );
  });

  it('keeps organizations apart', async () => {
    const server = await serverWithFolder();
    const rule = await createRule(server);
    const orgId = await createOrg(server);
    const other = inOrg(ADMIN, orgId);
    expect((await call(server, 'GET', RULES, { as: other })).body).toEqual([]);
    expect((await call(server, 'GET', `${RULES}/${rule.uid}`, { as: other })).status).toBe(404);
    expect((await call(server, 'DELETE', `${RULES}/${rule.uid}`, { as: other })).status).toBe(404);
    // The folder of org 1 does not exist in the other org.
    const elsewhere = await call(server, 'POST', RULES, { as: other, body: provisionedRule() });
    expect(elsewhere.status).toBe(400);
    expect((await call(server, 'GET', `${RULES}/${rule.uid}`, { as: ADMIN })).status).toBe(200);
  });

  it('a folder holding rules (its own or a subfolder’s) is deleted only with forceDeleteRules, rules included', async () => {
    const server = await startTestServer();
    await seedFolderAndDataSource(server, [
      { uid: 'rules-folder', title: 'Rules' },
      { uid: 'child', title: 'Child', parentUid: 'rules-folder' },
    ]);
    const rule = await createRule(server, { folderUID: 'child' });
    const refused = await call(server, 'DELETE', '/api/folders/rules-folder', { as: ADMIN });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('folder cannot be deleted: folder contains alert rules');
    expect((await call(server, 'GET', '/api/folders/child', { as: ADMIN })).status).toBe(200);
    expect((await call(server, 'GET', `${RULES}/${rule.uid}`, { as: ADMIN })).status).toBe(200);

    const forced = await call(server, 'DELETE', '/api/folders/rules-folder?forceDeleteRules=true', {
      as: ADMIN,
    });
    expect(forced.status).toBe(200);
    expect((await call(server, 'GET', `${RULES}/${rule.uid}`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/folders/child', { as: ADMIN })).status).toBe(404);
  });
});
