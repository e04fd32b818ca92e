import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

describe('current organization', () => {
  it('reads, renames and sets the address of the org', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const org = await call(server, 'GET', '/api/org', { as: viewer.as });
    expect(org.body).toEqual({
      id: 1,
      name: 'Main Org.',
      address: { address1: '', address2: '', city: '', zipCode: '', state: '', country: '' },
    });
    const renamed = await call(server, 'PUT', '/api/org', { as: ADMIN, body: { name: 'Acme' } });
    expect(renamed.body).toEqual({ message: 'Organization updated' });
    const address = await call(server, 'PUT', '/api/org/address', {
      as: ADMIN,
      body: { address1: '1 Main St', city: 'Springfield', zipCode: '12345', country: 'US' },
    });
    expect(address.body).toEqual({ message: 'Address updated' });
    expect((await call(server, 'GET', '/api/org', { as: viewer.as })).body).toEqual({
      id: 1,
      name: 'Acme',
      address: {
        address1: '1 Main St',
        address2: '',
        city: 'Springfield',
        zipCode: '12345',
        state: '',
        country: 'US',
      },
    });
    expect((await call(server, 'PUT', '/api/org', { as: viewer.as, body: { name: 'Nope' } })).status).toBe(
      403,
    );
    await createOrg(server, 'Taken');
    const taken = await call(server, 'PUT', '/api/org', { as: ADMIN, body: { name: 'Taken' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Organization name taken');
  });
});

describe('organization members', () => {
  it('adds users by login or email with a role, refuses duplicates, unknown users and bad roles', async () => {
    const server = await startTestServer();
    const org = await createOrg(server, 'Team Org');
    const user = await createUser(server, { login: 'vera', email: 'vera@example.com' });
    const admin = inOrg(ADMIN, org);
    const added = await call(server, 'POST', '/api/org/users', {
      as: admin,
      body: { loginOrEmail: 'VERA@example.com', role: 'Editor' },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: 'User added to organization', userId: user.id });
    const again = await call(server, 'POST', '/api/org/users', {
      as: admin,
      body: { loginOrEmail: 'vera', role: 'Viewer' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: 'User is already member of this organization',
      messageId: 'org.already-member',
      userId: user.id,
    });
    const unknown = await call(server, 'POST', '/api/org/users', {
      as: admin,
      body: { loginOrEmail: 'ghost', role: 'Viewer' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    const badRole = await call(server, 'POST', '/api/org/users', {
      as: admin,
      body: { loginOrEmail: 'admin', role: 'Owner' },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toBe('Invalid role specified');

    const members = await call(server, 'GET', '/api/org/users', { as: admin });
    expect(members.body.map((m: { login: string; role: string }) => [m.login, m.role])).toEqual([
      ['admin', 'Admin'],
      ['vera', 'Editor'],
    ]);
    expect(members.body[1]).toMatchObject({
      orgId: org,
      userId: user.id,
      email: 'vera@example.com',
      avatarUrl: expect.stringMatching(/^\/avatar\/[0-9a-f]{32}$/),
    });
  });

  it('changes roles and removes members, but never the last admin', async () => {
    const server = await startTestServer();
    const user = await createUser(server);
    const patched = await call(server, 'PATCH', `/api/org/users/${user.id}`, {
      as: ADMIN,
      body: { role: 'Admin' },
    });
    expect(patched.body).toEqual({ message: 'Organization user updated' });
    await call(server, 'PATCH', `/api/org/users/${user.id}`, { as: ADMIN, body: { role: 'Viewer' } });
    const demoteLast = await call(server, 'PATCH', '/api/org/users/1', {
      as: ADMIN,
      body: { role: 'Editor' },
    });
    expect(demoteLast.status).toBe(400);
    expect(demoteLast.body.message).toBe('Cannot change role so that there is no organization admin left');
    const removeLast = await call(server, 'DELETE', '/api/org/users/1', { as: ADMIN });
    expect(removeLast.status).toBe(400);
    expect(removeLast.body.message).toBe('Cannot remove last organization admin');
    const removed = await call(server, 'DELETE', `/api/org/users/${user.id}`, { as: ADMIN });
    expect(removed.body).toEqual({ message: 'User removed from organization' });
    expect((await call(server, 'GET', '/api/org/users', { as: ADMIN })).body).toHaveLength(1);
    expect((await call(server, 'DELETE', `/api/org/users/${user.id}`, { as: ADMIN })).status).toBe(404);
    expect(
      (await call(server, 'PATCH', '/api/org/users/abc', { as: ADMIN, body: { role: 'Viewer' } })).status,
    ).toBe(400);
  });

  it('does not let an org admin hand out a role above their own, and Viewers/Editors cannot manage members', async () => {
    const server = await startTestServer();
    const editor = await createUser(server, { orgRole: 'Editor' });
    const target = await createUser(server);
    expect((await call(server, 'GET', '/api/org/users', { as: editor.as })).status).toBe(403);
    const patch = await call(server, 'PATCH', `/api/org/users/${target.id}`, {
      as: editor.as,
      body: { role: 'Editor' },
    });
    expect(patch.status).toBe(403);
    expect(patch.body.message).toContain('Permissions needed: org.users:write');
    const orgAdmin = await createUser(server, { orgRole: 'Admin' });
    const promote = await call(server, 'PATCH', `/api/org/users/${target.id}`, {
      as: orgAdmin.as,
      body: { role: 'Admin' },
    });
    expect(promote.status).toBe(200);
  });

  it('searches members with paging and offers the lookup list', async () => {
    const server = await startTestServer();
    await createUser(server, { login: 'walt-s' });
    await createUser(server, { login: 'wendy-s' });
    const page = await call(server, 'GET', '/api/org/users/search?query=-s&perpage=1&page=2', { as: ADMIN });
    expect(page.body).toMatchObject({ totalCount: 2, page: 2, perPage: 1 });
    expect(page.body.orgUsers.map((m: { login: string }) => m.login)).toEqual(['wendy-s']);
    const lookup = await call(server, 'GET', '/api/org/users/lookup?query=walt', { as: ADMIN });
    expect(lookup.body).toEqual([
      { userId: expect.any(Number), uid: expect.any(String), login: 'walt-s', avatarUrl: expect.any(String) },
    ]);
  });

  it('keeps orgs apart: members of org 2 are invisible from org 1 and vice versa', async () => {
    const server = await startTestServer();
    const org = await createOrg(server, 'Other');
    const outsider = await createUser(server, { login: 'xena' });
    await call(server, 'POST', '/api/org/users', {
      as: inOrg(ADMIN, org),
      body: { loginOrEmail: 'xena', role: 'Admin' },
    });
    await call(server, 'DELETE', `/api/org/users/${outsider.id}`, { as: ADMIN });
    const main = await call(server, 'GET', '/api/org/users', { as: ADMIN });
    expect(main.body.map((m: { login: string }) => m.login)).toEqual(['admin']);
    const other = await call(server, 'GET', '/api/org/users', { as: inOrg(ADMIN, org) });
    expect(other.body.map((m: { login: string }) => m.login)).toEqual(['admin', 'xena']);
    // xena is Admin of org 2 only: she cannot act in org 1 at all
    const fromOther = await call(server, 'PATCH', '/api/org/users/1', {
      as: inOrg(outsider.as, 1),
      body: { role: 'Viewer' },
    });
    expect(fromOther.status).toBe(401);
    expect((await call(server, 'GET', '/api/org/users', { as: outsider.as })).body).toHaveLength(2);
    const acrossOrgs = await call(server, 'GET', '/api/orgs/1/users', { as: outsider.as });
    expect(acrossOrgs.status).toBe(403);
  });
});

describe('/api/orgs', () => {
  it('creates orgs (creator becomes Admin), reads them by id and name, renames and lists them', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/orgs', { as: ADMIN, body: { name: 'Org & Co' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ orgId: 2, message: 'Organization created' });
    expect((await call(server, 'POST', '/api/orgs', { as: ADMIN, body: { name: 'Org & Co' } })).status).toBe(
      409,
    );
    expect((await call(server, 'GET', '/api/orgs/2', { as: ADMIN })).body.name).toBe('Org & Co');
    const byName = await call(server, 'GET', `/api/orgs/name/${encodeURIComponent('Org & Co')}`, {
      as: ADMIN,
    });
    expect(byName.body).toMatchObject({ id: 2, name: 'Org & Co' });
    expect((await call(server, 'GET', '/api/orgs/name/Nope', { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/orgs/99', { as: ADMIN })).body).toMatchObject({
      message: 'Organization not found',
      messageId: 'org.not-found',
    });
    expect((await call(server, 'PUT', '/api/orgs/2', { as: ADMIN, body: { name: 'Renamed' } })).body).toEqual(
      { message: 'Organization updated' },
    );
    const members = await call(server, 'GET', '/api/orgs/2/users', { as: ADMIN });
    expect(members.body.map((m: { login: string; role: string }) => [m.login, m.role])).toEqual([
      ['admin', 'Admin'],
    ]);

    await createOrg(server, 'Zeta');
    const list = await call(server, 'GET', '/api/orgs', { as: ADMIN });
    expect(list.body).toEqual([
      { id: 1, name: 'Main Org.' },
      { id: 2, name: 'Renamed' },
      { id: 3, name: 'Zeta' },
    ]);
    expect((await call(server, 'GET', '/api/orgs?query=ZE', { as: ADMIN })).body).toEqual([
      { id: 3, name: 'Zeta' },
    ]);
    expect((await call(server, 'GET', '/api/orgs?name=Renamed', { as: ADMIN })).body).toEqual([
      { id: 2, name: 'Renamed' },
    ]);
    expect((await call(server, 'GET', '/api/orgs?perpage=1&page=2', { as: ADMIN })).body).toEqual([
      { id: 2, name: 'Renamed' },
    ]);
  });

  it('lets only server admins create orgs unless users.allow_org_create is on', async () => {
    const server = await startTestServer();
    const user = await createUser(server);
    const refused = await call(server, 'POST', '/api/orgs', { as: user.as, body: { name: 'Mine' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Permissions needed: orgs:create');

    const open = await startTestServer({ overrides: { users: { allow_org_create: 'true' } } });
    const member = await createUser(open, { login: 'yuri', password: 'yuri-pass' });
    const created = await call(open, 'POST', '/api/orgs', { as: member.as, body: { name: 'Mine' } });
    expect(created.status).toBe(200);
    const orgs = await call(open, 'GET', '/api/user/orgs', { as: member.as });
    expect(orgs.body).toContainEqual({ orgId: created.body.orgId, name: 'Mine', role: 'Admin' });
  });

  it("deletes orgs with everything in them, but never the caller's active org", async () => {
    const server = await startTestServer();
    const org = await createOrg(server, 'Doomed');
    const user = await createUser(server, { login: 'zack', password: 'zack-pass' });
    await call(server, 'POST', '/api/org/users', {
      as: inOrg(ADMIN, org),
      body: { loginOrEmail: 'zack', role: 'Viewer' },
    });
    await call(server, 'POST', `/api/user/using/${org}`, { as: user.as });

    const active = await call(server, 'DELETE', '/api/orgs/1', { as: ADMIN });
    expect(active.status).toBe(400);
    expect(active.body.message).toBe('Cannot delete your active organization');
    const deleted = await call(server, 'DELETE', `/api/orgs/${org}`, { as: ADMIN });
    expect(deleted.body).toEqual({ message: 'Organization deleted' });
    expect((await call(server, 'GET', `/api/orgs/${org}`, { as: ADMIN })).status).toBe(404);
    const missing = await call(server, 'DELETE', `/api/orgs/${org}`, { as: ADMIN });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Failed to delete organization. ID not found');
    // zack's active org is gone: he is back in Main Org.
    expect((await call(server, 'GET', '/api/user', { as: user.as })).body.orgId).toBe(1);
    expect((await call(server, 'GET', '/api/user/orgs', { as: user.as })).body).toEqual([
      { orgId: 1, name: 'Main Org.', role: 'Viewer' },
    ]);
  });

  it('is refused to org admins for other orgs and to everybody without credentials', async () => {
    const server = await startTestServer();
    const orgAdmin = await createUser(server, { orgRole: 'Admin' });
    await createOrg(server, 'Elsewhere');
    expect((await call(server, 'GET', '/api/orgs', { as: orgAdmin.as })).status).toBe(403);
    expect((await call(server, 'DELETE', '/api/orgs/2', { as: orgAdmin.as })).status).toBe(403);
    expect(
      (await call(server, 'PUT', '/api/orgs/2', { as: orgAdmin.as, body: { name: 'Mine' } })).status,
    ).toBe(403);
    expect((await call(server, 'GET', '/api/orgs/2', { as: orgAdmin.as })).status).toBe(403);
    expect((await call(server, 'GET', '/api/orgs')).status).toBe(401);
    expect((await call(server, 'GET', '/api/org')).status).toBe(401);
  });
});
