import { deleteOrg, listOrgs } from '../../../api/orgs.js';
import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { NoAccess } from '../shared/NoAccess.js';
import { ListHeader } from '../shared/ListHeader.js';
import { Notice } from '../shared/Notice.js';
import { Pager } from '../shared/Pager.js';
import { SearchInput } from '../shared/SearchInput.js';
import type { Org } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { PER_PAGE, useSearchPage } from '../shared/useListQuery.js';

/** /admin/orgs: every organization of the server (server admins). */
export function OrgsListPage() {
  const can = usePermissions();
  const allowed = can('orgs:delete');
  const { query, page, setQuery, setPage, list: orgs } = useSearchPage<Org[]>(allowed ? listOrgs : undefined);
  const action = useAction();
  if (!allowed) return <NoAccess what="manage the organizations of the server" />;
  return (
    <section>
      <ListHeader
        title="Organizations"
        create={can('orgs:create') && { to: '/admin/orgs/new', label: 'New organization' }}
      />
      <SearchInput label="Search organizations" value={query} onChange={setQuery} />
      <Notice error={orgs.error ?? action.error} success={action.success} />
      {orgs.data && (
        <>
          <table className="admin-table" aria-label="Organizations">
            <thead>
              <tr>
                <th>ID</th>
                <th>Name</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {orgs.data.map((org) => (
                <tr key={org.id}>
                  <td>{org.id}</td>
                  <td>
                    <Link to={`/admin/orgs/edit/${org.id}`}>{org.name}</Link>
                  </td>
                  <td>
                    <ConfirmButton
                      label="Delete"
                      name={`Delete ${org.name}`}
                      question={`Delete ${org.name} and everything in it?`}
                      onConfirm={async () => {
                        if (await action.run(() => deleteOrg(org.id), `${org.name} deleted`)) orgs.reload();
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} perPage={PER_PAGE} hasNext={orgs.data.length === PER_PAGE} onPage={setPage} />
        </>
      )}
    </section>
  );
}
