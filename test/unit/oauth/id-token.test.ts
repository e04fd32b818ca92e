import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenericOAuthConfig } from '../../../src/config/config.js';
import { AppError } from '../../../src/http/errors.js';
import { createOidcClient } from '../../../src/features/oauth/oidc-client.js';
import { genericProvider } from '../../../src/features/oauth/providers/generic.js';

// The id_token checks of the code exchange, against a loopback token endpoint that answers
// whatever id_token the test signed with jose.

const REDIRECT = 'http://svc.test/login/generic_oauth';
const PENDING = { state: 'st', nonce: 'n-1', verifier: '' };
let server: Server;
let base = '';
let nextIdToken = '';
const keys = { trusted: await generateKeyPair('RS256'), other: await generateKeyPair('RS256') };

beforeAll(async () => {
  const jwk = { ...(await exportJWK(keys.trusted.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/jwks') return res.end(JSON.stringify({ keys: [jwk] }));
    req.resume();
    req.on('end', () =>
      res.end(
        JSON.stringify({ access_token: 'at', token_type: 'Bearer', expires_in: 60, id_token: nextIdToken }),
      ),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function settings(overrides: Partial<GenericOAuthConfig> = {}): GenericOAuthConfig {
  return {
    enabled: true,
    name: 'IdP',
    clientId: 'svc',
    clientSecret: 'secret',
    scopes: ['openid'],
    authUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    apiUrl: '',
    issuer: base,
    jwkSetUrl: `${base}/jwks`,
    usePkce: false,
    useRefreshToken: false,
    emailAttributePath: '',
    loginAttributePath: '',
    nameAttributePath: '',
    roleAttributePath: '',
    roleAttributeStrict: false,
    allowAssignGrafanaAdmin: false,
    skipOrgRoleSync: false,
    groupsAttributePath: '',
    allowedDomains: [],
    allowedGroups: [],
    allowSignUp: true,
    autoLogin: false,
    signoutRedirectUrl: '',
    allowedOrganizations: [],
    teamIds: [],
    ...overrides,
  };
}

async function sign(claims: JWTPayload, key = keys.trusted.privateKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: base, aud: 'svc', sub: 'u1', nonce: 'n-1', iat: now, exp: now + 300, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .sign(key);
}

const warnings: object[] = [];
const log = { warn: (obj: object) => void warnings.push(obj) };

async function exchange(idToken: string, overrides: Partial<GenericOAuthConfig> = {}) {
  nextIdToken = idToken;
  const client = createOidcClient(settings(overrides), genericProvider, REDIRECT, log);
  return client.complete(new URL(`${REDIRECT}?code=c1&state=st`), PENDING, Date.now());
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).messageId!;
}

describe('id_token validation of the code exchange', () => {
  it('accepts a token signed by the provider’s JWKS for this client and nonce', async () => {
    const answer = await exchange(await sign({ email: 'a@example.com' }));
    expect(answer.subject).toBe('u1');
    expect(answer.claims.email).toBe('a@example.com');
    expect(answer.tokens).toMatchObject({ accessToken: 'at', tokenType: 'bearer', refreshToken: '' });
  });

  it('refuses a token signed by another key (tampered)', async () => {
    expect(await refusal(exchange(await sign({}, keys.other.privateKey)))).toBe('oauth.token-rejected');
    const [header, payload, signature] = (await sign({})).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'admin' }),
    );
    expect(await refusal(exchange(`${header}.${forged.toString('base64url')}.${signature}`))).toBe(
      'oauth.token-rejected',
    );
  });

  it('refuses an expired token, another audience, another issuer and another nonce', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect(await refusal(exchange(await sign({ iat: past - 60, exp: past })))).toBe('oauth.token-rejected');
    expect(await refusal(exchange(await sign({ aud: 'someone-else' })))).toBe('oauth.token-rejected');
    expect(await refusal(exchange(await sign({ iss: 'http://evil.example' })))).toBe('oauth.token-rejected');
    expect(await refusal(exchange(await sign({ nonce: 'replayed' })))).toBe('oauth.token-rejected');
  });

  it('refuses an id_token it cannot check (explicit endpoints without jwk_set_url)', async () => {
    expect(await refusal(exchange(await sign({}), { jwkSetUrl: '' }))).toBe('oauth.token-rejected');
  });

  it('says the provider is unreachable when its token endpoint is down, and logs no token', async () => {
    warnings.length = 0;
    expect(await refusal(exchange(await sign({}), { tokenUrl: 'http://127.0.0.1:1/token' }))).toBe(
      'oauth.provider-unreachable',
    );
    expect(JSON.stringify(warnings)).not.toContain('secret');
  });
});
