/**
 * The secrets audit (issue #23): a secret a test hands to svc (a data source password, a contact
 * point token, anything under secureJsonData/secureSettings) or svc hands out once (a service
 * account token, a session token) must never come back in another response body or a log line.
 * `call()` feeds every request and response through here; the test fails after it ends if one did.
 */

/** Keys whose string values are secrets wherever they appear in a request body. */
const SECRET_KEY = /password|token|secret|apikey|api_key|credentials|integrationkey|routingkey/i;
/** Objects whose every string value is a secret. */
const SECRET_OBJECT = new Set(['secureJsonData', 'secureSettings']);
/** Shorter values ('pw', 'x') also occur in ordinary text: they cannot be audited. */
const MIN_LENGTH = 8;

const known = new Set<string>();
const leaks: string[] = [];

/** What svc answers in place of a secret (and clients send back unchanged). */
const REDACTED = '[REDACTED]';

function remember(value: string): void {
  if (value.length >= MIN_LENGTH && value !== REDACTED) known.add(value);
}

function collect(value: unknown, secret: boolean): void {
  if (typeof value === 'string') {
    if (secret) remember(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, secret);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      collect(inner, secret || SECRET_OBJECT.has(key) || SECRET_KEY.test(key));
    }
  }
}

/** Routes whose answer holds a new secret `key`: service account tokens, API keys. */
const ISSUES_KEY = /\/tokens$|^\/api\/auth\/keys$/;

/** Grafana's own way to read secrets back: the export of contact points with `decrypt=true`. */
const mayShowSecrets = (path: string) => /[?&]decrypt=true\b/.test(path);

function check(where: string, text: string): void {
  for (const secret of known) {
    if (text.includes(secret)) leaks.push(`${where} contains the secret ${JSON.stringify(secret)}`);
  }
}

export const secretsAudit = {
  /** A request's secrets are known from now on. */
  request(body: unknown): void {
    collect(body, false);
  },

  /** A response may carry what it was asked to create, never a secret known before it. */
  response(method: string, path: string, text: string, setCookies: string[], body: unknown): void {
    if (!mayShowSecrets(path)) check(`${method} ${path}`, text);
    // secrets svc hands out once: a new token's key, the session cookie
    const key = (body as { key?: unknown } | undefined)?.key;
    if (method === 'POST' && ISSUES_KEY.test(path) && typeof key === 'string') remember(key);
    for (const cookie of setCookies) {
      const end = cookie.indexOf(';');
      remember(cookie.slice(cookie.indexOf('=') + 1, end === -1 ? undefined : end));
    }
  },

  logLine(line: string): void {
    check('a log line', line);
  },

  /** The leaks seen since the last call (and forget the secrets: the next test sets its own). */
  take(): string[] {
    known.clear();
    return leaks.splice(0);
  },
};
