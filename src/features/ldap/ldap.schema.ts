import { Type } from 'typebox';
import { Id } from '../../lib/limits.js';

export const LdapUserParams = Type.Object({ user_id: Id() });
// Grafana compat: any login an LDAP directory may hold; it only goes into an escaped search filter.
export const LdapUsernameParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 255 }) });

export const LdapMessageResponse = Type.Object({ message: Type.String() });

/** GET /api/admin/ldap/status: one item per `[[servers]]` entry. */
export const LdapStatusResponse = Type.Array(
  Type.Object({
    host: Type.String(),
    port: Type.Integer(),
    available: Type.Boolean(),
    /** why the server could not be reached; '' when available */
    error: Type.String(),
  }),
);

const LdapAttribute = Type.Object({
  /** the attribute named in the TOML file */
  cfgAttrValue: Type.String(),
  /** its value in the directory */
  ldapValue: Type.String(),
});

/** GET /api/admin/ldap/:username: Grafana's LDAPUserDTO. */
export const LdapUserResponse = Type.Object({
  name: LdapAttribute,
  surname: LdapAttribute,
  email: LdapAttribute,
  login: LdapAttribute,
  isGrafanaAdmin: Type.Boolean(),
  isDisabled: Type.Boolean(),
  /** mapped groups with their org and role; the user's other groups with orgId 0 and orgRole '' */
  roles: Type.Array(
    Type.Object({
      orgId: Type.Integer(),
      orgRole: Type.String(),
      orgName: Type.String(),
      groupDN: Type.String(),
    }),
  ),
  /** the teams team sync would put the user in, with the linked group */
  teams: Type.Array(Type.Object({ teamName: Type.String(), orgName: Type.String(), groupDN: Type.String() })),
});
