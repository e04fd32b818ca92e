import { mySessions, revokeMySession } from '../../../api/user.js';
import { Notice } from '../shared/Notice.js';
import { SessionsTable } from '../shared/SessionsTable.js';
import type { AuthSession } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { useLoad } from '../../../app/useLoad.js';

/** The signed-in user's sessions; every one but this browser's can be revoked. */
export function SessionsSection() {
  const sessions = useLoad<AuthSession[]>(mySessions);
  const action = useAction();
  return (
    <div>
      <Notice error={sessions.error ?? action.error} success={action.success} />
      {sessions.data && (
        <SessionsTable
          sessions={sessions.data}
          canRevoke
          onRevoke={async (id) => {
            if (await action.run(() => revokeMySession(id), 'Session revoked')) sessions.reload();
          }}
        />
      )}
    </div>
  );
}
