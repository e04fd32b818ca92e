import { updateUser, userById } from '../../../api/users.js';
import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { NoAccess } from '../shared/NoAccess.js';
import { Notice } from '../shared/Notice.js';
import { Panel } from '../shared/Panel.js';
import type { UserDetail } from '../shared/types.js';
import { UserInfoForm } from '../shared/UserInfoForm.js';
import { useLoad } from '../../../app/useLoad.js';
import { UserAccountActions } from './UserAccountActions.js';
import { UserOrgsSection } from './UserOrgsSection.js';
import { UserPasswordForm } from './UserPasswordForm.js';
import { UserSessionsSection } from './UserSessionsSection.js';

/** /admin/users/edit/<id>: everything a server admin changes about one user. */
export function UserEditPage({ id }: { id: string }) {
  const can = usePermissions();
  const scope = `global.users:id:${id}`;
  const allowed = can('users:read', scope);
  const user = useLoad<UserDetail>(allowed ? (signal) => userById(id, signal) : undefined, [id]);
  if (!allowed) return <NoAccess what="see this user" />;
  if (user.error) return <Notice error={user.error} />;
  if (!user.data) return <p className="muted">Loading…</p>;
  const u = user.data;
  return (
    <section>
      <p>
        <Link to="/admin/users">← Users</Link>
      </p>
      <h2>
        {u.login}
        {u.isDisabled && <span className="admin-badge off">Disabled</span>}
      </h2>
      <Panel title="User information">
        <UserInfoForm
          user={u}
          disabled={!can('users:write', scope)}
          onSave={async (info) => {
            await updateUser(u.id, info);
            user.reload();
          }}
        />
      </Panel>
      {can('users.password:write', scope) && (
        <Panel title="Password">
          <UserPasswordForm userId={u.id} />
        </Panel>
      )}
      <Panel title="Permissions and status">
        <UserAccountActions user={u} onChange={user.reload} />
      </Panel>
      <Panel title="Organizations">
        <UserOrgsSection user={u} />
      </Panel>
      {can('users.authtoken:read', scope) && (
        <Panel title="Sessions">
          <UserSessionsSection userId={u.id} />
        </Panel>
      )}
    </section>
  );
}
