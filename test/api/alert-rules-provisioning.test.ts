import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createRule, provisionedRule, RULES, seedFolderAndDataSource } from '../helpers/alert-rules.js';

describe('alert rules: provisioning API', () => {
  it('creates, reads, updates and deletes a rule', async () => {
    const server = await startTestServer();
    await seedFolderAndDataSource(server);

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
      datasourceUid: 'rules-testdata',
      relativeTimeRange: { from: 600, to: 0 },
    });

    const got = await call(server, 'GET', `${RULES}/${created.uid}`, { as: ADMIN });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
    const list = await call(server, 'GET', RULES, { as: ADMIN });
    expect(list.body).toEqual([created]);

    const updated = await call(server, 'PUT', `${RULES}/${created.uid}`, {
      as: ADMIN,
      body: provisionedRule({ uid: 'ignored', title: 'Renamed', for: '1h30m', isPaused: true }),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ uid: created.uid, title: 'Renamed', for: '1h30m', isPaused: true });

    const deleted = await call(server, 'DELETE', `${RULES}/${created.uid}`, { as: ADMIN });
    expect(deleted.status).toBe(204);
    const gone = await call(server, 'GET', `${RULES}/${created.uid}`, { as: ADMIN });
    expect(gone.status).toBe(404);
    expect(gone.body).toBeUndefined();
    expect((await call(server, 'DELETE', `${RULES}/${created.uid}`, { as: ADMIN })).status).toBe(404);
    expect(
      (await call(server, 'PUT', `${RULES}/${created.uid}`, { as: ADMIN, body: provisionedRule() })).status,
    ).toBe(404);
  });
});
