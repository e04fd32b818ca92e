import { useState } from 'react';
import {
  deleteServiceAccount,
  deleteServiceAccountToken,
  serviceAccountById,
  serviceAccountTokens,
  updateServiceAccount,
} from '../../../api/serviceaccounts.js';
import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { navigate } from '../../../app/router.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { NoAccess } from '../shared/NoAccess.js';
import { Notice } from '../shared/Notice.js';
import { Panel } from '../shared/Panel.js';
import { RoleSelect } from '../shared/RoleSelect.js';
import type { ServiceAccount, ServiceAccountToken } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { useLoad } from '../../../app/useLoad.js';
import { AddTokenDialog } from './AddTokenDialog.js';
import { TokenKeyDialog } from './TokenKeyDialog.js';
import { TokensTable } from './TokensTable.js';

/** /org/serviceaccounts/<id>: one service account, its role, state and tokens. */
export function ServiceAccountPage({ id }: { id: string }) {
  const can = usePermissions();
  const scope = `serviceaccounts:id:${id}`;
  const allowed = can('serviceaccounts:read', scope);
  const account = useLoad<ServiceAccount>(allowed ? (signal) => serviceAccountById(id, signal) : undefined, [
    id,
  ]);
  const tokens = useLoad<ServiceAccountToken[]>(
    allowed ? (signal) => serviceAccountTokens(id, signal) : undefined,
    [id],
  );
  const action = useAction();
  const [adding, setAdding] = useState(false);
  // The key lives only in this state: closing the dialog forgets it.
  const [newKey, setNewKey] = useState<string>();
  if (!allowed) return <NoAccess what="see this service account" />;
  if (account.error) return <Notice error={account.error} />;
  if (!account.data) return <p className="muted">Loading…</p>;
  const sa = account.data;
  const canWrite = can('serviceaccounts:write', scope);
  const change = async (work: () => Promise<unknown>, message: string) => {
    if (await action.run(work, message)) account.reload();
  };

  return (
    <section>
      <p>
        <Link to="/org/serviceaccounts">← Service accounts</Link>
      </p>
      <div className="admin-header">
        <h2>
          {sa.name}
          {sa.isDisabled && <span className="admin-badge off">Disabled</span>}
        </h2>
        {canWrite && (
          <button
            type="button"
            disabled={action.busy}
            onClick={() =>
              void change(
                () => updateServiceAccount(sa.id, { isDisabled: !sa.isDisabled }),
                sa.isDisabled ? 'Service account enabled' : 'Service account disabled',
              )
            }
          >
            {sa.isDisabled ? 'Enable service account' : 'Disable service account'}
          </button>
        )}
        {can('serviceaccounts:delete', scope) && (
          <ConfirmButton
            label="Delete service account"
            question={`Delete ${sa.name} and its tokens?`}
            onConfirm={async () => {
              if (await action.run(() => deleteServiceAccount(sa.id))) navigate('/org/serviceaccounts');
            }}
          />
        )}
      </div>
      <Notice error={action.error} success={action.success} />
      <Panel>
        <dl className="admin-facts">
          <dt>Login</dt>
          <dd>{sa.login}</dd>
          <dt>Role</dt>
          <dd>
            <RoleSelect
              label="Service account role"
              value={sa.role}
              withNone
              disabled={!canWrite || action.busy}
              onChange={(role) =>
                void change(() => updateServiceAccount(sa.id, { role }), `Role changed to ${role}`)
              }
            />
          </dd>
        </dl>
      </Panel>
      <Panel>
        <div className="admin-header">
          <h3>Tokens</h3>
          {canWrite && (
            <button type="button" onClick={() => setAdding(true)}>
              Add service account token
            </button>
          )}
        </div>
        <Notice error={tokens.error} />
        {tokens.data && (
          <TokensTable
            tokens={tokens.data}
            canDelete={canWrite}
            onDelete={(token) =>
              action.run(async () => {
                await deleteServiceAccountToken(sa.id, token.id);
                tokens.reload();
              }, `Token ${token.name} deleted`)
            }
          />
        )}
      </Panel>
      {adding && (
        <AddTokenDialog
          accountId={sa.id}
          accountName={sa.name}
          onClose={() => setAdding(false)}
          onCreated={(key) => {
            setAdding(false);
            setNewKey(key);
            tokens.reload();
          }}
        />
      )}
      {newKey && <TokenKeyDialog tokenKey={newKey} onClose={() => setNewKey(undefined)} />}
    </section>
  );
}
