import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ManualClock } from '../helpers/clock.js';
import { ADMIN, basic, bearer, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const TOKEN_SHAPE = /^svc_sa_[A-Za-z0-9]{32}_[0-9a-f]{8}$/;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function createServiceAccount(
  server: TestServer,
  body: { name: string; role?: string; isDisabled?: boolean },
  as: Caller = ADMIN,
) {
  const created = await call(server, 'POST', '/api/serviceaccounts', { as, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; uid: string; login: string; name: string; role: string };
}

async function createToken(
  server: TestServer,
  serviceAccountId: number,
  body: { name: string; secondsToLive?: number },
  as: Caller = ADMIN,
) {
  const created = await call(server, 'POST', `/api/serviceaccounts/${serviceAccountId}/tokens`, { as, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { id: number; name: string; key: string };
}

function expectAccessDenied(response: { status: number; body: any }, permission: string) {
  expect(response.status).toBe(403);
  expect(response.body).toEqual({
    accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
    message: `You'll need additional permissions to perform this action. Permissions needed: ${permission}`,
    title: 'Access denied',
  });
}

/** Rows of a table, straight from the database: side effects the API does not show. */
function rows(server: TestServer, table: 'users' | 'org_user' | 'api_key') {
  return server.database.db.selectFrom(table).selectAll().execute() as Promise<Record<string, any>[]>;
}

describe('POST /api/serviceaccounts', () => {
  it('creates a service account: 201 with Grafana’s DTO, a users row and an org membership', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/serviceaccounts', {
      as: ADMIN,
      body: { name: 'My Service Account' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      uid: expect.stringMatching(/^[a-zA-Z0-9]{14}$/),
      name: 'My Service Account',
      login: 'sa-1-my-service-account',
      orgId: 1,
      isDisabled: false,
      role: 'Viewer',
      tokens: 0,
      avatarUrl: `/avatar/${md5('myserviceaccount@localhost')}`,
    });

    const user = (await rows(server, 'users')).find((u) => u.id === created.body.id)!;
    expect(user).toMatchObject({
      login: 'sa-1-my-service-account',
      email: 'sa-1-my-service-account',
      is_service_account: 1,
      is_disabled: 0,
      org_id: 1,
      password: '',
    });
    const memberships = (await rows(server, 'org_user')).filter((m) => m.user_id === created.body.id);
    expect(memberships).toEqual([expect.objectContaining({ org_id: 1, role: 'Viewer' })]);

    const editor = await call(server, 'POST', '/api/serviceaccounts', {
      as: ADMIN,
      body: { name: 'Deployer', role: 'editor', isDisabled: true },
    });
    expect(editor.status).toBe(201);
    expect(editor.body).toMatchObject({ login: 'sa-1-deployer', role: 'Editor', isDisabled: true });
    const none = await createServiceAccount(server, { name: 'No basic role', role: 'None' });
    expect(none.role).toBe('None');
  });

  it('refuses empty names, unknown roles and names already used in the org', async () => {
    const server = await startTestServer();
    for (const body of [{}, { name: '' }]) {
      const response = await call(server, 'POST', '/api/serviceaccounts', { as: ADMIN, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^bad request data: body\.name/);
    }
    const blank = await call(server, 'POST', '/api/serviceaccounts', { as: ADMIN, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({
      message: 'service account name is required',
      messageId: 'serviceaccounts.ErrNameRequired',
    });
    const badRole = await call(server, 'POST', '/api/serviceaccounts', {
      as: ADMIN,
      body: { name: 'x', role: 'Owner' },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body).toEqual({
      message: 'invalid role specified',
      messageId: 'serviceaccounts.ErrInvalidRoleSpecified',
    });

    await createServiceAccount(server, { name: 'My SA' });
    // Same name, other case, or a name with the same login slug.
    for (const name of ['My SA', 'my sa', 'my-sa']) {
      const duplicate = await call(server, 'POST', '/api/serviceaccounts', { as: ADMIN, body: { name } });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body).toEqual({
        message: 'service account already exists',
        messageId: 'serviceaccounts.ErrAlreadyExists',
      });
    }
    const accounts = (await rows(server, 'users')).filter((u) => u.is_service_account === 1);
    expect(accounts).toHaveLength(1);
  });

  it('is for org Admins: 401 without credentials, 403 for Viewers and Editors', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    const anonymous = await call(server, 'POST', '/api/serviceaccounts', { body: { name: 'x' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthorized', messageId: 'auth.unauthorized' });
    for (const caller of [viewer.as, editor.as]) {
      const denied = await call(server, 'POST', '/api/serviceaccounts', { as: caller, body: { name: 'x' } });
      expectAccessDenied(denied, 'serviceaccounts:create');
    }
    const admin = await createUser(server, { orgRole: 'Admin' });
    await createServiceAccount(server, { name: 'made by an org admin', role: 'Admin' }, admin.as);
    expect((await rows(server, 'users')).filter((u) => u.is_service_account === 1)).toHaveLength(1);
  });
});

describe('GET /api/serviceaccounts/search', () => {
  it('pages, filters by text and by disabled, and counts tokens', async () => {
    const server = await startTestServer();
    const alpha = await createServiceAccount(server, { name: 'alpha' });
    await createServiceAccount(server, { name: 'Beta', role: 'Editor', isDisabled: true });
    await createServiceAccount(server, { name: 'gamma' });
    await createToken(server, alpha.id, { name: 'a1' });
    await createToken(server, alpha.id, { name: 'a2' });

    const all = await call(server, 'GET', '/api/serviceaccounts/search', { as: ADMIN });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ totalCount: 3, page: 1, perPage: 1000 });
    expect(all.body.serviceAccounts.map((a: any) => [a.name, a.tokens])).toEqual([
      ['alpha', 2],
      ['Beta', 0],
      ['gamma', 0],
    ]);
    expect(all.body.serviceAccounts[0]).toEqual({
      id: alpha.id,
      uid: alpha.uid,
      name: 'alpha',
      login: 'sa-1-alpha',
      orgId: 1,
      isDisabled: false,
      role: 'Viewer',
      tokens: 2,
      avatarUrl: `/avatar/${md5('alpha@localhost')}`,
    });

    const paged = await call(server, 'GET', '/api/serviceaccounts/search?perpage=2&page=2', { as: ADMIN });
    expect(paged.body).toMatchObject({ totalCount: 3, page: 2, perPage: 2 });
    expect(paged.body.serviceAccounts.map((a: any) => a.name)).toEqual(['gamma']);

    const byText = await call(server, 'GET', '/api/serviceaccounts/search?query=BET', { as: ADMIN });
    expect(byText.body.totalCount).toBe(1);
    expect(byText.body.serviceAccounts[0]).toMatchObject({ name: 'Beta', role: 'Editor', isDisabled: true });

    const disabled = await call(server, 'GET', '/api/serviceaccounts/search?disabled=true', { as: ADMIN });
    expect(disabled.body.serviceAccounts.map((a: any) => a.name)).toEqual(['Beta']);
    const everything = await call(server, 'GET', '/api/serviceaccounts/search?disabled=false', { as: ADMIN });
    expect(everything.body.totalCount).toBe(3);

    const none = await call(server, 'GET', '/api/serviceaccounts/search?query=zzz', { as: ADMIN });
    expect(none.body).toEqual({ totalCount: 0, serviceAccounts: [], page: 1, perPage: 1000 });

    const badPage = await call(server, 'GET', '/api/serviceaccounts/search?page=abc', { as: ADMIN });
    expect(badPage.status).toBe(400);
  });

  it('lists service accounts only, and only to Admins', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    await createServiceAccount(server, { name: 'robot' });
    const all = await call(server, 'GET', '/api/serviceaccounts/search', { as: ADMIN });
    expect(all.body.serviceAccounts.map((a: any) => a.name)).toEqual(['robot']);
    expect((await call(server, 'GET', '/api/serviceaccounts/search')).status).toBe(401);
    for (const caller of [viewer.as, editor.as]) {
      expectAccessDenied(
        await call(server, 'GET', '/api/serviceaccounts/search', { as: caller }),
        'serviceaccounts:read',
      );
    }
  });
});

describe('GET, PATCH and DELETE /api/serviceaccounts/{id}', () => {
  it('shows one account with its token count and the caller’s access', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    const account = await createServiceAccount(server, { name: 'reporter', role: 'Editor' });
    await createToken(server, account.id, { name: 't' });
    const shown = await call(server, 'GET', `/api/serviceaccounts/${account.id}`, { as: ADMIN });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      id: account.id,
      uid: account.uid,
      name: 'reporter',
      login: 'sa-1-reporter',
      orgId: 1,
      isDisabled: false,
      role: 'Editor',
      tokens: 1,
      avatarUrl: `/avatar/${md5('reporter@localhost')}`,
      createdAt: new Date(clock.now()).toISOString(),
      updatedAt: new Date(clock.now()).toISOString(),
      teams: [],
      accessControl: {
        'serviceaccounts:read': true,
        'serviceaccounts:write': true,
        'serviceaccounts:delete': true,
        'serviceaccounts.permissions:read': true,
        'serviceaccounts.permissions:write': true,
      },
    });

    const unknown = await call(server, 'GET', '/api/serviceaccounts/999999', { as: ADMIN });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: 'service account not found',
      messageId: 'serviceaccounts.ErrNotFound',
    });
    // A regular user's id is not a service account.
    const user = await createUser(server);
    expect((await call(server, 'GET', `/api/serviceaccounts/${user.id}`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', '/api/serviceaccounts/abc', { as: ADMIN })).status).toBe(400);
    expect((await call(server, 'GET', `/api/serviceaccounts/${account.id}`)).status).toBe(401);
    expectAccessDenied(
      await call(server, 'GET', `/api/serviceaccounts/${account.id}`, { as: user.as }),
      'serviceaccounts:read',
    );
  });

  it('updates name (and login), role and disabled state', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    const account = await createServiceAccount(server, { name: 'old name' });
    await createServiceAccount(server, { name: 'taken' });
    clock.advance(60_000);

    const renamed = await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, {
      as: ADMIN,
      body: { name: 'New Name', role: 'Admin', isDisabled: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      message: 'Service account updated',
      id: account.id,
      name: 'New Name',
      serviceaccount: {
        id: account.id,
        uid: account.uid,
        name: 'New Name',
        login: 'sa-1-new-name',
        orgId: 1,
        isDisabled: true,
        role: 'Admin',
        tokens: 0,
        avatarUrl: `/avatar/${md5('newname@localhost')}`,
      },
    });
    const shown = await call(server, 'GET', `/api/serviceaccounts/${account.id}`, { as: ADMIN });
    expect(shown.body).toMatchObject({ name: 'New Name', role: 'Admin', isDisabled: true });
    expect(shown.body.updatedAt).toBe(new Date(clock.now()).toISOString());
    expect(shown.body.createdAt).toBe(new Date(clock.now() - 60_000).toISOString());

    const enabled = await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, {
      as: ADMIN,
      body: { isDisabled: false },
    });
    expect(enabled.body.serviceaccount).toMatchObject({ name: 'New Name', role: 'Admin', isDisabled: false });
    const sameName = await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, {
      as: ADMIN,
      body: { name: 'New Name' },
    });
    expect(sameName.status).toBe(200);

    const clash = await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, {
      as: ADMIN,
      body: { name: 'Taken' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('service account already exists');
    const badRole = await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, {
      as: ADMIN,
      body: { role: 'Superuser' },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toBe('invalid role specified');
    const empty = await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, {
      as: ADMIN,
      body: { name: '' },
    });
    expect(empty.status).toBe(400);
    const after = await call(server, 'GET', `/api/serviceaccounts/${account.id}`, { as: ADMIN });
    expect(after.body).toMatchObject({ name: 'New Name', login: 'sa-1-new-name', role: 'Admin' });

    const unknown = await call(server, 'PATCH', '/api/serviceaccounts/999999', {
      as: ADMIN,
      body: { name: 'x' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('service account not found');
    expect((await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, { body: {} })).status).toBe(
      401,
    );
    const editor = await createUser(server, { orgRole: 'Editor' });
    expectAccessDenied(
      await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, {
        as: editor.as,
        body: { name: 'x' },
      }),
      'serviceaccounts:write',
    );
  });

  it('deletes the account with its tokens and membership', async () => {
    const server = await startTestServer();
    const account = await createServiceAccount(server, { name: 'doomed' });
    const other = await createServiceAccount(server, { name: 'survivor' });
    const token = await createToken(server, account.id, { name: 'doomed token' });
    await createToken(server, other.id, { name: 'survivor token' });
    const viewer = await createUser(server);
    expectAccessDenied(
      await call(server, 'DELETE', `/api/serviceaccounts/${account.id}`, { as: viewer.as }),
      'serviceaccounts:delete',
    );
    expect((await call(server, 'DELETE', `/api/serviceaccounts/${account.id}`)).status).toBe(401);

    const deleted = await call(server, 'DELETE', `/api/serviceaccounts/${account.id}`, { as: ADMIN });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Service account deleted' });
    expect((await call(server, 'GET', `/api/serviceaccounts/${account.id}`, { as: ADMIN })).status).toBe(404);
    expect((await rows(server, 'users')).some((u) => u.id === account.id)).toBe(false);
    expect((await rows(server, 'org_user')).some((m) => m.user_id === account.id)).toBe(false);
    expect((await rows(server, 'api_key')).map((k) => k.name)).toEqual(['survivor token']);
    const login = await call(server, 'GET', '/api/login/ping', { as: bearer(token.key) });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ message: 'Invalid API key', messageId: 'api-key.invalid' });

    const again = await call(server, 'DELETE', `/api/serviceaccounts/${account.id}`, { as: ADMIN });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('service account not found');
  });
});

describe('service-account tokens', () => {
  it('creates a key shown once, stores only its SHA-256, lists and deletes it', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    const account = await createServiceAccount(server, { name: 'ci' });
    const created = await call(server, 'POST', `/api/serviceaccounts/${account.id}/tokens`, {
      as: ADMIN,
      body: { name: 'deploy' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'deploy',
      key: expect.stringMatching(TOKEN_SHAPE),
    });
    const key = created.body.key as string;
    const [stored] = await rows(server, 'api_key');
    expect(stored).toMatchObject({
      id: created.body.id,
      org_id: 1,
      name: 'deploy',
      key_hash: sha256(key),
      service_account_id: account.id,
      is_revoked: 0,
    });
    expect(stored!.expires).toBeNull();
    expect(JSON.stringify(stored)).not.toContain(key);

    const expiring = await createToken(server, account.id, { name: 'hourly', secondsToLive: 3600 });
    const listed = await call(server, 'GET', `/api/serviceaccounts/${account.id}/tokens`, { as: ADMIN });
    expect(listed.status).toBe(200);
    const now = new Date(clock.now()).toISOString();
    expect(listed.body).toEqual([
      {
        id: created.body.id,
        name: 'deploy',
        created: now,
        lastUsedAt: null,
        expiration: null,
        secondsUntilExpiration: 0,
        hasExpired: false,
        isRevoked: false,
      },
      {
        id: expiring.id,
        name: 'hourly',
        created: now,
        lastUsedAt: null,
        expiration: new Date(clock.now() + 3600_000).toISOString(),
        secondsUntilExpiration: 3600,
        hasExpired: false,
        isRevoked: false,
      },
    ]);
    // Neither the list nor the account shows the key again.
    expect(JSON.stringify(listed.body)).not.toContain(key);

    const deleted = await call(
      server,
      'DELETE',
      `/api/serviceaccounts/${account.id}/tokens/${created.body.id}`,
      {
        as: ADMIN,
      },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Service account token deleted' });
    expect((await rows(server, 'api_key')).map((k) => k.name)).toEqual(['hourly']);
    const again = await call(
      server,
      'DELETE',
      `/api/serviceaccounts/${account.id}/tokens/${created.body.id}`,
      {
        as: ADMIN,
      },
    );
    expect(again.status).toBe(404);
    expect(again.body).toEqual({
      message: 'service account token not found',
      messageId: 'serviceaccounts.ErrTokenNotFound',
    });
    // A token of another account cannot be deleted through this one.
    const other = await createServiceAccount(server, { name: 'other' });
    const wrongOwner = await call(
      server,
      'DELETE',
      `/api/serviceaccounts/${other.id}/tokens/${expiring.id}`,
      {
        as: ADMIN,
      },
    );
    expect(wrongOwner.status).toBe(404);
    expect((await call(server, 'GET', '/api/serviceaccounts/999999/tokens', { as: ADMIN })).status).toBe(404);
    const noAccount = await call(server, 'POST', '/api/serviceaccounts/999999/tokens', {
      as: ADMIN,
      body: { name: 'x' },
    });
    expect(noAccount.status).toBe(404);
    expect(noAccount.body.message).toBe('service account not found');
  });

  it('refuses duplicate names in the org, missing names and negative lifetimes', async () => {
    const server = await startTestServer();
    const first = await createServiceAccount(server, { name: 'first' });
    const second = await createServiceAccount(server, { name: 'second' });
    await createToken(server, first.id, { name: 'shared' });
    for (const id of [first.id, second.id]) {
      const duplicate = await call(server, 'POST', `/api/serviceaccounts/${id}/tokens`, {
        as: ADMIN,
        body: { name: 'shared' },
      });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body).toEqual({
        message: 'service account token with given name already exists in the organization',
        messageId: 'serviceaccounts.ErrTokenAlreadyExists',
      });
    }
    const unnamed = await call(server, 'POST', `/api/serviceaccounts/${first.id}/tokens`, {
      as: ADMIN,
      body: {},
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toMatch(/^bad request data: body\.name/);
    const negative = await call(server, 'POST', `/api/serviceaccounts/${first.id}/tokens`, {
      as: ADMIN,
      body: { name: 'n', secondsToLive: -5 },
    });
    expect(negative.status).toBe(400);
    expect(negative.body).toEqual({
      message: 'invalid SecondsToLive value',
      messageId: 'serviceaccounts.ErrInvalidInput',
    });
    expect(await rows(server, 'api_key')).toHaveLength(1);

    // The same name in another organization is fine.
    const org2 = await createOrg(server);
    const there = await createServiceAccount(server, { name: 'first' }, inOrg(ADMIN, org2));
    await createToken(server, there.id, { name: 'shared' }, inOrg(ADMIN, org2));
  });

  it('enforces [auth] api_key_max_seconds_to_live', async () => {
    const server = await startTestServer({ overrides: { auth: { api_key_max_seconds_to_live: '600' } } });
    const account = await createServiceAccount(server, { name: 'limited' });
    const path = `/api/serviceaccounts/${account.id}/tokens`;
    for (const body of [{ name: 'a' }, { name: 'a', secondsToLive: 0 }]) {
      const missing = await call(server, 'POST', path, { as: ADMIN, body });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        message: 'Number of seconds before expiration should be set',
        messageId: 'serviceaccounts.seconds-to-live-required',
      });
    }
    const tooLong = await call(server, 'POST', path, { as: ADMIN, body: { name: 'a', secondsToLive: 601 } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      message: 'Number of seconds before expiration is greater than the global limit',
      messageId: 'serviceaccounts.seconds-to-live-too-long',
    });
    await createToken(server, account.id, { name: 'a', secondsToLive: 600 });
  });

  it('needs serviceaccounts:read to list and serviceaccounts:write to create or delete', async () => {
    const server = await startTestServer();
    const account = await createServiceAccount(server, { name: 'guarded' });
    const token = await createToken(server, account.id, { name: 't' });
    const tokens = `/api/serviceaccounts/${account.id}/tokens`;
    expect((await call(server, 'GET', tokens)).status).toBe(401);
    expect((await call(server, 'POST', tokens, { body: { name: 'x' } })).status).toBe(401);
    expect((await call(server, 'DELETE', `${tokens}/${token.id}`)).status).toBe(401);
    for (const user of [await createUser(server), await createUser(server, { orgRole: 'Editor' })]) {
      expectAccessDenied(await call(server, 'GET', tokens, { as: user.as }), 'serviceaccounts:read');
      expectAccessDenied(
        await call(server, 'POST', tokens, { as: user.as, body: { name: 'x' } }),
        'serviceaccounts:write',
      );
      expectAccessDenied(
        await call(server, 'DELETE', `${tokens}/${token.id}`, { as: user.as }),
        'serviceaccounts:write',
      );
    }
    expect(await rows(server, 'api_key')).toHaveLength(1);
  });
});

describe('authenticating with a service-account token', () => {
  it('signs in as the service account with Bearer and with Basic api_key, with its role', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    const viewerAccount = await createServiceAccount(server, { name: 'viewer bot' });
    const adminAccount = await createServiceAccount(server, { name: 'admin bot', role: 'Admin' });
    const viewerKey = (await createToken(server, viewerAccount.id, { name: 'v' })).key;
    const adminKey = (await createToken(server, adminAccount.id, { name: 'a' })).key;

    for (const caller of [bearer(viewerKey), basic('api_key', viewerKey)]) {
      const ping = await call(server, 'GET', '/api/login/ping', { as: caller });
      expect(ping.status).toBe(200);
      expect(ping.body).toEqual({ message: 'Logged in' });
      const org = await call(server, 'GET', '/api/org', { as: caller });
      expect(org.status).toBe(200);
      expect(org.body).toMatchObject({ id: 1, name: 'Main Org.' });
      // Its role is Viewer: managing service accounts is refused.
      expectAccessDenied(
        await call(server, 'GET', '/api/serviceaccounts/search', { as: caller }),
        'serviceaccounts:read',
      );
    }
    const asAdmin = await call(server, 'GET', '/api/serviceaccounts/search', { as: bearer(adminKey) });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.totalCount).toBe(2);

    const listed = await call(server, 'GET', `/api/serviceaccounts/${viewerAccount.id}/tokens`, {
      as: ADMIN,
    });
    expect(listed.body[0].lastUsedAt).toBe(new Date(clock.now()).toISOString());

    const sessions = await call(server, 'GET', '/api/user/auth-tokens', { as: bearer(viewerKey) });
    expect(sessions.status).toBe(403);
    expect(sessions.body).toEqual({ message: 'entity not allowed to get tokens' });
  });

  it('refuses malformed, deleted, expired, revoked and disabled-account tokens, and other orgs', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    const account = await createServiceAccount(server, { name: 'bot' });
    const ping = (caller: Caller) => call(server, 'GET', '/api/login/ping', { as: caller });
    const invalid = { message: 'Invalid API key', messageId: 'api-key.invalid' };

    const good = await createToken(server, account.id, { name: 'good' });
    const tampered = good.key.slice(0, 10) + (good.key[10] === 'a' ? 'b' : 'a') + good.key.slice(11);
    for (const caller of [bearer(tampered), bearer('svc_sa_nonsense'), basic('api_key', tampered)]) {
      const refused = await ping(caller);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(invalid);
    }

    const deleted = await createToken(server, account.id, { name: 'deleted' });
    expect((await ping(bearer(deleted.key))).status).toBe(200);
    await call(server, 'DELETE', `/api/serviceaccounts/${account.id}/tokens/${deleted.id}`, { as: ADMIN });
    const afterDelete = await ping(bearer(deleted.key));
    expect(afterDelete.status).toBe(401);
    expect(afterDelete.body).toEqual(invalid);

    const shortLived = await createToken(server, account.id, { name: 'short', secondsToLive: 60 });
    expect((await ping(bearer(shortLived.key))).status).toBe(200);
    clock.advance(60_001);
    const expired = await ping(bearer(shortLived.key));
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Expired API key', messageId: 'api-key.expired' });
    const listed = await call(server, 'GET', `/api/serviceaccounts/${account.id}/tokens`, { as: ADMIN });
    expect(listed.body.find((t: any) => t.name === 'short')).toMatchObject({
      hasExpired: true,
      secondsUntilExpiration: 0,
    });

    // svc has no endpoint that revokes a token (Grafana revokes leaked ones); set the flag directly.
    const revoked = await createToken(server, account.id, { name: 'revoked' });
    await server.database.db
      .updateTable('api_key')
      .set({ is_revoked: 1 })
      .where('id', '=', revoked.id)
      .execute();
    const afterRevoke = await ping(bearer(revoked.key));
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body).toEqual({ message: 'Revoked API key', messageId: 'api-key.revoked' });

    const org2 = await createOrg(server);
    const otherOrg = await ping({ ...bearer(good.key), headers: { 'X-Grafana-Org-Id': String(org2) } });
    expect(otherOrg.status).toBe(401);
    expect(otherOrg.body).toEqual({
      message: 'API key does not belong to the requested organization',
      messageId: 'api-key.organization-mismatch',
    });
    expect((await ping({ ...bearer(good.key), headers: { 'X-Grafana-Org-Id': '1' } })).status).toBe(200);

    await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, {
      as: ADMIN,
      body: { isDisabled: true },
    });
    const disabled = await ping(bearer(good.key));
    expect(disabled.status).toBe(401);
    expect(disabled.body).toEqual({ message: 'Unauthorized', messageId: 'identity.disabled' });
    await call(server, 'PATCH', `/api/serviceaccounts/${account.id}`, {
      as: ADMIN,
      body: { isDisabled: false },
    });
    expect((await ping(bearer(good.key))).status).toBe(200);
  });
});

describe('organization isolation', () => {
  it('keeps service accounts and tokens of org 2 invisible and untouchable from org 1', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    const asOrg2 = inOrg(ADMIN, org2);
    const mine = await createServiceAccount(server, { name: 'robot' });
    const theirs = await createServiceAccount(server, { name: 'robot' }, asOrg2);
    expect(theirs).toMatchObject({ login: `sa-${org2}-robot`, orgId: org2 });
    const theirToken = await createToken(server, theirs.id, { name: 'theirs' }, asOrg2);

    const search1 = await call(server, 'GET', '/api/serviceaccounts/search', { as: ADMIN });
    expect(search1.body.serviceAccounts.map((a: any) => a.id)).toEqual([mine.id]);
    const search2 = await call(server, 'GET', '/api/serviceaccounts/search', { as: asOrg2 });
    expect(search2.body.serviceAccounts.map((a: any) => a.id)).toEqual([theirs.id]);

    const base = `/api/serviceaccounts/${theirs.id}`;
    for (const [method, path, body] of [
      ['GET', base, undefined],
      ['PATCH', base, { name: 'hijacked' }],
      ['DELETE', base, undefined],
      ['GET', `${base}/tokens`, undefined],
      ['POST', `${base}/tokens`, { name: 'sneaky' }],
      ['DELETE', `${base}/tokens/${theirToken.id}`, undefined],
    ] as const) {
      const response = await call(server, method, path, { as: ADMIN, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.message).toBe('service account not found');
    }
    const shown = await call(server, 'GET', base, { as: asOrg2 });
    expect(shown.body).toMatchObject({ name: 'robot', tokens: 1, orgId: org2 });

    // The org 2 token acts in org 2 only.
    const org = await call(server, 'GET', '/api/org', { as: bearer(theirToken.key) });
    expect(org.body.id).toBe(org2);
  });
});

describe('/api/auth/keys (legacy API keys)', () => {
  async function insertKey(
    server: TestServer,
    values: {
      org_id: number;
      name: string;
      role?: string;
      expires?: number | null;
      service_account_id?: number | null;
    },
  ) {
    const now = Date.now();
    await server.database.db
      .insertInto('api_key')
      .values({
        role: 'Viewer',
        expires: null,
        service_account_id: null,
        ...values,
        key_hash: sha256(values.name + values.org_id),
        last_used_at: null,
        is_revoked: 0,
        created: now,
        updated: now,
      })
      .execute();
    const row = await server.database.db
      .selectFrom('api_key')
      .select('id')
      .where('name', '=', values.name)
      .where('org_id', '=', values.org_id)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('lists and deletes keys without a service account in the caller’s org; creation is gone', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    const org2 = await createOrg(server);
    // Legacy keys come from Grafana migrations only, so they are written straight to the table.
    const editorKey = await insertKey(server, { org_id: 1, name: 'old editor', role: 'Editor' });
    const expiring = await insertKey(server, {
      org_id: 1,
      name: 'expiring',
      role: 'Admin',
      expires: clock.now() + 3600_000,
    });
    const expired = await insertKey(server, { org_id: 1, name: 'expired', expires: clock.now() - 1 });
    const otherOrg = await insertKey(server, { org_id: org2, name: 'other org' });
    const account = await createServiceAccount(server, { name: 'sa' });
    const saToken = await createToken(server, account.id, { name: 'sa token' });

    const listed = await call(server, 'GET', '/api/auth/keys', { as: ADMIN });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id: expiring,
        name: 'expiring',
        role: 'Admin',
        expiration: new Date(clock.now() + 3600_000).toISOString(),
      },
      { id: editorKey, name: 'old editor', role: 'Editor' },
    ]);
    const withExpired = await call(server, 'GET', '/api/auth/keys?includeExpired=true', { as: ADMIN });
    expect(withExpired.body.map((k: any) => k.id)).toEqual([expired, expiring, editorKey]);
    const inOrg2 = await call(server, 'GET', '/api/auth/keys', { as: inOrg(ADMIN, org2) });
    expect(inOrg2.body.map((k: any) => k.id)).toEqual([otherOrg]);

    for (const id of [otherOrg, saToken.id, 999999]) {
      const missing = await call(server, 'DELETE', `/api/auth/keys/${id}`, { as: ADMIN });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'API key not found', messageId: 'apikey.not-found' });
    }
    const deleted = await call(server, 'DELETE', `/api/auth/keys/${editorKey}`, { as: ADMIN });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'API key deleted' });
    expect((await rows(server, 'api_key')).map((k) => k.id).sort((a, b) => a - b)).toEqual(
      [expiring, expired, otherOrg, saToken.id].sort((a, b) => a - b),
    );

    const create = await call(server, 'POST', '/api/auth/keys', {
      as: ADMIN,
      body: { name: 'new', role: 'Admin', secondsToLive: 0 },
    });
    expect(create.status).toBe(410);
    expect(create.body.messageId).toBe('apikey.creation-removed');
    expect(create.body.message).toContain('service account token');
    expect(await rows(server, 'api_key')).toHaveLength(4);
  });

  it('is for Admins: 401 without credentials, 403 for Viewers and Editors', async () => {
    const server = await startTestServer();
    const key = await insertKey(server, { org_id: 1, name: 'legacy' });
    expect((await call(server, 'GET', '/api/auth/keys')).status).toBe(401);
    expect((await call(server, 'DELETE', `/api/auth/keys/${key}`)).status).toBe(401);
    expect((await call(server, 'POST', '/api/auth/keys', { body: { name: 'x' } })).status).toBe(401);
    for (const user of [await createUser(server), await createUser(server, { orgRole: 'Editor' })]) {
      expectAccessDenied(
        await call(server, 'GET', '/api/auth/keys', { as: user.as }),
        'serviceaccounts:read',
      );
      expectAccessDenied(
        await call(server, 'DELETE', `/api/auth/keys/${key}`, { as: user.as }),
        'serviceaccounts:delete',
      );
    }
    expect(await rows(server, 'api_key')).toHaveLength(1);
  });
});
