import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWK } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, basic, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createUser } from '../helpers/factories.js';

const ISSUER = 'https://idp.test';
const AUDIENCE = 'svc';

/** A JWKS endpoint on loopback that counts its fetches. */
interface JwksPeer {
  url: string;
  fetches: number;
  close(): Promise<void>;
}

const peers: Server[] = [];
afterEach(async () => {
  while (peers.length) {
    const peer = peers.pop()!;
    await new Promise<void>((resolve) => peer.close(() => resolve()));
  }
});

async function startJwksPeer(keys: JWK[]): Promise<JwksPeer> {
  const peer = { url: '', fetches: 0, close: async () => {} };
  const server = createServer((request, response) => {
    if (request.url !== '/jwks') {
      response.writeHead(404).end();
      return;
    }
    peer.fetches++;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peers.push(server);
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
      peers.splice(peers.indexOf(server), 1);
    });
  return peer;
}

interface Keys {
  privateKey: CryptoKey;
  jwk: JWK;
}

async function keyPair(kid: string): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

async function sign(
  keys: Keys,
  clock: ManualClock,
  claims: Record<string, unknown>,
  options: { ttlSeconds?: number; issuer?: string; audience?: string; subject?: string | null } = {},
): Promise<string> {
  const now = Math.floor(clock.now() / 1000);
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: keys.jwk.kid })
    .setIssuedAt(now)
    .setExpirationTime(now + (options.ttlSeconds ?? 300))
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE);
  if (options.subject !== null) jwt.setSubject(options.subject ?? `sub-${String(claims.login)}`);
  return jwt.sign(keys.privateKey);
}

async function setup(
  jwksUrl: string,
  jwt: Record<string, string> = {},
  clock = new ManualClock(Date.now()),
): Promise<TestServer> {
  return startTestServer({
    clock,
    overrides: {
      'auth.jwt': {
        enabled: 'true',
        header_name: 'X-JWT-Assertion',
        username_claim: 'login',
        email_claim: 'email',
        jwk_set_url: jwksUrl,
        expect_claims: JSON.stringify({ iss: ISSUER, aud: AUDIENCE }),
        role_attribute_path: "contains(groups[*], 'admins') && 'Admin' || role",
        auto_sign_up: 'true',
        ...jwt,
      },
    },
  });
}

const withToken = (token: string) => ({ headers: { 'X-JWT-Assertion': token } });

async function roleIn(server: TestServer, token: string, orgId = 1) {
  const orgs = await call<{ orgId: number; role: string }[]>(
    server,
    'GET',
    '/api/user/orgs',
    withToken(token),
  );
  expect(orgs.status).toBe(200);
  return orgs.body.find((o) => o.orgId === orgId)?.role;
}

const ALICE = { login: 'alice', email: 'Alice@Example.com', name: 'Alice Liddell', groups: ['admins'] };

describe('[auth.jwt]', () => {
  it('signs in the user a valid token names: profile from claims, role from role_attribute_path, external, no session', async () => {
    const clock = new ManualClock(Date.now());
    const keys = await keyPair('k1');
    const peer = await startJwksPeer([keys.jwk]);
    const server = await setup(peer.url, {}, clock);
    const token = await sign(keys, clock, ALICE);
    const me = await call(server, 'GET', '/api/user', withToken(token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      login: 'alice',
      email: 'alice@example.com',
      name: 'Alice Liddell',
      isExternal: true,
      authLabels: ['JWT'],
    });
    expect(me.cookies).toEqual([]);
    expect(await roleIn(server, token)).toBe('Admin');
    const lookup = await call(server, 'GET', '/api/users/lookup?loginOrEmail=alice', { as: ADMIN });
    expect(lookup.body.id).toBe(me.body.id);
    const byId = await call(server, 'GET', `/api/users/${me.body.id}`, { as: ADMIN });
    expect(byId.body).toMatchObject({ isExternal: true, authLabels: ['JWT'] });
    // The key set is fetched once and kept.
    for (let i = 0; i < 3; i++)
      expect((await call(server, 'GET', '/api/user', withToken(token))).status).toBe(200);
    expect(peer.fetches).toBe(1);

    // A new token with another role: the provider's role wins at its first use.
    const viewer = await sign(keys, clock, { ...ALICE, groups: [], role: 'Viewer', name: 'Alice L.' });
    expect(await roleIn(server, viewer)).toBe('Viewer');
    expect((await call(server, 'GET', '/api/user', withToken(viewer))).body).toMatchObject({
      id: me.body.id,
      name: 'Alice L.',
    });

    // A verified token is kept only until its exp.
    clock.advance(301_000);
    const expired = await call(server, 'GET', '/api/user', withToken(viewer));
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ messageId: 'jwt.expired', message: 'JWT: the token has expired' });
  });

  it('refuses a token once its exp has passed even while its verification is cached (within the identity cache TTL of 10 s)', async () => {
    const clock = new ManualClock(Date.now());
    const keys = await keyPair('k1');
    const peer = await startJwksPeer([keys.jwk]);
    const server = await setup(peer.url, {}, clock);
    const token = await sign(keys, clock, ALICE, { ttlSeconds: 5 });
    for (let i = 0; i < 3; i++) {
      const me = await call(server, 'GET', '/api/user', withToken(token));
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ login: 'alice', authLabels: ['JWT'] });
      clock.advance(1_000);
    }
    // 3 s in: still valid, answered from the caches.
    expect((await call(server, 'GET', '/api/user', withToken(token))).status).toBe(200);
    clock.advance(2_500);
    const expired = await call(server, 'GET', '/api/user', withToken(token));
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ messageId: 'jwt.expired', message: 'JWT: the token has expired' });
    expect(peer.fetches).toBe(1);
  });

  it('refuses expired, forged, wrong-audience, wrong-issuer, unsigned and garbage tokens with a 401 message', async () => {
    const clock = new ManualClock(Date.now());
    const keys = await keyPair('k1');
    const other = await keyPair('k1'); // same kid, other key: a forged signature
    const stranger = await keyPair('k2'); // a key the key set does not have
    const peer = await startJwksPeer([keys.jwk]);
    const server = await setup(peer.url, {}, clock);
    const good = await sign(keys, clock, ALICE);
    expect((await call(server, 'GET', '/api/user', withToken(good))).status).toBe(200);

    const cases: [string, string, string][] = [
      ['expired', await sign(keys, clock, ALICE, { ttlSeconds: -10 }), 'jwt.expired'],
      ['forged', await sign(other, clock, ALICE), 'jwt.bad-signature'],
      ['unknown key', await sign(stranger, clock, ALICE), 'jwt.bad-signature'],
      ['wrong audience', await sign(keys, clock, ALICE, { audience: 'other' }), 'jwt.unexpected-claim'],
      [
        'wrong issuer',
        await sign(keys, clock, ALICE, { issuer: 'https://evil.test' }),
        'jwt.unexpected-claim',
      ],
      [
        'alg none',
        new UnsecuredJWT(ALICE)
          .setSubject('sub-alice')
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setExpirationTime(Math.floor(clock.now() / 1000) + 300)
          .encode(),
        'jwt.invalid',
      ],
      ['garbage', 'not-a-token', 'jwt.invalid'],
      ['three garbage parts', 'aaa.bbb.ccc', 'jwt.invalid'],
      ['tampered payload', tamper(good), 'jwt.bad-signature'],
      ['no subject', await sign(keys, clock, ALICE, { subject: null }), 'jwt.missing-subject'],
      ['no login or email', await sign(keys, clock, { groups: [] }, { subject: 'x' }), 'jwt.missing-login'],
    ];
    for (const [name, token, messageId] of cases) {
      const response = await call(server, 'GET', '/api/user', withToken(token));
      expect(response.status, name).toBe(401);
      expect(response.body.messageId, name).toBe(messageId);
      expect(response.body.message, name).toMatch(/^JWT: /);
    }
    const audience = await call(
      server,
      'GET',
      '/api/user',
      withToken(await sign(keys, clock, ALICE, { audience: 'other' })),
    );
    expect(audience.body.message).toMatch(/aud claim/);
    // None of them created a user.
    const search = await call(server, 'GET', '/api/users/search?query=', { as: ADMIN });
    expect(search.body.totalCount).toBe(2);
  });

  it('answers 401 with a clear message when the key set cannot be fetched', async () => {
    const clock = new ManualClock(Date.now());
    const keys = await keyPair('k1');
    const peer = await startJwksPeer([keys.jwk]);
    const url = peer.url;
    await peer.close();
    const server = await setup(url, {}, clock);
    const response = await call(server, 'GET', '/api/user', withToken(await sign(keys, clock, ALICE)));
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ messageId: 'jwt.key-set-unavailable' });
    expect(response.body.message).toMatch(/jwk_set_url/);
    // Other credentials are unaffected.
    expect((await call(server, 'GET', '/api/user', { as: ADMIN })).status).toBe(200);
  });

  it('auto_sign_up off by default: an unknown user is refused, an existing one is linked; a disabled one is refused', async () => {
    const clock = new ManualClock(Date.now());
    const keys = await keyPair('k1');
    const peer = await startJwksPeer([keys.jwk]);
    const server = await setup(peer.url, { auto_sign_up: '' }, clock);
    const unknown = await call(server, 'GET', '/api/user', withToken(await sign(keys, clock, ALICE)));
    expect(unknown.status).toBe(401);
    expect(unknown.body.messageId).toBe('jwt.sign-up-disabled');

    const bob = await createUser(server, { login: 'bob', email: 'bob@example.com', orgRole: 'Editor' });
    const token = await sign(keys, clock, {
      login: 'bob',
      email: 'bob@example.com',
      groups: [],
      role: 'Viewer',
    });
    const me = await call(server, 'GET', '/api/user', withToken(token));
    expect(me.body).toMatchObject({ id: bob.id, isExternal: true, authLabels: ['JWT'] });
    expect(await roleIn(server, token)).toBe('Viewer');

    const disabled = await call(server, 'POST', `/api/admin/users/${bob.id}/disable`, { as: ADMIN });
    expect(disabled.status).toBe(200);
    expect((await call(server, 'GET', '/api/user', withToken(token))).status).toBe(401);
  });

  it('skip_org_role_sync keeps the role set in svc; role_attribute_strict refuses a token without a valid role', async () => {
    const clock = new ManualClock(Date.now());
    const keys = await keyPair('k1');
    const peer = await startJwksPeer([keys.jwk]);
    const skip = await setup(peer.url, { skip_org_role_sync: 'true' }, clock);
    const token = await sign(keys, clock, ALICE);
    expect(await roleIn(skip, token)).toBe('Viewer');

    const strict = await setup(peer.url, { role_attribute_strict: 'true' }, clock);
    const refused = await call(
      strict,
      'GET',
      '/api/user',
      withToken(await sign(keys, clock, { ...ALICE, groups: [], role: 'Root' })),
    );
    expect(refused.status).toBe(401);
    expect(refused.body.messageId).toBe('jwt.invalid-role');
    expect(await roleIn(strict, await sign(keys, clock, { ...ALICE, groups: [], role: 'Editor' }))).toBe(
      'Editor',
    );
  });

  it('in the Authorization header takes Bearer JWTs only; Basic and other bearer tokens work as before', async () => {
    const clock = new ManualClock(Date.now());
    const keys = await keyPair('k1');
    const peer = await startJwksPeer([keys.jwk]);
    const server = await setup(peer.url, { header_name: 'Authorization', url_login: 'true' }, clock);
    const token = await sign(keys, clock, ALICE);
    const me = await call(server, 'GET', '/api/user', { as: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.body.login).toBe('alice');
    expect((await call(server, 'GET', '/api/user', { as: basic('admin', 'admin') })).body.login).toBe(
      'admin',
    );
    const notJwt = await call(server, 'GET', '/api/user', { as: { authorization: 'Bearer glsa_nope' } });
    expect(notJwt.status).toBe(401);
    expect(notJwt.body.messageId).toBe('api-key.invalid');
    // url_login: the token in ?auth_token=
    const byUrl = await call(server, 'GET', `/api/user?auth_token=${token}`);
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.login).toBe('alice');
  });

  it('refuses to start with a key source missing or an attribute path that is not JMESPath', async () => {
    await expect(setup('', {})).rejects.toThrow(/exactly one of jwk_set_url, jwk_set_file, key_file/);
    await expect(setup('http://127.0.0.1:1/jwks', { role_attribute_path: 'contains(' })).rejects.toThrow(
      /role_attribute_path/,
    );
  });

  it('is off by default: the header alone is no sign-in', async () => {
    const server = await startTestServer();
    const me = await call(server, 'GET', '/api/user', withToken('a.b.c'));
    expect(me.status).toBe(401);
    expect(me.body.messageId).toBe('auth.unauthorized');
  });
});

/** The token with one payload character changed (the signature no longer matches). */
function tamper(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const changed = Buffer.from(JSON.stringify({ ...claims, login: 'admin' })).toString('base64url');
  return [header, changed, signature].join('.');
}
