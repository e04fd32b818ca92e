import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../prometheus.js';
import { selfSignedCertificate } from './certificate.js';
import { waitForPort } from './wait-for-port.js';

const run = promisify(execFile);
const SLAPD_BIN = process.env.SLAPD_BIN ?? '/usr/sbin/slapd';
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIR = '/usr/lib/ldap';

export const LDAP_SUFFIX = 'dc=example,dc=org';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_SUFFIX}`;
/** where the tests put their users and their groups */
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_SUFFIX}`;
export const LDAP_ADMIN_PASSWORD = 'ldap-admin-secret';

export interface Slapd {
  /** ldap://127.0.0.1:<port> (StartTLS offered) */
  url: string;
  port: number;
  /** ldaps://127.0.0.1:<port> */
  tlsPort: number;
  /** PEM certificate of the server, for 127.0.0.1 (also its own CA) */
  caCertificate: string;
  /** ldapadd with the rootdn */
  add(ldif: string): Promise<void>;
  /** ldapmodify with the rootdn */
  modify(ldif: string): Promise<void>;
  /** stops the process, keeping the database (start() again serves the same entries) */
  pause(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Our own OpenLDAP (not a system one on 389) on free loopback ports: mdb backend, suffix
 * dc=example,dc=org, rootdn cn=admin, the core/cosine/inetorgperson schemas and the memberof
 * overlay (groupOfNames members get memberOf), a plain listener with StartTLS and an ldaps one.
 */
export async function startSlapd(): Promise<Slapd> {
  if (!existsSync(SLAPD_BIN)) throw new Error(`${SLAPD_BIN} is missing: apt-get install slapd ldap-utils`);
  const dir = await mkdtemp(join(tmpdir(), 'svc-slapd-'));
  await mkdir(join(dir, 'db'));
  const [port, tlsPort] = [await freePort(), await freePort()];
  const certificate = await selfSignedCertificate();
  await writeFile(join(dir, 'cert.pem'), certificate.cert);
  await writeFile(join(dir, 'key.pem'), certificate.key);
  await writeFile(
    join(dir, 'slapd.conf'),
    [
      `include ${SCHEMA_DIR}/core.schema`,
      `include ${SCHEMA_DIR}/cosine.schema`,
      `include ${SCHEMA_DIR}/inetorgperson.schema`,
      `pidfile ${join(dir, 'slapd.pid')}`,
      `modulepath ${MODULE_DIR}`,
      'moduleload back_mdb',
      'moduleload memberof',
      `TLSCertificateFile ${join(dir, 'cert.pem')}`,
      `TLSCertificateKeyFile ${join(dir, 'key.pem')}`,
      `TLSCACertificateFile ${join(dir, 'cert.pem')}`,
      'database mdb',
      'maxsize 10485760',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN_DN}"`,
      `rootpw ${LDAP_ADMIN_PASSWORD}`,
      `directory ${join(dir, 'db')}`,
      'overlay memberof',
      'memberof-group-oc groupOfNames',
      'memberof-member-ad member',
      'memberof-memberof-ad memberOf',
      'memberof-refint true',
      'access to attrs=userPassword by self read by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  let output = '';

  async function start(): Promise<void> {
    output = '';
    const args = [
      '-h',
      `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${tlsPort}/`,
      '-f',
      join(dir, 'slapd.conf'),
    ];
    // Started as root, slapd keeps running as root unless told otherwise; as anyone else it cannot switch.
    if (userInfo().uid === 0) args.push('-u', 'root');
    const started = spawn(SLAPD_BIN, [...args, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    started.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    for (const p of [port, tlsPort])
      await waitForPort(
        'slapd',
        p,
        () => output,
        () => started.exitCode !== null,
      );
  }

  async function pause(): Promise<void> {
    const current = child;
    if (current && current.exitCode === null) {
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGTERM');
      await exited;
    }
    child = undefined;
  }

  const ldapArgs = ['-x', '-H', `ldap://127.0.0.1:${port}/`, '-D', LDAP_ADMIN_DN, '-w', LDAP_ADMIN_PASSWORD];
  async function apply(command: 'ldapadd' | 'ldapmodify', ldif: string): Promise<void> {
    const file = join(dir, `change-${Date.now()}-${Math.random().toString(36).slice(2)}.ldif`);
    await writeFile(file, ldif);
    try {
      await run(command, [...ldapArgs, '-f', file]);
    } finally {
      await rm(file, { force: true });
    }
  }

  try {
    await start();
    await apply(
      'ldapadd',
      `dn: ${LDAP_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example\n`,
    );
  } catch (err) {
    await pause();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `ldap://127.0.0.1:${port}`,
    port,
    tlsPort,
    caCertificate: certificate.cert,
    add: (ldif) => apply('ldapadd', ldif),
    modify: (ldif) => apply('ldapmodify', ldif),
    pause,
    start,
    async stop() {
      await pause();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** One `[[servers]]` entry of ldap.toml for the test slapd on `port`: Grafana's attribute names. */
export function ldapServerToml(
  port: number,
  mappings: string,
  options: { host?: string; memberOf?: string; extra?: string } = {},
): string {
  return `
[[servers]]
host = "${options.host ?? '127.0.0.1'}"
port = ${port}
bind_dn = "${LDAP_ADMIN_DN}"
bind_password = "${LDAP_ADMIN_PASSWORD}"
timeout = 3
search_filter = "(uid=%s)"
search_base_dns = ["${LDAP_SUFFIX}"]
${options.extra ?? ''}

[servers.attributes]
name = "givenName"
surname = "sn"
username = "uid"
member_of = "${options.memberOf ?? 'memberOf'}"
email = "mail"
${mappings}
`;
}

/** A `[[servers.group_mappings]]` entry giving members of `groupDn` `role` in `orgId`. */
export function ldapGroupMapping(groupDn: string, orgId: number, role: string, extra = ''): string {
  return `
[[servers.group_mappings]]
group_dn = "${groupDn}"
org_id = ${orgId}
org_role = "${role}"
${extra}
`;
}
