// Seeding through the HTTP API, the same service code users hit: a client for one server and a
// pool of concurrent clients working through a numbered range.

export const SEED_CLIENTS = 10;

export type Api = <T = unknown>(method: string, path: string, body?: unknown, orgId?: number) => Promise<T>;

/** One API call with Basic (or other fixed) credentials, in the org `orgId` when given; throws on a non-2xx answer. */
export function apiClient(url: string, authorization: string): Api {
  return client(url, () => ({ authorization }));
}

/**
 * An API client signed in with a session like a browser: it keeps the rotated cookie the server
 * sends back and signs in again on a 401, so a seeding that outlasts the rotation interval goes on.
 * (Basic credentials cost a password hash whenever the identity cache was invalidated, e.g. by
 * every user created.)
 */
export async function sessionClient(url: string, login: string, password: string): Promise<Api> {
  let cookie = await sessionCookie(url, login, password);
  return client(
    url,
    () => ({ cookie }),
    async (response) => {
      const renewed = response.headers.getSetCookie().find((c) => c.startsWith('svc_session='));
      if (renewed) cookie = renewed.split(';')[0]!;
      if (response.status !== 401) return false;
      cookie = await sessionCookie(url, login, password);
      return true;
    },
  );
}

function client(
  url: string,
  auth: () => Record<string, string>,
  /** sees every response; true: send the request again */
  retry?: (response: Response) => Promise<boolean>,
): Api {
  return async <T>(method: string, path: string, body?: unknown, orgId?: number): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(url + path, {
        method,
        headers: {
          ...auth(),
          'content-type': 'application/json',
          ...(orgId ? { 'x-grafana-org-id': String(orgId) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (retry && attempt === 0 && (await retry(response))) continue;
      if (!response.ok) throw new ApiError(`${method} ${path}: ${response.status} ${text}`, response.status);
      return (text ? JSON.parse(text) : undefined) as T;
    }
  };
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Runs work(i) for every i in [from, to) on `clients` concurrent workers; resolves when all are done. */
export async function pool(
  from: number,
  to: number,
  work: (i: number) => Promise<unknown>,
  clients = SEED_CLIENTS,
): Promise<void> {
  let next = from;
  let failed = false;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < to && !failed) {
        const i = next++;
        try {
          await work(i);
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    }),
  );
}

/** Signs `login` in and returns its session cookie (`name=value`). */
export async function sessionCookie(url: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: login, password }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`login ${login}: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('svc_session='));
  if (!cookie) throw new Error(`login ${login}: no session cookie`);
  return cookie.split(';')[0]!;
}
