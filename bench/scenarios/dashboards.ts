import type { BenchContext, Scenario } from './types.js';

// Search figures at two sizes: by default each run seeds 1 000 dashboards in 20 folders through
// the API; with BENCH_DASHBOARDS_SEEDED=1 the database already holds bench/seed-dashboards.ts's
// 100 000 dashboards in 1 000 nested folders (run it against the server's database first).
const SEEDED = process.env.BENCH_DASHBOARDS_SEEDED === '1';
const VIEWER = `Basic ${Buffer.from('bench-viewer:bench-viewer-pw').toString('base64')}`;

async function api<T>(ctx: BenchContext, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(ctx.url + path, {
    method,
    headers: { authorization: ctx.adminAuth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let seeding: Promise<void> | undefined;

/** 1 000 dashboards in 20 folders, the viewer's team granted View on 4 of them. */
function seedSmall(ctx: BenchContext): Promise<void> {
  seeding ??= (async () => {
    if (SEEDED) return;
    const viewer = await api<{ id: number }>(ctx, 'POST', '/api/admin/users', {
      login: 'bench-viewer',
      email: 'bench-viewer@example.com',
      password: 'bench-viewer-pw',
    });
    const team = await api<{ teamId: number }>(ctx, 'POST', '/api/teams', { name: 'bench-viewers' });
    await api(ctx, 'POST', `/api/teams/${team.teamId}/members`, { userId: viewer.id });
    const words = [
      'api',
      'billing',
      'checkout',
      'database',
      'edge',
      'frontend',
      'gateway',
      'kafka',
      'ledger',
      'mesh',
    ];
    for (let f = 0; f < 20; f++) {
      const uid = `bf-${f}`;
      await api(ctx, 'POST', '/api/folders', { uid, title: `Folder ${f}` });
      await api(ctx, 'POST', `/api/folders/${uid}/permissions`, {
        items: f % 5 === 0 ? [{ teamId: team.teamId, permission: 1 }] : [],
      });
      for (let d = 0; d < 50; d++) {
        const i = f * 50 + d;
        const title = `${words[i % words.length]} service ${words[(i >> 3) % words.length]} ${i}`;
        await api(ctx, 'POST', '/api/dashboards/db', {
          dashboard: { uid: `bd-${i}`, title, tags: [words[i % words.length], `team-${i % 50}`] },
          folderUid: uid,
        });
      }
    }
  })();
  return seeding;
}

function modelOfSize(bytes: number, title: string): Record<string, unknown> {
  const panels = [];
  let size = 0;
  for (let id = 1; size < bytes; id++) {
    const panel = {
      id,
      type: 'timeseries',
      title: `Panel ${id}`,
      gridPos: { h: 8, w: 12, x: (id % 2) * 12, y: id * 8 },
      targets: [
        {
          refId: 'A',
          expr: `sum by (instance) (rate(http_requests_total{job="api",code=~"5.."}[5m])) / ${id}`,
        },
      ],
      fieldConfig: { defaults: { unit: 'reqps', color: { mode: 'palette-classic' } }, overrides: [] },
    };
    size += JSON.stringify(panel).length;
    panels.push(panel);
  }
  return { title, tags: ['bench'], schemaVersion: 39, panels };
}

async function savedDashboard(ctx: BenchContext, bytes: number, title: string): Promise<string> {
  const saved = await api<{ uid: string }>(ctx, 'POST', '/api/dashboards/db', {
    dashboard: modelOfSize(bytes, title),
    overwrite: true,
  });
  return saved.uid;
}

const size = SEEDED ? '100k' : '1k';

export const dashboardScenarios: Scenario[] = [
  {
    name: `GET /api/search?query=billing (viewer, team grants, ${size} dashboards)`,
    async prepare(ctx) {
      await seedSmall(ctx);
      return { path: '/api/search?query=billing&limit=100', headers: { authorization: VIEWER } };
    },
  },
  {
    name: `GET /api/search?query=billing (admin, ${size} dashboards)`,
    async prepare(ctx) {
      await seedSmall(ctx);
      return { path: '/api/search?query=billing&limit=100', headers: { authorization: ctx.adminAuth } };
    },
  },
  {
    name: `GET /api/search (viewer, first page, ${size} dashboards)`,
    async prepare(ctx) {
      await seedSmall(ctx);
      return { path: '/api/search?limit=100', headers: { authorization: VIEWER } };
    },
  },
  {
    name: 'GET /api/dashboards/uid (3 KB model)',
    async prepare(ctx) {
      const uid = await savedDashboard(ctx, 3_000, 'Bench 3 KB');
      return { path: `/api/dashboards/uid/${uid}`, headers: { authorization: ctx.adminAuth } };
    },
  },
  {
    name: 'GET /api/dashboards/uid (300 KB model)',
    async prepare(ctx) {
      const uid = await savedDashboard(ctx, 300_000, 'Bench 300 KB');
      return { path: `/api/dashboards/uid/${uid}`, headers: { authorization: ctx.adminAuth } };
    },
  },
  {
    name: 'POST /api/dashboards/db (save 3 KB, overwrite)',
    async prepare(ctx) {
      const uid = await savedDashboard(ctx, 3_000, 'Bench save');
      return {
        method: 'POST',
        path: '/api/dashboards/db',
        headers: { authorization: ctx.adminAuth, 'content-type': 'application/json' },
        body: JSON.stringify({ dashboard: { ...modelOfSize(3_000, 'Bench save'), uid }, overwrite: true }),
      };
    },
  },
];
