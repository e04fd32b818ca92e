import { BlockList, isIP } from 'node:net';
import { LazyLruCache } from '../../lib/lazy-lru-cache.js';
import type { AuthProxyConfig } from '../../config/config.js';
import { ConfigError } from '../../config/expand.js';
import type { Clock } from '../../lib/clock.js';
import { isOrgRole } from '../../access/org-role.js';
import type { ExternalAuthenticator, ExternalRequest } from '../auth/authn.service.js';
import { proxySignUpDisabled, proxyUserDisabled } from './external-auth.errors.js';
import type { ExternalUser } from './user-sync.js';

/** Grafana's auth module name of the auth proxy in `user_auth`. */
export const AUTH_PROXY_MODULE = 'authproxy';
const MAX_SYNCED = 10_000;

/** The allowed proxy addresses (`whitelist`): single addresses and CIDR ranges, IPv4 and IPv6. */
function parseWhitelist(entries: string[]): BlockList | undefined {
  if (!entries.length) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/', 2);
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const max = family === 6 ? 128 : 32;
    if (!family || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= max)))
      throw new ConfigError(
        `invalid entry in [auth.proxy] whitelist: "${entry}" (expected an IP address or CIDR)`,
      );
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
}

/** Whether the request carries a cookie named `name` (its value is the session feature's to judge). */
function hasCookie(request: ExternalRequest, name: string): boolean {
  const cookies = request.headers.cookie;
  const line = Array.isArray(cookies) ? cookies.join('; ') : (cookies ?? '');
  return line
    .split(';')
    .some((pair) => pair.trim().startsWith(`${name}=`) && pair.trim().length > name.length + 1);
}

function allowed(list: BlockList, remoteAddress: string): boolean {
  // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress);
  const address = mapped?.[1] ?? remoteAddress;
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

function header(request: ExternalRequest, name: string | undefined): string {
  if (!name) return '';
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/**
 * `[auth.proxy]`: a request carrying `header_name` from an allowed address (any, with an empty
 * whitelist) is that user. The user is synced (found or signed up, attributes and role from the
 * other headers) at most once per `sync_ttl` per header value; in between the remembered user id
 * is used, and its row (disabled, deleted, role) is read as for any other sign-in. With
 * `enable_login_token` a request that brings no session cookie gets one, as after a login (Grafana's
 * auth-proxy session sync), so the browser stays signed in where the header is not sent.
 */
export function createAuthProxy(deps: {
  config: AuthProxyConfig;
  clock: Clock;
  /** `[auth] login_cookie_name`: with enable_login_token, a request without it gets a session */
  sessionCookieName: string;
  /** the shared external user sync inside a unit of work */
  sync: (input: {
    authModule: string;
    authId: string;
    info: ExternalUser;
    allowSignUp: boolean;
    emailLookup: boolean;
    errors: { signUpDisabled: typeof proxySignUpDisabled; userDisabled: typeof proxyUserDisabled };
  }) => Promise<number>;
}): ExternalAuthenticator {
  const { config, clock } = deps;
  const whitelist = parseWhitelist(config.whitelist);
  const synced = new LazyLruCache<string, { userId: number; until: number }>({ max: MAX_SYNCED });

  function userOf(request: ExternalRequest, value: string): ExternalUser {
    const byEmail = config.headerProperty === 'email';
    const email = (byEmail ? value : header(request, config.headers.Email)).toLowerCase();
    const login = header(request, config.headers.Login) || value;
    const role = header(request, config.headers.Role);
    return {
      login,
      // Grafana compat: a user without an email gets its login as email.
      email: email || login.toLowerCase(),
      name: header(request, config.headers.Name) || login,
      role: isOrgRole(role) ? role : undefined,
      // Team sync: with a Groups header configured, its comma-separated groups (none when absent).
      groups: config.headers.Groups
        ? header(request, config.headers.Groups)
            .split(',')
            .map((g) => g.trim())
            .filter(Boolean)
        : undefined,
    };
  }

  return {
    before: 'session',
    detect(request) {
      if (!config.enabled) return undefined;
      const value = header(request, config.headerName);
      if (!value) return undefined;
      // Grafana compat: the header from any other address is ignored, as if it were not sent.
      if (whitelist && !allowed(whitelist, request.remoteAddress)) return undefined;
      const attributes = Object.values(config.headers).map((name) => header(request, name));
      return {
        method: 'proxy',
        key: [value, ...attributes].join('\0'),
        issueSession: config.enableLoginToken && !hasCookie(request, deps.sessionCookieName),
        async resolve(fresh) {
          const now = clock.now();
          const known = synced.get(value);
          if (!fresh && known && known.until > now) return known;
          const userId = await deps.sync({
            authModule: AUTH_PROXY_MODULE,
            authId: value,
            info: userOf(request, value),
            allowSignUp: config.autoSignUp,
            emailLookup: config.headerProperty === 'email',
            errors: { signUpDisabled: proxySignUpDisabled, userDisabled: proxyUserDisabled },
          });
          const result = { userId, until: now + config.syncTtlMs };
          if (config.syncTtlMs > 0) synced.set(value, result);
          return result;
        },
      };
    },
  };
}
