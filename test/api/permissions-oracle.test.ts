import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';
import { openRawSql, type RawSql } from '../helpers/raw-sql.js';

// Issue #26, the scale tier: an organization seeded through the API with 20 000 dashboards and
// user, team, folder and basic-role grants; every answer checked for random users and dashboards
// (reads, meta flags, permission listings, search) must equal what a brute-force oracle computes
// from the stored rows, read with SQL of its own and Grafana's rules written out here again.
// SVC_ORACLE_SEED=<n> replays a run (the seed is printed and named in every failure);
// SVC_ORACLE_DASHBOARDS=<n> seeds fewer dashboards for a quick local run (the tier is 20 000).
// Measured with 20 000 on a loaded 2-CPU machine: SQLite about 3.5 min, PostgreSQL about 9.5 min,
// MariaDB about 12 min, most of it the 20 000 saves through the API.

const SEED = Number(process.env.SVC_ORACLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const DASHBOARDS = Number(process.env.SVC_ORACLE_DASHBOARDS ?? 20_000);
const ROOT_FOLDERS = 8;
const CHILD_FOLDERS = 7;
const GRANDCHILD_FOLDERS = 5;
const TEAMS = 15;
const DASHBOARD_GRANTS = 300;
const DEFAULT_CHANGES = 80;
const FOLDER_GRANTS = 30;
const PAIRS = 200;
const SEARCHERS = 30;
const LISTINGS = 15;
const SEARCH_PAGE = 5000;
/** requests in flight while seeding and checking */
const WIDTH = 16;

/** mulberry32: small, fast and the same sequence for the same seed everywhere */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  const sample = <T>(items: readonly T[], k: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, k);
  };
  /** one of `weighted`'s values, each as likely as its weight */
  const weighted = <T>(weightedItems: [T, number][]): T => {
    let r = next() * weightedItems.reduce((sum, [, w]) => sum + w, 0);
    for (const [item, w] of weightedItems) if ((r -= w) < 0) return item;
    return weightedItems[weightedItems.length - 1]![0];
  };
  return { int, pick, chance, sample, weighted };
}

async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

type OrgRole = 'Viewer' | 'Editor' | 'Admin' | 'None';

interface Person {
  id: number;
  login: string;
  as: Caller;
  role: OrgRole;
}

type Principal =
  { kind: 'users'; id: number } | { kind: 'teams'; id: number } | { kind: 'builtInRoles'; role: string };

interface GrantOp {
  resource: 'dashboards' | 'folders';
  uid: string;
  principal: Principal;
  level: 'View' | 'Edit' | 'Admin' | '';
}

const principalPath = (p: Principal) =>
  p.kind === 'builtInRoles' ? `builtInRoles/${p.role}` : `${p.kind}/${p.id}`;

// ---------------------------------------------------------------------------------------------
// The oracle: Grafana's rules, independently of src/.

const READ = 'dashboards:read';
const WRITE = 'dashboards:write';
const DELETE = 'dashboards:delete';
const PERMS_READ = 'dashboards.permissions:read';
const PERMS_WRITE = 'dashboards.permissions:write';
const ACTIONS = [READ, WRITE, DELETE, PERMS_READ, PERMS_WRITE] as const;
type Action = (typeof ACTIONS)[number];

/** What each dashboard permission level grants of the actions the oracle decides. */
const LEVELS: [string, Action[]][] = [
  ['Admin', [READ, WRITE, DELETE, PERMS_READ, PERMS_WRITE]],
  ['Edit', [READ, WRITE, DELETE]],
  ['View', [READ]],
];
const levelActions = (level: string) => LEVELS.find(([l]) => l === level)![1];

/** The highest level whose dashboard actions are all held ('' for none). */
function levelOf(actions: Set<string>): string {
  return LEVELS.find(([, needed]) => needed.every((a) => actions.has(a)))?.[0] ?? '';
}

/** Basic roles whose grants a member of an org role receives (Admin ⊃ Editor ⊃ Viewer). */
const BASIC_ROLES: Record<string, string[]> = {
  Admin: ['Admin', 'Editor', 'Viewer'],
  Editor: ['Editor', 'Viewer'],
  Viewer: ['Viewer'],
  None: ['None'],
};

/** Grafana's fixed roles as they touch dashboards: the Admin basic role's dashboard and folder writers. */
const FIXED_GRANTS: Record<string, { action: string; scope: string }[]> = {
  Admin: ACTIONS.flatMap((action) => [
    { action, scope: 'dashboards:*' },
    { action, scope: 'folders:*' },
  ]),
};

interface StoredState {
  folders: Map<string, string>; // uid -> parent uid
  dashboards: {
    uid: string;
    folderUid: string;
    createdBy: number;
    creatorAdmin: boolean;
    roleGrants: boolean;
  }[];
  /** role id -> its dashboard-action permissions */
  permissions: Map<number, { action: string; scope: string }[]>;
  managedRoles: Set<number>;
  userRoles: Map<number, number[]>;
  teamRoles: Map<number, number[]>;
  builtinRoles: Map<string, number[]>;
  teamsOf: Map<number, number[]>;
  orgRoleOf: Map<number, string>;
  serverAdmins: Set<number>;
  /** whether the dashboard table has the default-grant columns */
  defaultColumns: boolean;
}

const pushTo = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

async function readStoredState(sql: RawSql, orgId: number): Promise<StoredState> {
  const q = sql.quote;
  const n = (v: unknown) => Number(v);
  const inOrg = (org: unknown) => n(org) === orgId;
  const inOrgOrGlobal = (org: unknown) => n(org) === orgId || n(org) === 0;

  const roles = await sql.query<{ id: unknown; name: string }>(`SELECT id, name FROM ${q('role')}`);
  const managedRoles = new Set(roles.filter((r) => r.name.startsWith('managed:')).map((r) => n(r.id)));
  const permissions = new Map<number, { action: string; scope: string }[]>();
  const actionList = ACTIONS.map((a) => `'${a}'`).join(', ');
  for (const row of await sql.query<{ role_id: unknown; action: string; scope: string }>(
    `SELECT role_id, action, scope FROM ${q('permission')} WHERE action IN (${actionList})`,
  ))
    pushTo(permissions, n(row.role_id), { action: row.action, scope: row.scope });

  const userRoles = new Map<number, number[]>();
  for (const row of await sql.query<{ org_id: unknown; user_id: unknown; role_id: unknown }>(
    `SELECT org_id, user_id, role_id FROM ${q('user_role')}`,
  ))
    if (inOrgOrGlobal(row.org_id)) pushTo(userRoles, n(row.user_id), n(row.role_id));
  const teamRoles = new Map<number, number[]>();
  for (const row of await sql.query<{ org_id: unknown; team_id: unknown; role_id: unknown }>(
    `SELECT org_id, team_id, role_id FROM ${q('team_role')}`,
  ))
    if (inOrg(row.org_id)) pushTo(teamRoles, n(row.team_id), n(row.role_id));
  const builtinRoles = new Map<string, number[]>();
  for (const row of await sql.query<{ org_id: unknown; role: string; role_id: unknown }>(
    `SELECT org_id, ${q('role')}, role_id FROM ${q('builtin_role')}`,
  ))
    if (inOrgOrGlobal(row.org_id)) pushTo(builtinRoles, row.role, n(row.role_id));
  const teamsOf = new Map<number, number[]>();
  for (const row of await sql.query<{ org_id: unknown; team_id: unknown; user_id: unknown }>(
    `SELECT org_id, team_id, user_id FROM ${q('team_member')}`,
  ))
    if (inOrg(row.org_id)) pushTo(teamsOf, n(row.user_id), n(row.team_id));
  const orgRoleOf = new Map<number, string>();
  for (const row of await sql.query<{ org_id: unknown; user_id: unknown; role: string }>(
    `SELECT org_id, user_id, ${q('role')} FROM ${q('org_user')}`,
  ))
    if (inOrg(row.org_id)) orgRoleOf.set(n(row.user_id), row.role);
  const serverAdmins = new Set<number>();
  for (const row of await sql.query<{ id: unknown; is_admin: unknown }>(
    `SELECT id, is_admin FROM ${q('users')}`,
  ))
    if (n(row.is_admin) === 1) serverAdmins.add(n(row.id));

  const folders = new Map<string, string>();
  for (const row of await sql.query<{ org_id: unknown; uid: string; parent_uid: string }>(
    `SELECT org_id, uid, parent_uid FROM ${q('folder')}`,
  ))
    if (inOrg(row.org_id)) folders.set(row.uid, row.parent_uid ?? '');

  // Default grants of a dashboard create move from permission rows to two flags on the dashboard;
  // before that change the columns do not exist (the query fails) and count as 0.
  type DashboardRow = {
    org_id: unknown;
    uid: string;
    folder_uid: string;
    created_by: unknown;
    default_creator_admin?: unknown;
    default_role_grants?: unknown;
  };
  let defaultColumns = true;
  let rows: DashboardRow[];
  try {
    rows = await sql.query<DashboardRow>(
      `SELECT org_id, uid, folder_uid, created_by, default_creator_admin, default_role_grants FROM ${q('dashboard')}`,
    );
  } catch {
    defaultColumns = false;
    rows = await sql.query<DashboardRow>(`SELECT org_id, uid, folder_uid, created_by FROM ${q('dashboard')}`);
  }
  const dashboards = rows
    .filter((r) => inOrg(r.org_id))
    .map((r) => ({
      uid: r.uid,
      folderUid: r.folder_uid ?? '',
      createdBy: n(r.created_by),
      creatorAdmin: n(r.default_creator_admin ?? 0) === 1,
      roleGrants: n(r.default_role_grants ?? 0) === 1,
    }));

  return {
    folders,
    dashboards,
    permissions,
    managedRoles,
    userRoles,
    teamRoles,
    builtinRoles,
    teamsOf,
    orgRoleOf,
    serverAdmins,
    defaultColumns,
  };
}

/** Grafana's scope match: equal, or a wildcard (`*`, or ending in `:*` / `/*`) prefix. */
class HeldScopes {
  exact = new Set<string>();
  prefixes: string[] = [];
  add(scope: string) {
    if (scope === '') return;
    if (scope.endsWith('*')) {
      const prefix = scope.slice(0, -1);
      if (/[*?]/.test(prefix) || (prefix !== '' && !/[:/]$/.test(prefix))) return;
      this.prefixes.push(prefix);
    } else if (!/[*?]/.test(scope)) this.exact.add(scope);
  }
  covers(target: string): boolean {
    return this.exact.has(target) || this.prefixes.some((p) => target.startsWith(p));
  }
}

interface Decisions {
  /** action -> uids of the dashboards the user holds it on */
  on: Record<Action, Set<string>>;
  basicRoles: string[];
}

class Oracle {
  /** uid -> scopes a check on the dashboard may be satisfied on */
  private readonly targets = new Map<string, string[]>();
  readonly dashboardUids: string[];

  constructor(readonly state: StoredState) {
    for (const d of state.dashboards) {
      const scopes = [`dashboards:uid:${d.uid}`];
      if (d.folderUid === '') scopes.push('folders:uid:general');
      const seen = new Set<string>();
      for (let f = d.folderUid; f !== '' && !seen.has(f); f = state.folders.get(f) ?? '') {
        seen.add(f);
        scopes.push(`folders:uid:${f}`);
      }
      this.targets.set(d.uid, scopes);
    }
    this.dashboardUids = state.dashboards.map((d) => d.uid);
  }

  decide(userId: number): Decisions {
    const s = this.state;
    const orgRole = s.orgRoleOf.get(userId);
    const basicRoles = orgRole ? [...(BASIC_ROLES[orgRole] ?? [])] : [];
    if (s.serverAdmins.has(userId)) basicRoles.push('Grafana Admin');
    const held = Object.fromEntries(ACTIONS.map((a) => [a, new HeldScopes()])) as Record<Action, HeldScopes>;
    const grant = (action: string, scope: string) => held[action as Action]?.add(scope);
    const grantRoles = (roleIds: number[] | undefined) => {
      for (const roleId of roleIds ?? [])
        for (const p of s.permissions.get(roleId) ?? []) grant(p.action, p.scope);
    };
    for (const role of basicRoles) {
      for (const p of FIXED_GRANTS[role] ?? []) grant(p.action, p.scope);
      grantRoles(s.builtinRoles.get(role));
    }
    grantRoles(s.userRoles.get(userId));
    for (const teamId of s.teamsOf.get(userId) ?? []) grantRoles(s.teamRoles.get(teamId));
    for (const d of s.dashboards) {
      const scope = `dashboards:uid:${d.uid}`;
      if (d.creatorAdmin && d.createdBy === userId) for (const a of levelActions('Admin')) grant(a, scope);
      if (d.roleGrants && basicRoles.includes('Editor'))
        for (const a of levelActions('Edit')) grant(a, scope);
      if (d.roleGrants && basicRoles.includes('Viewer'))
        for (const a of levelActions('View')) grant(a, scope);
    }

    const on = Object.fromEntries(ACTIONS.map((a) => [a, new Set<string>()])) as Record<Action, Set<string>>;
    for (const [uid, scopes] of this.targets) {
      for (const action of ACTIONS) if (scopes.some((t) => held[action].covers(t))) on[action].add(uid);
    }
    return { on, basicRoles };
  }

  /** Who holds which level on one dashboard through managed grants and the default flags. */
  listing(uid: string): string[] {
    const s = this.state;
    const scope = `dashboards:uid:${uid}`;
    const byPrincipal = new Map<string, Set<string>>();
    const add = (principal: string, actions: Iterable<string>) => {
      const set = byPrincipal.get(principal) ?? new Set<string>();
      for (const a of actions) set.add(a);
      byPrincipal.set(principal, set);
    };
    const actionsOn = (roleId: number) =>
      (s.permissions.get(roleId) ?? []).filter((p) => p.scope === scope).map((p) => p.action);
    const managed = (roleIds: number[]) => roleIds.filter((id) => s.managedRoles.has(id));
    for (const [userId, roleIds] of s.userRoles)
      for (const roleId of managed(roleIds)) add(`user:${userId}`, actionsOn(roleId));
    for (const [teamId, roleIds] of s.teamRoles)
      for (const roleId of managed(roleIds)) add(`team:${teamId}`, actionsOn(roleId));
    for (const [role, roleIds] of s.builtinRoles)
      for (const roleId of managed(roleIds)) add(`builtInRole:${role}`, actionsOn(roleId));
    const d = s.dashboards.find((x) => x.uid === uid)!;
    if (d.creatorAdmin) add(`user:${d.createdBy}`, levelActions('Admin'));
    if (d.roleGrants) {
      add('builtInRole:Editor', levelActions('Edit'));
      add('builtInRole:Viewer', levelActions('View'));
    }
    return [...byPrincipal]
      .filter(([, actions]) => actions.size > 0)
      .map(([principal, actions]) => `${principal}:${levelOf(actions)}`)
      .sort();
  }
}

// ---------------------------------------------------------------------------------------------

async function expectStatus(
  server: TestServer,
  method: string,
  path: string,
  as: Caller,
  body?: unknown,
  status = 200,
): Promise<any> {
  const response = await call(server, method, path, { as, body });
  expect(response.status, `seed ${SEED}: ${method} ${path}: ${JSON.stringify(response.body)}`).toBe(status);
  return response.body;
}

describe('permission decisions at scale (issue #26)', () => {
  it(`equal a brute-force oracle over ${DASHBOARDS} dashboards (seed printed)`, async () => {
    console.log(`permissions oracle: SVC_ORACLE_SEED=${SEED}`);
    const rng = prng(SEED);
    const started = Date.now();
    const lap = (what: string) => console.log(`  ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const server = await startTestServer();

    // Users of mixed org roles; the server admin (admin, org Admin) is one of them.
    const me = await expectStatus(server, 'GET', '/api/user', ADMIN);
    const admin: Person = { id: me.id as number, login: 'admin', as: ADMIN, role: 'Admin' };
    const roles: OrgRole[] = [
      'Admin',
      ...Array<OrgRole>(13).fill('Editor'),
      ...Array<OrgRole>(20).fill('Viewer'),
      ...Array<OrgRole>(6).fill('None'),
    ];
    const people: Person[] = [];
    await inParallel(
      roles.map((role, i) => ({ role, i })),
      8,
      async ({ role, i }) => {
        const user = await createUser(server, {
          login: `oracle${i}`,
          orgRole: role === 'None' ? undefined : role,
        });
        if (role === 'None')
          await expectStatus(server, 'PATCH', `/api/org/users/${user.id}`, ADMIN, { role: 'None' });
        people[i] = { id: user.id, login: user.login, as: user.as, role };
      },
    );
    const everyone = [admin, ...people];
    const orgAdmin = people.find((p) => p.role === 'Admin')!;
    const editors = people.filter((p) => p.role === 'Editor');
    const viewers = people.filter((p) => p.role === 'Viewer');
    const creators = [admin, orgAdmin, ...editors.slice(0, 6)];

    // Teams, most users in one to three of them.
    const teamIds: number[] = [];
    for (let t = 0; t < TEAMS; t++) {
      const team = await expectStatus(server, 'POST', '/api/teams', ADMIN, { name: `Oracle team ${t}` });
      teamIds.push(team.teamId as number);
    }
    const memberships = people.flatMap((p) =>
      rng.sample(teamIds, rng.int(4)).map((teamId) => ({ p, teamId })),
    );
    await inParallel(memberships, WIDTH, async ({ p, teamId }) => {
      await expectStatus(server, 'POST', `/api/teams/${teamId}/members`, ADMIN, { userId: p.id });
    });

    // Folders three levels deep (grandchildren under children only: the server refuses deeper
    // trees), created by admins and editors (their creators get Admin on them).
    const folderUids: string[] = [];
    const rootFolders: string[] = [];
    for (let f = 0; f < ROOT_FOLDERS + CHILD_FOLDERS + GRANDCHILD_FOLDERS; f++) {
      const parentUid =
        f < ROOT_FOLDERS
          ? ''
          : f < ROOT_FOLDERS + CHILD_FOLDERS
            ? rng.pick(rootFolders)
            : rng.pick(folderUids.slice(ROOT_FOLDERS, ROOT_FOLDERS + CHILD_FOLDERS));
      const uid = `of${f}`;
      await expectStatus(server, 'POST', '/api/folders', rng.pick(creators).as, {
        uid,
        title: `Oracle folder ${f}`,
        parentUid: parentUid || undefined,
      });
      folderUids.push(uid);
      if (!parentUid) rootFolders.push(uid);
    }
    lap('users, teams, folders');

    // The dashboards, a quarter at the root, by several creators.
    const dashboards = Array.from({ length: DASHBOARDS }, (_, i) => ({
      uid: `od${i}`,
      folderUid: rng.chance(0.25) ? '' : rng.pick(folderUids),
      creator: rng.pick(creators),
    }));
    // Through Fastify's inject: the server's whole request path without a socket (20 000 saves).
    await inParallel(dashboards, WIDTH, async (d) => {
      const saved = await server.app.inject({
        method: 'POST',
        url: '/api/dashboards/db',
        headers: { authorization: d.creator.as.authorization!, 'content-type': 'application/json' },
        payload: JSON.stringify({
          dashboard: { uid: d.uid, title: `Oracle ${d.uid}`, tags: [] },
          folderUid: d.folderUid,
        }),
      });
      if (saved.statusCode !== 200)
        expect.fail(`seed ${SEED}: saving ${d.uid} as ${d.creator.login}: ${saved.statusCode} ${saved.body}`);
    });
    lap(`${DASHBOARDS} dashboards`);

    // Grants. Changes of one resource run in order, different resources at once.
    const anyPrincipal = (): Principal =>
      rng.weighted<() => Principal>([
        [() => ({ kind: 'users', id: rng.pick(people).id }), 4],
        [() => ({ kind: 'teams', id: rng.pick(teamIds) }), 4],
        [() => ({ kind: 'builtInRoles', role: rng.pick(['Viewer', 'Editor', 'Admin']) }), 2],
      ])();
    const anyLevel = () =>
      rng.weighted<GrantOp['level']>([
        ['View', 4],
        ['Edit', 3],
        ['Admin', 1.5],
        ['', 1.5],
      ]);
    const ops: GrantOp[] = [];
    // Root folders losing their default basic-role grants: only explicit grants open them.
    for (const uid of rng.sample(rootFolders, 6)) {
      ops.push({ resource: 'folders', uid, principal: { kind: 'builtInRoles', role: 'Viewer' }, level: '' });
      if (rng.chance(0.5))
        ops.push({
          resource: 'folders',
          uid,
          principal: { kind: 'builtInRoles', role: 'Editor' },
          level: '',
        });
    }
    for (let g = 0; g < FOLDER_GRANTS; g++)
      ops.push({
        resource: 'folders',
        uid: rng.pick(folderUids),
        principal: anyPrincipal(),
        level: anyLevel(),
      });
    for (let g = 0; g < DASHBOARD_GRANTS; g++)
      ops.push({
        resource: 'dashboards',
        uid: rng.pick(dashboards).uid,
        principal: anyPrincipal(),
        level: anyLevel(),
      });
    // Default grants of dashboards removed or lowered.
    for (let g = 0; g < DEFAULT_CHANGES; g++) {
      const d = rng.pick(dashboards);
      const creator: Principal = { kind: 'users', id: d.creator.id };
      const choices: [Omit<GrantOp, 'resource' | 'uid'>, number][] = [
        [{ principal: creator, level: '' }, 2],
        [{ principal: creator, level: rng.pick(['View', 'Edit'] as const) }, 1],
      ];
      if (d.folderUid === '')
        choices.push(
          [{ principal: { kind: 'builtInRoles', role: 'Viewer' }, level: '' }, 3],
          [{ principal: { kind: 'builtInRoles', role: 'Editor' }, level: '' }, 2],
          [{ principal: { kind: 'builtInRoles', role: 'Editor' }, level: 'View' }, 1],
          [{ principal: { kind: 'builtInRoles', role: 'Viewer' }, level: 'Edit' }, 1],
        );
      ops.push({ resource: 'dashboards', uid: d.uid, ...rng.weighted(choices) });
    }
    const byResource = new Map<string, GrantOp[]>();
    for (const op of ops) pushTo(byResource, `${op.resource}/${op.uid}`, op);
    await inParallel([...byResource.values()], WIDTH, async (sequence) => {
      for (const op of sequence)
        await expectStatus(
          server,
          'POST',
          `/api/access-control/${op.resource}/${op.uid}/${principalPath(op.principal)}`,
          ADMIN,
          { permission: op.level },
        );
    });

    // Custom roles: a wildcard reader, a uid-wildcard permission reader, a team's folder writer and
    // a folder reader every Viewer (so every Editor and Admin) gets as a basic-role grant.
    const customRoles: { uid: string; permissions: { action: string; scope: string }[]; to: string }[] = [
      {
        uid: 'oracle-reader',
        permissions: [{ action: READ, scope: 'dashboards:*' }],
        to: `users/${rng.pick(viewers).id}`,
      },
      {
        uid: 'oracle-perms-reader',
        permissions: [{ action: PERMS_READ, scope: 'dashboards:uid:*' }],
        to: `users/${rng.pick(people.filter((p) => p.role === 'None')).id}`,
      },
      {
        uid: 'oracle-folder-writer',
        permissions: [READ, WRITE].map((action) => ({
          action,
          scope: `folders:uid:${rng.pick(folderUids)}`,
        })),
        to: `teams/${rng.pick(teamIds)}`,
      },
      {
        uid: 'oracle-viewers',
        permissions: [{ action: READ, scope: `folders:uid:${rng.pick(rootFolders)}` }],
        to: 'builtin:Viewer',
      },
    ];
    for (const role of customRoles) {
      await expectStatus(
        server,
        'POST',
        '/api/access-control/roles',
        ADMIN,
        { uid: role.uid, name: `custom:${role.uid}`, permissions: role.permissions },
        201,
      );
      if (role.to.startsWith('builtin:'))
        await expectStatus(server, 'POST', '/api/access-control/builtin-roles', ADMIN, {
          roleUid: role.uid,
          builtInRole: role.to.slice('builtin:'.length),
        });
      else
        await expectStatus(server, 'POST', `/api/access-control/${role.to}/roles`, ADMIN, {
          roleUid: role.uid,
        });
    }
    lap(`${ops.length} grants, ${customRoles.length} custom roles`);

    // The oracle, from the stored rows.
    const sql = await openRawSql(server.config);
    let state: StoredState;
    try {
      state = await readStoredState(sql, 1);
    } finally {
      await sql.close();
    }
    expect(state.dashboards).toHaveLength(DASHBOARDS);
    expect(state.folders.size).toBe(folderUids.length);
    const oracle = new Oracle(state);
    const decisions = new Map(everyone.map((p) => [p.id, oracle.decide(p.id)]));
    lap(`oracle (default columns ${state.defaultColumns ? 'present' : 'absent'})`);
    const readableCounts = everyone.map((p) => decisions.get(p.id)!.on[READ].size);
    console.log(`  readable dashboards per user: ${readableCounts.join(' ')}`);
    // The seed must give a mix worth checking: users who see some but not all dashboards.
    expect(readableCounts.filter((c) => c > 0 && c < DASHBOARDS).length).toBeGreaterThan(20);
    expect(decisions.get(admin.id)!.on[PERMS_WRITE].size).toBe(DASHBOARDS);

    const mismatches: string[] = [];
    const who = (p: Person) => `${p.login} (id ${p.id}, ${p.role})`;

    // Single decisions for random users and dashboards, a third of them on dashboards with grants.
    const granted = [...new Set(ops.filter((o) => o.resource === 'dashboards').map((o) => o.uid))];
    const pairs = Array.from({ length: PAIRS }, (_, i) => ({
      person: rng.pick(everyone),
      uid: i % 3 === 0 ? rng.pick(granted) : rng.pick(oracle.dashboardUids),
    }));
    let allowedPairs = 0;
    await inParallel(pairs, WIDTH, async ({ person, uid }) => {
      const expected = decisions.get(person.id)!.on;
      const label = `${who(person)} on ${uid}`;
      const got = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: person.as });
      if (expected[READ].has(uid)) {
        allowedPairs++;
        if (got.status !== 200) mismatches.push(`GET dashboard ${label}: ${got.status}, oracle 200`);
        else {
          const meta = got.body.meta as Record<string, unknown>;
          const flags = {
            uid: got.body.dashboard.uid as unknown,
            canSave: meta.canSave,
            canEdit: meta.canEdit,
            canDelete: meta.canDelete,
            canAdmin: meta.canAdmin,
          };
          const want = {
            uid,
            canSave: expected[WRITE].has(uid),
            canEdit: expected[WRITE].has(uid),
            canDelete: expected[DELETE].has(uid),
            canAdmin: expected[PERMS_WRITE].has(uid),
          };
          if (JSON.stringify(flags) !== JSON.stringify(want))
            mismatches.push(
              `GET dashboard ${label}: meta ${JSON.stringify(flags)}, oracle ${JSON.stringify(want)}`,
            );
        }
      } else if (got.status !== 403 || !String(got.body?.message).includes('dashboards:read')) {
        mismatches.push(`GET dashboard ${label}: ${got.status} ${JSON.stringify(got.body)}, oracle 403`);
      }
      const list = await call(server, 'GET', `/api/access-control/dashboards/${uid}`, { as: person.as });
      const listExpected = expected[PERMS_READ].has(uid) ? 200 : 403;
      if (list.status !== listExpected)
        mismatches.push(`GET permissions ${label}: ${list.status}, oracle ${listExpected}`);
      else if (listExpected === 200 && !Array.isArray(list.body))
        mismatches.push(`GET permissions ${label}: not a list: ${JSON.stringify(list.body)}`);
    });
    lap(`${PAIRS} user/dashboard pairs (${allowedPairs} readable)`);

    // Search: every readable (editable) dashboard once, nothing else.
    async function searchAll(person: Person, extra: string): Promise<string[]> {
      const uids: string[] = [];
      for (let page = 1; ; page++) {
        const got = await call(
          server,
          'GET',
          `/api/search?type=dash-db&limit=${SEARCH_PAGE}&page=${page}${extra}`,
          {
            as: person.as,
          },
        );
        expect(got.status, `seed ${SEED}: search${extra} page ${page} as ${who(person)}`).toBe(200);
        const hits = got.body as { uid: string; type: string }[];
        for (const hit of hits) {
          if (hit.type !== 'dash-db')
            mismatches.push(`search${extra} as ${who(person)}: hit ${JSON.stringify(hit)}`);
          uids.push(hit.uid);
        }
        if (hits.length < SEARCH_PAGE) return uids;
      }
    }
    const compareSets = (label: string, got: string[], want: Set<string>) => {
      const seen = new Set<string>();
      const duplicates = got.filter((uid) => (seen.has(uid) ? true : (seen.add(uid), false)));
      const extra = [...seen].filter((uid) => !want.has(uid));
      const missing = [...want].filter((uid) => !seen.has(uid));
      if (duplicates.length || extra.length || missing.length)
        mismatches.push(
          `${label}: ${got.length} hits, oracle ${want.size}; extra ${extra.length} [${extra.slice(0, 5).join(' ')}]` +
            `, missing ${missing.length} [${missing.slice(0, 5).join(' ')}], duplicates ${duplicates.length}`,
        );
    };
    const customHolders = new Set(
      customRoles.flatMap((r) => (r.to.startsWith('users/') ? [Number(r.to.slice(6))] : [])),
    );
    const searchers = [
      admin,
      orgAdmin,
      ...everyone.filter((p) => customHolders.has(p.id)),
      ...rng.sample(
        people.filter((p) => p !== orgAdmin && !customHolders.has(p.id)),
        SEARCHERS - 2 - customHolders.size,
      ),
    ];
    await inParallel(searchers, 4, async (person) => {
      const expected = decisions.get(person.id)!.on;
      compareSets(`search as ${who(person)}`, await searchAll(person, ''), expected[READ]);
      compareSets(
        `search permission=Edit as ${who(person)}`,
        await searchAll(person, '&permission=Edit'),
        expected[WRITE],
      );
    });
    lap(`${searchers.length} users' searches`);

    // Who holds what on a few dashboards, as the admin lists it.
    const grantedSet = new Set(granted);
    const listed = [
      ...rng.sample(granted, LISTINGS - 5),
      ...rng.sample(
        oracle.dashboardUids.filter((uid) => !grantedSet.has(uid)),
        5,
      ),
    ];
    await inParallel(listed, WIDTH, async (uid) => {
      const got = await call(server, 'GET', `/api/access-control/dashboards/${uid}`, { as: ADMIN });
      if (got.status !== 200) {
        mismatches.push(`permissions of ${uid}: ${got.status}`);
        return;
      }
      type Entry = { userId?: number; teamId?: number; builtInRole?: string; permission: string };
      const entries = (got.body as Entry[])
        .map((e) => {
          const principal =
            e.userId !== undefined
              ? `user:${e.userId}`
              : e.teamId !== undefined
                ? `team:${e.teamId}`
                : `builtInRole:${e.builtInRole}`;
          return `${principal}:${e.permission}`;
        })
        .sort();
      const want = oracle.listing(uid);
      if (JSON.stringify(entries) !== JSON.stringify(want))
        mismatches.push(`permissions of ${uid}: ${JSON.stringify(entries)}, oracle ${JSON.stringify(want)}`);
    });
    lap(`${listed.length} permission listings`);

    expect(mismatches, `seed ${SEED}`).toEqual([]);
  }, 1_500_000);
});
