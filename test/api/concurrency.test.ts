import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type ApiResponse } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';

// Many writers at once, on every dialect: no request may fail with a 5xx, a name that several
// writers claim goes to exactly one of them (the rest 409), and histories have no gaps.

const WRITERS = 50;

function statuses(responses: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

/** Every response is `expected`; the message lists what came back instead. */
function expectAll(responses: ApiResponse[], expected: number): void {
  const wrong = responses.filter((r) => r.status !== expected);
  expect(wrong.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
}

/** Exactly one winner with `winner`; every other answer is `conflict` with a message. */
function expectOneWinner(responses: ApiResponse[], winner = 200, conflict = 409): void {
  expect(statuses(responses)).toEqual({ [winner]: 1, [conflict]: responses.length - 1 });
  for (const response of responses.filter((r) => r.status === conflict)) {
    expect(response.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
  }
}

const all = <T>(count: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => make(i)));

async function versionsOf(server: TestServer, uid: string): Promise<number[]> {
  const res = await call(server, 'GET', `/api/dashboards/uid/${uid}/versions?limit=100`, { as: ADMIN });
  expect(res.status).toBe(200);
  const list = (Array.isArray(res.body) ? res.body : res.body.versions) as { version: number }[];
  return list.map((v) => v.version);
}

describe('concurrent dashboard saves', () => {
  it(`${WRITERS} creates of different dashboards in one org all succeed`, async () => {
    const server = await startTestServer();
    const responses = await all(WRITERS, (i) =>
      call(server, 'POST', '/api/dashboards/db', {
        as: ADMIN,
        body: { dashboard: { uid: `c-${i}`, title: `Concurrent ${i}`, tags: ['load', `t${i % 5}`] } },
      }),
    );
    expectAll(responses, 200);
    const search = await call(server, 'GET', '/api/search?tag=load&limit=5000', { as: ADMIN });
    expect(search.body).toHaveLength(WRITERS);
    // the creator holds Admin on each: a managed permission was written for every one
    const perms = await call(server, 'GET', '/api/dashboards/uid/c-7/permissions', { as: ADMIN });
    expect(perms.status).toBe(200);
    expect(perms.body).toEqual(expect.arrayContaining([expect.objectContaining({ permission: 4 })]));
  });

  it(`${WRITERS} overwrites of one dashboard leave a gapless history`, async () => {
    const server = await startTestServer({ overrides: { dashboards: { versions_to_keep: '100' } } });
    const created = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid: 'hot', title: 'Hot' } },
    });
    expect(created.status).toBe(200);
    const responses = await all(WRITERS, (i) =>
      call(server, 'POST', '/api/dashboards/db', {
        as: ADMIN,
        body: { dashboard: { uid: 'hot', title: 'Hot', tags: [`w${i}`] }, overwrite: true },
      }),
    );
    expectAll(responses, 200);
    const versions = responses.map((r) => r.body.version as number).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 2));
    expect((await versionsOf(server, 'hot')).sort((a, b) => a - b)).toEqual([1, ...versions]);
    const current = await call(server, 'GET', '/api/dashboards/uid/hot', { as: ADMIN });
    expect(current.body.dashboard.version).toBe(WRITERS + 1);
  });

  // A save leaves unchanged title columns out of its write only when the row is still the one it
  // read: a concurrent rename in between must not leave the row's title behind its model's.
  it('overwrites that rename and rename back: the row keeps the last version’s title', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid: 'flip', title: 'Flip' } },
    });
    expect(created.status).toBe(200);
    for (let round = 0; round < 3; round++) {
      const responses = await all(20, (i) =>
        call(server, 'POST', '/api/dashboards/db', {
          as: ADMIN,
          body: { dashboard: { uid: 'flip', title: i % 2 ? `Flop ${round} ${i}` : 'Flip' }, overwrite: true },
        }),
      );
      expectAll(responses, 200);
      const current = await call(server, 'GET', '/api/dashboards/uid/flip', { as: ADMIN });
      const title = current.body.dashboard.title as string;
      const slug = title === 'Flip' ? 'flip' : `flop-${round}-${title.split(' ')[2]}`;
      expect(current.body.meta.slug).toBe(slug);
      const search = await call(server, 'GET', '/api/search?dashboardUIDs=flip', { as: ADMIN });
      expect(search.body).toEqual([expect.objectContaining({ uid: 'flip', title, url: `/d/flip/${slug}` })]);
    }
  });

  it('saves from one stale version: one wins, the rest are 412', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid: 'race', title: 'Race' } },
    });
    const responses = await all(20, (i) =>
      call(server, 'POST', '/api/dashboards/db', {
        as: ADMIN,
        body: { dashboard: { uid: 'race', title: 'Race', version: created.body.version, tags: [`r${i}`] } },
      }),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 412: 19 });
    expect(await versionsOf(server, 'race')).toEqual([2, 1]);
  });

  // Grafana compat: a title taken in the folder is 412 name-exists, not 409.
  it('creates of one title in one folder: one wins, the rest are 412 name-exists', async () => {
    const server = await startTestServer();
    const responses = await all(20, () =>
      call(server, 'POST', '/api/dashboards/db', { as: ADMIN, body: { dashboard: { title: 'Same title' } } }),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 412: 19 });
    for (const response of responses.filter((r) => r.status === 412)) {
      expect(response.body).toEqual(expect.objectContaining({ status: 'name-exists' }));
    }
  });

  it('creates of one uid: one wins, the rest are refused without a 5xx', async () => {
    const server = await startTestServer();
    const responses = await all(20, (i) =>
      call(server, 'POST', '/api/dashboards/db', {
        as: ADMIN,
        body: { dashboard: { uid: 'same-uid', title: `Uid race ${i}` } },
      }),
    );
    const counts = statuses(responses);
    expect(counts[200]).toBe(1);
    expect(Object.keys(counts).every((s) => Number(s) < 500)).toBe(true);
  });

  it('writers overwriting their own dashboards for 2 s all succeed, nothing acknowledged is lost', async () => {
    const server = await startTestServer({ overrides: { dashboards: { versions_to_keep: '5' } } });
    const writers = 20;
    const until = Date.now() + 2_000;
    const acknowledged = await all(writers, async (w) => {
      let last = 0;
      const failures: string[] = [];
      for (let n = 1; Date.now() < until; n++) {
        const res = await call(server, 'POST', '/api/dashboards/db', {
          as: ADMIN,
          body: { dashboard: { uid: `own-${w}`, title: `Own ${w}`, tags: [`n${n}`] }, overwrite: true },
        });
        if (res.status !== 200) failures.push(`${res.status} ${JSON.stringify(res.body)}`);
        else last = res.body.version as number;
      }
      return { w, last, failures };
    });
    expect(acknowledged.flatMap((a) => a.failures)).toEqual([]);
    for (const { w, last } of acknowledged) {
      const res = await call(server, 'GET', `/api/dashboards/uid/own-${w}`, { as: ADMIN });
      expect(res.body.dashboard.version).toBe(last);
      // versions_to_keep: the newest five, without gaps
      const kept = await versionsOf(server, `own-${w}`);
      expect(kept).toEqual(Array.from({ length: Math.min(5, last) }, (_, i) => last - i));
    }
  });
});

describe('concurrent creates of one name', () => {
  it('organizations: one wins, the rest are 409', async () => {
    const server = await startTestServer();
    const responses = await all(10, () =>
      call(server, 'POST', '/api/orgs', { as: ADMIN, body: { name: 'Contested org' } }),
    );
    expectOneWinner(responses);
    const orgs = await call(server, 'GET', '/api/orgs?query=Contested', { as: ADMIN });
    expect(orgs.body).toHaveLength(1);
  });

  it('teams: one wins, the rest are 409', async () => {
    const server = await startTestServer();
    const responses = await all(10, () =>
      call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Contested team' } }),
    );
    expectOneWinner(responses);
  });

  // Grafana compat: an existing login or email is 412 "User with email … already exists".
  it('users by login and by email: one wins, the rest are 412', async () => {
    const server = await startTestServer();
    const byLogin = await all(10, (i) =>
      call(server, 'POST', '/api/admin/users', {
        as: ADMIN,
        body: { login: 'contested', email: `c${i}@example.com`, password: 'password-1' },
      }),
    );
    expectOneWinner(byLogin, 200, 412);
    const byEmail = await all(10, (i) =>
      call(server, 'POST', '/api/admin/users', {
        as: ADMIN,
        body: { login: `other${i}`, email: 'same@example.com', password: 'password-1' },
      }),
    );
    expectOneWinner(byEmail, 200, 412);
  });

  it('data sources: one wins, the rest are 409', async () => {
    const server = await startTestServer();
    const responses = await all(10, () =>
      call(server, 'POST', '/api/datasources', {
        as: ADMIN,
        body: { name: 'Contested DS', type: 'testdata', url: '', access: 'proxy' },
      }),
    );
    expectOneWinner(responses);
  });

  it('folders by title and by uid: one wins, the rest are 409', async () => {
    const server = await startTestServer();
    const byTitle = await all(10, () =>
      call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Contested folder' } }),
    );
    expectOneWinner(byTitle);
    const byUid = await all(10, (i) =>
      call(server, 'POST', '/api/folders', { as: ADMIN, body: { uid: 'contested', title: `Folder ${i}` } }),
    );
    expectOneWinner(byUid);
  });

  it('service accounts: one wins, the rest are 409', async () => {
    const server = await startTestServer();
    const responses = await all(10, () =>
      call(server, 'POST', '/api/serviceaccounts', {
        as: ADMIN,
        body: { name: 'contested-sa', role: 'Viewer' },
      }),
    );
    expectOneWinner(responses, 201);
  });
});

describe('concurrent contact points', () => {
  it('creates of one name: one wins, the rest are 409; of different names: all kept', async () => {
    const server = await startTestServer();
    const create = (name: string, i: number) =>
      call(server, 'POST', '/api/v1/provisioning/contact-points', {
        as: ADMIN,
        body: { name, type: 'webhook', settings: { url: `http://127.0.0.1:9/${i}` } },
      });
    expectOneWinner(await all(10, (i) => create('contested-cp', i)), 202);
    expectAll(await all(20, (i) => create(`cp-${i}`, i)), 202);
    const listed = await call(server, 'GET', '/api/v1/provisioning/contact-points', { as: ADMIN });
    const names = (listed.body as { name: string }[]).map((cp) => cp.name);
    expect(names.filter((name) => name === 'contested-cp')).toHaveLength(1);
    expect(names.filter((name) => name.startsWith('cp-'))).toHaveLength(20);
  });
});

describe('concurrent grants and memberships', () => {
  it('team members added at once are all added; the same member twice is refused once', async () => {
    const server = await startTestServer();
    const team = await call(server, 'POST', '/api/teams', { as: ADMIN, body: { name: 'Busy team' } });
    const users = await all(10, (i) => createUser(server, { login: `member${i}` }));
    const adds = await all(users.length, (i) =>
      call(server, 'POST', `/api/teams/${team.body.teamId}/members`, {
        as: ADMIN,
        body: { userId: users[i]!.id },
      }),
    );
    expectAll(adds, 200);
    const again = await all(10, () =>
      call(server, 'POST', `/api/teams/${team.body.teamId}/members`, {
        as: ADMIN,
        body: { userId: users[0]!.id },
      }),
    );
    expect(again.every((r) => r.status === 400 || r.status === 409)).toBe(true);
    const members = await call(server, 'GET', `/api/teams/${team.body.teamId}/members`, { as: ADMIN });
    expect(members.body).toHaveLength(users.length + 1);
  });

  it('role grants and resource permissions set at once are all kept', async () => {
    const server = await startTestServer();
    const users = await all(10, (i) => createUser(server, { login: `grantee${i}` }));
    const role = await call(server, 'POST', '/api/access-control/roles', {
      as: ADMIN,
      body: {
        name: 'custom:concurrent',
        permissions: [{ action: 'dashboards:read', scope: 'dashboards:*' }],
      },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const grants = await all(users.length, (i) =>
      call(server, 'POST', `/api/access-control/users/${users[i]!.id}/roles`, {
        as: ADMIN,
        body: { roleUid: role.body.uid },
      }),
    );
    expectAll(grants, 200);
    const dashboard = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { uid: 'shared', title: 'Shared' } },
    });
    expect(dashboard.status).toBe(200);
    const permissions = await all(users.length, (i) =>
      call(server, 'POST', `/api/access-control/dashboards/shared/users/${users[i]!.id}`, {
        as: ADMIN,
        body: { permission: 'Edit' },
      }),
    );
    expectAll(permissions, 200);
    const listed = await call(server, 'GET', '/api/access-control/dashboards/shared', { as: ADMIN });
    const editors = (listed.body as { userId?: number; permission: string }[])
      .filter((p) => p.permission === 'Edit' && p.userId)
      .map((p) => p.userId);
    expect(editors.sort((a, b) => a! - b!)).toEqual(users.map((u) => u.id).sort((a, b) => a - b));
    for (const user of users.slice(0, 3)) {
      const read = await call(server, 'GET', `/api/access-control/users/${user.id}/roles`, { as: ADMIN });
      expect(read.body).toEqual(expect.arrayContaining([expect.objectContaining({ uid: role.body.uid })]));
    }
  });
});
