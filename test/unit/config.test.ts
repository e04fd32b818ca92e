import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/config/args.js';
import { ConfigError, loadConfig } from '../../src/config/load.js';
import { projectRoot } from '../../src/lib/build-info.js';
import { parseDuration } from '../../src/lib/duration.js';

/** A home folder with the real defaults.ini and, optionally, a custom.ini. */
function home(customIni?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-home-'));
  mkdirSync(join(dir, 'conf'));
  copyFileSync(join(projectRoot, 'conf/defaults.ini'), join(dir, 'conf/defaults.ini'));
  if (customIni !== undefined) writeFileSync(join(dir, 'conf/custom.ini'), customIni);
  return dir;
}

function file(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-ini-')), 'svc.ini');
  writeFileSync(path, content);
  return path;
}

describe('configuration defaults', () => {
  it('serves on port 3000 on all interfaces with SQLite under data/', () => {
    const dir = home();
    const config = loadConfig({ homepath: dir, env: {} });
    expect(config.server.httpPort).toBe(3000);
    expect(config.server.httpAddr).toBe('');
    expect(config.server.rootUrl).toBe('http://localhost:3000/');
    expect(config.database.type).toBe('sqlite3');
    expect(config.database.path).toBe(join(dir, 'data', 'svc.db'));
    expect(config.database.highAvailability).toBe(false);
    expect(config.security.adminUser).toBe('admin');
    expect(config.security.adminPassword).toBe('admin');
    expect(config.auth.loginCookieName).toBe('svc_session');
    expect(config.auth.maxInactiveLifetimeMs).toBe(7 * 86_400_000);
    expect(config.auth.maxLifetimeMs).toBe(30 * 86_400_000);
    expect(config.metrics.enabled).toBe(false);
    expect(config.rbac).toEqual({
      permissionCache: true,
      resetBasicRoles: false,
      permissionValidationEnabled: true,
    });
    expect(config.users.allowOrgCreate).toBe(false);
    expect(config.dashboards.versionsToKeep).toBe(20);
    expect(config.database.maxIdleConn).toBe(2);
    expect(config.database.connMaxLifetimeSeconds).toBe(14400);
  });

  it('documents every setting in defaults.ini with a comment above it', () => {
    const lines = readFileSync(join(projectRoot, 'conf/defaults.ini'), 'utf8').split('\n');
    const undocumented = lines.filter((line, i) => {
      if (!/^[a-z_]+\s*=/.test(line)) return false;
      // a key directly under a comment, or grouped with the key above it that is commented
      let j = i - 1;
      while (j >= 0 && /^[a-z_]+\s*=/.test(lines[j]!)) j--;
      return j < 0 || !lines[j]!.startsWith(';');
    });
    expect(undocumented).toEqual([]);
  });

  it('has every section the operators expect', () => {
    const text = readFileSync(join(projectRoot, 'conf/defaults.ini'), 'utf8');
    const sections = [...text.matchAll(/^\[([^\]]+)\]$/gm)].map((m) => m[1]);
    for (const name of [
      'paths',
      'server',
      'database',
      'remote_cache',
      'security',
      'users',
      'auth',
      'auth.basic',
      'metrics',
      'rbac',
      'smtp',
      'log',
      'dashboards',
      'unified_alerting',
    ]) {
      expect(sections).toContain(name);
    }
  });
});

describe('configuration precedence', () => {
  it('custom.ini overrides defaults.ini', () => {
    const config = loadConfig({ homepath: home('[server]\nhttp_port = 4000\n'), env: {} });
    expect(config.server.httpPort).toBe(4000);
    expect(config.server.rootUrl).toBe('http://localhost:4000/');
  });

  it('--config replaces custom.ini', () => {
    const dir = home('[server]\nhttp_port = 4000\ndomain = custom\n');
    const config = loadConfig({ homepath: dir, env: {}, configFile: file('[server]\nhttp_port = 5000\n') });
    expect(config.server.httpPort).toBe(5000);
    expect(config.server.domain).toBe('localhost');
  });

  it('SVC_<SECTION>_<KEY> overrides the files; dotted and dashed sections use underscores', () => {
    const config = loadConfig({
      homepath: home('[server]\nhttp_port = 4000\n'),
      env: {
        SVC_SERVER_HTTP_PORT: '6000',
        SVC_AUTH_BASIC_ENABLED: 'false',
        SVC_SECURITY_ADMIN_PASSWORD: 'from-env',
        SVC_USERS_ALLOW_ORG_CREATE: 'true',
        SVC_METRICS_ENABLED: 'true',
        SVC_PATHS_PROVISIONING: '/etc/svc/provisioning',
      },
    });
    expect(config.server.httpPort).toBe(6000);
    expect(config.auth.basicEnabled).toBe(false);
    expect(config.security.adminPassword).toBe('from-env');
    expect(config.users.allowOrgCreate).toBe(true);
    expect(config.metrics.enabled).toBe(true);
    expect(config.paths.provisioning).toBe('/etc/svc/provisioning');
  });

  it('ignores empty environment values', () => {
    const config = loadConfig({ homepath: home(), env: { SVC_SERVER_HTTP_PORT: '' } });
    expect(config.server.httpPort).toBe(3000);
  });
});

describe('value expansion', () => {
  it('expands $__env{VAR}, $__file{path} and %(key)s', () => {
    const secret = file('  s3cr3t\n');
    const config = loadConfig({
      homepath: home(
        `[database]\npassword = $__file{${secret}}\nuser = $__env{DB_USER}\n[server]\ndomain = example.org\nprotocol = http\n`,
      ),
      env: { DB_USER: 'svc_user' },
    });
    expect(config.database.password).toBe('s3cr3t');
    expect(config.database.user).toBe('svc_user');
    expect(config.server.rootUrl).toBe('http://example.org:3000/');
  });

  it('keeps # and ; inside triple-quoted values', () => {
    const config = loadConfig({ homepath: home('[database]\npassword = """pa#ss;word"""\n'), env: {} });
    expect(config.database.password).toBe('pa#ss;word');
  });

  it('fails clearly on an unreadable $__file', () => {
    expect(() =>
      loadConfig({ homepath: home('[database]\npassword = $__file{/nonexistent/x}\n'), env: {} }),
    ).toThrow('invalid value for [database] password: cannot read file "/nonexistent/x"');
  });
});

describe('invalid values stop start-up with one line naming the key and the value', () => {
  const cases: [string, string][] = [
    ['[server]\nhttp_port = abc\n', 'invalid value for [server] http_port: "abc" (expected an integer >= 0)'],
    [
      '[database]\ntype = oracle\n',
      'invalid value for [database] type: "oracle" (expected one of sqlite3, postgres, mysql)',
    ],
    [
      '[auth]\nlogin_maximum_lifetime_duration = forever\n',
      'invalid value for [auth] login_maximum_lifetime_duration: "forever" (expected a duration such as 30s, 10m or 7d)',
    ],
    ['[metrics]\nenabled = maybe\n', 'invalid value for [metrics] enabled: "maybe" (expected true or false)'],
    [
      '[auth.ldap]\nsync_cron = "0 25 * * *"\n',
      'invalid value for [auth.ldap] sync_cron: "0 25 * * *" (hour 25 is out of range 0-23)',
    ],
  ];
  it.each(cases)('%s', (ini, message) => {
    const attempt = () => loadConfig({ homepath: home(ini), env: {} });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it('names the environment variable value too', () => {
    expect(() => loadConfig({ homepath: home(), env: { SVC_SERVER_HTTP_PORT: '80a' } })).toThrow(
      'invalid value for [server] http_port: "80a"',
    );
  });
});

describe('durations', () => {
  it.each([
    ['500ms', 500],
    ['5s', 5_000],
    ['10m', 600_000],
    ['1h30m', 5_400_000],
    ['7d', 604_800_000],
    ['2w', 1_209_600_000],
    ['30', 30_000],
  ])('%s = %i ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'abc', '5x', '5s3', '-5s'])('rejects %j', (text) =>
    expect(parseDuration(text)).toBeUndefined(),
  );

  it('takes a bare number of days for session lifetimes, as Grafana does', () => {
    const config = loadConfig({
      homepath: home('[auth]\nlogin_maximum_inactive_lifetime_duration = 3\n'),
      env: {},
    });
    expect(config.auth.maxInactiveLifetimeMs).toBe(3 * 86_400_000);
  });
});

describe('command line', () => {
  it('reads --config and --homepath in both forms', () => {
    expect(parseArgs(['--config', 'a.ini', '--homepath=/opt/svc'])).toEqual({
      configFile: 'a.ini',
      homepath: '/opt/svc',
    });
  });

  it('rejects unknown flags and missing values', () => {
    expect(() => parseArgs(['--port', '1'])).toThrow('unknown argument --port');
    expect(() => parseArgs(['--config'])).toThrow('--config needs a value');
  });
});
