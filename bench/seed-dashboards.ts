// Seeds an organization with many dashboards for the search benchmarks, entirely through the HTTP
// API (the same service code users hit, grants included) with SEED_CLIENTS concurrent clients.
// `npm run bench` calls seedSearchOrg() for a 1 000-dashboard and a large organization on one server.
import { pool, type Api } from './api-seed.js';

const WORDS = [
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

interface SearchOrgOptions {
  api: Api;
  /** the organization's name, created through the API */
  name: string;
  dashboards: number;
  /** nested three levels: 10 roots, up to 90 children, the rest grandchildren */
  folders: number;
  /** folders granted View to the viewer's team, spread over the tree (a grant covers subfolders) */
  grantedFolders: number;
  /** the viewer's user id: added to the org as Viewer and to its team */
  viewerId: number;
}

/** A small but realistic model: a few panels with targets. */
export function dashboardModel(uid: string, title: string, tags: string[]): Record<string, unknown> {
  return {
    uid,
    title,
    tags,
    schemaVersion: 39,
    time: { from: 'now-6h', to: 'now' },
    panels: [1, 2, 3].map((p) => ({
      id: p,
      type: 'timeseries',
      title: `Panel ${p}`,
      gridPos: { h: 8, w: 8, x: (p - 1) * 8, y: 0 },
      targets: [{ refId: 'A', expr: `rate(http_requests_total{service="${uid}"}[5m])` }],
    })),
  };
}

/** The i-th bench dashboard's title and tags: a tenth of the titles hold each word. */
export function dashboardTitle(i: number): { title: string; tags: string[] } {
  return {
    title: `${WORDS[i % WORDS.length]} service ${WORDS[(i >> 3) % WORDS.length]} ${i}`,
    tags: [WORDS[i % WORDS.length]!, `team-${i % 50}`],
  };
}

/** Removes the Viewer and Editor basic-role grants a root folder gets when created. */
export async function revokeBasicRoles(api: Api, folderUid: string, orgId?: number): Promise<void> {
  for (const role of ['Viewer', 'Editor'])
    await api(
      'POST',
      `/api/access-control/folders/${folderUid}/builtInRoles/${role}`,
      { permission: '' },
      orgId,
    );
}

async function seedFolders(api: Api, orgId: number, count: number): Promise<string[]> {
  const roots = Math.min(10, count);
  const children = Math.min(90, Math.max(0, count - roots));
  const uid = (i: number) => `bf-${i}`;
  const parent = (i: number) =>
    i < roots ? undefined : i < roots + children ? uid(i % roots) : uid(roots + (i % children));
  const create = (i: number) =>
    api(
      'POST',
      '/api/folders',
      { uid: uid(i), title: `Folder ${WORDS[i % WORDS.length]} ${i}`, parentUid: parent(i) },
      orgId,
    );
  // Parents before their children: roots, then the second level, then the third.
  await pool(0, roots, create);
  await pool(roots, roots + children, create);
  await pool(roots + children, count, create);
  // Root folders are readable by every Viewer unless revoked: the viewer sees only its team's grants.
  await pool(0, roots, (i) => revokeBasicRoles(api, uid(i), orgId));
  return Array.from({ length: count }, (_, i) => uid(i));
}

/** Creates the organization and fills it; returns its id. */
export async function seedSearchOrg(options: SearchOrgOptions): Promise<number> {
  const { api } = options;
  const { orgId } = await api<{ orgId: number }>('POST', '/api/orgs', { name: options.name });
  const viewer = await api<{ login: string }>('GET', `/api/users/${options.viewerId}`);
  await api('POST', `/api/orgs/${orgId}/users`, { loginOrEmail: viewer.login, role: 'Viewer' });
  const team = await api<{ teamId: number }>('POST', '/api/teams', { name: 'bench-viewers' }, orgId);
  await api('POST', `/api/teams/${team.teamId}/members`, { userId: options.viewerId }, orgId);

  const folders = await seedFolders(api, orgId, options.folders);
  await pool(0, options.dashboards, async (i) => {
    const uid = `bd-${i}`;
    const { title, tags } = dashboardTitle(i);
    await api(
      'POST',
      '/api/dashboards/db',
      { dashboard: dashboardModel(uid, title, tags), folderUid: folders[i % folders.length] ?? '' },
      orgId,
    );
  });
  const step = Math.max(1, Math.floor(folders.length / options.grantedFolders));
  const granted = folders.filter((_, i) => i % step === 0).slice(0, options.grantedFolders);
  await pool(0, granted.length, (i) =>
    api(
      'POST',
      `/api/access-control/folders/${granted[i]}/teams/${team.teamId}`,
      { permission: 'View' },
      orgId,
    ),
  );
  return orgId;
}
