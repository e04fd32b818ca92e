// Seeds a running svc's database with many dashboards for the search benchmarks:
//   SVC_PATHS_DATA=<same as the server> node --import tsx bench/seed-dashboards.ts
// Environment: SVC_URL (default http://127.0.0.1:3000), SEED_DASHBOARDS (100000), SEED_FOLDERS
// (1000, nested three levels: 10 roots, 90 children, the rest grandchildren), SEED_GRANTED_FOLDERS
// (200, granted View to the team of the viewer `bench-viewer` / `bench-viewer-pw`).
// Users and the team go through the API; folders, dashboards, tags, versions and grants are written
// directly in batches (the API would take many minutes for 100 000 saves).
import { loadConfig } from '../src/config/load.js';
import { projectRoot } from '../src/lib/build-info.js';
import { createRbacStore } from '../src/features/rbac/rbac.store.js';
import { createResourcePermissions } from '../src/features/rbac/resource-permissions.service.js';
import { openDatabase } from '../src/store/database.js';
import type { Db } from '../src/store/database.js';

const URL_ = process.env.SVC_URL ?? 'http://127.0.0.1:3000';
const ADMIN = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
const DASHBOARDS = Number(process.env.SEED_DASHBOARDS ?? 100_000);
const FOLDERS = Number(process.env.SEED_FOLDERS ?? 1000);
const GRANTED = Number(process.env.SEED_GRANTED_FOLDERS ?? 200);
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

async function api<T>(method: string, path: string, body?: unknown, auth = ADMIN): Promise<T> {
  const response = await fetch(URL_ + path, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A small but realistic model: a few panels with targets. */
function model(uid: string, title: string, tags: string[], id: number): string {
  return JSON.stringify({
    id,
    uid,
    title,
    tags,
    version: 1,
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

async function seedFolders(db: Db, orgId: number, now: number): Promise<string[]> {
  const uids: string[] = [];
  const rows = [];
  const roots = Math.min(10, FOLDERS);
  const children = Math.min(90, Math.max(0, FOLDERS - roots));
  for (let i = 0; i < FOLDERS; i++) {
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

async function seedDashboards(db: Db, orgId: number, folders: string[], now: number): Promise<void> {
  for (let start = 0; start < DASHBOARDS; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, DASHBOARDS - start) }, (_, k) => {
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
            data: model(d.uid, d.title, d.tags, 0),
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
      const ids = new Map(
        (
          await trx
            .selectFrom('dashboard')
            .select(['id', 'uid'])
            .where('org_id', '=', orgId)
            .where(
              'uid',
              'in',
              batch.map((d) => d.uid),
            )
            .execute()
        ).map((r) => [r.uid, r.id]),
      );
      await trx
        .insertInto('dashboard_tag')
        .values(
          batch.flatMap((d) =>
            d.tags.map((term) => ({ org_id: orgId, dashboard_id: ids.get(d.uid)!, term })),
          ),
        )
        .execute();
    });
    if (start % 10_000 === 0) console.error(`seeded ${start + batch.length} dashboards`);
  }
}

async function main(): Promise<void> {
  const config = loadConfig({ homepath: projectRoot, env: process.env, overrides: {} });
  const database = openDatabase(config.database);
  const db = database.db;
  const now = Date.now();
  const orgId = 1;
  try {
    const viewer = await api<{ id: number }>('POST', '/api/admin/users', {
      login: 'bench-viewer',
      email: 'bench-viewer@example.com',
      password: 'bench-viewer-pw',
    });
    const team = await api<{ teamId: number }>('POST', '/api/teams', { name: 'bench-viewers' });
    await api('POST', `/api/teams/${team.teamId}/members`, { userId: viewer.id });

    const folders = await seedFolders(db, orgId, now);
    await seedDashboards(db, orgId, folders, now);
    const permissions = createResourcePermissions({ store: createRbacStore(db), clock: { now: () => now } });
    // Every fifth folder, spread over the tree (grants on parents cover their subfolders too).
    const granted = folders
      .filter((_, i) => i % Math.max(1, Math.floor(folders.length / GRANTED)) === 0)
      .slice(0, GRANTED);
    for (const uid of granted)
      await permissions.set(orgId, 'folders', uid, { kind: 'team', id: team.teamId }, 'View');
    console.log(
      JSON.stringify({ dashboards: DASHBOARDS, folders: folders.length, grantedFolders: granted.length }),
    );
  } finally {
    await database.close();
  }
}

await main();
