import { describe, expect, it } from 'vitest';
import { createAlertRulesStore } from '../../src/features/alert-rules/alert-rules.store.js';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createOrg, inOrg } from '../helpers/factories.js';
import {
  createRule,
  provisionedRule,
  RULES,
  rulerRule,
  seedFolderAndDataSource,
} from '../helpers/alert-rules.js';

// What AlertRulesLookup serves the scheduler (allRules, rulesOf, byUid, changeStamp) comes straight
// from the store: read it on the server's own database after writes through the APIs.
describe('alert rules: what the rule engine reads', () => {
  it('orders every org by folder, group and index, and the change stamp moves on every write only', async () => {
    const server = await startTestServer();
    const store = createAlertRulesStore(server.database.db);
    await seedFolderAndDataSource(server, [
      { uid: 'b-folder', title: 'B' },
      { uid: 'a-folder', title: 'A' },
    ]);
    const empty = await store.changeStamp();

    await call(server, 'POST', '/api/ruler/grafana/api/v1/rules/b-folder', {
      as: ADMIN,
      body: {
        name: 'z',
        rules: [rulerRule({ uid: 'z1', title: 'Z1' }), rulerRule({ uid: 'z2', title: 'Z2' })],
      },
    });
    await createRule(server, { uid: 'a1', folderUID: 'a-folder', ruleGroup: 'y', title: 'A1' });
    const orgId = await createOrg(server);
    const other = inOrg(ADMIN, orgId);
    await call(server, 'POST', '/api/folders', {
      as: other,
      body: { uid: 'a-folder', title: 'A elsewhere' },
    });
    const otherRule = await call(server, 'POST', RULES, {
      as: other,
      body: provisionedRule({ uid: 'o1', folderUID: 'a-folder', data: provisionedRule().data, title: 'O1' }),
    });
    // The other org has no such data source: a rule there needs one of its own.
    expect(otherRule.status).toBe(400);
    await call(server, 'POST', RULES, {
      as: other,
      body: provisionedRule({
        uid: 'o1',
        folderUID: 'a-folder',
        title: 'O1',
        condition: 'B',
        data: [{ refId: 'B', datasourceUid: '__expr__', model: { type: 'math', expression: '1 > 0' } }],
      }),
    });

    const all = await store.all();
    expect(all.map((r) => [r.orgId, r.folderUid, r.ruleGroup, r.ruleGroupIndex, r.uid])).toEqual([
      [1, 'a-folder', 'y', 1, 'a1'],
      [1, 'b-folder', 'z', 1, 'z1'],
      [1, 'b-folder', 'z', 2, 'z2'],
      [orgId, 'a-folder', 'group-a', 1, 'o1'],
    ]);
    expect((await store.ofOrg(orgId)).map((r) => r.uid)).toEqual(['o1']);
    expect(await store.byUid(orgId, 'a1')).toBeUndefined();
    expect(await store.byUid(1, 'z2')).toMatchObject({
      title: 'Z2',
      intervalSeconds: 60,
      forSeconds: 60,
      labels: { team: 'ops' },
    });

    const before = await store.changeStamp();
    expect(before).not.toBe(empty);
    // The same group again: no change, the same stamp.
    await call(server, 'POST', '/api/ruler/grafana/api/v1/rules/b-folder', {
      as: ADMIN,
      body: {
        name: 'z',
        rules: [rulerRule({ uid: 'z1', title: 'Z1' }), rulerRule({ uid: 'z2', title: 'Z2' })],
      },
    });
    expect(await store.changeStamp()).toBe(before);
    await call(server, 'PUT', `${RULES}/a1`, {
      as: ADMIN,
      body: provisionedRule({ folderUID: 'a-folder', ruleGroup: 'y', title: 'A1', isPaused: true }),
    });
    const afterUpdate = await store.changeStamp();
    expect(afterUpdate).not.toBe(before);
    expect((await call(server, 'DELETE', `${RULES}/a1`, { as: ADMIN })).status).toBe(204);
    expect(await store.changeStamp()).not.toBe(afterUpdate);
  });
});
