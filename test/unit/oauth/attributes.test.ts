import { describe, expect, it } from 'vitest';
import { mapUserInfo } from '../../../src/features/oauth/attributes.js';
import { createStateSealer } from '../../../src/features/oauth/oauth-state.js';
import { AppError } from '../../../src/http/errors.js';

const base = {
  emailAttributePath: '',
  loginAttributePath: '',
  nameAttributePath: '',
  roleAttributePath: '',
  roleAttributeStrict: false,
  allowAssignGrafanaAdmin: false,
  skipOrgRoleSync: false,
  groupsAttributePath: '',
  allowedDomains: [] as string[],
  allowedGroups: [] as string[],
};

function refusedWith(run: () => unknown): string | undefined {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).messageId;
  }
  return undefined;
}

describe('generic OAuth attribute mapping', () => {
  it('falls back to the standard claims: login is the email, name the login, role the default', () => {
    // Without groups_attribute_path no groups are reported: team sync leaves memberships alone.
    expect(mapUserInfo({ email: 'Ann@Example.com', groups: ['eng'] }, base, 'Viewer')).toEqual({
      login: 'ann@example.com',
      email: 'ann@example.com',
      name: 'ann@example.com',
      role: 'Viewer',
    });
    expect(mapUserInfo({ email: 'a@x.io', login: 'ann', name: 'Ann' }, base, 'Editor')).toMatchObject({
      login: 'ann',
      name: 'Ann',
      role: 'Editor',
    });
  });

  it('reads every attribute through its JMESPath expression', () => {
    const claims = {
      attributes: { mail: 'ann@corp.io', uid: 'ann1', cn: 'Ann A.' },
      realm_access: { roles: ['dev', 'svc-editor'] },
      groups: ['/eng', '/ops'],
    };
    const info = mapUserInfo(
      claims,
      {
        ...base,
        emailAttributePath: 'attributes.mail',
        loginAttributePath: 'attributes.uid',
        nameAttributePath: 'attributes.cn',
        groupsAttributePath: 'groups',
        roleAttributePath:
          "contains(realm_access.roles[*], 'svc-admin') && 'Admin' || contains(realm_access.roles[*], 'svc-editor') && 'Editor' || 'Viewer'",
      },
      'Viewer',
    );
    expect(info).toEqual({
      login: 'ann1',
      email: 'ann@corp.io',
      name: 'Ann A.',
      role: 'Editor',
      groups: ['/eng', '/ops'],
    });
  });

  it('assigns Grafana Admin only with allow_assign_grafana_admin', () => {
    const claims = { email: 'a@x.io', role: 'GrafanaAdmin' };
    expect(mapUserInfo(claims, { ...base, roleAttributePath: 'role' }, 'Viewer')).toMatchObject({
      role: 'Viewer',
    });
    expect(
      mapUserInfo(claims, { ...base, roleAttributePath: 'role' }, 'Viewer').isGrafanaAdmin,
    ).toBeUndefined();
    expect(
      mapUserInfo(claims, { ...base, roleAttributePath: 'role', allowAssignGrafanaAdmin: true }, 'Viewer'),
    ).toMatchObject({ role: 'Admin', isGrafanaAdmin: true });
    expect(
      mapUserInfo(
        { ...claims, role: 'Editor' },
        { ...base, roleAttributePath: 'role', allowAssignGrafanaAdmin: true },
        'Viewer',
      ),
    ).toMatchObject({ role: 'Editor', isGrafanaAdmin: false });
  });

  it('refuses: strict role missing or invalid, domain, groups, no email, a broken expression', () => {
    const strict = { ...base, roleAttributePath: 'role', roleAttributeStrict: true };
    expect(refusedWith(() => mapUserInfo({ email: 'a@x.io' }, strict, 'Viewer'))).toBe('oauth.role-missing');
    expect(refusedWith(() => mapUserInfo({ email: 'a@x.io', role: 'admin' }, strict, 'Viewer'))).toBe(
      'oauth.role-missing',
    );
    expect(
      refusedWith(() => mapUserInfo({ email: 'a@x.io' }, { ...base, allowedDomains: ['y.io'] }, 'Viewer')),
    ).toBe('oauth.domain-not-allowed');
    expect(
      refusedWith(() =>
        mapUserInfo(
          { email: 'a@x.io', g: ['b'] },
          { ...base, groupsAttributePath: 'g', allowedGroups: ['a'] },
          'Viewer',
        ),
      ),
    ).toBe('oauth.group-not-allowed');
    expect(refusedWith(() => mapUserInfo({ name: 'x' }, base, 'Viewer'))).toBe('oauth.missing-email');
    expect(
      refusedWith(() => mapUserInfo({ email: 'a@x.io' }, { ...base, roleAttributePath: 'a[' }, 'Viewer')),
    ).toBe('oauth.invalid-attribute-path');
  });

  it('leaves roles alone with skip_org_role_sync', () => {
    expect(
      mapUserInfo(
        { email: 'a@x.io', role: 'Admin' },
        { ...base, roleAttributePath: 'role', skipOrgRoleSync: true },
        'Viewer',
      ).role,
    ).toBeUndefined();
  });
});

describe('the pending sign-in cookie', () => {
  const sealer = createStateSealer('secret-key');
  const pending = { state: 's', nonce: 'n', verifier: 'v', redirectTo: '/', expiresAt: 2_000 };

  it('opens what it sealed until it expires', () => {
    const sealed = sealer.seal(pending);
    expect(sealer.open(sealed, 1_000)).toEqual(pending);
    expect(sealer.open(sealed, 2_000)).toBeUndefined();
  });

  it('refuses a forged or foreign cookie', () => {
    const [, signature] = sealer.seal(pending).split('.');
    const forged = Buffer.from(JSON.stringify({ ...pending, state: 'x' })).toString('base64url');
    expect(sealer.open(`${forged}.${signature}`, 1_000)).toBeUndefined();
    expect(createStateSealer('other-key').open(sealer.seal(pending), 1_000)).toBeUndefined();
    expect(sealer.open(undefined, 1_000)).toBeUndefined();
    expect(sealer.open('garbage', 1_000)).toBeUndefined();
  });
});
