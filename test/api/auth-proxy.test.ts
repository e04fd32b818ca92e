import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createUser } from '../helpers/factories.js';

const HEADERS = 'Email:X-User-Email Name:X-User-Name Role:X-WEBAUTH-ROLE Groups:X-WEBAUTH-GROUPS';

async function setup(proxy: Record<string, string> = {}, clock?: ManualClock): Promise<TestServer> {
  return startTestServer({
    clock,
    overrides: { 'auth.proxy': { enabled: 'true', headers: HEADERS, ...proxy } },
  });
}

const asProxy = (login: string, extra: Record<string, string> = {}) => ({
  headers: { 'X-WEBAUTH-USER': login, ...extra },
});

async function roleIn(server: TestServer, headers: Record<string, string>, orgId = 1) {
  const orgs = await call<{ orgId: number; role: string }[]>(server, 'GET', '/api/user/orgs', { headers });
  expect(orgs.status).toBe(200);
  return orgs.body.find((o) => o.orgId === orgId)?.role;
}

describe('[auth.proxy]', () => {
  it('signs up the user the header names, with name, email and role from the other headers, without a session', async () => {
    const server = await setup();
    const alice = asProxy('alice', {
      'X-User-Email': 'Alice@Example.com',
      'X-User-Name': 'Alice Liddell',
      'X-WEBAUTH-ROLE': 'Editor',
    });
    const me = await call(server, 'GET', '/api/user', alice);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      login: 'alice',
      email: 'alice@example.com',
      name: 'Alice Liddell',
      isExternal: true,
      authLabels: ['Auth Proxy'],
      orgId: 1,
    });
    // Stateless, as Grafana: no session cookie is handed out.
    expect(me.cookies).toEqual([]);
    expect(await roleIn(server, alice.headers)).toBe('Editor');

    const again = await call(server, 'GET', '/api/user', alice);
    expect(again.body.id).toBe(me.body.id);
    const lookup = await call(server, 'GET', '/api/users/lookup?loginOrEmail=alice', { as: ADMIN });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({
      id: me.body.id,
      login: 'alice',
      isExternal: true,
      authLabels: ['Auth Proxy'],
    });
    const byId = await call(server, 'GET', `/api/users/${lookup.body.id}`, { as: ADMIN });
    expect(byId.body).toMatchObject({ isExternal: true, authLabels: ['Auth Proxy'] });
    const search = await call(server, 'GET', '/api/users/search?query=alice', { as: ADMIN });
    expect(search.body.totalCount).toBe(1);

    // Without role header a new user gets the auto-assign role.
    const bob = asProxy('bob');
    const bobMe = await call(server, 'GET', '/api/user', bob);
    expect(bobMe.body).toMatchObject({ login: 'bob', email: 'bob', name: 'bob', isExternal: true });
    expect(await roleIn(server, bob.headers)).toBe('Viewer');
    // The proxy user may do what its role allows, nothing more.
    const created = await call(server, 'POST', '/api/folders', { ...bob, body: { title: 'no' } });
    expect(created.status).toBe(403);
  });

  it('with header_property = email, the header is the email and finds an existing user by it', async () => {
    const server = await setup({ header_property: 'email', auto_sign_up: 'false' });
    const carol = await createUser(server, { login: 'carol', email: 'carol@example.com', orgRole: 'Editor' });
    const me = await call(server, 'GET', '/api/user', asProxy('Carol@Example.com'));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: carol.id, email: 'carol@example.com', isExternal: true });
    expect(me.body.authLabels).toEqual(['Auth Proxy']);
  });

  it('ignores the header from an address outside the whitelist, and accepts it from one inside', async () => {
    const outside = await setup({ whitelist: '10.1.2.3, 192.168.0.0/16' });
    const refused = await call(outside, 'GET', '/api/user', asProxy('mallory'));
    expect(refused.status).toBe(401);
    expect(refused.body.message).toEqual(expect.any(String));
    // Other credentials still count; the header does not change who the caller is.
    const admin = await call(outside, 'GET', '/api/user', { as: ADMIN, ...asProxy('mallory') });
    expect(admin.status).toBe(200);
    expect(admin.body.login).toBe('admin');
    const lookup = await call(outside, 'GET', '/api/users/lookup?loginOrEmail=mallory', { as: ADMIN });
    expect(lookup.status).toBe(404);

    const inside = await setup({ whitelist: '10.1.2.3 127.0.0.0/8 ::1' });
    const accepted = await call(inside, 'GET', '/api/user', asProxy('mallory'));
    expect(accepted.status).toBe(200);
    expect(accepted.body.login).toBe('mallory');
    // As in Grafana, an Authorization header is asked before the proxy header.
    const both = await call(inside, 'GET', '/api/user', { as: ADMIN, ...asProxy('mallory') });
    expect(both.body.login).toBe('admin');
  });

  it('refuses an unknown user with auto_sign_up = false, and a disabled one', async () => {
    const server = await setup({ auto_sign_up: 'false' });
    const unknown = await call(server, 'GET', '/api/user', asProxy('nobody'));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ messageId: 'auth-proxy.sign-up-disabled' });
    expect(unknown.body.message).toMatch(/auto_sign_up/);
    const lookup = await call(server, 'GET', '/api/users/lookup?loginOrEmail=nobody', { as: ADMIN });
    expect(lookup.status).toBe(404);

    const dave = await createUser(server, { login: 'dave' });
    expect((await call(server, 'GET', '/api/user', asProxy('dave'))).status).toBe(200);
    const disabled = await call(server, 'POST', `/api/admin/users/${dave.id}/disable`, { as: ADMIN });
    expect(disabled.status).toBe(200);
    // Revocation is immediate: the next request fails although the proxy sync is remembered.
    const after = await call(server, 'GET', '/api/user', asProxy('dave'));
    expect(after.status).toBe(401);
  });

  it('applies a changed role header at the next sync, after sync_ttl', async () => {
    const clock = new ManualClock(Date.now());
    const server = await setup({ sync_ttl: '15' }, clock);
    const editor = asProxy('erin', { 'X-WEBAUTH-ROLE': 'Editor' }).headers;
    const admin = asProxy('erin', { 'X-WEBAUTH-ROLE': 'Admin' }).headers;
    expect(await roleIn(server, editor)).toBe('Editor');
    clock.advance(14 * 60_000);
    expect(await roleIn(server, admin)).toBe('Editor');
    clock.advance(61_000);
    expect(await roleIn(server, admin)).toBe('Admin');
    // The provider's role wins over one set in svc, at the next sync.
    const erin = await call(server, 'GET', '/api/users/lookup?loginOrEmail=erin', { as: ADMIN });
    const set = await call(server, 'PATCH', `/api/orgs/1/users/${erin.body.id}`, {
      as: ADMIN,
      body: { role: 'Viewer' },
    });
    expect(set.status).toBe(200);
    expect(await roleIn(server, admin)).toBe('Viewer');
    clock.advance(15 * 60_000 + 1);
    expect(await roleIn(server, admin)).toBe('Admin');
  });

  it('with sync_ttl = 0 syncs on every request; a deleted user is signed up again', async () => {
    const server = await setup({ sync_ttl: '0' });
    const v = asProxy('frank', { 'X-WEBAUTH-ROLE': 'Viewer', 'X-User-Name': 'Frank' }).headers;
    expect(await roleIn(server, v)).toBe('Viewer');
    const e = asProxy('frank', { 'X-WEBAUTH-ROLE': 'Editor', 'X-User-Name': 'Frank E.' }).headers;
    expect(await roleIn(server, e)).toBe('Editor');
    const me = await call(server, 'GET', '/api/user', { headers: e });
    expect(me.body.name).toBe('Frank E.');
    const deleted = await call(server, 'DELETE', `/api/admin/users/${me.body.id}`, { as: ADMIN });
    expect(deleted.status).toBe(200);
    const back = await call(server, 'GET', '/api/user', { headers: e });
    expect(back.status).toBe(200);
    expect(back.body.id).not.toBe(me.body.id);
  });

  it('answers bad header values with a clear 4xx, never a 500', async () => {
    const server = await setup();
    const long = await call(server, 'GET', '/api/user', asProxy('x'.repeat(500)));
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/login/);
    const blank = await call(server, 'GET', '/api/user', asProxy('   '));
    expect(blank.status).toBe(401);
    const badRole = await call(server, 'GET', '/api/user', asProxy('gina', { 'X-WEBAUTH-ROLE': 'Root' }));
    expect(badRole.status).toBe(200);
    expect(await roleIn(server, asProxy('gina', { 'X-WEBAUTH-ROLE': 'Root' }).headers)).toBe('Viewer');
  });

  it('is off by default: the header alone is no sign-in', async () => {
    const server = await startTestServer();
    const me = await call(server, 'GET', '/api/user', asProxy('alice'));
    expect(me.status).toBe(401);
  });
});
