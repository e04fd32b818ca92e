import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLdapConfig } from '../../src/features/ldap/ldap-config.js';

const home = mkdtempSync(join(tmpdir(), 'svc-ldap-config-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function toml(server: string): string {
  const file = join(home, `ldap-${Math.random().toString(36).slice(2)}.toml`);
  writeFileSync(
    file,
    `[[servers]]\nhost = "127.0.0.1"\nsearch_filter = "(uid=%s)"\nsearch_base_dns = ["dc=example,dc=org"]\n${server}`,
  );
  return file;
}

describe('ldap.toml value expansion', () => {
  it('expands $__env{VAR} and $__file{path} (trimmed, relative to the home path) in every string', async () => {
    writeFileSync(join(home, 'bind-password'), '  from-a-file\n');
    const file = toml(
      [
        'bind_dn = "cn=$__env{LDAP_BIND_USER},dc=example,dc=org"',
        'bind_password = "$__file{bind-password}"',
        'group_search_base_dns = ["$__env{LDAP_GROUPS}", "ou=static"]',
        '[[servers.group_mappings]]',
        'group_dn = "$__env{LDAP_ADMINS}"',
        'org_role = "Admin"',
      ].join('\n'),
    );
    const [server] = await loadLdapConfig(file, {
      env: { LDAP_BIND_USER: 'reader', LDAP_GROUPS: 'ou=groups,dc=example,dc=org', LDAP_ADMINS: 'cn=admins' },
      homepath: home,
    });
    expect(server).toMatchObject({
      bindDn: 'cn=reader,dc=example,dc=org',
      bindPassword: 'from-a-file',
      groupSearchBaseDns: ['ou=groups,dc=example,dc=org', 'ou=static'],
      groupMappings: [{ groupDn: 'cn=admins', orgId: 1, orgRole: 'Admin' }],
    });
  });

  it('gives an unset variable as empty and leaves other dollars alone', async () => {
    const file = toml('bind_dn = "cn=x"\nbind_password = "pa$$word-$HOME-$__env{LDAP_UNSET}"');
    const [server] = await loadLdapConfig(file, { env: {}, homepath: home });
    expect(server!.bindPassword).toBe('pa$$word-$HOME-');
  });

  it('keeps quotes and backslashes of an expanded secret', async () => {
    const file = toml('bind_password = "$__env{LDAP_BIND_PASSWORD}"');
    const [server] = await loadLdapConfig(file, {
      env: { LDAP_BIND_PASSWORD: 'a"b\\c' },
      homepath: home,
    });
    expect(server!.bindPassword).toBe('a"b\\c');
  });

  it('refuses an unreadable $__file naming the file, the key and the path', async () => {
    const file = toml('bind_password = "$__file{/nonexistent/secret}"');
    await expect(loadLdapConfig(file, { env: {}, homepath: home })).rejects.toThrow(
      `[auth.ldap] config_file ${file}: invalid value for servers[0].bind_password: cannot read file "/nonexistent/secret"`,
    );
  });
});
