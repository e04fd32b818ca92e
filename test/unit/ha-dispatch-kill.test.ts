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

// Two real svc processes on one PostgreSQL database, on the system clock (their scheduler's lease
// and dispatch loop run for real). An alert is posted, and the instance holding the lease is killed
// with SIGKILL before the group's wait is over: the survivor takes the lease over and the webhook
// gets the notification exactly once.

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
  it('the lease holder is killed mid-group: the survivor sends the notification, once', async () => {
    database = await createTestDatabase('postgres');
    const name = (database.overrides.database as { name: string }).name;
    webhook = await startHttpReceiver();
    // The first process migrates; the second starts once it is ready.
    const first = runSvc(name);
    const firstUrl = await first.ready();
    const second = runSvc(name);
    const secondUrl = await second.ready();

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
    const [leader, survivorUrl] = holder.includes(`/${first.child.pid}/`)
      ? [first, secondUrl]
      : [second, firstUrl];

    const posted = await api(survivorUrl, 'POST', '/api/alertmanager/grafana/api/v2/alerts', [
      { labels: { alertname: 'Killed', severity: 'page' }, annotations: { summary: 'one notification' } },
    ]);
    expect(posted.status, posted.text).toBe(200);
    // The leader picks the alert up within a second and waits 5 s (group_wait): kill it first.
    await sleep(1500);
    leader.child.kill('SIGKILL');

    // The survivor takes the lease when it lapses (≤ 15 s), then flushes the group.
    for (let i = 0; i < 400 && webhook.requests.length === 0; i++) await sleep(100);
    await sleep(3000);
    const notifications = webhook.requests.map((r) => r.json as { status: string; alerts: unknown[] });
    expect(notifications.map((n) => n.status)).toEqual(['firing']);
    expect(notifications[0]!.alerts).toHaveLength(1);
  }, 90_000);
});
