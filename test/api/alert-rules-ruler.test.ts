import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';
import { createRule, RULES, rulerRule, seedFolderAndDataSource } from '../helpers/alert-rules.js';

const RULER = '/api/ruler/grafana/api/v1';

async function serverWithFolders() {
  const server = await startTestServer();
  await seedFolderAndDataSource(server, [
    { uid: 'parent', title: 'Parent' },
    { uid: 'child', title: 'Child/Ops', parentUid: 'parent' },
    { uid: 'other', title: 'Other' },
  ]);
  return server;
}

describe('alert rules: ruler API', () => {
  it('posts a whole group, reads it back by namespace, group and rule, and reports no changes', async () => {
    const server = await serverWithFolders();
    const posted = await call(server, 'POST', `${RULER}/rules/child`, {
      as: ADMIN,
      body: {
        name: 'cpu',
        interval: '30s',
        rules: [rulerRule({ uid: 'r1', title: 'CPU high' }), rulerRule({ title: 'CPU low' })],
      },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    expect(posted.body.message).toBe('rule group updated successfully');
    expect(posted.body.created).toHaveLength(2);
    expect(posted.body.created[0]).toBe('r1');
    expect(posted.body.updated).toEqual([]);
    expect(posted.body.deleted).toEqual([]);

    const all = await call(server, 'GET', `${RULER}/rules`, { as: ADMIN });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(['Parent/Child\\/Ops']);
    const [group] = all.body['Parent/Child\\/Ops'];
    expect(group.name).toBe('cpu');
    expect(group.interval).toBe('30s');
    expect(group.rules[0]).toMatchObject({
      for: '1m',
      keep_firing_for: '0s',
      labels: { team: 'ops' },
      annotations: { summary: 'ruler rule' },
      grafana_alert: {
        uid: 'r1',
        title: 'CPU high',
        orgId: 1,
        condition: 'C',
        namespace_uid: 'child',
        rule_group: 'cpu',
        intervalSeconds: 30,
        version: 1,
        no_data_state: 'NoData',
        exec_err_state: 'Error',
        is_paused: false,
        provenance: '',
        updated_by: { uid: '1' },
      },
    });

    const namespace = await call(server, 'GET', `${RULER}/rules/child`, { as: ADMIN });
    expect(namespace.body).toEqual(all.body);
    const viaSvc = await call(server, 'GET', '/api/ruler/svc/api/v1/rules/child', { as: ADMIN });
    expect(viaSvc.body).toEqual(all.body);
    expect((await call(server, 'GET', `${RULER}/rules/parent`, { as: ADMIN })).body).toEqual({});

    const one = await call(server, 'GET', `${RULER}/rules/child/cpu`, { as: ADMIN });
    expect(one.status).toBe(202);
    expect(one.body).toEqual(group);
    const none = await call(server, 'GET', `${RULER}/rules/child/nope`, { as: ADMIN });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('rule group does not exist');

    const rule = await call(server, 'GET', `${RULER}/rule/r1`, { as: ADMIN });
    expect(rule.status).toBe(200);
    expect(rule.body).toEqual(group.rules[0]);
    expect((await call(server, 'GET', `${RULER}/rule/nope`, { as: ADMIN })).status).toBe(404);

    // The same group again (as the UI sends it, uids included): nothing to do.
    const same = await call(server, 'POST', `${RULER}/rules/child`, {
      as: ADMIN,
      body: {
        name: 'cpu',
        interval: '30s',
        rules: [
          rulerRule({ uid: 'r1', title: 'CPU high' }),
          rulerRule({ uid: posted.body.created[1], title: 'CPU low' }),
        ],
      },
    });
    expect(same.status).toBe(202);
    expect(same.body).toEqual({
      message: 'no changes detected in the rule group',
      created: [],
      updated: [],
      deleted: [],
    });
    expect((await call(server, 'GET', `${RULER}/rule/r1`, { as: ADMIN })).body.grafana_alert.version).toBe(1);
  });

  it('replaces the group: updates, deletes, bumps every version and keeps the history', async () => {
    const server = await serverWithFolders();
    const first = await call(server, 'POST', `${RULER}/rules/other`, {
      as: ADMIN,
      body: {
        name: 'g',
        rules: [
          rulerRule({ uid: 'a', title: 'A' }),
          rulerRule({ uid: 'b', title: 'B' }),
          rulerRule({ uid: 'c', title: 'C' }),
        ],
      },
    });
    expect(first.status).toBe(202);
    // A new group without an interval gets Grafana's default of 60 s.
    expect((await call(server, 'GET', `${RULER}/rules/other/g`, { as: ADMIN })).body.interval).toBe('1m');

    const second = await call(server, 'POST', `${RULER}/rules/other`, {
      as: ADMIN,
      body: {
        name: 'g',
        interval: '1m',
        rules: [
          rulerRule({ uid: 'a', title: 'A' }),
          rulerRule({ uid: 'b', title: 'B (renamed)', is_paused: true }),
        ],
      },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(202);
    expect(second.body).toEqual({
      message: 'rule group updated successfully',
      created: [],
      updated: ['b'],
      deleted: ['c'],
    });

    const versions = await call(server, 'GET', `${RULER}/rule/a/versions`, { as: ADMIN });
    expect(versions.status).toBe(200);
    // Rule a did not change, but a change to its group bumped it.
    expect(versions.body.map((v: { grafana_alert: { version: number } }) => v.grafana_alert.version)).toEqual(
      [2, 1],
    );
    const bVersions = await call(server, 'GET', `${RULER}/rule/b/versions`, { as: ADMIN });
    expect(bVersions.body[0].grafana_alert).toMatchObject({
      version: 2,
      title: 'B (renamed)',
      is_paused: true,
    });
    expect(bVersions.body[1].grafana_alert).toMatchObject({ version: 1, title: 'B', is_paused: false });
    expect((await call(server, 'GET', `${RULER}/rule/c`, { as: ADMIN })).status).toBe(404);

    // Two rules swap titles in one post.
    const swapped = await call(server, 'POST', `${RULER}/rules/other`, {
      as: ADMIN,
      body: {
        name: 'g',
        interval: '1m',
        rules: [
          rulerRule({ uid: 'a', title: 'B (renamed)' }),
          rulerRule({ uid: 'b', title: 'A', is_paused: true }),
        ],
      },
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(202);
    expect(swapped.body.updated).toEqual(['a', 'b']);
    expect((await call(server, 'GET', `${RULER}/rule/a`, { as: ADMIN })).body.grafana_alert.title).toBe(
      'B (renamed)',
    );

    // Rules moved between groups: the source group's rules get a version more too.
    const moved = await call(server, 'POST', `${RULER}/rules/other`, {
      as: ADMIN,
      body: { name: 'h', rules: [rulerRule({ uid: 'b', title: 'A', is_paused: true })] },
    });
    expect(moved.body.updated).toEqual(['b']);
    expect((await call(server, 'GET', `${RULER}/rule/b`, { as: ADMIN })).body.grafana_alert.rule_group).toBe(
      'h',
    );
    expect((await call(server, 'GET', `${RULER}/rule/a`, { as: ADMIN })).body.grafana_alert.version).toBe(4);
  });

  it('validates the group: interval, folder, titles, and Grafana-style rules only', async () => {
    const server = await serverWithFolders();
    const post = (folder: string, body: unknown) =>
      call(server, 'POST', `${RULER}/rules/${folder}`, { as: ADMIN, body });

    const interval = await post('other', { name: 'g', interval: '15s', rules: [rulerRule()] });
    expect(interval.status).toBe(400);
    expect(interval.body.message).toBe(
      'invalid alert rule: interval (15s) should be non-zero and divided exactly by scheduler interval: 10',
    );
    expect((await post('other', { name: 'g', interval: 'often', rules: [rulerRule()] })).status).toBe(400);
    const missing = await post('nope', { name: 'g', rules: [rulerRule()] });
    expect(missing.status).toBe(404);
    const twice = await post('other', {
      name: 'g',
      rules: [rulerRule({ title: 'Same' }), rulerRule({ title: 'Same' })],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('rule title under the same organisation and folder should be unique');
    const prometheusStyle = await post('other', { name: 'g', rules: [{ expr: 'up == 0', alert: 'Down' }] });
    expect(prometheusStyle.status).toBe(400);
    expect(prometheusStyle.body.message).toContain('grafana_alert');
    const badState = await post('other', { name: 'g', rules: [rulerRule({ exec_err_state: 'Nope' })] });
    expect(badState.body.message).toBe('invalid alert rule: unknown Error state option Nope');

    // A title taken by a rule of another group of the folder.
    await createRule(server, { folderUID: 'other', ruleGroup: 'x', title: 'Ruler rule' }, ADMIN);
    const taken = await post('other', { name: 'g', rules: [rulerRule()] });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('rule title under the same organisation and folder should be unique');
  });

  it('filters by dashboard and panel', async () => {
    const server = await serverWithFolders();
    await call(server, 'POST', `${RULER}/rules/other`, {
      as: ADMIN,
      body: {
        name: 'g',
        rules: [
          rulerRule({ title: 'On panel' }, { annotations: { __dashboardUid__: 'dash', __panelId__: '4' } }),
          rulerRule({ title: 'Plain' }),
        ],
      },
    });
    const onDashboard = await call(server, 'GET', `${RULER}/rules?dashboard_uid=dash&panel_id=4`, {
      as: ADMIN,
    });
    expect(
      onDashboard.body.Other[0].rules.map((r: { grafana_alert: { title: string } }) => r.grafana_alert.title),
    ).toEqual(['On panel']);
    expect(
      (await call(server, 'GET', `${RULER}/rules?dashboard_uid=dash&panel_id=5`, { as: ADMIN })).body,
    ).toEqual({});
    const noDashboard = await call(server, 'GET', `${RULER}/rules?panel_id=4`, { as: ADMIN });
    expect(noDashboard.status).toBe(400);
    expect(noDashboard.body.message).toBe('panel_id must be set with dashboard_uid');
  });

  it('deletes a group and a whole folder namespace with 202', async () => {
    const server = await serverWithFolders();
    for (const name of ['g1', 'g2'])
      await call(server, 'POST', `${RULER}/rules/other`, {
        as: ADMIN,
        body: { name, rules: [rulerRule({ title: name })] },
      });
    const group = await call(server, 'DELETE', `${RULER}/rules/other/g1`, { as: ADMIN });
    expect(group.status).toBe(202);
    expect(
      Object.values((await call(server, 'GET', `${RULER}/rules/other`, { as: ADMIN })).body).flat(),
    ).toHaveLength(1);
    expect((await call(server, 'DELETE', `${RULER}/rules/other/g1`, { as: ADMIN })).status).toBe(404);
    const folder = await call(server, 'DELETE', `${RULER}/rules/other`, { as: ADMIN });
    expect(folder.status).toBe(202);
    expect((await call(server, 'GET', `${RULER}/rules`, { as: ADMIN })).body).toEqual({});
    expect((await call(server, 'GET', RULES, { as: ADMIN })).body).toEqual([]);
  });

  it('checks folder permissions: Viewers read, Editors write, and lists only readable folders', async () => {
    const server = await serverWithFolders();
    await call(server, 'POST', `${RULER}/rules/other`, {
      as: ADMIN,
      body: { name: 'g', rules: [rulerRule({ uid: 'o1' })] },
    });
    await call(server, 'POST', `${RULER}/rules/child`, {
      as: ADMIN,
      body: { name: 'g', rules: [rulerRule({ uid: 'c1' })] },
    });

    const viewer = await createUser(server);
    expect(Object.keys((await call(server, 'GET', `${RULER}/rules`, { as: viewer.as })).body).sort()).toEqual(
      ['Other', 'Parent/Child\\/Ops'],
    );
    const denied = await call(server, 'POST', `${RULER}/rules/other`, {
      as: viewer.as,
      body: { name: 'g', rules: [] },
    });
    expect(denied.status).toBe(403);
    expect((await call(server, 'DELETE', `${RULER}/rules/other/g`, { as: viewer.as })).status).toBe(403);

    const editor = await createUser(server, { orgRole: 'Editor' });
    const edited = await call(server, 'POST', `${RULER}/rules/other`, {
      as: editor.as,
      body: { name: 'g', rules: [rulerRule({ uid: 'o1', title: 'Edited' })] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    expect(
      (await call(server, 'GET', `${RULER}/rule/o1`, { as: ADMIN })).body.grafana_alert.updated_by,
    ).toEqual({
      uid: String(editor.id),
      name: '',
    });

    // Read on the parent folder covers its child folder, and nothing else.
    const reader = await createUser(server);
    await call(server, 'PATCH', `/api/org/users/${reader.id}`, { as: ADMIN, body: { role: 'None' } });
    await call(server, 'POST', '/api/access-control/roles', {
      as: ADMIN,
      body: {
        uid: 'parent-reader',
        name: 'custom:parent-reader',
        permissions: [
          { action: 'alert.rules:read', scope: 'folders:uid:parent' },
          { action: 'folders:read', scope: 'folders:uid:parent' },
        ],
      },
    });
    await call(server, 'POST', `/api/access-control/users/${reader.id}/roles`, {
      as: ADMIN,
      body: { roleUid: 'parent-reader' },
    });
    expect(Object.keys((await call(server, 'GET', `${RULER}/rules`, { as: reader.as })).body)).toEqual([
      'Parent/Child\\/Ops',
    ]);
    expect((await call(server, 'GET', `${RULER}/rules/child/g`, { as: reader.as })).status).toBe(202);
    expect((await call(server, 'GET', `${RULER}/rules/other`, { as: reader.as })).status).toBe(403);
    expect((await call(server, 'GET', `${RULER}/rule/o1`, { as: reader.as })).status).toBe(403);
    expect((await call(server, 'GET', `${RULER}/rule/c1/versions`, { as: reader.as })).status).toBe(200);
  });

  it('keeps organizations apart', async () => {
    const server = await serverWithFolders();
    await call(server, 'POST', `${RULER}/rules/other`, {
      as: ADMIN,
      body: { name: 'g', rules: [rulerRule({ uid: 'o1' })] },
    });
    const orgId = await createOrg(server);
    const other = inOrg(ADMIN, orgId);
    expect((await call(server, 'GET', `${RULER}/rules`, { as: other })).body).toEqual({});
    expect((await call(server, 'GET', `${RULER}/rule/o1`, { as: other })).status).toBe(404);
    expect((await call(server, 'GET', `${RULER}/rules/other`, { as: other })).status).toBe(404);
  });
});
