import { usePermissions } from '../../../app/permissions.js';
import { NoAccess } from '../shared/NoAccess.js';
import { OrgMembers } from '../shared/OrgMembers.js';

/** /org/users: the users of the current organization and their roles. */
export function OrgUsersPage() {
  const can = usePermissions();
  if (!can('org.users:read', 'users:*')) return <NoAccess what="see the users of this organization" />;
  return (
    <section>
      <h2>Organization users</h2>
      <OrgMembers org="current" />
    </section>
  );
}
