import { logoutUser, revokeUserSession, userSessions } from '../../../api/users.js';
import { usePermissions } from '../../../app/permissions.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { Notice } from '../shared/Notice.js';
import { SessionsTable } from '../shared/SessionsTable.js';
import type { AuthSession } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { useLoad } from '../../../app/useLoad.js';

/** A server admin's view of another user's sessions: revoke one, or sign them out everywhere. */
export function UserSessionsSection({ userId }: { userId: number }) {
  const can = usePermissions();
  const scope = `global.users:id:${userId}`;
  const sessions = useLoad<AuthSession[]>(
    can('users.authtoken:read', scope) ? (signal) => userSessions(userId, signal) : undefined,
    [userId],
  );
  const action = useAction();
  if (!can('users.authtoken:read', scope)) return null;
  const change = async (work: () => Promise<unknown>, message: string) => {
    if (await action.run(work, message)) sessions.reload();
  };
  return (
    <div>
      <Notice error={sessions.error ?? action.error} success={action.success} />
      {sessions.data && (
        <SessionsTable
          sessions={sessions.data}
          canRevoke={can('users.authtoken:write', scope)}
          onRevoke={(id) => change(() => revokeUserSession(userId, id), 'Session revoked')}
        />
      )}
      {can('users:logout', scope) && (sessions.data?.length ?? 0) > 0 && (
        <div className="admin-actions">
          <ConfirmButton
            label="Force logout from all devices"
            onConfirm={() => change(() => logoutUser(userId), 'Signed out everywhere')}
          />
        </div>
      )}
    </div>
  );
}
