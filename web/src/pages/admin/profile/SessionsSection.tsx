import { post } from '../../../app/api.js';
import { Notice } from '../shared/Notice.js';
import { SessionsTable } from '../shared/SessionsTable.js';
import type { AuthSession } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { useLoad } from '../shared/useLoad.js';

/** The signed-in user's sessions; every one but this browser's can be revoked. */
export function SessionsSection() {
  const sessions = useLoad<AuthSession[]>('/api/user/auth-tokens');
  const action = useAction();
  return (
    <div>
      <Notice error={sessions.error ?? action.error} success={action.success} />
      {sessions.data && (
        <SessionsTable
          sessions={sessions.data}
          canRevoke
          onRevoke={async (id) => {
            if (
              await action.run(
                () => post('/api/user/revoke-auth-token', { authTokenId: id }),
                'Session revoked',
              )
            )
              sessions.reload();
          }}
        />
      )}
    </div>
  );
}
