// Seeds an organization with many dashboards for the search benchmarks. `npm run bench` calls
// seedSearchOrg() for a 1 000- and a 100 000-dashboard organization on its own server; users, the
// org and the team go through the API, folders, dashboards, tags and grants are written directly
// in batches (100 000 saves through the API would take many minutes).
import { createRbacStore } from '../src/features/rbac/rbac.store.js';
import { createResourcePermissions } from '../src/features/rbac/resource-permissions.service.js';
import type { Db } from '../src/store/database.js';

const BATCH = 500;
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

type Api = <T>(method: string, path: string, body?: unknown, orgId?: number) => Promise<T>;

interface SearchOrgOptions {
  api: Api;
  db: Db;
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
function model(uid: string, title: string, tags: string[]): string {
  return JSON.stringify({
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
  });
}

async function seedFolders(db: Db, orgId: number, count: number, now: number): Promise<string[]> {
  const uids: string[] = [];
  const rows = [];
  const roots = Math.min(10, count);
  const children = Math.min(90, Math.max(0, count - roots));
  for (let i = 0; i < count; i++) {
    const uid = `bf-${i}`;
    const parent = i < roots ? '' : i < roots + children ? `bf-${i % roots}` : `bf-${roots + (i % children)}`;
    uids.push(uid);
    rows.push({
      org_id: orgId,
      uid,
      title: `Folder ${WORDS[i % WORDS.length]} ${i}`,
      description: '',
      parent_uid: parent,
      version: 1,
      created: now,
      updated: now,
      created_by: 1,
      updated_by: 1,
    });
  }
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('folder')
      .values(rows.slice(i, i + BATCH))
      .execute();
  return uids;
}

async function seedDashboards(db: Db, orgId: number, count: number, folders: string[], now: number) {
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
      const i = start + k;
      const uid = `bd-${i}`;
      const title = `${WORDS[i % WORDS.length]} service ${WORDS[(i >> 3) % WORDS.length]} ${i}`;
      const tags = [WORDS[i % WORDS.length]!, `team-${i % 50}`];
      return { uid, title, tags, folder: folders[i % folders.length] ?? '' };
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('dashboard')
        .values(
          batch.map((d) => ({
            org_id: orgId,
            uid: d.uid,
            title: d.title,
            sort_title: d.title.toLowerCase(),
            slug: d.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
            folder_uid: d.folder,
            version: 1,
            data: model(d.uid, d.title, d.tags),
            created: now,
            updated: now,
            created_by: 1,
            updated_by: 1,
            provisioner: '',
            provisioned_external_id: '',
            provisioned_checksum: '',
            allow_ui_updates: 0,
          })),
        )
        .execute();
      const rows = await trx
        .selectFrom('dashboard')
        .select(['id', 'uid'])
        .where('org_id', '=', orgId)
        .where(
          'uid',
          'in',
          batch.map((d) => d.uid),
        )
        .execute();
      const ids = new Map(rows.map((r) => [r.uid, r.id]));
      await trx
        .insertInto('dashboard_tag')
        .values(
          batch.flatMap((d) =>
            d.tags.map((term) => ({ org_id: orgId, dashboard_id: ids.get(d.uid)!, term })),
          ),
        )
        .execute();
    });
  }
}

/** Creates the organization and fills it; returns its id. */
export async function seedSearchOrg(options: SearchOrgOptions): Promise<number> {
  const { api, db } = options;
  const now = Date.now();
  const { orgId } = await api<{ orgId: number }>('POST', '/api/orgs', { name: options.name });
  const viewer = await api<{ login: string }>('GET', `/api/users/${options.viewerId}`);
  await api('POST', `/api/orgs/${orgId}/users`, { loginOrEmail: viewer.login, role: 'Viewer' });
  const team = await api<{ teamId: number }>('POST', '/api/teams', { name: 'bench-viewers' }, orgId);
  await api('POST', `/api/teams/${team.teamId}/members`, { userId: options.viewerId }, orgId);

  const folders = await seedFolders(db, orgId, options.folders, now);
  await seedDashboards(db, orgId, options.dashboards, folders, now);
  const permissions = createResourcePermissions({ store: createRbacStore(db), clock: { now: () => now } });
  const step = Math.max(1, Math.floor(folders.length / options.grantedFolders));
  const granted = folders.filter((_, i) => i % step === 0).slice(0, options.grantedFolders);
  for (const uid of granted)
    await permissions.set(orgId, 'folders', uid, { kind: 'team', id: team.teamId }, 'View');
  return orgId;
}
