import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback fakes of GitHub's and GitLab's OAuth2 + REST APIs (neither is OpenID Connect, so no
 * certified provider stands in for them), answering as their documentation says: the authorization
 * form (the test's browser types the account's login), the token endpoint (client secret by Basic
 * or body, the code bound to client, redirect URI and PKCE S256 challenge) and the user APIs with
 * `Authorization: Bearer`/`token`, paginated with `Link: <…>; rel="next"`.
 */

export interface GithubAccount {
  id: number;
  login: string;
  name: string | null;
  /** the public profile email; null: private (read from /user/emails) */
  email: string | null;
  emails: { email: string; primary: boolean; verified: boolean; visibility: string | null }[];
  orgs: string[];
  teams: { id: number; slug: string; org: string }[];
}

export interface GitlabAccount {
  id: number;
  username: string;
  name: string;
  email: string;
  state: 'active' | 'blocked';
  groups: string[];
}

interface Issued {
  account: string;
  expiresAt: number;
}

export interface OAuth2Fake<A> {
  url: string;
  accounts: Map<string, A>;
  /** access tokens live this long (ms); 0: no expiry sent (GitHub OAuth apps) */
  accessTokenTtlMs: number;
  /** refresh tokens the token endpoint now refuses (invalid_grant) */
  revokeRefreshTokens(): void;
  /** how many refresh_token grants were answered with new tokens */
  refreshes: number;
  requests: string[];
  close(): Promise<void>;
}

interface Client {
  clientId: string;
  clientSecret: string;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** A page of `items` with GitHub's/GitLab's `Link` header naming the next one. */
function page(res: ServerResponse, url: URL, items: unknown[]) {
  const perPage = Number(url.searchParams.get('per_page') ?? 30);
  const current = Number(url.searchParams.get('page') ?? 1);
  const slice = items.slice((current - 1) * perPage, current * perPage);
  const headers: Record<string, string> = {};
  if (current * perPage < items.length) {
    const next = new URL(url);
    next.searchParams.set('page', String(current + 1));
    headers.link = `<${next.href}>; rel="next"`;
  }
  json(res, 200, slice, headers);
}

async function startFake<A>(
  client: Client,
  paths: { authorize: string; token: string },
  /** GitHub answers token errors with 200 and an `error` field; GitLab with 400/401 */
  errorStatus: number,
  api: (account: A, url: URL, res: ServerResponse) => boolean,
  tokenExtras: () => Record<string, unknown>,
): Promise<OAuth2Fake<A>> {
  const codes = new Map<string, { account: string; redirectUri: string; challenge: string }>();
  const accessTokens = new Map<string, Issued>();
  const refreshTokens = new Map<string, string>();
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: OAuth2Fake<A> = {
    url: base,
    accounts: new Map(),
    accessTokenTtlMs: 0,
    refreshes: 0,
    requests: [],
    revokeRefreshTokens: () => refreshTokens.clear(),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };

  function issue(account: string): Record<string, unknown> {
    const accessToken = randomBytes(20).toString('hex');
    const refreshToken = randomBytes(20).toString('hex');
    accessTokens.set(accessToken, {
      account,
      expiresAt: fake.accessTokenTtlMs ? Date.now() + fake.accessTokenTtlMs : Number.POSITIVE_INFINITY,
    });
    refreshTokens.set(refreshToken, account);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: refreshToken,
      ...(fake.accessTokenTtlMs ? { expires_in: Math.floor(fake.accessTokenTtlMs / 1000) } : {}),
      ...tokenExtras(),
    };
  }

  function clientOk(req: IncomingMessage, form: URLSearchParams): boolean {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
      : [form.get('client_id'), form.get('client_secret')];
    return id === client.clientId && secret === client.clientSecret;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    fake.requests.push(`${req.method} ${url.pathname}`);
    if (url.pathname === paths.authorize && req.method === 'GET') {
      if (url.searchParams.get('client_id') !== client.clientId)
        return json(res, 404, { error: 'unknown client' });
      res.writeHead(200, { 'content-type': 'text/html' });
      const hidden = [...url.searchParams]
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`)
        .join('');
      return res.end(
        `<html><form action="${paths.authorize}" method="post">${hidden}<input name="login"></form></html>`,
      );
    }
    if (url.pathname === paths.authorize && req.method === 'POST') {
      const form = await readForm(req);
      const redirect = new URL(form.get('redirect_uri') ?? '');
      const login = form.get('login') ?? '';
      if (!fake.accounts.has(login)) {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(10).toString('hex');
        codes.set(code, {
          account: login,
          redirectUri: form.get('redirect_uri') ?? '',
          challenge: form.get('code_challenge') ?? '',
        });
        redirect.searchParams.set('code', code);
      }
      redirect.searchParams.set('state', form.get('state') ?? '');
      res.writeHead(302, { location: redirect.href });
      return res.end();
    }
    if (url.pathname === paths.token && req.method === 'POST') {
      const form = await readForm(req);
      if (!clientOk(req, form))
        return json(res, errorStatus || 200, { error: 'incorrect_client_credentials' });
      if (form.get('grant_type') === 'refresh_token') {
        const account = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!account) return json(res, errorStatus || 200, { error: 'invalid_grant' });
        refreshTokens.delete(form.get('refresh_token')!);
        fake.refreshes++;
        return json(res, 200, issue(account));
      }
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = verifier ? createHash('sha256').update(verifier).digest('base64url') : '';
      if (!code || code.redirectUri !== form.get('redirect_uri') || code.challenge !== challenge)
        return json(res, errorStatus || 200, { error: 'bad_verification_code' });
      return json(res, 200, issue(code.account));
    }
    const bearer = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const issued = accessTokens.get(bearer);
    const account = issued && issued.expiresAt > Date.now() ? fake.accounts.get(issued.account) : undefined;
    if (!account) return json(res, 401, { message: 'Bad credentials' });
    if (!api(account, url, res)) json(res, 404, { message: 'Not Found' });
  }

  return fake;
}

/** GitHub: /login/oauth/authorize, /login/oauth/access_token, /user, /user/emails, /user/orgs, /user/teams. */
export function startGithubFake(client: Client): Promise<OAuth2Fake<GithubAccount>> {
  return startFake<GithubAccount>(
    client,
    { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token' },
    0,
    (account, url, res) => {
      const base = url.origin;
      switch (url.pathname) {
        case '/user':
          json(res, 200, {
            login: account.login,
            id: account.id,
            type: 'User',
            name: account.name,
            email: account.email,
            html_url: `${base}/${account.login}`,
          });
          return true;
        case '/user/emails':
          json(res, 200, account.emails);
          return true;
        case '/user/orgs':
          page(
            res,
            url,
            account.orgs.map((login, i) => ({ login, id: 1000 + i, url: `${base}/orgs/${login}` })),
          );
          return true;
        case '/user/teams':
          page(
            res,
            url,
            account.teams.map((t) => ({
              id: t.id,
              slug: t.slug,
              name: t.slug,
              html_url: `${base}/orgs/${t.org}/teams/${t.slug}`,
              organization: { login: t.org },
            })),
          );
          return true;
        default:
          return false;
      }
    },
    () => ({ scope: 'read:org,user:email' }),
  );
}

/** GitLab: /oauth/authorize, /oauth/token, /api/v4/user, /api/v4/groups. */
export function startGitlabFake(client: Client): Promise<OAuth2Fake<GitlabAccount>> {
  return startFake<GitlabAccount>(
    client,
    { authorize: '/oauth/authorize', token: '/oauth/token' },
    400,
    (account, url, res) => {
      switch (url.pathname) {
        case '/api/v4/user':
          json(res, 200, {
            id: account.id,
            username: account.username,
            name: account.name,
            state: account.state,
            email: account.email,
            web_url: `${url.origin}/${account.username}`,
          });
          return true;
        case '/api/v4/groups':
          page(
            res,
            url,
            account.groups.map((path, i) => ({ id: 10 + i, name: path, full_path: path })),
          );
          return true;
        default:
          return false;
      }
    },
    () => ({ scope: 'read_api', created_at: Math.floor(Date.now() / 1000) }),
  );
}
