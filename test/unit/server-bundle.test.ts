import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/lib/build-info.js';

// `npm start` runs dist/bundle/main.js (scripts/bundle-server.mjs): the server and its
// dependencies in one file. The suites run the sources; this checks that what ships works the same
// where bundling can break it — files found next to a package's code, lazily imported drivers, the
// web UI and swagger's assets, the logger, a notifier. `npm run build` makes the bundle (CI builds
// on install); after changing src/, build again before trusting this test.
const BUNDLE = join(projectRoot, 'dist/bundle/main.js');
const ADMIN = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

let child: ChildProcessWithoutNullStreams;
let url: string;
let stdout = '';

beforeAll(async () => {
  expect(existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build`).toBe(true);
  child = spawn(process.execPath, [BUNDLE], {
    cwd: tmpdir(),
    env: {
      PATH: process.env.PATH,
      SVC_PATHS_DATA: mkdtempSync(join(tmpdir(), 'svc-bundle-')),
      SVC_SERVER_HTTP_ADDR: '127.0.0.1',
      SVC_SERVER_HTTP_PORT: '0',
    },
  });
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let i = 0; i < 300 && !url; i++) {
    const line = stdout.split('\n').find((l) => l.includes('"svc is ready"'));
    if (line) url = (JSON.parse(line) as { url: string }).url;
    else await sleep(50);
  }
  if (!url) throw new Error(`the bundle did not become ready:\n${stdout}\n${stderr}`);
});
afterAll(() => child?.kill('SIGKILL'));

const call = (method: string, path: string, body?: unknown) =>
  fetch(new URL(path, url), {
    method,
    headers: { authorization: ADMIN, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the bundled server (dist/bundle/main.js)', () => {
  it('logs JSON lines and reports its build', async () => {
    expect(JSON.parse(stdout.split('\n')[0]!)).toHaveProperty('msg');
    const health = (await (await call('GET', '/api/health')).json()) as { version: string; database: string };
    expect(health.database).toBe('ok');
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('saves and serves a dashboard on SQLite', async () => {
    const saved = await call('POST', '/api/dashboards/db', { dashboard: { title: 'bundled', panels: [] } });
    expect(saved.status).toBe(200);
    const { uid } = (await saved.json()) as { uid: string };
    const read = await call('GET', `/api/dashboards/uid/${uid}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { dashboard: { title: string } }).dashboard.title).toBe('bundled');
  });

  it('queries a MariaDB data source through the driver loaded at first use', async () => {
    const created = await call('POST', '/api/datasources', {
      name: 'mariadb',
      type: 'mysql',
      url: '127.0.0.1:3306',
      user: 'root',
      access: 'proxy',
      jsonData: { database: 'mysql' },
    });
    expect(created.status).toBe(200);
    const { datasource } = (await created.json()) as { datasource: { uid: string } };
    const answer = await call('POST', '/api/ds/query', {
      from: 'now-1h',
      to: 'now',
      queries: [
        {
          refId: 'A',
          datasource: { uid: datasource.uid },
          format: 'table',
          rawSql: 'SELECT 6 * 7 AS answer',
        },
      ],
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { results: { A: { frames: { data: { values: unknown[][] } }[] } } };
    expect(body.results.A.frames[0]!.data.values).toEqual([[42]]);
  });

  it('serves the web UI and swagger-ui’s files from their folders', async () => {
    const page = await fetch(new URL('/login', url));
    expect(page.status).toBe(200);
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await page.text());
    expect(script).not.toBeNull();
    const app = await fetch(new URL(script![1]!, url));
    expect(app.status).toBe(200);
    expect(app.headers.get('content-type')).toMatch(/javascript/);
    const swagger = await fetch(new URL('/swagger/swagger-ui.css', url));
    expect(swagger.status).toBe(200);
    expect((await swagger.text()).length).toBeGreaterThan(10_000);
  });

  it('sends a webhook notification through the receivers test', async () => {
    const received: unknown[] = [];
    const peer = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    try {
      const hook = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/hook`;
      const tested = await call('POST', '/api/alertmanager/grafana/config/api/v1/receivers/test', {
        receivers: [
          {
            name: 'r',
            grafana_managed_receiver_configs: [{ name: 'r', type: 'webhook', settings: { url: hook } }],
          },
        ],
      });
      expect(tested.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        status: 'firing',
        alerts: [{ labels: { alertname: 'TestAlert' } }],
      });
    } finally {
      peer.close();
    }
  });
});
