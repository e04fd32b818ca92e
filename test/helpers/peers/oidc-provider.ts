import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Claims of a test account beyond `sub` (the account id, which is also what the login form takes). */
export type AccountClaims = Record<string, unknown>;

export interface OidcPeer {
  issuer: string;
  /** accounts by id: change an account's claims between sign-ins */
  accounts: Map<string, AccountClaims>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (panva's certified `oidc-provider`) on loopback with one confidential
 * client, its development login and consent forms, and scopes `groups` (claims `groups`, `role`).
 */
export async function startOidcProvider(client: {
  clientId: string;
  clientSecret: string;
  /** svc's redirect URI(s): `<root_url>login/generic_oauth` */
  redirectUri: string | string[];
  /** more claims the `profile` scope releases (a provider's own: `hd`, `tid`, `oid`, `roles`) */
  profileClaims?: string[];
  /** false: the id_token carries every claim of the granted scopes (Entra ID style) */
  conformIdTokenClaims?: boolean;
  /** access token lifetime in seconds (default 3600) */
  accessTokenTtl?: number;
  /** issue a refresh token with every code (without asking for offline_access consent) */
  refreshTokens?: boolean;
}): Promise<OidcPeer> {
  const accounts = new Map<string, AccountClaims>();
  let handler: Parameters<typeof createServer>[1] = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler!(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Its development-mode warnings (in-memory storage, generated keys, dev forms) are what a test wants.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING')) warn(...args);
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri].flat(),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', ...(client.profileClaims ?? [])],
      groups: ['groups', 'role'],
    },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    cookies: { keys: ['oidc-peer-test-key'] },
    ttl: {
      IdToken: 3600,
      AccessToken: client.accessTokenTtl ?? 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
    },
    pkce: { methods: ['S256'], required: () => true },
    conformIdTokenClaims: client.conformIdTokenClaims ?? true,
    ...(client.refreshTokens ? { issueRefreshToken: () => true } : {}),
    findAccount: (_ctx, id) => {
      const claims = accounts.get(id);
      if (!claims) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...claims }) };
    },
  });
  console.warn = warn;
  const callback = provider.callback();
  handler = (req, res) => void callback(req, res);
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
