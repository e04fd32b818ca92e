import { apiClient } from '../api-seed.js';
import { seedSearchOrg } from '../seed-dashboards.js';
import { adminApi } from './admin-api.js';
import type { BenchContext, Scenario } from './types.js';

// Search at two sizes on one server, so their ratio is measured in the same run: an org with
// 1 000 dashboards in 10 folders (2 granted to the viewer's team) and one with 100 000 dashboards
// in 1 000 nested folders (200 granted), all seeded through the API. The large size is
// BENCH_SEARCH_DASHBOARDS, else BENCH_SCALE_DASHBOARDS, else 100 000.
const LARGE = Number(process.env.BENCH_SEARCH_DASHBOARDS ?? process.env.BENCH_SCALE_DASHBOARDS ?? 100_000);
const VIEWER = `Basic ${Buffer.from('bench-viewer:bench-viewer-pw').toString('base64')}`;

interface SearchOrgs {
  small: number;
  large: number;
}
let seeding: Promise<SearchOrgs> | undefined;

function seedSearchOrgs(ctx: BenchContext): Promise<SearchOrgs> {
  seeding ??= (async () => {
    const viewer = await adminApi<{ id: number }>(ctx, 'POST', '/api/admin/users', {
      login: 'bench-viewer',
      email: 'bench-viewer@example.com',
      password: 'bench-viewer-pw',
    });
    const api = apiClient(ctx.url, ctx.adminAuth);
    const started = Date.now();
    const seed = (name: string, dashboards: number, folders: number, grantedFolders: number) =>
      seedSearchOrg({ api, name, dashboards, folders, grantedFolders, viewerId: viewer.id });
    const small = await seed('bench 1k', 1_000, 10, 2);
    const large = await seed('bench large', LARGE, Math.min(1_000, LARGE), Math.min(200, LARGE));
    console.error(
      `search orgs: seeded ${LARGE + 1_000} dashboards through the API in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return { small, large };
  })();
  return seeding;
}

export function modelOfSize(bytes: number, title: string): Record<string, unknown> {
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
  const saved = await adminApi<{ uid: string }>(ctx, 'POST', '/api/dashboards/db', {
    dashboard: modelOfSize(bytes, title),
    overwrite: true,
  });
  return saved.uid;
}

const largeName = LARGE >= 1000 ? `${LARGE / 1000}k` : String(LARGE);

/** One search request at both sizes. */
function searchAtBothSizes(name: string, path: string, auth: (ctx: BenchContext) => string): Scenario[] {
  return (['small', 'large'] as const).map((size) => ({
    name: `${name} (${size === 'small' ? '1k' : largeName} dashboards)`,
    async prepare(ctx) {
      const orgs = await seedSearchOrgs(ctx);
      return { path, headers: { authorization: auth(ctx), 'x-grafana-org-id': String(orgs[size]) } };
    },
  }));
}

export const dashboardScenarios: Scenario[] = [
  ...searchAtBothSizes(
    'GET /api/search?query=billing viewer, team grants',
    '/api/search?query=billing&limit=100',
    () => VIEWER,
  ),
  ...searchAtBothSizes(
    'GET /api/search?query=billing admin',
    '/api/search?query=billing&limit=100',
    (ctx) => ctx.adminAuth,
  ),
  ...searchAtBothSizes('GET /api/search first page viewer', '/api/search?limit=100', () => VIEWER),
  ...searchAtBothSizes(
    'GET /api/search?tag=kafka&tag=team-7 viewer',
    '/api/search?tag=kafka&tag=team-7&limit=100',
    () => VIEWER,
  ),
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
