import type { Rng } from './rng.js';

/** One way of (not) authenticating: the headers it adds. */
export interface AuthVariant {
  name: string;
  headers: Record<string, string>;
}

/** What the fuzzer acts on and looks for: callers, known ids and uids, and secrets never to be shown. */
export interface World {
  auth: AuthVariant[];
  /** ids and uids of things that exist, tried as path parameters */
  known: string[];
  /** stored secrets: no response may contain one */
  secrets: string[];
}

const basicHeader = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/** A JSON request for seeding; throws naming the request when it is not 2xx. */
export async function request(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: any; cookies: string[] }> {
  const headers = { ...options.headers } as Record<string, string>;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body, cookies: response.headers.getSetCookie() };
}

/**
 * Creates the world through the API as the built-in admin: a viewer (Basic and a session), a
 * second server admin the fuzzer acts as, an Editor service account's token, a dashboard, folder
 * and team, a data source with passwords and a contact point with one.
 */
export async function seedWorld(
  baseUrl: string,
  options: { cookieName: string; adminAuth: string; rng: Rng },
): Promise<World> {
  const tag = `${options.rng.seed}-${options.rng.int(1e9)}`;
  const admin = { authorization: options.adminAuth };
  const ok = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = admin,
  ) => {
    const response = await request(baseUrl, method, path, { headers, body });
    if (response.status >= 300)
      throw new Error(`seeding: ${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  };
  const secrets = {
    dsPassword: `fuzz-ds-password-${tag}`,
    dsBasicPassword: `fuzz-ds-basic-${tag}`,
    cpPassword: `fuzz-cp-password-${tag}`,
    viewerPassword: `fuzz-viewer-${tag}`,
    adminPassword: `fuzz-admin-${tag}`,
  };
  const viewer = (
    await ok('POST', '/api/admin/users', { login: 'fuzz-viewer', password: secrets.viewerPassword })
  ).body as { id: number };
  const fuzzAdmin = (
    await ok('POST', '/api/admin/users', { login: 'fuzz-admin', password: secrets.adminPassword })
  ).body as { id: number };
  await ok('PUT', `/api/admin/users/${fuzzAdmin.id}/permissions`, { isGrafanaAdmin: true });
  await ok('PATCH', `/api/org/users/${fuzzAdmin.id}`, { role: 'Admin' });
  const login = await ok('POST', '/login', { user: 'fuzz-viewer', password: secrets.viewerPassword }, {});
  const sessionCookie = login.cookies
    .map((c) => c.split(';', 1)[0]!)
    .find((c) => c.startsWith(`${options.cookieName}=`));
  if (!sessionCookie) throw new Error('seeding: no session cookie from POST /login');
  const account = (await ok('POST', '/api/serviceaccounts', { name: 'fuzz-sa', role: 'Editor' })).body as {
    id: number;
  };
  const token = (await ok('POST', `/api/serviceaccounts/${account.id}/tokens`, { name: 'fuzz-token' }))
    .body as {
    key: string;
  };
  const folder = (await ok('POST', '/api/folders', { uid: 'fuzz-folder', title: 'Fuzz folder' })).body as {
    id: number;
  };
  const dashboard = (
    await ok('POST', '/api/dashboards/db', {
      dashboard: { uid: 'fuzz-dash', title: 'Fuzz dashboard' },
      folderUid: 'fuzz-folder',
    })
  ).body as { id: number };
  const team = (await ok('POST', '/api/teams', { name: 'fuzz-team' })).body as { teamId: number };
  const dataSource = (
    await ok('POST', '/api/datasources', {
      name: 'fuzz-ds',
      uid: 'fuzz-ds',
      type: 'prometheus',
      url: 'http://127.0.0.1:9',
      basicAuth: true,
      basicAuthUser: 'fuzz',
      secureJsonData: { basicAuthPassword: secrets.dsBasicPassword, password: secrets.dsPassword },
    })
  ).body as { id: number };
  const contactPoint = (
    await ok('POST', '/api/v1/provisioning/contact-points', {
      name: 'fuzz-cp',
      type: 'webhook',
      settings: { url: 'http://127.0.0.1:9/fuzz', username: 'fuzz', password: secrets.cpPassword },
    })
  ).body as { uid: string };
  const annotation = (await ok('POST', '/api/annotations', { text: 'fuzz' })).body as { id: number };
  // the org's alerting configuration (default policy and contact point) is created on first use,
  // by any request that reads it, refused or not: create it before counting rows
  await ok('GET', '/api/v1/provisioning/policies');

  const auth: AuthVariant[] = [
    { name: 'none', headers: {} },
    {
      name: 'server admin (Basic)',
      headers: { authorization: basicHeader('fuzz-admin', secrets.adminPassword) },
    },
    {
      name: 'server admin (Basic)',
      headers: { authorization: basicHeader('fuzz-admin', secrets.adminPassword) },
    },
    {
      name: 'viewer (Basic)',
      headers: { authorization: basicHeader('fuzz-viewer', secrets.viewerPassword) },
    },
    { name: 'viewer (session)', headers: { cookie: sessionCookie } },
    { name: 'editor service account (Bearer)', headers: { authorization: `Bearer ${token.key}` } },
    { name: 'wrong password', headers: { authorization: basicHeader('fuzz-admin', 'wrong') } },
    { name: 'unknown user', headers: { authorization: basicHeader('nobody-😀', 'x') } },
    { name: 'Basic junk', headers: { authorization: 'Basic !!!not-base64' } },
    {
      name: 'Basic without colon',
      headers: { authorization: `Basic ${Buffer.from('admin').toString('base64')}` },
    },
    { name: 'Bearer junk', headers: { authorization: 'Bearer glsa_notatoken_00000000' } },
    {
      name: 'Bearer API-key shape',
      headers: { authorization: 'Bearer eyJrIjoiYWJjIiwibiI6ImsiLCJpZCI6MX0=' },
    },
    { name: 'Bearer empty', headers: { authorization: 'Bearer ' } },
    { name: 'other scheme', headers: { authorization: 'Digest username="admin"' } },
    { name: 'junk cookie', headers: { cookie: `${options.cookieName}=${'z'.repeat(64)}` } },
    {
      name: 'junk cookie and viewer Basic',
      headers: {
        cookie: `${options.cookieName}=junk`,
        authorization: basicHeader('fuzz-viewer', secrets.viewerPassword),
      },
    },
  ];
  return {
    auth,
    known: [
      'fuzz-dash',
      'fuzz-folder',
      'fuzz-ds',
      contactPoint.uid,
      String(viewer.id),
      String(account.id),
      String(folder.id),
      String(dashboard.id),
      String(team.teamId),
      String(dataSource.id),
      String(annotation.id),
      'Viewer',
      'dashboards',
      'default',
    ],
    secrets: [...Object.values(secrets), token.key],
  };
}
