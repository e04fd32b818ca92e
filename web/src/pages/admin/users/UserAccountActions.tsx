import { useEffect, useState } from 'react';
import { deleteUser, disableUser, enableUser, setUserServerAdmin } from '../../../api/users.js';
import { usePermissions } from '../../../app/permissions.js';
import { navigate } from '../../../app/router.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { Notice } from '../shared/Notice.js';
import type { UserDetail } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';

/** Server admin flag, disable/enable and delete of one user, each shown only with its permission. */
export function UserAccountActions({ user, onChange }: { user: UserDetail; onChange: () => void }) {
  const can = usePermissions();
  const scope = `global.users:id:${user.id}`;
  const action = useAction();
  // The box shows the change at once and goes back if the server refuses it.
  const [serverAdmin, setServerAdmin] = useState(user.isServerAdmin);
  useEffect(() => setServerAdmin(user.isServerAdmin), [user]);
  const run = async (work: () => Promise<unknown>, message: string) => {
    if (await action.run(work, message)) onChange();
  };
  const setAdmin = async (isGrafanaAdmin: boolean) => {
    setServerAdmin(isGrafanaAdmin);
    const ok = await action.run(
      () => setUserServerAdmin(user.id, isGrafanaAdmin),
      isGrafanaAdmin ? 'Now a server admin' : 'No longer a server admin',
    );
    if (ok) onChange();
    else setServerAdmin(!isGrafanaAdmin);
  };
  const canToggle = user.isDisabled ? can('users:enable', scope) : can('users:disable', scope);
  return (
    <div className="admin-form">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={serverAdmin}
          disabled={!can('users.permissions:write', scope) || action.busy}
          onChange={(event) => void setAdmin(event.target.checked)}
        />
        Server administrator
      </label>
      <p className="muted">
        Status: <strong>{user.isDisabled ? 'Disabled' : 'Active'}</strong>
      </p>
      <div className="admin-actions">
        {canToggle &&
          (user.isDisabled ? (
            <button
              type="button"
              disabled={action.busy}
              onClick={() => void run(() => enableUser(user.id), 'User enabled')}
            >
              Enable user
            </button>
          ) : (
            <ConfirmButton
              label="Disable user"
              question="Disable this user? Their sessions end."
              onConfirm={() => run(() => disableUser(user.id), 'User disabled')}
            />
          ))}
        {can('users:delete', scope) && (
          <ConfirmButton
            label="Delete user"
            question="Delete this user for good?"
            onConfirm={async () => {
              if (await action.run(() => deleteUser(user.id))) navigate('/admin/users');
            }}
          />
        )}
      </div>
      <Notice error={action.error} success={action.success} />
    </div>
  );
}
