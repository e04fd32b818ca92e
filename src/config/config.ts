import { isAbsolute, resolve } from 'node:path';
import { CronError, parseCron } from '../lib/cron.js';
import { ConfigError } from './expand.js';
import type { SettingsReader } from './reader.js';

export const DATABASE_TYPES = ['sqlite3', 'postgres', 'mysql'] as const;
export const PROTOCOLS = ['http', 'https', 'h2', 'socket'] as const;
/** Grafana's min_tls_version spellings; older versions than 1.2 are not offered. */
export const TLS_VERSIONS = ['TLS1.2', 'TLS1.3'] as const;

/** `0660` → 0o660. */
function parseSocketMode(raw: string): number {
  if (!/^0?[0-7]{3}$/.test(raw.trim()))
    throw new ConfigError(`invalid value for [server] socket_mode: "${raw}" (expected octal, e.g. 0660)`);
  return parseInt(raw.trim(), 8);
}
export type DatabaseType = (typeof DATABASE_TYPES)[number];
export const SSL_MODES = ['disable', 'require', 'verify-full'] as const;
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export const ORG_ROLES_OR_NONE = ['Viewer', 'Editor', 'Admin', 'None'] as const;
export const SAMESITE = ['lax', 'strict', 'none', 'disabled'] as const;

export interface DatabaseConfig {
  type: DatabaseType;
  host: string;
  name: string;
  user: string;
  password: string;
  url: string;
  /** absolute path of the SQLite file */
  path: string;
  sslMode: (typeof SSL_MODES)[number];
  caCertPath: string;
  maxIdleConn: number;
  maxOpenConn: number;
  connMaxLifetimeSeconds: number;
  busyTimeoutMs: number;
  sqliteSynchronous: 'full' | 'normal';
  highAvailability: boolean;
  /** HA: how long the instance running the background jobs holds their lease without renewing it */
  backgroundJobsLeaseMs: number;
  queryTimeoutMs: number;
}

/** `[auth.generic_oauth]`: OpenID Connect / OAuth2 sign-in (issue #22), Grafana's keys. */
export interface GenericOAuthConfig {
  enabled: boolean;
  name: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** with `token_url` empty: the issuer, whose discovery document names every endpoint */
  authUrl: string;
  tokenUrl: string;
  /** userinfo endpoint */
  apiUrl: string;
  /** explicit endpoints only: the id_token's expected `iss` and the keys that sign it */
  issuer: string;
  jwkSetUrl: string;
  usePkce: boolean;
  useRefreshToken: boolean;
  emailAttributePath: string;
  loginAttributePath: string;
  nameAttributePath: string;
  roleAttributePath: string;
  roleAttributeStrict: boolean;
  allowAssignGrafanaAdmin: boolean;
  skipOrgRoleSync: boolean;
  groupsAttributePath: string;
  allowedDomains: string[];
  allowedGroups: string[];
  allowSignUp: boolean;
  autoLogin: boolean;
  signoutRedirectUrl: string;
  /** GitHub: organization logins; Azure AD: tenant ids (`tid`). Empty: any. */
  allowedOrganizations: string[];
  /** GitHub: ids of the teams a user must belong to (one of). Empty: any. */
  teamIds: number[];
}

/** The named OAuth providers (`[auth.<key>]`), each Grafana's preset over the generic flow. */
export const OAUTH_PRESETS = ['github', 'gitlab', 'google', 'azuread', 'okta'] as const;
export type OAuthPresetKey = (typeof OAUTH_PRESETS)[number];

/** `[auth.proxy]`: the user named by a header an authenticating reverse proxy sets (issue #22). */
export interface AuthProxyConfig {
  enabled: boolean;
  headerName: string;
  headerProperty: 'username' | 'email';
  autoSignUp: boolean;
  /** how long a proxy user's attributes and role are kept before they are synced again */
  syncTtlMs: number;
  /** addresses and CIDR ranges the proxy connects from; empty: any address */
  whitelist: string[];
  /** extra attributes (Name, Email, Login, Role, Groups) and the headers carrying them */
  headers: Partial<Record<'Name' | 'Email' | 'Login' | 'Role' | 'Groups', string>>;
  /** a proxy-authenticated request without a session cookie gets one, as after a login */
  enableLoginToken: boolean;
}

/** `[auth.jwt]`: the user named by a signed JSON Web Token in a header (issue #22). */
export interface AuthJwtConfig {
  enabled: boolean;
  headerName: string;
  emailClaim: string;
  usernameClaim: string;
  emailAttributePath: string;
  usernameAttributePath: string;
  jwkSetUrl: string;
  jwkSetFile: string;
  keyFile: string;
  /** how long keys fetched from jwk_set_url are kept */
  cacheTtlMs: number;
  /** claims every token must carry with these values (`aud` may be one of the token's audiences) */
  expectClaims: Record<string, unknown>;
  roleAttributePath: string;
  roleAttributeStrict: boolean;
  allowAssignGrafanaAdmin: boolean;
  skipOrgRoleSync: boolean;
  /** JMESPath over the claims giving the user's groups (team sync); empty: no team sync */
  groupsAttributePath: string;
  autoSignUp: boolean;
  /** the token may also come in the `auth_token` query parameter */
  urlLogin: boolean;
}

/** `[auth.ldap]`: sign-in against LDAP directories described by a TOML file (issue #22). */
export interface AuthLdapConfig {
  enabled: boolean;
  /** absolute path of Grafana's ldap.toml */
  configFile: string;
  allowSignUp: boolean;
  skipOrgRoleSync: boolean;
  /** the background sync of every LDAP user (Grafana's active_sync_enabled) */
  activeSyncEnabled: boolean;
  /** when it runs: a 5-field cron expression in the server's local time, checked at start */
  syncCron: string;
}

/** `[auth.ldap] sync_cron`, checked here so that a bad expression stops the start naming it. */
function readCron(raw: string): string {
  const expression = raw.trim().replace(/^"(.*)"$/, '$1');
  try {
    parseCron(expression);
  } catch (err) {
    if (!(err instanceof CronError)) throw err;
    throw new ConfigError(`invalid value for [auth.ldap] sync_cron: "${raw}" (${err.message})`);
  }
  return expression;
}

/** Grafana compat: list settings are separated by spaces or commas. */
function list(raw: string): string[] {
  return raw.split(/[\s,]+/).filter(Boolean);
}

/** The typed configuration; built once at start-up and passed explicitly to whoever needs it. */
/** Grafana's `[security]` response headers (all but CSP and HSTS on by default). */
export interface SecurityHeadersConfig {
  allowEmbedding: boolean;
  contentTypeOptions: boolean;
  xssProtection: boolean;
  strictTransportSecurity: boolean;
  strictTransportSecurityMaxAgeSeconds: number;
  strictTransportSecurityPreload: boolean;
  strictTransportSecuritySubdomains: boolean;
  contentSecurityPolicy: boolean;
  /** `$NONCE` becomes the request's nonce, `$ROOT_PATH` the host and path of root_url */
  contentSecurityPolicyTemplate: string;
  contentSecurityPolicyReportOnly: boolean;
  contentSecurityPolicyReportOnlyTemplate: string;
}

/** Grafana's default `content_security_policy_template` (without grafana.com: nothing external). */
const DEFAULT_CSP_TEMPLATE =
  "script-src 'self' 'unsafe-eval' 'unsafe-inline' 'strict-dynamic' $NONCE;object-src 'none';" +
  "font-src 'self';style-src 'self' 'unsafe-inline' blob:;img-src * data:;base-uri 'self';" +
  "connect-src 'self' ws://$ROOT_PATH wss://$ROOT_PATH;manifest-src 'self';media-src 'none';form-action 'self';";

export interface Config {
  homepath: string;
  /** the environment the configuration was read with; provisioning files expand $VAR from it */
  env: Readonly<Record<string, string | undefined>>;
  paths: { data: string; logs: string; plugins: string; provisioning: string };
  server: {
    /** http, https (TLS), h2 (HTTP/2 over TLS, HTTP/1.1 still answered) or socket (a Unix socket) */
    protocol: (typeof PROTOCOLS)[number];
    /** https and h2: the PEM certificate chain and its key */
    certFile: string;
    certKey: string;
    minTlsVersion: (typeof TLS_VERSIONS)[number];
    /** protocol = socket: its path, file mode (octal) and group (-1: the process's) */
    socket: string;
    socketMode: number;
    socketGid: number;
    httpAddr: string;
    httpPort: number;
    domain: string;
    rootUrl: string;
    maxBodyBytes: number;
    shutdownTimeoutMs: number;
    routerLogging: boolean;
  };
  database: DatabaseConfig;
  remoteCache: { type: '' | 'redis'; connstr: string; prefix: string };
  security: {
    adminUser: string;
    adminPassword: string;
    adminEmail: string;
    disableInitialAdminCreation: boolean;
    secretKey: string;
    cookieSecure: boolean;
    cookieSameSite: (typeof SAMESITE)[number];
    disableBruteForceLoginProtection: boolean;
    bruteForceMaxAttempts: number;
    bruteForceWindowMs: number;
    /** count failed attempts per login (Grafana's default: on) */
    disableUsernameLoginProtection: boolean;
    /** count failed attempts per client IP too (Grafana's default: off) */
    disableIpAddressLoginProtection: boolean;
    headers: SecurityHeadersConfig;
    /** hosts (no port) a cookie-authenticated request may come from besides svc's own */
    csrfTrustedOrigins: string[];
    /** request headers whose host also counts as svc's own (e.g. X-Forwarded-Host) */
    csrfAdditionalHeaders: string[];
    /** `host:port` entries data sources may reach; non-empty: the proxy reaches only these */
    dataSourceProxyWhitelist: string[];
  };
  users: {
    allowSignUp: boolean;
    allowOrgCreate: boolean;
    autoAssignOrg: boolean;
    autoAssignOrgId: number;
    autoAssignOrgRole: (typeof ORG_ROLES_OR_NONE)[number];
    defaultTheme: 'dark' | 'light';
  };
  auth: {
    loginCookieName: string;
    maxInactiveLifetimeMs: number;
    maxLifetimeMs: number;
    tokenRotationIntervalMinutes: number;
    apiKeyMaxSecondsToLive: number;
    disableLoginForm: boolean;
    basicEnabled: boolean;
    passwordPolicy: boolean;
    /** Grafana compat: an external sign-in may link to a local user with the same email only when on */
    oauthAllowInsecureEmailLookup: boolean;
    genericOauth: GenericOAuthConfig;
    /** `[auth.github]`, `[auth.gitlab]`, …: the same keys, defaults from conf/defaults.ini */
    oauthPresets: Record<OAuthPresetKey, GenericOAuthConfig>;
    proxy: AuthProxyConfig;
    jwt: AuthJwtConfig;
    ldap: AuthLdapConfig;
  };
  metrics: {
    enabled: boolean;
    intervalSeconds: number;
    basicAuthUsername: string;
    basicAuthPassword: string;
    disableTotalStats: boolean;
    environmentInfo: Record<string, string>;
  };
  rbac: { permissionCache: boolean; resetBasicRoles: boolean; permissionValidationEnabled: boolean };
  smtp: {
    enabled: boolean;
    host: string;
    user: string;
    password: string;
    skipVerify: boolean;
    fromAddress: string;
    fromName: string;
    startTlsPolicy: 'OpportunisticStartTLS' | 'MandatoryStartTLS' | 'NoStartTLS';
    ehloIdentity: string;
  };
  log: { level: (typeof LOG_LEVELS)[number]; mode: 'console' | 'file' };
  dashboards: { versionsToKeep: number; minRefreshIntervalMs: number; defaultHomeDashboardPath: string };
  unifiedAlerting: {
    enabled: boolean;
    notificationTimeoutMs: number;
    notificationHistoryRetentionMs: number;
    executeAlerts: boolean;
    evaluationTimeoutMs: number;
    stateHistoryRetentionMs: number;
  };
}

export function buildConfig(read: SettingsReader, homepath: string, env: Config['env']): Config {
  const underHome = (path: string): string => (isAbsolute(path) ? path : resolve(homepath, path));
  const data = underHome(read.string('paths', 'data', 'data'));
  const type = read.oneOf('database', 'type', DATABASE_TYPES, 'sqlite3');
  const protocol = read.oneOf('server', 'protocol', PROTOCOLS, 'http');
  if (
    (protocol === 'https' || protocol === 'h2') &&
    !(read.string('server', 'cert_file') && read.string('server', 'cert_key'))
  ) {
    throw new ConfigError(`[server] protocol = ${protocol} needs cert_file and cert_key`);
  }
  const dbPath = read.string('database', 'path', 'svc.db');
  return {
    homepath,
    env,
    paths: {
      data,
      logs: underHome(read.string('paths', 'logs', 'data/log')),
      plugins: underHome(read.string('paths', 'plugins', 'data/plugins')),
      provisioning: underHome(read.string('paths', 'provisioning', 'conf/provisioning')),
    },
    server: {
      protocol,
      certFile: read.string('server', 'cert_file'),
      certKey: read.string('server', 'cert_key'),
      minTlsVersion: read.oneOf('server', 'min_tls_version', TLS_VERSIONS, 'TLS1.2'),
      socket: read.string('server', 'socket', '/tmp/svc.sock'),
      socketMode: parseSocketMode(read.string('server', 'socket_mode', '0660')),
      socketGid: read.int('server', 'socket_gid', -1, -1),
      httpAddr: read.string('server', 'http_addr'),
      httpPort: read.int('server', 'http_port', 3000, 0),
      domain: read.string('server', 'domain', 'localhost'),
      // %(protocol)s in root_url: h2 is served as https, a socket as http (behind its proxy)
      rootUrl: read
        .string('server', 'root_url')
        .replace(/^h2:\/\//, 'https://')
        .replace(/^socket:\/\//, 'http://'),
      maxBodyBytes: read.int('server', 'max_body_bytes', 10 * 1024 * 1024, 1),
      shutdownTimeoutMs: read.duration('server', 'shutdown_timeout', '30s'),
      routerLogging: read.bool('server', 'router_logging'),
    },
    database: {
      type,
      host: read.string('database', 'host'),
      name: read.string('database', 'name', 'svc'),
      user: read.string('database', 'user', 'root'),
      password: read.string('database', 'password'),
      url: read.string('database', 'url'),
      path: isAbsolute(dbPath) ? dbPath : resolve(data, dbPath),
      sslMode: read.oneOf('database', 'ssl_mode', SSL_MODES, 'disable'),
      caCertPath: read.string('database', 'ca_cert_path'),
      maxIdleConn: read.int('database', 'max_idle_conn', 2, 0),
      maxOpenConn: read.int('database', 'max_open_conn', 0, 0),
      connMaxLifetimeSeconds: read.int('database', 'conn_max_lifetime', 14400, 0),
      busyTimeoutMs: read.int('database', 'busy_timeout', 5000, 0),
      sqliteSynchronous: read.oneOf('database', 'sqlite_synchronous', ['full', 'normal'], 'full'),
      // HA needs a shared database; an embedded SQLite file cannot be shared.
      highAvailability: type !== 'sqlite3' && read.bool('database', 'high_availability', true),
      backgroundJobsLeaseMs: Math.max(1_000, read.duration('database', 'background_jobs_lease', '15s')),
      queryTimeoutMs: read.duration('database', 'query_timeout', '30s'),
    },
    remoteCache: {
      type: read.oneOf('remote_cache', 'type', ['', 'redis'] as const, ''),
      connstr: read.string('remote_cache', 'connstr'),
      prefix: read.string('remote_cache', 'prefix', 'svc:'),
    },
    security: {
      adminUser: read.string('security', 'admin_user', 'admin'),
      adminPassword: read.string('security', 'admin_password', 'admin'),
      adminEmail: read.string('security', 'admin_email', 'admin@localhost'),
      disableInitialAdminCreation: read.bool('security', 'disable_initial_admin_creation'),
      secretKey: read.string('security', 'secret_key'),
      // Grafana compat: a server reached over https marks its cookies Secure unless told not to.
      cookieSecure: read.bool(
        'security',
        'cookie_secure',
        /^https:/i.test(read.string('server', 'root_url')),
      ),
      cookieSameSite: read.oneOf('security', 'cookie_samesite', SAMESITE, 'lax'),
      disableBruteForceLoginProtection: read.bool('security', 'disable_brute_force_login_protection'),
      bruteForceMaxAttempts: read.int('security', 'brute_force_login_protection_max_attempts', 5, 1),
      bruteForceWindowMs: read.duration('security', 'brute_force_login_protection_window', '5m'),
      disableUsernameLoginProtection: read.bool('security', 'disable_username_login_protection'),
      disableIpAddressLoginProtection: read.bool('security', 'disable_ip_address_login_protection', true),
      headers: {
        allowEmbedding: read.bool('security', 'allow_embedding'),
        contentTypeOptions: read.bool('security', 'x_content_type_options', true),
        xssProtection: read.bool('security', 'x_xss_protection', true),
        strictTransportSecurity: read.bool('security', 'strict_transport_security'),
        strictTransportSecurityMaxAgeSeconds: read.int(
          'security',
          'strict_transport_security_max_age_seconds',
          86400,
          0,
        ),
        strictTransportSecurityPreload: read.bool('security', 'strict_transport_security_preload'),
        strictTransportSecuritySubdomains: read.bool('security', 'strict_transport_security_subdomains'),
        contentSecurityPolicy: read.bool('security', 'content_security_policy'),
        contentSecurityPolicyTemplate:
          read.string('security', 'content_security_policy_template') || DEFAULT_CSP_TEMPLATE,
        contentSecurityPolicyReportOnly: read.bool('security', 'content_security_policy_report_only'),
        contentSecurityPolicyReportOnlyTemplate:
          read.string('security', 'content_security_policy_report_only_template') || DEFAULT_CSP_TEMPLATE,
      },
      csrfTrustedOrigins: read.string('security', 'csrf_trusted_origins').split(/\s+/).filter(Boolean),
      csrfAdditionalHeaders: read.string('security', 'csrf_additional_headers').split(/\s+/).filter(Boolean),
      dataSourceProxyWhitelist: read
        .string('security', 'data_source_proxy_whitelist')
        .split(/\s+/)
        .filter(Boolean),
    },
    users: {
      allowSignUp: read.bool('users', 'allow_sign_up'),
      allowOrgCreate: read.bool('users', 'allow_org_create'),
      autoAssignOrg: read.bool('users', 'auto_assign_org', true),
      autoAssignOrgId: read.int('users', 'auto_assign_org_id', 1, 1),
      autoAssignOrgRole: read.oneOf('users', 'auto_assign_org_role', ORG_ROLES_OR_NONE, 'Viewer'),
      defaultTheme: read.oneOf('users', 'default_theme', ['dark', 'light'] as const, 'dark'),
    },
    auth: {
      loginCookieName: read.string('auth', 'login_cookie_name', 'svc_session'),
      // Grafana compat: a bare number in these two settings means days.
      maxInactiveLifetimeMs: read.duration('auth', 'login_maximum_inactive_lifetime_duration', '7d', 'd'),
      maxLifetimeMs: read.duration('auth', 'login_maximum_lifetime_duration', '30d', 'd'),
      tokenRotationIntervalMinutes: Math.max(2, read.int('auth', 'token_rotation_interval_minutes', 10, 0)),
      apiKeyMaxSecondsToLive: read.int('auth', 'api_key_max_seconds_to_live', -1, -1),
      disableLoginForm: read.bool('auth', 'disable_login_form'),
      basicEnabled: read.bool('auth.basic', 'enabled', true),
      passwordPolicy: read.bool('auth.basic', 'password_policy'),
      oauthAllowInsecureEmailLookup: read.bool('auth', 'oauth_allow_insecure_email_lookup'),
      genericOauth: readOAuth(read, 'generic_oauth'),
      oauthPresets: Object.fromEntries(OAUTH_PRESETS.map((key) => [key, readOAuth(read, key)])) as Record<
        OAuthPresetKey,
        GenericOAuthConfig
      >,
      proxy: readAuthProxy(read),
      jwt: readAuthJwt(read),
      ldap: {
        enabled: read.bool('auth.ldap', 'enabled'),
        configFile: underHome(read.string('auth.ldap', 'config_file', 'conf/ldap.toml').trim()),
        allowSignUp: read.bool('auth.ldap', 'allow_sign_up', true),
        skipOrgRoleSync: read.bool('auth.ldap', 'skip_org_role_sync'),
        activeSyncEnabled: read.bool('auth.ldap', 'active_sync_enabled', true),
        syncCron: readCron(read.string('auth.ldap', 'sync_cron', '0 1 * * *')),
      },
    },
    metrics: {
      enabled: read.bool('metrics', 'enabled'),
      intervalSeconds: read.int('metrics', 'interval_seconds', 10, 1),
      basicAuthUsername: read.string('metrics', 'basic_auth_username'),
      basicAuthPassword: read.string('metrics', 'basic_auth_password'),
      disableTotalStats: read.bool('metrics', 'disable_total_stats'),
      environmentInfo: Object.fromEntries(read.keys('metrics.environment_info')),
    },
    rbac: {
      permissionCache: read.bool('rbac', 'permission_cache', true),
      resetBasicRoles: read.bool('rbac', 'reset_basic_roles'),
      permissionValidationEnabled: read.bool('rbac', 'permission_validation_enabled', true),
    },
    smtp: {
      enabled: read.bool('smtp', 'enabled'),
      host: read.string('smtp', 'host', 'localhost:25'),
      user: read.string('smtp', 'user'),
      password: read.string('smtp', 'password'),
      skipVerify: read.bool('smtp', 'skip_verify'),
      fromAddress: read.string('smtp', 'from_address', 'admin@svc.localhost'),
      fromName: read.string('smtp', 'from_name', 'svc'),
      startTlsPolicy: read.oneOf(
        'smtp',
        'starttls_policy',
        ['OpportunisticStartTLS', 'MandatoryStartTLS', 'NoStartTLS'] as const,
        'OpportunisticStartTLS',
      ),
      ehloIdentity: read.string('smtp', 'ehlo_identity'),
    },
    log: {
      level: read.oneOf('log', 'level', LOG_LEVELS, 'info'),
      mode: read.oneOf('log', 'mode', ['console', 'file'] as const, 'console'),
    },
    dashboards: {
      versionsToKeep: read.int('dashboards', 'versions_to_keep', 20, 1),
      minRefreshIntervalMs: read.duration('dashboards', 'min_refresh_interval', '5s'),
      defaultHomeDashboardPath: read.string('dashboards', 'default_home_dashboard_path'),
    },
    unifiedAlerting: {
      enabled: read.bool('unified_alerting', 'enabled', true),
      notificationTimeoutMs: read.duration('unified_alerting', 'notification_timeout', '30s'),
      notificationHistoryRetentionMs: read.duration(
        'unified_alerting',
        'notification_history_retention',
        '30d',
      ),
      executeAlerts: read.bool('unified_alerting', 'execute_alerts', true),
      evaluationTimeoutMs: read.duration('unified_alerting', 'evaluation_timeout', '30s'),
      stateHistoryRetentionMs: read.duration('unified_alerting', 'state_history_retention', '30d'),
    },
  };
}

const PROXY_ATTRIBUTES = ['Name', 'Email', 'Login', 'Role', 'Groups'] as const;

function readAuthProxy(read: SettingsReader): AuthProxyConfig {
  const section = 'auth.proxy';
  const headers: AuthProxyConfig['headers'] = {};
  // Grafana compat: `Name:X-WEBAUTH-NAME Email:X-WEBAUTH-EMAIL`, separated by spaces or commas.
  for (const entry of list(read.string(section, 'headers'))) {
    const [attribute = '', header = ''] = entry.split(':', 2);
    const known = PROXY_ATTRIBUTES.find((a) => a.toLowerCase() === attribute.trim().toLowerCase());
    if (!known || !header.trim())
      throw new ConfigError(
        `invalid entry in [auth.proxy] headers: "${entry}" (expected e.g. Email:X-User-Email)`,
      );
    headers[known] = header.trim().toLowerCase();
  }
  return {
    enabled: read.bool(section, 'enabled'),
    headerName: read.string(section, 'header_name', 'X-WEBAUTH-USER').trim().toLowerCase(),
    headerProperty: read.oneOf(section, 'header_property', ['username', 'email'] as const, 'username'),
    autoSignUp: read.bool(section, 'auto_sign_up', true),
    // Grafana compat: a bare number means minutes.
    syncTtlMs: read.duration(section, 'sync_ttl', '15m', 'm'),
    whitelist: list(read.string(section, 'whitelist')),
    headers,
    enableLoginToken: read.bool(section, 'enable_login_token'),
  };
}

function readAuthJwt(read: SettingsReader): AuthJwtConfig {
  const section = 'auth.jwt';
  const str = (key: string, fallback = '') => read.string(section, key, fallback).trim();
  const enabled = read.bool(section, 'enabled');
  let expectClaims: unknown = {};
  try {
    expectClaims = JSON.parse(str('expect_claims') || '{}');
  } catch {
    throw new ConfigError('invalid value for [auth.jwt] expect_claims: not JSON');
  }
  if (typeof expectClaims !== 'object' || expectClaims === null || Array.isArray(expectClaims))
    throw new ConfigError('invalid value for [auth.jwt] expect_claims: expected a JSON object');
  const config: AuthJwtConfig = {
    enabled,
    headerName: str('header_name').toLowerCase(),
    emailClaim: str('email_claim'),
    usernameClaim: str('username_claim'),
    emailAttributePath: str('email_attribute_path'),
    usernameAttributePath: str('username_attribute_path'),
    jwkSetUrl: str('jwk_set_url'),
    jwkSetFile: str('jwk_set_file'),
    keyFile: str('key_file'),
    cacheTtlMs: read.duration(section, 'cache_ttl', '60m'),
    expectClaims: expectClaims as Record<string, unknown>,
    roleAttributePath: str('role_attribute_path'),
    roleAttributeStrict: read.bool(section, 'role_attribute_strict'),
    allowAssignGrafanaAdmin: read.bool(section, 'allow_assign_grafana_admin'),
    skipOrgRoleSync: read.bool(section, 'skip_org_role_sync'),
    groupsAttributePath: str('groups_attribute_path'),
    autoSignUp: read.bool(section, 'auto_sign_up'),
    urlLogin: read.bool(section, 'url_login'),
  };
  if (enabled && !config.headerName) throw new ConfigError('[auth.jwt] enabled needs header_name');
  if (enabled && [config.jwkSetUrl, config.jwkSetFile, config.keyFile].filter(Boolean).length !== 1)
    throw new ConfigError('[auth.jwt] enabled needs exactly one of jwk_set_url, jwk_set_file, key_file');
  return config;
}

/** `[auth.generic_oauth]` and the presets' sections share Grafana's keys. */
function readOAuth(read: SettingsReader, key: string): GenericOAuthConfig {
  const section = `auth.${key}`;
  const str = (name: string, fallback = '') => read.string(section, name, fallback).trim();
  const teamIds = list(str('team_ids')).map(Number);
  if (teamIds.some((id) => !Number.isSafeInteger(id)))
    throw new ConfigError(`invalid value for [${section}] team_ids: expected numeric GitHub team ids`);
  return {
    enabled: read.bool(section, 'enabled'),
    name: str('name') || 'OAuth',
    clientId: str('client_id'),
    clientSecret: str('client_secret'),
    scopes: list(str('scopes', 'openid email profile')),
    authUrl: str('auth_url'),
    tokenUrl: str('token_url'),
    apiUrl: str('api_url'),
    issuer: str('issuer'),
    jwkSetUrl: str('jwk_set_url'),
    usePkce: read.bool(section, 'use_pkce', true),
    useRefreshToken: read.bool(section, 'use_refresh_token'),
    emailAttributePath: str('email_attribute_path'),
    loginAttributePath: str('login_attribute_path'),
    nameAttributePath: str('name_attribute_path'),
    roleAttributePath: str('role_attribute_path'),
    roleAttributeStrict: read.bool(section, 'role_attribute_strict'),
    allowAssignGrafanaAdmin: read.bool(section, 'allow_assign_grafana_admin'),
    skipOrgRoleSync: read.bool(section, 'skip_org_role_sync'),
    groupsAttributePath: str('groups_attribute_path'),
    allowedDomains: list(str('allowed_domains')).map((d) => d.toLowerCase()),
    allowedGroups: list(str('allowed_groups')),
    allowSignUp: read.bool(section, 'allow_sign_up', true),
    autoLogin: read.bool(section, 'auto_login'),
    signoutRedirectUrl: str('signout_redirect_url'),
    allowedOrganizations: list(str('allowed_organizations')),
    teamIds,
  };
}
