import {
  deleteServiceAccount,
  searchServiceAccounts,
  updateServiceAccount,
} from '../../../api/serviceaccounts.js';
import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { NoAccess } from '../shared/NoAccess.js';
import { ListHeader } from '../shared/ListHeader.js';
import { Notice } from '../shared/Notice.js';
import { Pager } from '../shared/Pager.js';
import { RoleSelect } from '../shared/RoleSelect.js';
import { SearchInput } from '../shared/SearchInput.js';
import type { ServiceAccountSearch } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { PER_PAGE, useSearchPage } from '../shared/useListQuery.js';

/** /org/serviceaccounts: the organization's service accounts. */
export function ServiceAccountsPage() {
  const can = usePermissions();
  const allowed = can('serviceaccounts:read');
  const {
    query,
    page,
    setQuery,
    setPage,
    list: accounts,
  } = useSearchPage<ServiceAccountSearch>(allowed ? searchServiceAccounts : undefined);
  const action = useAction();
  if (!allowed) return <NoAccess what="see the service accounts of this organization" />;
  const change = async (work: () => Promise<unknown>, message: string) => {
    if (await action.run(work, message)) accounts.reload();
  };
  return (
    <section>
      <ListHeader
        title="Service accounts"
        create={
          can('serviceaccounts:create') && { to: '/org/serviceaccounts/create', label: 'Add service account' }
        }
      />
      <SearchInput label="Search service accounts" value={query} onChange={setQuery} />
      <Notice error={accounts.error ?? action.error} success={action.success} />
      {accounts.data && (
        <>
          <table className="admin-table" aria-label="Service accounts">
            <thead>
              <tr>
                <th>Name</th>
                <th>Login</th>
                <th>Role</th>
                <th>Tokens</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {accounts.data.serviceAccounts.map((sa) => {
                const scope = `serviceaccounts:id:${sa.id}`;
                const canWrite = can('serviceaccounts:write', scope);
                return (
                  <tr key={sa.id}>
                    <td>
                      <Link to={`/org/serviceaccounts/${sa.id}`}>{sa.name}</Link>
                      {sa.isDisabled && <span className="admin-badge off">Disabled</span>}
                    </td>
                    <td>{sa.login}</td>
                    <td>
                      <RoleSelect
                        label={`Role of ${sa.name}`}
                        value={sa.role}
                        withNone
                        disabled={!canWrite || action.busy}
                        onChange={(role) =>
                          void change(
                            () => updateServiceAccount(sa.id, { role }),
                            `${sa.name} is now ${role}`,
                          )
                        }
                      />
                    </td>
                    <td>{sa.tokens}</td>
                    <td className="admin-row-actions">
                      {canWrite && (
                        <button
                          type="button"
                          aria-label={`${sa.isDisabled ? 'Enable' : 'Disable'} ${sa.name}`}
                          disabled={action.busy}
                          onClick={() =>
                            void change(
                              () => updateServiceAccount(sa.id, { isDisabled: !sa.isDisabled }),
                              `${sa.name} ${sa.isDisabled ? 'enabled' : 'disabled'}`,
                            )
                          }
                        >
                          {sa.isDisabled ? 'Enable' : 'Disable'}
                        </button>
                      )}
                      {can('serviceaccounts:delete', scope) && (
                        <ConfirmButton
                          label="Delete"
                          name={`Delete ${sa.name}`}
                          question={`Delete ${sa.name} and its tokens?`}
                          onConfirm={() => change(() => deleteServiceAccount(sa.id), `${sa.name} deleted`)}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {accounts.data.serviceAccounts.length === 0 && <p className="muted">No service accounts yet.</p>}
          <Pager page={page} perPage={PER_PAGE} total={accounts.data.totalCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}
