import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createTestDatabase } from '../helpers/databases.js';
import {
  createRule,
  ruleData,
  RULES,
  rulerRule,
  seedContactPoint,
  seedFolderAndDataSource,
} from '../helpers/alert-rules.js';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function provisioningDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-alert-rules-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'alerting'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'alerting', name), text);
  return dir;
}

const fileRule = (uid: string, title: string, extra: Record<string, unknown> = {}) => ({
  uid,
  title,
  condition: 'C',
  data: ruleData(),
  noDataState: 'OK',
  execErrState: 'Alerting',
  for: '2m',
  ...extra,
});

describe('alert rules: file provisioning', () => {
  it('applies groups and deleteRules at start with provenance file, idempotently', async () => {
    const database = await createTestDatabase();
    const seeder = await startTestServer({ database });
    await seedContactPoint(seeder, 'ops');
    await seedFolderAndDataSource(seeder);
    const doomed = await call(seeder, 'POST', RULES, {
      as: ADMIN,
      headers: { 'X-Disable-Provenance': 'true' },
      body: { ...fileRule('doomed', 'Doomed'), folderUID: 'rules-folder', ruleGroup: 'old' },
    });
    expect(doomed.status, JSON.stringify(doomed.body)).toBe(201);
    // A rule of the file's group that the file does not name stays.
    await createRule(seeder, { uid: 'kept', title: 'Kept', ruleGroup: 'file-group' });

    const dir = provisioningDir({
      'rules.yaml': stringify({
        apiVersion: 1,
        groups: [
          {
            orgId: 1,
            name: 'file-group',
            folder: 'Rules',
            interval: '30s',
            rules: [
              fileRule('file-1', 'From file', {
                keepFiringFor: '1m',
                labels: { team: '$RULES_TEAM', price: '$$5' },
                annotations: { summary: 'from a file' },
                notification_settings: { receiver: 'ops' },
              }),
              fileRule('file-2', 'Second from file', { isPaused: true }),
            ],
          },
          { orgId: 1, name: 'by-uid', folder: 'rules-folder', rules: [fileRule('file-3', 'By folder uid')] },
          { orgId: 1, name: 'lost', folder: 'No such folder', rules: [fileRule('lost-1', 'Lost')] },
          {
            orgId: 1,
            name: 'invalid',
            folder: 'Rules',
            rules: [fileRule('bad-1', 'Bad', { noDataState: 'Maybe' })],
          },
        ],
        deleteRules: [{ orgId: 1, uid: 'doomed' }],
      }),
      'broken.yaml': 'groups: [ {name: x\n',
    });
    const env = { RULES_TEAM: 'platform' };
    const server = await startTestServer({ database, overrides: { paths: { provisioning: dir } }, env });

    const one = await call(server, 'GET', `${RULES}/file-1`, { as: ADMIN });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      uid: 'file-1',
      title: 'From file',
      folderUID: 'rules-folder',
      ruleGroup: 'file-group',
      provenance: 'file',
      noDataState: 'OK',
      execErrState: 'Alerting',
      for: '2m',
      keep_firing_for: '1m',
      labels: { team: 'platform', price: '$5' },
      annotations: { summary: 'from a file' },
      notification_settings: { receiver: 'ops' },
    });
    const group = await call(
      server,
      'GET',
      '/api/v1/provisioning/folder/rules-folder/rule-groups/file-group',
      {
        as: ADMIN,
      },
    );
    expect(group.body.interval).toBe(30);
    expect(group.body.rules.map((r: { uid: string }) => r.uid)).toEqual(['file-1', 'file-2', 'kept']);
    expect((await call(server, 'GET', `${RULES}/file-3`, { as: ADMIN })).body.provenance).toBe('file');
    expect((await call(server, 'GET', `${RULES}/doomed`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', `${RULES}/lost-1`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', `${RULES}/bad-1`, { as: ADMIN })).status).toBe(404);

    // File rules are not the API's to change.
    const put = await call(server, 'PUT', `${RULES}/file-1`, {
      as: ADMIN,
      body: { ...fileRule('file-1', 'Changed'), folderUID: 'rules-folder', ruleGroup: 'file-group' },
    });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe("cannot change provenance from 'file' to 'api'");
    const ruler = await call(server, 'POST', '/api/ruler/grafana/api/v1/rules/rules-folder', {
      as: ADMIN,
      body: { name: 'by-uid', rules: [rulerRule({ uid: 'file-3', title: 'Changed' })] },
    });
    expect(ruler.status).toBe(400);
    expect(ruler.body.message).toContain("alert rule with uid 'file-3' has provenance 'file'");
    expect((await call(server, 'DELETE', `${RULES}/file-3`, { as: ADMIN })).status).toBe(400);

    // Applying the same files again changes nothing (no new versions).
    const again = await startTestServer({ database, overrides: { paths: { provisioning: dir } }, env });
    const versions = await call(again, 'GET', '/api/ruler/grafana/api/v1/rule/file-1/versions', {
      as: ADMIN,
    });
    expect(versions.body).toHaveLength(1);
  });

  it('an export applied as a file recreates the rules as they were', async () => {
    const database = await createTestDatabase();
    const seeder = await startTestServer({ database });
    await seedFolderAndDataSource(seeder);
    const original = await createRule(seeder, {
      uid: 'round-trip',
      title: 'Costs $5',
      labels: { price: '$5' },
      keep_firing_for: '3m',
      missingSeriesEvalsToResolve: 3,
    });
    const exported = await call(seeder, 'GET', `${RULES}/round-trip/export`, { as: ADMIN });
    expect(exported.status).toBe(200);
    expect((await call(seeder, 'DELETE', `${RULES}/round-trip`, { as: ADMIN })).status).toBe(204);

    const dir = provisioningDir({ 'export.yaml': exported.body as string });
    const server = await startTestServer({ database, overrides: { paths: { provisioning: dir } } });
    const restored = await call(server, 'GET', `${RULES}/round-trip`, { as: ADMIN });
    expect(restored.status).toBe(200);
    // The same rule but for its row id, update time and provenance.
    const comparable = (rule: Record<string, unknown>) => ({ ...rule, id: 0, updated: '', provenance: '' });
    expect(restored.body.provenance).toBe('file');
    expect(comparable(restored.body)).toEqual(comparable(original));
  });
});
