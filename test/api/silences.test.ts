import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { createRule, seedFolderAndDataSource } from '../helpers/alert-rules.js';
import type { TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const BASE = '/api/alertmanager/grafana/api/v2';
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const silence = (over: Record<string, unknown> = {}) => ({
  matchers: [{ name: 'alertname', value: 'HighCPU', isRegex: false, isEqual: true }],
  startsAt: iso(T0),
  endsAt: iso(T0 + 60 * MIN),
  createdBy: 'alice',
  comment: 'maintenance',
  ...over,
});

/** A user whose only permissions are `permissions` (org role None plus a custom role). */
async function userWith(
  server: TestServer,
  permissions: { action: string; scope: string }[],
): Promise<Caller> {
  const user = await createUser(server);
  await call(server, 'PATCH', `/api/org/users/${user.id}`, { as: ADMIN, body: { role: 'None' } });
  const uid = `role-${user.id}`;
  const role = await call(server, 'POST', '/api/access-control/roles', {
    as: ADMIN,
    body: { uid, name: `custom:${uid}`, permissions },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const assigned = await call(server, 'POST', `/api/access-control/users/${user.id}/roles`, {
    as: ADMIN,
    body: { roleUid: uid },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  return user.as;
}

const ruleMatcher = (uid: string) => ({
  name: '__alert_rule_uid__',
  value: uid,
  isRegex: false,
  isEqual: true,
});

async function setup() {
  const clock = new ManualClock(T0);
  const server = await startTestServer({ clock });
  return { clock, server };
}

describe('silences (Alertmanager API v2)', () => {
  it('creates, reads and lists a silence under both product spellings', async () => {
    const { server } = await setup();
    const created = await call(server, 'POST', `${BASE}/silences`, { as: ADMIN, body: silence() });
    expect(created.status).toBe(202);
    const id = created.body.silenceID as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const got = await call(server, 'GET', `/api/alertmanager/svc/api/v2/silence/${id}`, { as: ADMIN });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id,
      status: { state: 'active' },
      updatedAt: iso(T0),
      comment: 'maintenance',
      createdBy: 'alice',
      endsAt: iso(T0 + 60 * MIN),
      matchers: [{ isEqual: true, isRegex: false, name: 'alertname', value: 'HighCPU' }],
      startsAt: iso(T0),
    });
    const list = await call(server, 'GET', `${BASE}/silences`, { as: ADMIN });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([got.body]);
  });

  it('clamps a past start to now, computes pending/active/expired from the clock and sorts the list', async () => {
    const { clock, server } = await setup();
    const post = async (body: unknown) =>
      (await call(server, 'POST', `${BASE}/silences`, { as: ADMIN, body })).body.silenceID as string;
    const past = await post(silence({ startsAt: iso(T0 - 30 * MIN), endsAt: iso(T0 + 10 * MIN) }));
    const pending = await post(silence({ startsAt: iso(T0 + 5 * MIN), endsAt: iso(T0 + 20 * MIN) }));
    const long = await post(silence({ endsAt: iso(T0 + 90 * MIN) }));

    expect((await call(server, 'GET', `${BASE}/silence/${past}`, { as: ADMIN })).body.startsAt).toBe(iso(T0));
    let list = (await call(server, 'GET', `${BASE}/silences`, { as: ADMIN })).body as {
      id: string;
      status: { state: string };
    }[];
    expect(list.map((s) => [s.id, s.status.state])).toEqual([
      [past, 'active'],
      [long, 'active'],
      [pending, 'pending'],
    ]);

    clock.advance(15 * MIN);
    list = (await call(server, 'GET', `${BASE}/silences`, { as: ADMIN })).body;
    expect(list.map((s) => [s.id, s.status.state])).toEqual([
      [pending, 'active'],
      [long, 'active'],
      [past, 'expired'],
    ]);
  });

  it('refuses invalid silences with Alertmanager’s messages', async () => {
    const { server } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ matchers: [] }, 'at least one matcher required'],
      [{ matchers: undefined }, 'at least one matcher required'],
      [
        { matchers: [{ name: 'a', value: '', isRegex: false, isEqual: true }] },
        'at least one matcher must not match the empty string',
      ],
      [
        { matchers: [{ name: 'a', value: '.*', isRegex: true, isEqual: true }] },
        'at least one matcher must not match the empty string',
      ],
      [
        { matchers: [{ name: '', value: 'x', isRegex: false, isEqual: true }] },
        'invalid label matcher 0: invalid label name ""',
      ],
      [{ endsAt: undefined }, 'invalid zero end timestamp'],
      [{ endsAt: iso(T0 - MIN), startsAt: iso(T0 - 2 * MIN) }, "end time can't be in the past"],
      [{ startsAt: iso(T0 + 10 * MIN), endsAt: iso(T0 + 5 * MIN) }, 'start time must be before end time'],
    ];
    for (const [over, message] of cases) {
      const res = await call(server, 'POST', `${BASE}/silences`, { as: ADMIN, body: silence(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message, JSON.stringify(over)).toBe(message);
    }
    const badRegex = await call(server, 'POST', `${BASE}/silences`, {
      as: ADMIN,
      body: silence({ matchers: [{ name: 'a', value: '(', isRegex: true, isEqual: true }] }),
    });
    expect(badRegex.status).toBe(400);
    expect(badRegex.body.message).toMatch(/^invalid label matcher 0: invalid regular expression "\("/);
    // A negative matcher never counts as matching the empty string.
    const negative = await call(server, 'POST', `${BASE}/silences`, {
      as: ADMIN,
      body: silence({ matchers: [{ name: 'env', value: 'dev', isRegex: false, isEqual: false }] }),
    });
    expect(negative.status).toBe(202);
    expect((await call(server, 'GET', `${BASE}/silences`, { as: ADMIN })).body).toHaveLength(1);
  });

  it('updates in place when Alertmanager allows it, otherwise expires and recreates', async () => {
    const { clock, server } = await setup();
    const id = (await call(server, 'POST', `${BASE}/silences`, { as: ADMIN, body: silence() })).body
      .silenceID;
    clock.advance(MIN);

    // active, same start, later end, same matchers: in place
    const extended = await call(server, 'POST', `${BASE}/silences`, {
      as: ADMIN,
      body: silence({ id, endsAt: iso(T0 + 120 * MIN), comment: 'longer' }),
    });
    expect(extended.status).toBe(202);
    expect(extended.body.silenceID).toBe(id);
    const after = (await call(server, 'GET', `${BASE}/silence/${id}`, { as: ADMIN })).body;
    expect(after).toMatchObject({ endsAt: iso(T0 + 120 * MIN), comment: 'longer', updatedAt: iso(T0 + MIN) });

    // other matchers: the old one expires now, a new id replaces it
    const replaced = await call(server, 'POST', `${BASE}/silences`, {
      as: ADMIN,
      body: silence({ id, matchers: [{ name: 'alertname', value: 'Other', isRegex: false, isEqual: true }] }),
    });
    expect(replaced.status).toBe(202);
    expect(replaced.body.silenceID).not.toBe(id);
    const old = (await call(server, 'GET', `${BASE}/silence/${id}`, { as: ADMIN })).body;
    expect(old).toMatchObject({ status: { state: 'expired' }, endsAt: iso(T0 + MIN) });
    const fresh = (await call(server, 'GET', `${BASE}/silence/${replaced.body.silenceID}`, { as: ADMIN }))
      .body;
    expect(fresh).toMatchObject({ status: { state: 'active' }, startsAt: iso(T0 + MIN) });

    // active, start changed: recreated
    const moved = await call(server, 'POST', `${BASE}/silences`, {
      as: ADMIN,
      body: silence({
        id: replaced.body.silenceID,
        matchers: fresh.matchers,
        startsAt: iso(T0 + 2 * MIN),
      }),
    });
    expect(moved.body.silenceID).not.toBe(replaced.body.silenceID);

    // pending, new start not in the past: in place
    const pending = (
      await call(server, 'POST', `${BASE}/silences`, {
        as: ADMIN,
        body: silence({ startsAt: iso(T0 + 30 * MIN) }),
      })
    ).body.silenceID;
    const repending = await call(server, 'POST', `${BASE}/silences`, {
      as: ADMIN,
      body: silence({ id: pending, startsAt: iso(T0 + 40 * MIN) }),
    });
    expect(repending.body.silenceID).toBe(pending);
    expect((await call(server, 'GET', `${BASE}/silence/${pending}`, { as: ADMIN })).body).toMatchObject({
      status: { state: 'pending' },
      startsAt: iso(T0 + 40 * MIN),
    });

    // expired: always recreated
    clock.advance(200 * MIN);
    const revived = await call(server, 'POST', `${BASE}/silences`, {
      as: ADMIN,
      body: silence({ id, startsAt: iso(T0 + 201 * MIN), endsAt: iso(T0 + 300 * MIN) }),
    });
    expect(revived.status).toBe(202);
    expect(revived.body.silenceID).not.toBe(id);

    const unknown = await call(server, 'POST', `${BASE}/silences`, {
      as: ADMIN,
      body: silence({ id: '00000000-0000-0000-0000-000000000000', endsAt: iso(T0 + 400 * MIN) }),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('silence not found');
  });

  it('expires with DELETE: active ends now, pending starts and ends now, expired stays', async () => {
    const { clock, server } = await setup();
    const active = (await call(server, 'POST', `${BASE}/silences`, { as: ADMIN, body: silence() })).body
      .silenceID;
    const pending = (
      await call(server, 'POST', `${BASE}/silences`, {
        as: ADMIN,
        body: silence({ startsAt: iso(T0 + 30 * MIN) }),
      })
    ).body.silenceID;
    clock.advance(MIN);
    for (const id of [active, pending]) {
      const res = await call(server, 'DELETE', `${BASE}/silence/${id}`, { as: ADMIN });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'silence deleted' });
    }
    expect((await call(server, 'GET', `${BASE}/silence/${active}`, { as: ADMIN })).body).toMatchObject({
      status: { state: 'expired' },
      startsAt: iso(T0),
      endsAt: iso(T0 + MIN),
    });
    expect((await call(server, 'GET', `${BASE}/silence/${pending}`, { as: ADMIN })).body).toMatchObject({
      status: { state: 'expired' },
      startsAt: iso(T0 + MIN),
      endsAt: iso(T0 + MIN),
    });
    clock.advance(MIN);
    const again = await call(server, 'DELETE', `${BASE}/silence/${active}`, { as: ADMIN });
    expect(again.status).toBe(200);
    expect((await call(server, 'GET', `${BASE}/silence/${active}`, { as: ADMIN })).body.endsAt).toBe(
      iso(T0 + MIN),
    );
    expect((await call(server, 'DELETE', `${BASE}/silence/nope`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', `${BASE}/silence/nope`, { as: ADMIN })).status).toBe(404);
  });

  it('forgets silences 5 days after they ended (background job)', async () => {
    const { clock, server } = await setup();
    const short = (await call(server, 'POST', `${BASE}/silences`, { as: ADMIN, body: silence() })).body
      .silenceID;
    const long = (
      await call(server, 'POST', `${BASE}/silences`, {
        as: ADMIN,
        body: silence({ endsAt: iso(T0 + 2 * 24 * 60 * MIN) }),
      })
    ).body.silenceID;
    const job = server.jobs.find((j) => j.name === 'alerting-silences-cleanup')!;
    clock.advance(5 * 24 * 60 * MIN + 59 * MIN);
    await job.run();
    expect((await call(server, 'GET', `${BASE}/silence/${short}`, { as: ADMIN })).status).toBe(200);
    clock.advance(2 * MIN);
    await job.run();
    expect((await call(server, 'GET', `${BASE}/silence/${short}`, { as: ADMIN })).status).toBe(404);
    const left = (await call(server, 'GET', `${BASE}/silences`, { as: ADMIN })).body as { id: string }[];
    expect(left.map((s) => s.id)).toEqual([long]);
  });

  it('filters the list with matchers over the silences’ matchers', async () => {
    const { server } = await setup();
    const a = (await call(server, 'POST', `${BASE}/silences`, { as: ADMIN, body: silence() })).body.silenceID;
    const b = (
      await call(server, 'POST', `${BASE}/silences`, {
        as: ADMIN,
        body: silence({
          matchers: [
            { name: 'alertname', value: 'Disk', isRegex: false, isEqual: true },
            { name: 'team', value: 'ops', isRegex: false, isEqual: true },
          ],
        }),
      })
    ).body.silenceID;
    const ids = async (query: string) =>
      ((await call(server, 'GET', `${BASE}/silences?${query}`, { as: ADMIN })).body as { id: string }[])
        .map((s) => s.id)
        .sort();
    expect(await ids(`filter=${encodeURIComponent('alertname="HighCPU"')}`)).toEqual([a]);
    expect(await ids(`filter=${encodeURIComponent('alertname=~"High.*|Disk"')}`)).toEqual([a, b].sort());
    expect(
      await ids(`filter=${encodeURIComponent('team="ops"')}&filter=${encodeURIComponent('alertname!="x"')}`),
    ).toEqual([b]);
    const bad = await call(server, 'GET', `${BASE}/silences?filter=nonsense`, { as: ADMIN });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('unable to list silences: bad matcher format: nonsense');
  });

  it('scopes rule silences by the rule’s folder (alert.silences:* on folders), as Grafana does', async () => {
    const { server } = await setup();
    await seedFolderAndDataSource(server, [
      { uid: 'rules-folder', title: 'Rules' },
      { uid: 'other-folder', title: 'Other' },
    ]);
    await createRule(server, { uid: 'mine' });
    await createRule(server, { uid: 'theirs', folderUID: 'other-folder', ruleGroup: 'group-b' });
    const scope = 'folders:uid:rules-folder';
    const folderUser = await userWith(server, [
      { action: 'alert.silences:read', scope },
      { action: 'alert.silences:create', scope },
      { action: 'alert.silences:write', scope },
    ]);
    const post = (as: Caller, matchers: unknown[]) =>
      call(server, 'POST', `${BASE}/silences`, { as, body: silence({ matchers }) });

    const general = await post(ADMIN, silence().matchers);
    const theirs = await post(ADMIN, [ruleMatcher('theirs')]);
    expect((await post(folderUser, silence().matchers)).status).toBe(403);
    expect((await post(folderUser, [ruleMatcher('theirs')])).status).toBe(403);
    expect((await post(folderUser, [ruleMatcher('no-such-rule')])).status).toBe(403);
    const mine = await post(folderUser, [ruleMatcher('mine')]);
    expect(mine.status).toBe(202);

    const visible = (await call(server, 'GET', `${BASE}/silences`, { as: folderUser })).body as {
      id: string;
    }[];
    expect(visible.map((s) => s.id).sort()).toEqual([general.body.silenceID, mine.body.silenceID].sort());
    expect((await call(server, 'GET', `${BASE}/silences`, { as: ADMIN })).body).toHaveLength(3);
    expect(
      (await call(server, 'GET', `${BASE}/silence/${theirs.body.silenceID}`, { as: folderUser })).status,
    ).toBe(403);
    expect(
      (await call(server, 'GET', `${BASE}/silence/${general.body.silenceID}`, { as: folderUser })).status,
    ).toBe(200);
    // Grafana's optional parts: the rule a silence names, and what the caller may do with it
    const detailed = await call(
      server,
      'GET',
      `${BASE}/silence/${mine.body.silenceID}?ruleMetadata=true&accesscontrol=true`,
      { as: folderUser },
    );
    expect(detailed.body).toMatchObject({
      metadata: { rule_uid: 'mine', rule_title: 'High value', folder_uid: 'rules-folder' },
      accessControl: { create: true, read: true, write: true },
    });
    const listed = (
      await call(server, 'GET', `${BASE}/silences?ruleMetadata=true&accesscontrol=true`, { as: folderUser })
    ).body as { id: string; metadata?: unknown; accessControl: unknown }[];
    const generalListed = listed.find((x) => x.id === general.body.silenceID)!;
    expect(generalListed.metadata).toBeUndefined();
    expect(generalListed.accessControl).toEqual({ create: false, read: true, write: false });
    const plain = await call(server, 'GET', `${BASE}/silence/${mine.body.silenceID}`, { as: folderUser });
    expect(plain.body.metadata).toBeUndefined();
    expect(plain.body.accessControl).toBeUndefined();

    // a general silence is changed with alert.instances:write only
    expect(
      (await call(server, 'DELETE', `${BASE}/silence/${general.body.silenceID}`, { as: folderUser })).status,
    ).toBe(403);
    expect(
      (await call(server, 'DELETE', `${BASE}/silence/${mine.body.silenceID}`, { as: folderUser })).status,
    ).toBe(200);
  });

  it('lets Viewers read and Editors write; refuses the anonymous and keeps orgs apart', async () => {
    const { server } = await setup();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    expect((await call(server, 'GET', `${BASE}/silences`)).status).toBe(401);

    const denied = await call(server, 'POST', `${BASE}/silences`, { as: viewer.as, body: silence() });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/Permissions needed/);
    const created = await call(server, 'POST', `${BASE}/silences`, { as: editor.as, body: silence() });
    expect(created.status).toBe(202);
    const id = created.body.silenceID;
    expect((await call(server, 'GET', `${BASE}/silence/${id}`, { as: viewer.as })).status).toBe(200);
    expect((await call(server, 'GET', `${BASE}/silences`, { as: viewer.as })).body).toHaveLength(1);
    expect((await call(server, 'DELETE', `${BASE}/silence/${id}`, { as: viewer.as })).status).toBe(403);

    const other = await createOrg(server);
    const admin2 = inOrg(ADMIN, other);
    expect((await call(server, 'GET', `${BASE}/silences`, { as: admin2 })).body).toEqual([]);
    expect((await call(server, 'GET', `${BASE}/silence/${id}`, { as: admin2 })).status).toBe(404);
    expect((await call(server, 'DELETE', `${BASE}/silence/${id}`, { as: admin2 })).status).toBe(404);
    const update = await call(server, 'POST', `${BASE}/silences`, { as: admin2, body: silence({ id }) });
    expect(update.status).toBe(404);
    expect((await call(server, 'GET', `${BASE}/silence/${id}`, { as: ADMIN })).body.status.state).toBe(
      'active',
    );
  });
});
