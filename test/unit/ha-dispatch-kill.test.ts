import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/lib/build-info.js';
import { ADMIN } from '../helpers/client.js';
import { createTestDatabase, PG_ADMIN, type TestDatabase } from '../helpers/databases.js';
import { startHttpReceiver, type HttpReceiver } from '../helpers/peers/http-receiver.js';

// Three real svc processes on one PostgreSQL database, on the system clock (their scheduler's lease
// and dispatch loop run for real). Alerts of several groups are posted, and the instance holding
// the lease is killed with SIGKILL before the groups' wait is over: one of the two survivors takes
// the lease over and the webhook gets each group's notification exactly once.

const children: ChildProcessWithoutNullStreams[] = [];
let database: TestDatabase | undefined;
let webhook: HttpReceiver | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await webhook?.close();
  await database?.drop();
});

function runSvc(name: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/main.ts')], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      SVC_PATHS_DATA: mkdtempSync(join(tmpdir(), 'svc-ha-kill-')),
      SVC_SERVER_HTTP_ADDR: '127.0.0.1',
      SVC_SERVER_HTTP_PORT: '0',
      SVC_DATABASE_TYPE: 'postgres',
      SVC_DATABASE_HOST: `${PG_ADMIN.host}:${PG_ADMIN.port}`,
      SVC_DATABASE_NAME: name,
      SVC_DATABASE_USER: PG_ADMIN.user,
      SVC_DATABASE_HIGH_AVAILABILITY: 'true',
      SVC_LOG_LEVEL: 'info',
    },
  });
  children.push(child);
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return {
    child,
    async ready(): Promise<string> {
      for (let i = 0; i < 400; i++) {
        const line = stdout.split('\n').find((l) => l.includes('"svc is ready"'));
        if (line) return (JSON.parse(line) as { url: string }).url;
        await sleep(50);
      }
      throw new Error(`svc did not become ready:\n${stdout}`);
    },
  };
}

async function api(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, url), {
    method,
    headers: { authorization: ADMIN.authorization!, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe('alert dispatch across processes', () => {
  it('the lease holder of three is killed mid-group: a survivor sends each notification, once', async () => {
    database = await createTestDatabase('postgres');
    const name = (database.overrides.database as { name: string }).name;
    webhook = await startHttpReceiver();
    // The first process migrates; the others start once it is ready.
    const first = runSvc(name);
    const firstUrl = await first.ready();
    const others = [runSvc(name), runSvc(name)];
    const instances = [
      { process: first, url: firstUrl },
      ...(await Promise.all(others.map(async (p) => ({ process: p, url: await p.ready() })))),
    ];

    const cp = await api(firstUrl, 'POST', '/api/v1/provisioning/contact-points', {
      name: 'hook',
      type: 'webhook',
      settings: { url: `${webhook.url}/alerts` },
    });
    expect(cp.status, cp.text).toBe(202);
    const tree = await api(firstUrl, 'PUT', '/api/v1/provisioning/policies', {
      receiver: 'hook',
      group_by: ['alertname'],
      group_wait: '5s',
      group_interval: '1m',
    });
    expect(tree.status, tree.text).toBe(202);

    // Who holds the lease (taken at the first 10 s tick)?
    const client = new pg.Client({ ...PG_ADMIN, database: name });
    await client.connect();
    let holder = '';
    for (let i = 0; i < 150 && !holder; i++) {
      const row = await client.query<{ holder: string; expires_at: string }>(
        'SELECT holder, expires_at FROM alert_scheduler_lease',
      );
      if (row.rows[0] && Number(row.rows[0].expires_at) > Date.now()) holder = row.rows[0].holder;
      else await sleep(100);
    }
    await client.end();
    expect(holder).not.toBe('');
    const leader = instances.find((i) => holder.includes(`/${i.process.child.pid}/`))!;
    expect(leader).toBeDefined();
    const survivors = instances.filter((i) => i !== leader);

    // Five groups (group_by alertname), each posted to a survivor, alternately.
    const names = ['KilledA', 'KilledB', 'KilledC', 'KilledD', 'KilledE'];
    for (const [n, alertname] of names.entries()) {
      const posted = await api(survivors[n % 2]!.url, 'POST', '/api/alertmanager/grafana/api/v2/alerts', [
        { labels: { alertname, severity: 'page' }, annotations: { summary: 'one notification' } },
      ]);
      expect(posted.status, posted.text).toBe(200);
    }
    // The leader picks the alerts up within a second and waits 5 s (group_wait): kill it first.
    await sleep(1500);
    leader.process.child.kill('SIGKILL');

    // A survivor takes the lease when it lapses (≤ 15 s), then flushes the groups.
    for (let i = 0; i < 400 && webhook.requests.length < names.length; i++) await sleep(100);
    await sleep(3000);
    const notifications = webhook.requests.map(
      (r) => r.json as { status: string; groupLabels: { alertname: string }; alerts: unknown[] },
    );
    expect(notifications.map((n) => n.status)).toEqual(names.map(() => 'firing'));
    expect(notifications.map((n) => n.groupLabels.alertname).sort()).toEqual(names);
    for (const n of notifications) expect(n.alerts).toHaveLength(1);
  }, 90_000);
});
