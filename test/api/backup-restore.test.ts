import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, bearer, call, type Caller } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';
import {
  BackupTool,
  httpTransport,
  type Backup,
  type ToolSecrets,
  type Transport,
} from '../compat/backup-tool.js';

/**
 * Compatibility tier (issue #24 item 5): svc driven the way Grafana backup tools drive Grafana. A
 * full backup of instance A through the public API, restored into a fresh instance B, must come
 * back equal through the API, resource by resource.
 *
 * Normalised away, and only these: what the server assigns (numeric ids and the ids that refer to
 * them, created/updated timestamps, version counters, per-instance paths). Not comparable, and
 * said so: secret values (data source secureJsonData, contact point secret settings, user
 * passwords) are never readable, so the restore takes them from the tool's config; what is
 * compared for them is that they are set (secureJsonFields, "[REDACTED]") and, for contact
 * points, the values Grafana's decrypting export returns.
 */

/** The tool's transport over the test client, so that the secrets audit sees every exchange. */
const through =
  (server: TestServer, as: Caller): Transport =>
  async (method, path, body, headers) => {
    const response = await call(server, method, path, { as, body, headers });
    return { status: response.status, body: response.body };
  };

async function ok(server: TestServer, method: string, path: string, body?: unknown, as: Caller = ADMIN) {
  const response = await call(server, method, path, { as, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

const SECRETS = {
  dsPassword: 'ds-basic-auth-password-1',
  dsHeader: 'ds-header-secret-value-2',
  webhookPassword: 'webhook-password-value-3',
  slackUrl: 'https://hooks.slack.example/services/T000/B000/secretpath4',
  pgPassword: 'pg-reader-password-5',
};

const TOOL_SECRETS: ToolSecrets = {
  datasources: {
    'backup-prom': { basicAuthPassword: SECRETS.dsPassword, httpHeaderValue1: SECRETS.dsHeader },
    'backup-pg': { password: SECRETS.pgPassword },
  },
  contactPoints: {
    'cp-ops-webhook': { password: SECRETS.webhookPassword },
    'cp-ops-slack': { url: SECRETS.slackUrl },
  },
};

function dashboardModel(uid: string, title: string, extra: Record<string, unknown> = {}) {
  return {
    uid,
    title,
    tags: ['backup', title.toLowerCase()],
    timezone: 'utc',
    schemaVersion: 39,
    time: { from: 'now-6h', to: 'now' },
    templating: { list: [{ name: 'env', type: 'custom', query: 'prod,dev' }] },
    panels: [{ id: 1, type: 'timeseries', title: 'Requests', gridPos: { x: 0, y: 0, w: 12, h: 8 } }],
    ...extra,
  };
}

/** Instance A: at least one of every resource type a backup tool handles. */
async function seed(server: TestServer): Promise<void> {
  const alice = await createUser(server, { login: 'alice', name: 'Alice', orgRole: 'Editor' });
  const bob = await createUser(server, { login: 'bob', name: 'Bob' });
  const carol = await createUser(server, { login: 'carol', name: 'Carol', orgRole: 'Admin' });
  await ok(server, 'PUT', `/api/admin/users/${carol.id}/permissions`, { isGrafanaAdmin: true });
  const dave = await createUser(server, { login: 'dave', name: 'Dave (left)', orgRole: 'Editor' });
  await ok(server, 'POST', `/api/admin/users/${dave.id}/disable`);

  const ops = (await ok(server, 'POST', '/api/teams', { name: 'Ops', email: 'ops@example.com' })).teamId;
  await ok(server, 'POST', `/api/teams/${ops}/members`, { userId: alice.id });
  await ok(server, 'POST', `/api/teams/${ops}/members`, { userId: bob.id });
  await ok(server, 'POST', `/api/access-control/teams/${ops}/users/${alice.id}`, { permission: 'Admin' });
  const db = (await ok(server, 'POST', '/api/teams', { name: 'DB team' })).teamId;
  await ok(server, 'POST', `/api/teams/${db}/members`, { userId: carol.id });
  await ok(server, 'DELETE', `/api/teams/${db}/members/1`); // its creator, admin, leaves

  await ok(server, 'POST', '/api/folders', { uid: 'bk-parent', title: 'Platform', description: 'top level' });
  await ok(server, 'POST', '/api/folders', { uid: 'bk-child', title: 'Databases', parentUid: 'bk-parent' });
  await ok(server, 'POST', '/api/folders', { uid: 'bk-other', title: 'Other' });
  await ok(server, 'POST', '/api/folders/bk-parent/permissions', {
    items: [
      { role: 'Viewer', permission: 1 },
      { role: 'Editor', permission: 2 },
      { userId: bob.id, permission: 2 },
      { teamId: ops, permission: 4 },
    ],
  });

  await ok(server, 'POST', '/api/datasources', {
    uid: 'backup-prom',
    name: 'Prometheus',
    type: 'prometheus',
    url: 'http://127.0.0.1:9/prom',
    access: 'proxy',
    basicAuth: true,
    basicAuthUser: 'scraper',
    isDefault: true,
    jsonData: { httpMethod: 'POST', timeInterval: '30s', httpHeaderName1: 'X-Tenant' },
    secureJsonData: { basicAuthPassword: SECRETS.dsPassword, httpHeaderValue1: SECRETS.dsHeader },
  });
  await ok(server, 'POST', '/api/datasources', {
    uid: 'backup-pg',
    name: 'Orders DB',
    type: 'grafana-postgresql-datasource',
    url: '127.0.0.1:9',
    access: 'proxy',
    database: 'orders',
    user: 'reader',
    withCredentials: true,
    jsonData: { sslmode: 'disable', postgresVersion: 1500, maxOpenConns: 5 },
    secureJsonData: { password: SECRETS.pgPassword },
  });
  await ok(server, 'POST', '/api/datasources', {
    uid: 'backup-testdata',
    name: 'TestData',
    type: 'testdata',
    url: '',
    access: 'proxy',
  });

  const libraryModel = {
    type: 'stat',
    title: 'Shared errors',
    datasource: { type: 'prometheus', uid: 'backup-prom' },
    targets: [{ refId: 'A', expr: 'sum(rate(errors[5m]))' }],
  };
  await ok(server, 'POST', '/api/library-elements', {
    uid: 'bk-libpanel',
    name: 'Shared errors',
    kind: 1,
    folderUid: 'bk-child',
    model: libraryModel,
  });

  // a dashboard with three versions and a library panel reference, in the nested folder
  const main = dashboardModel('bk-main', 'Main');
  await ok(server, 'POST', '/api/dashboards/db', { dashboard: main, folderUid: 'bk-child', message: 'v1' });
  await ok(server, 'POST', '/api/dashboards/db', {
    dashboard: { ...main, description: 'second', version: 1 },
    folderUid: 'bk-child',
    message: 'v2',
  });
  await ok(server, 'POST', '/api/dashboards/db', {
    dashboard: {
      ...main,
      description: 'latest',
      version: 2,
      panels: [
        ...main.panels,
        {
          id: 2,
          gridPos: { x: 12, y: 0, w: 12, h: 8 },
          libraryPanel: { uid: 'bk-libpanel', name: 'Shared errors' },
        },
      ],
    },
    folderUid: 'bk-child',
    message: 'v3: library panel',
  });
  await ok(server, 'POST', '/api/dashboards/db', {
    dashboard: dashboardModel('bk-second', 'Second'),
    folderUid: 'bk-child',
  });
  await ok(server, 'POST', '/api/dashboards/db', {
    dashboard: dashboardModel('bk-top', 'Top'),
    folderUid: 'bk-parent',
  });
  await ok(server, 'POST', '/api/dashboards/db', { dashboard: dashboardModel('bk-general', 'General one') });
  await ok(server, 'POST', '/api/dashboards/uid/bk-main/permissions', {
    items: [
      { role: 'Viewer', permission: 1 },
      { userId: alice.id, permission: 4 },
      { teamId: db, permission: 1 },
    ],
  });

  await ok(server, 'POST', '/api/snapshots', {
    name: 'Incident 7',
    key: 'bk-snapshot-key',
    dashboard: {
      ...dashboardModel('', 'Frozen'),
      panels: [{ id: 1, type: 'stat', snapshotData: [{ v: 1 }] }],
    },
  });

  await ok(server, 'POST', '/api/annotations', {
    time: 1_700_000_000_000,
    timeEnd: 1_700_000_600_000,
    text: 'maintenance window',
    tags: ['maintenance', 'db'],
  });
  await ok(server, 'POST', '/api/annotations', {
    dashboardUID: 'bk-main',
    panelId: 1,
    time: 1_700_000_100_000,
    text: 'deploy 1.2.3',
    tags: ['deploy'],
    data: { sha: 'abc123' },
  });

  await ok(server, 'PUT', '/api/v1/provisioning/templates/bk.tmpl', {
    template: '{{ define "bk.title" }}[{{ .Status }}] {{ .CommonLabels.alertname }}{{ end }}',
  });
  await ok(server, 'POST', '/api/v1/provisioning/mute-timings', {
    name: 'weekends',
    time_intervals: [
      { weekdays: ['saturday', 'sunday'], location: 'Europe/Berlin' },
      {
        times: [{ start_time: '22:00', end_time: '23:59' }],
        days_of_month: ['1', '-1'],
        months: ['january:march', 'december'],
        years: ['2030:2031'],
      },
    ],
  });
  await ok(server, 'POST', '/api/v1/provisioning/mute-timings', {
    name: 'office-hours',
    time_intervals: [{ times: [{ start_time: '09:00', end_time: '17:00' }], weekdays: ['monday:friday'] }],
  });
  await ok(server, 'PUT', '/api/v1/provisioning/templates/second.tmpl', {
    template: '{{ define "second.body" }}{{ range .Alerts }}{{ .Labels.instance }} {{ end }}{{ end }}',
  });
  // a contact point of two integrations, made in the UI (the receivers API: no provenance)
  await ok(server, 'POST', '/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/default/receivers', {
    apiVersion: 'notifications.alerting.grafana.app/v0alpha1',
    kind: 'Receiver',
    metadata: {},
    spec: {
      title: 'ops',
      integrations: [
        {
          uid: 'cp-ops-webhook',
          type: 'webhook',
          disableResolveMessage: true,
          settings: {
            url: 'http://127.0.0.1:9/hook',
            httpMethod: 'PUT',
            username: 'hook',
            password: SECRETS.webhookPassword,
          },
        },
        {
          uid: 'cp-ops-slack',
          type: 'slack',
          settings: { url: SECRETS.slackUrl, recipient: '#ops', title: '{{ template "bk.title" . }}' },
        },
      ],
    },
  });
  await ok(server, 'POST', '/api/v1/provisioning/contact-points', {
    uid: 'cp-dba-email',
    name: 'dba',
    type: 'email',
    settings: { addresses: 'dba@example.com;oncall@example.com', singleEmail: true },
  });
  await ok(server, 'PUT', '/api/v1/provisioning/policies', {
    receiver: 'ops',
    group_by: ['grafana_folder', 'alertname'],
    group_wait: '30s',
    routes: [
      {
        receiver: 'dba',
        object_matchers: [['team', '=', 'db']],
        mute_time_intervals: ['weekends'],
        group_interval: '10m',
        repeat_interval: '8h',
        routes: [
          {
            receiver: 'ops',
            object_matchers: [['severity', '=~', 'crit.*']],
            continue: true,
            active_time_intervals: ['office-hours'],
          },
        ],
      },
    ],
  });

  const data = [
    {
      refId: 'A',
      relativeTimeRange: { from: 600, to: 0 },
      datasourceUid: 'backup-testdata',
      model: { refId: 'A', scenarioId: 'random_walk' },
    },
    {
      refId: 'B',
      relativeTimeRange: { from: 0, to: 0 },
      datasourceUid: '__expr__',
      model: {
        refId: 'B',
        type: 'threshold',
        expression: 'A',
        conditions: [{ evaluator: { type: 'gt', params: [0] } }],
      },
    },
  ];
  for (const [uid, title] of [
    ['bk-rule-1', 'Disk full'],
    ['bk-rule-2', 'Replica lag'],
  ]) {
    await ok(server, 'POST', '/api/v1/provisioning/alert-rules', {
      uid,
      title,
      folderUID: 'bk-child',
      ruleGroup: 'db-checks',
      condition: 'B',
      data,
      noDataState: 'OK',
      execErrState: 'Alerting',
      for: '2m',
      labels: { team: 'db' },
      annotations: { summary: `${title} on {{ $labels.instance }}` },
      notification_settings: uid === 'bk-rule-2' ? { receiver: 'dba', group_by: ['alertname'] } : undefined,
      isPaused: uid === 'bk-rule-2',
      keep_firing_for: uid === 'bk-rule-1' ? '1m' : undefined,
    });
  }
  const group = await ok(server, 'GET', '/api/v1/provisioning/folder/bk-child/rule-groups/db-checks');
  await ok(server, 'PUT', '/api/v1/provisioning/folder/bk-child/rule-groups/db-checks', {
    ...group,
    interval: 120,
  });
}

// ------------------------------------------------------------------ comparison

/**
 * A copy of `value` (an object, or each object of an array) without its own keys named in `drop`;
 * nested values stay as they are (a dashboard's panel ids are content, not server-assigned).
 */
function strip(value: unknown, drop: Set<string>): any {
  if (Array.isArray(value)) return value.map((v) => strip(v, drop));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !drop.has(key)));
  }
  return value;
}

const keys = (...names: string[]) => new Set(names);
/** server-assigned everywhere: row ids, the ids that point at rows, timestamps, version counters */
const ASSIGNED = keys('id', 'created', 'updated', 'createdAt', 'updatedAt', 'version');
const byKey = (key: string) => (a: any, b: any) => String(a[key]).localeCompare(String(b[key]));

/** What the API returns of every resource, with only the server-assigned fields removed. */
async function readAll(server: TestServer): Promise<Record<string, unknown>> {
  const backup: Backup = await new BackupTool(through(server, ADMIN)).backup();
  const permissionKeys = keys(
    ...ASSIGNED,
    'userId',
    'teamId',
    'dashboardId',
    'folderId',
    'teamUid',
    'userUid',
  );
  const folderUidById = new Map<number, string>();
  for (const { folder } of backup.folders) folderUidById.set(folder.id, folder.uid);

  const extra = {
    search: strip(await ok(server, 'GET', '/api/search?limit=5000'), keys('id', 'folderId', 'sortMeta')),
    topFolders: strip(await ok(server, 'GET', '/api/folders'), ASSIGNED),
    childFolders: strip(await ok(server, 'GET', '/api/folders?parentUid=bk-parent'), ASSIGNED),
    orgUsers: strip(
      await ok(server, 'GET', '/api/org/users'),
      keys('userId', 'lastSeenAt', 'lastSeenAtAge', 'uid'),
    ),
    userSearch: strip(
      (await ok(server, 'GET', '/api/users/search?perpage=1000')).users,
      keys('id', 'uid', 'lastSeenAt', 'lastSeenAtAge'),
    ),
    tags: await ok(server, 'GET', '/api/dashboards/tags'),
    annotationTags: await ok(server, 'GET', '/api/annotations/tags'),
    // the latest version (what tools back up) as the versions API serves it
    latestVersions: await Promise.all(
      backup.dashboards.map(async ({ dashboard }: any) => {
        const [latest] = (await ok(server, 'GET', `/api/dashboards/uid/${dashboard.uid}/versions?limit=1`))
          .versions;
        const version = await ok(
          server,
          'GET',
          `/api/dashboards/uid/${dashboard.uid}/versions/${latest.version}`,
        );
        return { createdBy: version.createdBy, data: strip(version.data, keys('id', 'version')) };
      }),
    ),
    libraryConnections: await Promise.all(
      backup.libraryElements.map(async (e: any) => {
        const connections = await ok(server, 'GET', `/api/library-elements/${e.uid}/connections`);
        return strip(connections.result, keys(...ASSIGNED, 'connectionId', 'elementId', 'connectionUid'));
      }),
    ),
    // Grafana's own way to read contact point secrets back
    contactPointExport: (
      await ok(server, 'GET', '/api/v1/provisioning/contact-points/export?decrypt=true&format=json')
    ).contactPoints.map((point: any) =>
      point.name === 'svc-default-email'
        ? { ...point, receivers: strip(point.receivers, keys('uid')) }
        : point,
    ),
  };

  return {
    version: backup.health.version,
    folders: backup.folders.map(({ folder, permissions }) => ({
      folder: { ...strip(folder, ASSIGNED), parents: strip(folder.parents, ASSIGNED) },
      permissions: strip(permissions, permissionKeys),
    })),
    dashboards: backup.dashboards.map(({ meta, dashboard, permissions }) => ({
      meta: strip(meta, keys(...ASSIGNED, 'folderId', 'folderUrl')),
      dashboard: strip(dashboard, keys('id', 'version')),
      permissions: strip(permissions, permissionKeys),
    })),
    libraryElements: backup.libraryElements.map((e: any) => ({
      ...(strip(e, keys(...ASSIGNED, 'folderId', 'connectedDashboards')) as object),
      meta: {
        ...strip(e.meta, keys(...ASSIGNED, 'folderId')),
        createdBy: strip(e.meta.createdBy, keys('id')),
        updatedBy: strip(e.meta.updatedBy, keys('id')),
      },
    })),
    datasources: strip(backup.datasources, keys('id', 'version')),
    // expiry: a time the server computes from its clock at creation (see expectSame)
    snapshots: backup.snapshots.map(({ listed, full }) => ({
      listed: strip(listed, keys(...ASSIGNED, 'expires')),
      full: { ...full, meta: strip(full.meta, keys(...ASSIGNED, 'expires')) },
    })),
    snapshotExpiry: backup.snapshots.map(({ listed }) => Date.parse(listed.expires)),
    annotations: strip(backup.annotations, keys(...ASSIGNED, 'dashboardId', 'userId')),
    users: backup.users,
    teams: backup.teams
      .map(({ team, members }) => ({
        team: strip(team, keys(...ASSIGNED, 'uid')),
        members: strip(members, keys('teamId', 'userId', 'teamUID', 'userUID', 'uid')),
      }))
      .sort((a: any, b: any) => a.team.name.localeCompare(b.team.name)),
    // the default contact point's integration uid is assigned when the instance starts
    contactPoints: backup.contactPoints
      .map((point: any) => (point.name === 'svc-default-email' ? strip(point, keys('uid')) : point))
      .sort(byKey('uid')),
    templates: backup.templates,
    policies: backup.policies,
    muteTimings: backup.muteTimings,
    alertRules: strip(backup.alertRules, ASSIGNED),
    ruleGroups: backup.ruleGroups.map((group: any) => ({ ...group, rules: strip(group.rules, ASSIGNED) })),
    ...extra,
  };
}

async function expectSame(
  a: TestServer,
  b: TestServer,
  options: { serverAdmins?: boolean } = {},
): Promise<void> {
  const [left, right] = [await readAll(a), await readAll(b)];
  if (options.serverAdmins === false) {
    // Not an org resource: an org's service account cannot read who is a server admin (Grafana:
    // /api/users needs users:read on global.users:*), so its backup cannot carry the flag.
    for (const side of [left, right]) {
      side.users = strip(side.users, keys('isGrafanaAdmin'));
      side.userSearch = strip(side.userSearch, keys('isAdmin'));
    }
  }
  for (const resource of Object.keys(left)) {
    if (resource === 'snapshotExpiry') continue;
    expect(right[resource], `${resource} after restore`).toEqual(left[resource]);
  }
  // the same expiry, up to the time between the two creations
  const [expiresA, expiresB] = [left.snapshotExpiry as number[], right.snapshotExpiry as number[]];
  expect(expiresB).toHaveLength(expiresA.length);
  expiresA.forEach((expires, i) => expect(Math.abs(expires - expiresB[i]!)).toBeLessThan(120_000));
}

async function serviceAccountToken(server: TestServer): Promise<Caller> {
  const account = await ok(server, 'POST', '/api/serviceaccounts', { name: 'backup', role: 'Admin' });
  const token = await ok(server, 'POST', `/api/serviceaccounts/${account.id}/tokens`, {
    name: 'backup-tool',
  });
  return bearer(token.key);
}

/** Two servers, ~150 requests to seed, back up, restore and read both: MariaDB on a shared CI core is slow. */
const SLOW = 180_000;

describe('backup tools: back up one svc through the API, restore into another, compare', () => {
  it(
    'round-trips every resource type with a Basic-auth backup',
    async () => {
      const a = await startTestServer();
      await seed(a);
      const backup = await new BackupTool(through(a, ADMIN)).backup();
      // a tool keeps its backup as JSON files
      const stored = JSON.parse(JSON.stringify(backup)) as Backup;

      const b = await startTestServer();
      const restorer = new BackupTool(through(b, ADMIN), TOOL_SECRETS);
      await restorer.restore(stored);
      // KNOWN GAP: svc's POST /api/v1/provisioning/contact-points refuses a name in use (409), where
      // Grafana adds the integration to that contact point; the tool adds the second integration
      // of 'ops' through the receivers API instead (see restoreAlerting).
      expect([...restorer.workarounds]).toEqual([
        "contact point 'ops': integrations added through the receivers API",
      ]);
      await expectSame(a, b);
    },
    SLOW,
  );

  it(
    'round-trips every resource type with a service-account token backup (Admin role)',
    async () => {
      const a = await startTestServer();
      await seed(a);
      const token = await serviceAccountToken(a);
      const backup = await new BackupTool(through(a, token)).backup();
      expect(backup.users.map((u) => u.login).sort()).toEqual(['admin', 'alice', 'bob', 'carol', 'dave']);

      const b = await startTestServer();
      await new BackupTool(through(b, ADMIN), TOOL_SECRETS).restore(JSON.parse(JSON.stringify(backup)));
      // the service account itself is not part of the backup: compare without it
      await ok(
        a,
        'DELETE',
        `/api/serviceaccounts/${(await ok(a, 'GET', '/api/serviceaccounts/search')).serviceAccounts[0].id}`,
      );
      await expectSame(a, b, { serverAdmins: false });
    },
    SLOW,
  );

  it('gates on the version /api/health reports', async () => {
    const server = await startTestServer();
    expect(
      (await new BackupTool(httpTransport(server.url, ADMIN.authorization!)).checkVersion()).version,
    ).toMatch(/^\d+\.\d+\.\d+/);
    const reporting =
      (version: string): Transport =>
      () =>
        Promise.resolve({ status: 200, body: { database: 'ok', version, commit: 'x' } });
    await expect(new BackupTool(reporting('9.3.9')).backup()).rejects.toThrow(/needs Grafana ≥ 9\.4\.0/);
    await expect(new BackupTool(reporting('unknown')).restore({} as Backup)).rejects.toThrow(
      /unsupported server/,
    );
    expect((await new BackupTool(reporting('9.4.0')).checkVersion()).version).toBe('9.4.0');
  });
});
