import { expect } from 'vitest';
import type { TestServer } from './app.js';
import { ADMIN, call, type Caller } from './client.js';

export const RULES = '/api/v1/provisioning/alert-rules';
export const DS_UID = 'rules-testdata';

/** A testdata data source and a folder (`uid`, `title`), created as the admin (or `as`). */
export async function seedFolderAndDataSource(
  server: TestServer,
  folders: { uid: string; title: string; parentUid?: string }[] = [{ uid: 'rules-folder', title: 'Rules' }],
  as: Caller = ADMIN,
): Promise<void> {
  const ds = await call(server, 'POST', '/api/datasources', {
    as,
    body: { uid: DS_UID, name: `TestData ${DS_UID}`, type: 'testdata', url: '', access: 'proxy' },
  });
  expect(ds.status, JSON.stringify(ds.body)).toBe(200);
  for (const folder of folders) {
    const created = await call(server, 'POST', '/api/folders', { as, body: folder });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }
}

/** A contact point (one webhook integration) that rules' notification settings may name. */
export async function seedContactPoint(server: TestServer, name: string): Promise<void> {
  const created = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
    as: ADMIN,
    body: { name, type: 'webhook', settings: { url: 'http://127.0.0.1:9/hook' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
}

/** Queries of a simple rule: A (testdata) reduced by B, C > 0 as the condition. */
export function ruleData(datasourceUid = DS_UID) {
  return [
    {
      refId: 'A',
      relativeTimeRange: { from: 600, to: 0 },
      datasourceUid,
      model: { refId: 'A', scenarioId: 'random_walk' },
    },
    {
      refId: 'B',
      relativeTimeRange: { from: 0, to: 0 },
      datasourceUid: '__expr__',
      model: { refId: 'B', type: 'reduce', expression: 'A', reducer: 'last' },
    },
    {
      refId: 'C',
      relativeTimeRange: { from: 0, to: 0 },
      datasourceUid: '__expr__',
      model: {
        refId: 'C',
        type: 'threshold',
        expression: 'B',
        conditions: [{ evaluator: { type: 'gt', params: [0] } }],
      },
    },
  ];
}

/** A valid `ProvisionedAlertRule` body. */
export function provisionedRule(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'High value',
    folderUID: 'rules-folder',
    ruleGroup: 'group-a',
    condition: 'C',
    data: ruleData(),
    noDataState: 'NoData',
    execErrState: 'Error',
    for: '5m',
    labels: { severity: 'critical' },
    annotations: { summary: 'value is high' },
    ...overrides,
  };
}

/** A rule of a ruler `PostableRuleGroupConfig`. */
export function rulerRule(
  alert: Record<string, unknown> = {},
  node: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    for: '1m',
    labels: { team: 'ops' },
    annotations: { summary: 'ruler rule' },
    ...node,
    grafana_alert: {
      title: 'Ruler rule',
      condition: 'C',
      data: ruleData(),
      no_data_state: 'NoData',
      exec_err_state: 'Error',
      ...alert,
    },
  };
}

/** Creates a rule through the provisioning API and returns its body. */
export async function createRule(
  server: TestServer,
  overrides: Record<string, unknown> = {},
  as: Caller = ADMIN,
): Promise<Record<string, any>> {
  const created = await call(server, 'POST', RULES, { as, body: provisionedRule(overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}
