import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { basic, bearer, type Caller } from '../helpers/client.js';
import { api, JOBS_LEASE_MS, type Cluster, type Instance } from './cluster.js';

// What every HA deployment must show, with or without Redis: each revocation and write made on
// one instance is seen by the next request on any other, with nothing waited for in between.

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

export async function createUser(
  on: Instance,
  role: 'None' | 'Viewer' | 'Editor' | 'Admin' = 'Viewer',
): Promise<{ id: number; login: string; as: Caller }> {
  const login = unique('u');
  const created = await api<{ id: number }>(on, 'POST', '/api/admin/users', {
    body: { login, email: `${login}@example.com`, password: `${login}-pass` },
  });
  expect(created.status).toBe(200);
  if (role !== 'Viewer') {
    const changed = await api(on, 'PATCH', `/api/org/users/${created.body.id}`, { body: { role } });
    expect(changed.status).toBe(200);
  }
  return { id: created.body.id, login, as: basic(login, `${login}-pass`) };
}

export async function login(on: Instance, user: string, password: string): Promise<Caller> {
  const response = await api(on, 'POST', '/api/login', { body: { user, password } });
  expect(response.status).toBe(200);
  return { cookie: response.cookies.find((c) => c.startsWith('svc_session='))!.split(';')[0]! };
}

export async function saveDashboard(on: Instance, dashboard: Record<string, unknown>, folderUid?: string) {
  const saved = await api<{ uid: string }>(on, 'POST', '/api/dashboards/db', {
    body: { dashboard, overwrite: true, ...(folderUid ? { folderUid } : {}) },
  });
  expect(saved.status).toBe(200);
  return saved.body.uid;
}

export async function titlesFound(on: Instance, query: string): Promise<string[]> {
  const found = await api<{ title: string; type: string }[]>(
    on,
    'GET',
    // the most search answers (the default, 1000, is fewer than a fast load test writes)
    `/api/search?type=dash-db&limit=5000&query=${encodeURIComponent(query)}`,
  );
  expect(found.status).toBe(200);
  return found.body.map((hit) => hit.title).sort();
}

/** `status` of `path` as `as` on each instance, each asked twice (the second may be cached). */
export async function statusEverywhere(instances: Instance[], path: string, as: Caller): Promise<number[]> {
  const statuses: number[] = [];
  for (const instance of instances) {
    for (let i = 0; i < 2; i++) statuses.push((await api(instance, 'GET', path, { as })).status);
  }
  return statuses;
}
const all = (status: number) => Array<number>(6).fill(status);

/** The coherence checks, on a cluster the caller starts (three instances: a, b, c). */
export function coherenceChecks(cluster: () => Cluster) {
  const abc = () => cluster().instances as [Instance, Instance, Instance];

  it('session logout on one instance: the cookie is refused by the others at once', async () => {
    const [a, b, c] = abc();
    const user = await createUser(a);
    const cookie = await login(a, user.login, `${user.login}-pass`);
    expect(await statusEverywhere([a, b, c], '/api/user', cookie)).toEqual(all(200));
    expect((await api(b, 'GET', '/api/logout', { as: cookie })).status).toBeLessThan(400);
    expect((await api(c, 'GET', '/api/user', { as: cookie })).status).toBe(401);
    expect((await api(a, 'GET', '/api/user', { as: cookie })).status).toBe(401);
  });

  it('session revoked by an admin, user disabled: refused everywhere at once', async () => {
    const [a, b, c] = abc();
    const user = await createUser(a);
    const cookie = await login(a, user.login, `${user.login}-pass`);
    const other = await login(c, user.login, `${user.login}-pass`);
    expect(await statusEverywhere([a, b, c], '/api/user', cookie)).toEqual(all(200));
    const tokens = await api<{ id: number; isActive: boolean }[]>(
      b,
      'GET',
      `/api/admin/users/${user.id}/auth-tokens`,
    );
    expect(tokens.body).toHaveLength(2);
    // which token is `cookie`'s: the one that is not `other`'s (revoke one, see which dies)
    const revoked = await api(b, 'POST', `/api/admin/users/${user.id}/revoke-auth-token`, {
      body: { authTokenId: tokens.body[0]!.id },
    });
    expect(revoked.status).toBe(200);
    const alive = [
      (await api(c, 'GET', '/api/user', { as: cookie })).status,
      (await api(a, 'GET', '/api/user', { as: other })).status,
    ];
    expect(alive.sort()).toEqual([200, 401]);
    const survivor = alive[0] === 200 ? cookie : other;

    expect(await statusEverywhere([a, b, c], '/api/user', user.as)).toEqual(all(200));
    expect((await api(a, 'POST', `/api/admin/users/${user.id}/disable`)).status).toBe(200);
    expect((await api(c, 'GET', '/api/user', { as: user.as })).status).toBe(401);
    expect((await api(b, 'GET', '/api/user', { as: survivor })).status).toBe(401);
    expect((await api(c, 'GET', '/api/user', { as: survivor })).status).toBe(401);
  });

  it('service-account token deleted on one instance: refused by the others at once', async () => {
    const [a, b, c] = abc();
    const account = await api<{ id: number }>(a, 'POST', '/api/serviceaccounts', {
      body: { name: unique('sa'), role: 'Viewer' },
    });
    expect(account.status).toBe(201);
    const token = await api<{ id: number; key: string }>(
      b,
      'POST',
      `/api/serviceaccounts/${account.body.id}/tokens`,
      { body: { name: unique('t') } },
    );
    expect(token.status).toBe(200);
    // cached on every instance (each asked twice) before the deletion
    expect(await statusEverywhere([a, b, c], '/api/org', bearer(token.body.key))).toEqual(all(200));
    const deleted = await api(c, 'DELETE', `/api/serviceaccounts/${account.body.id}/tokens/${token.body.id}`);
    expect(deleted.status).toBe(200);
    expect(await statusEverywhere([a, b, c], '/api/org', bearer(token.body.key))).toEqual(all(401));
  });

  it('password change: the old password is refused everywhere at once', async () => {
    const [a, b, c] = abc();
    const user = await createUser(a);
    expect(await statusEverywhere([a, b, c], '/api/user', user.as)).toEqual(all(200));
    const changed = await api(b, 'PUT', `/api/admin/users/${user.id}/password`, {
      body: { password: 'second-pass' },
    });
    expect(changed.status).toBe(200);
    expect((await api(c, 'GET', '/api/user', { as: user.as })).status).toBe(401);
    expect((await api(a, 'GET', '/api/user', { as: user.as })).status).toBe(401);
    expect((await api(c, 'GET', '/api/user', { as: basic(user.login, 'second-pass') })).status).toBe(200);
  });

  it('role change in the org: applied everywhere at once, both ways', async () => {
    const [a, b, c] = abc();
    const user = await createUser(a);
    expect(await statusEverywhere([a, b, c], '/api/org/users', user.as)).toEqual(all(403));
    expect((await api(b, 'PATCH', `/api/org/users/${user.id}`, { body: { role: 'Admin' } })).status).toBe(
      200,
    );
    expect((await api(c, 'GET', '/api/org/users', { as: user.as })).status).toBe(200);
    expect((await api(a, 'GET', '/api/org/users', { as: user.as })).status).toBe(200);
    expect((await api(c, 'PATCH', `/api/org/users/${user.id}`, { body: { role: 'Viewer' } })).status).toBe(
      200,
    );
    expect((await api(a, 'GET', '/api/org/users', { as: user.as })).status).toBe(403);
    expect((await api(b, 'GET', '/api/org/users', { as: user.as })).status).toBe(403);
  });

  it('team membership grants a team’s dashboard permission everywhere at once, and takes it back', async () => {
    const [a, b, c] = abc();
    const user = await createUser(a, 'None');
    const uid = await saveDashboard(a, { title: unique('team-dash') });
    const team = await api<{ teamId: number }>(a, 'POST', '/api/teams', { body: { name: unique('team') } });
    expect(team.status).toBe(200);
    const granted = await api(a, 'POST', `/api/access-control/dashboards/${uid}/teams/${team.body.teamId}`, {
      body: { permission: 'View' },
    });
    expect(granted.status).toBe(200);
    const path = `/api/dashboards/uid/${uid}`;
    expect(await statusEverywhere([a, b, c], path, user.as)).toEqual(all(403));
    const added = await api(b, 'POST', `/api/teams/${team.body.teamId}/members`, {
      body: { userId: user.id },
    });
    expect(added.status).toBe(200);
    expect((await api(c, 'GET', path, { as: user.as })).status).toBe(200);
    expect((await api(a, 'GET', path, { as: user.as })).status).toBe(200);
    expect((await api(c, 'DELETE', `/api/teams/${team.body.teamId}/members/${user.id}`)).status).toBe(200);
    expect((await api(a, 'GET', path, { as: user.as })).status).toBe(403);
    expect((await api(b, 'GET', path, { as: user.as })).status).toBe(403);
  });

  it('folder move: the permission inherited from the new parent applies everywhere at once', async () => {
    const [a, b, c] = abc();
    const user = await createUser(a, 'None');
    const folder = async (title: string) => {
      const created = await api<{ uid: string }>(a, 'POST', '/api/folders', {
        body: { title: unique(title) },
      });
      expect(created.status).toBe(200);
      return created.body.uid;
    };
    const [granted, plain, other] = [await folder('granted'), await folder('plain'), await folder('other')];
    expect(
      (
        await api(a, 'POST', `/api/access-control/folders/${granted}/users/${user.id}`, {
          body: { permission: 'View' },
        })
      ).status,
    ).toBe(200);
    const uid = await saveDashboard(a, { title: unique('moved') }, plain);
    const path = `/api/dashboards/uid/${uid}`;
    expect(await statusEverywhere([a, b, c], path, user.as)).toEqual(all(403));
    expect(
      (await api(b, 'POST', `/api/folders/${plain}/move`, { body: { parentUid: granted } })).status,
    ).toBe(200);
    expect((await api(c, 'GET', path, { as: user.as })).status).toBe(200);
    expect((await api(a, 'GET', path, { as: user.as })).status).toBe(200);
    expect((await api(c, 'POST', `/api/folders/${plain}/move`, { body: { parentUid: other } })).status).toBe(
      200,
    );
    expect((await api(a, 'GET', path, { as: user.as })).status).toBe(403);
    expect((await api(b, 'GET', path, { as: user.as })).status).toBe(403);
  });

  it('dashboard save, rename and delete are seen by search on the other instances at once', async () => {
    const [a, b, c] = abc();
    const word = unique('searchme');
    expect([await titlesFound(b, word), await titlesFound(c, word)]).toEqual([[], []]);
    const uid = await saveDashboard(a, { title: `${word} one` });
    expect(await titlesFound(b, word)).toEqual([`${word} one`]);
    expect(await titlesFound(c, word)).toEqual([`${word} one`]);
    await saveDashboard(b, { uid, title: `${word} renamed` });
    expect(await titlesFound(c, word)).toEqual([`${word} renamed`]);
    expect(await titlesFound(a, word)).toEqual([`${word} renamed`]);
    expect((await api(c, 'DELETE', `/api/dashboards/uid/${uid}`)).status).toBe(200);
    expect(await titlesFound(a, word)).toEqual([]);
    expect(await titlesFound(b, word)).toEqual([]);
  });

  it('a dashboard grant revoked on one instance leaves search on the others at once', async () => {
    const [a, b, c] = abc();
    const user = await createUser(a, 'None');
    const word = unique('granted');
    const uid = await saveDashboard(a, { title: `${word} dash` });
    const found = async (on: Instance) => {
      const search = await api<{ uid: string }[]>(on, 'GET', `/api/search?query=${word}`, { as: user.as });
      expect(search.status).toBe(200);
      return search.body.map((hit) => hit.uid);
    };
    const grant = (permission: string) =>
      api(a, 'POST', `/api/access-control/dashboards/${uid}/users/${user.id}`, { body: { permission } });
    expect((await grant('View')).status).toBe(200);
    // past the moment loads are kept again: b and c cache the dashboard's grants
    await sleep(1_100);
    expect([await found(b), await found(c), await found(b), await found(c)]).toEqual([
      [uid],
      [uid],
      [uid],
      [uid],
    ]);
    expect((await grant('')).status).toBe(200);
    expect([await found(b), await found(c)]).toEqual([[], []]);
  });

  it('the first grant on a single dashboard of an org is seen by search on the others at once', async () => {
    const [a, b, c] = abc();
    // a fresh org, administered and read by users whose current org it is (no org header needed)
    const org = await api<{ orgId: number }>(a, 'POST', '/api/orgs', { body: { name: unique('org') } });
    expect(org.status).toBe(200);
    const member = async (role: 'Admin' | 'Viewer') => {
      const user = await createUser(a);
      const added = await api(a, 'POST', `/api/orgs/${org.body.orgId}/users`, {
        body: { loginOrEmail: user.login, role },
      });
      expect(added.status).toBe(200);
      expect((await api(a, 'POST', `/api/user/using/${org.body.orgId}`, { as: user.as })).status).toBe(200);
      return user;
    };
    const [admin, viewer] = [await member('Admin'), await member('Viewer')];
    const folder = await api<{ uid: string }>(a, 'POST', '/api/folders', {
      as: admin.as,
      body: { title: unique('closed') },
    });
    expect(folder.status).toBe(200);
    const closed = await api(a, 'POST', `/api/folders/${folder.body.uid}/permissions`, {
      as: admin.as,
      body: { items: [] },
    });
    expect(closed.status).toBe(200);
    const word = unique('single');
    const saved = await api<{ uid: string }>(a, 'POST', '/api/dashboards/db', {
      as: admin.as,
      body: { dashboard: { title: `${word} dash` }, folderUid: folder.body.uid },
    });
    expect(saved.status).toBe(200);
    const found = async (on: Instance) => {
      const search = await api<{ uid: string }[]>(on, 'GET', `/api/search?query=${word}`, { as: viewer.as });
      expect(search.status).toBe(200);
      return search.body.map((hit) => hit.uid);
    };
    // past the moment loads are kept again: b and c remember that no dashboard has a grant of its own
    await sleep(1_100);
    expect([await found(b), await found(c), await found(b), await found(c)]).toEqual([[], [], [], []]);
    const granted = await api(
      a,
      'POST',
      `/api/access-control/dashboards/${saved.body.uid}/users/${viewer.id}`,
      {
        as: admin.as,
        body: { permission: 'View' },
      },
    );
    expect(granted.status).toBe(200);
    expect([await found(b), await found(c)]).toEqual([[saved.body.uid], [saved.body.uid]]);
  });

  it('dashboard save, star and delete are served by GET on the other instances at once', async () => {
    const [a, b, c] = abc();
    const uid = await saveDashboard(a, { title: unique('cached') });
    const path = `/api/dashboards/uid/${uid}`;
    type Read = { meta: { isStarred: boolean }; dashboard: { title: string; version: number } };
    const read = async (on: Instance) => {
      const got = await api<Read>(on, 'GET', path);
      expect(got.status).toBe(200);
      return got.body;
    };
    // b and c read (and cache) version 1 first
    expect([(await read(b)).dashboard.version, (await read(c)).dashboard.version]).toEqual([1, 1]);
    await saveDashboard(a, { uid, title: 'renamed', version: 1 });
    for (const on of [b, c])
      expect((await read(on)).dashboard).toMatchObject({ title: 'renamed', version: 2 });
    expect((await api(b, 'POST', `/api/user/stars/dashboard/uid/${uid}`)).status).toBe(200);
    expect([(await read(a)).meta.isStarred, (await read(c)).meta.isStarred]).toEqual([true, true]);
    // a Viewer's permission check reads the dashboard through the same cache
    const viewer = await createUser(a, 'Viewer');
    expect(await statusEverywhere([a, b], path, viewer.as)).toEqual([200, 200, 200, 200]);
    expect((await api(c, 'DELETE', path)).status).toBe(200);
    expect(await statusEverywhere([a, b], path, viewer.as)).toEqual([404, 404, 404, 404]);
    for (const on of [a, b]) expect((await api(on, 'GET', path)).status).toBe(404);
  });

  it('data source update is served by the other instances at once', async () => {
    const [a, b, c] = abc();
    const name = unique('ds');
    const created = await api<{ datasource: { uid: string } }>(a, 'POST', '/api/datasources', {
      body: { name, type: 'prometheus', access: 'proxy', url: 'http://first.example:9090' },
    });
    expect(created.status).toBe(200);
    const uid = created.body.datasource.uid;
    const url = async (on: Instance) =>
      (await api<{ url: string }>(on, 'GET', `/api/datasources/uid/${uid}`)).body.url;
    expect([await url(b), await url(c)]).toEqual(['http://first.example:9090', 'http://first.example:9090']);
    const updated = await api(b, 'PUT', `/api/datasources/uid/${uid}`, {
      body: { name, type: 'prometheus', access: 'proxy', url: 'http://second.example:9090' },
    });
    expect(updated.status).toBe(200);
    expect(await url(c)).toBe('http://second.example:9090');
    expect(await url(a)).toBe('http://second.example:9090');
  });

  it('background jobs ran once across the three instances, all on the lease holder', () => {
    const ran = abc().flatMap((instance) =>
      instance.logged('background job ran').map((line) => (JSON.parse(line) as { job: string }).job),
    );
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.sort()).toEqual([...new Set(ran)].sort());
    expect(abc().filter((instance) => instance.logged('background job ran').length > 0)).toHaveLength(1);
    expect(
      abc().filter(
        (instance) => instance.logged('background jobs lease taken: this instance runs them').length > 0,
      ),
    ).toHaveLength(1);
  });
}

/**
 * Writers spread over the three instances; one is SIGKILLed mid-run. Every write a survivor
 * acknowledged is there afterwards, and no survivor answered anything but success. Run last: it
 * leaves two instances.
 */
export function killUnderLoad(cluster: () => Cluster) {
  it('SIGKILL of one instance under a concurrent write load: no acknowledged write lost, no error on the survivors', async () => {
    const [a, b, c] = cluster().instances as [Instance, Instance, Instance];
    const acknowledged: { uid: string; title: string }[] = [];
    const survivorFailures: string[] = [];
    const unansweredOnVictim = new Set<string>();
    let victimAcknowledged = 0;
    let dead = false;
    const word = unique('load');
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const target = [a, b, c][(w + i) % 3]!;
        if (target === c && dead) continue;
        const title = `${word} ${w}-${i}`;
        try {
          const saved = await api<{ uid: string }>(target, 'POST', '/api/dashboards/db', {
            body: { dashboard: { title } },
          });
          if (saved.status === 200) {
            acknowledged.push({ uid: saved.body.uid, title });
            if (target === c) victimAcknowledged += 1;
          } else if (target === c) unansweredOnVictim.add(title);
          else survivorFailures.push(`${target.name}: ${saved.status} ${JSON.stringify(saved.body)}`);
        } catch (err) {
          if (target === c) unansweredOnVictim.add(title);
          else survivorFailures.push(`${target.name}: ${String(err)}`);
        }
      }
    };
    let stop = false;
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const exited = new Promise((resolve) => c.child.once('exit', resolve));
    c.child.kill('SIGKILL');
    await exited;
    dead = true;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stop = true;
    await Promise.all(writers);

    expect(survivorFailures).toEqual([]);
    expect(victimAcknowledged).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(victimAcknowledged);
    // Every acknowledged write is there; the only others are writes the victim may have committed
    // without answering before it died.
    const found = new Set(await titlesFound(a, word));
    expect(found.size).toBeLessThan(5000);
    expect(acknowledged.filter((w) => !found.has(w.title))).toEqual([]);
    const known = new Set(acknowledged.map((w) => w.title));
    expect([...found].filter((title) => !known.has(title) && !unansweredOnVictim.has(title))).toEqual([]);
    for (const { uid } of acknowledged.slice(0, 20)) {
      expect((await api(b, 'GET', `/api/dashboards/uid/${uid}`)).status).toBe(200);
    }
  });
}

/** One round of the checks that depend on the cache bus: a logout, a role change, a rename in search. */
export async function busRound(a: Instance, b: Instance, c: Instance): Promise<void> {
  const user = await createUser(a);
  const cookie = await login(a, user.login, `${user.login}-pass`);
  expect(await statusEverywhere([a, b, c], '/api/user', cookie)).toEqual(all(200));
  expect(await statusEverywhere([a, b, c], '/api/org/users', user.as)).toEqual(all(403));
  const word = unique('round');
  const uid = await saveDashboard(a, { title: `${word} one` });
  expect(await titlesFound(c, word)).toEqual([`${word} one`]);

  expect((await api(b, 'GET', '/api/logout', { as: cookie })).status).toBeLessThan(400);
  expect((await api(c, 'GET', '/api/user', { as: cookie })).status).toBe(401);
  expect((await api(b, 'PATCH', `/api/org/users/${user.id}`, { body: { role: 'Admin' } })).status).toBe(200);
  expect((await api(c, 'GET', '/api/org/users', { as: user.as })).status).toBe(200);
  await saveDashboard(b, { uid, title: `${word} renamed` });
  expect(await titlesFound(c, word)).toEqual([`${word} renamed`]);
  expect(await titlesFound(a, word)).toEqual([`${word} renamed`]);
}

/** Reads and writes on every instance until stopped; anything but success is recorded. */
export function backgroundLoad(instances: Instance[]) {
  const failures: string[] = [];
  let requests = 0;
  let stopped = false;
  const word = unique('bg');
  const loop = async (w: number) => {
    let saved = '';
    for (let i = 0; !stopped; i++) {
      const on = instances[(w + i) % instances.length]!;
      // the GET reads what the last save wrote, on another instance, while others write there too
      const reply =
        i % 3 === 0
          ? await api(on, 'POST', '/api/dashboards/db', {
              body: { dashboard: { title: `${word} ${w}-${i}` } },
            })
          : i % 3 === 1
            ? await api(on, 'GET', `/api/dashboards/uid/${saved}`)
            : await api(on, 'GET', `/api/search?query=${word}`);
      if (i % 3 === 0) saved = (reply.body as { uid: string }).uid;
      requests += 1;
      if (reply.status !== 200) failures.push(`${on.name}: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
  };
  const loops = [0, 1, 2].map((w) => loop(w).catch((err: unknown) => void failures.push(String(err))));
  return {
    async stop(): Promise<{ failures: string[]; requests: number }> {
      stopped = true;
      await Promise.all(loops);
      return { failures, requests };
    },
  };
}

const JOB = 'dashboard-provisioning';

/** Runs of the provisioning re-poll (every second, cluster.ts) each instance counted so far. */
async function jobRuns(instances: Instance[]): Promise<number[]> {
  return Promise.all(
    instances.map(async (instance) => {
      const text = (await api<string>(instance, 'GET', '/metrics')).body;
      const line = text.split('\n').find((l) => l.startsWith(`svc_background_job_runs_total{job="${JOB}"}`));
      return line ? Number(line.split(' ')[1]) : 0;
    }),
  );
}

/** The instance whose periodic job runs advanced over a window; fails unless exactly one did. */
async function soleRunner(instances: Instance[], windowMs = 2_500): Promise<Instance> {
  const before = await jobRuns(instances);
  await sleep(windowMs);
  const after = await jobRuns(instances);
  const ran = instances.filter((_, i) => after[i]! > before[i]!);
  expect(ran.map((i) => i.name)).toHaveLength(1);
  return ran[0]!;
}

/**
 * Background jobs (the dashboard provisioning re-poll every second stands for all of them) run on
 * exactly one instance: the holder of the lease.
 */
export function jobsOnce(cluster: () => Cluster) {
  it('a periodic job runs on exactly one of the three instances', async () => {
    await soleRunner(cluster().instances);
  });
}

/**
 * The holder of the background jobs lease is SIGKILLed: another instance runs the jobs within
 * the lease (JOBS_LEASE_MS) plus a third of it (its next try), plus the job's 1 s interval. Run
 * after killUnderLoad: it leaves the survivors minus the holder.
 */
export function jobsTakeOver(cluster: () => Cluster) {
  it('the job holder SIGKILLed: exactly one other instance takes the job over within the bound', async () => {
    const alive = cluster().instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);
    const holder = await soleRunner(alive, 1_500);
    const survivors = alive.filter((i) => i !== holder);
    const before = await jobRuns(survivors);
    const exited = new Promise((resolve) => holder.child.once('exit', resolve));
    holder.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    const bound = JOBS_LEASE_MS + JOBS_LEASE_MS / 3 + 1_000;
    for (;;) {
      const now = await jobRuns(survivors);
      if (now.some((n, i) => n > before[i]!)) break;
      expect(Date.now() - killedAt).toBeLessThan(bound + 500);
      await sleep(100);
    }
    if (survivors.length > 1) await soleRunner(survivors, 1_500);
  });
}
