import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { NoAccess } from '../shared/NoAccess.js';
import { ListHeader } from '../shared/ListHeader.js';
import { Notice } from '../shared/Notice.js';
import { Pager } from '../shared/Pager.js';
import { SearchInput } from '../shared/SearchInput.js';
import type { UserSearch } from '../shared/types.js';
import { PER_PAGE, useSearchPage } from '../shared/useListQuery.js';
import { searchUsers } from '../../../api/users.js';

/** /admin/users: every user of the server, searchable, a page at a time. */
export function UsersListPage() {
  const can = usePermissions();
  const allowed = can('users:read', 'global.users:*');
  const {
    query,
    page,
    setQuery,
    setPage,
    list: { data, error },
  } = useSearchPage<UserSearch>(allowed ? searchUsers : undefined);
  if (!allowed) return <NoAccess what="list the users of the server" />;
  return (
    <section>
      <ListHeader
        title="Users"
        create={can('users:create') && { to: '/admin/users/create', label: 'New user' }}
      />
      <SearchInput
        label="Search users"
        placeholder="Search by login, email or name"
        value={query}
        onChange={setQuery}
      />
      <Notice error={error} />
      {data && (
        <>
          <table className="admin-table" aria-label="Users">
            <thead>
              <tr>
                <th>Login</th>
                <th>Email</th>
                <th>Name</th>
                <th>Last active</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <Link to={`/admin/users/edit/${user.id}`}>{user.login}</Link>
                  </td>
                  <td>{user.email}</td>
                  <td>{user.name}</td>
                  <td>{user.lastSeenAtAge}</td>
                  <td className="admin-badges">
                    {user.isAdmin && <span className="admin-badge">Server admin</span>}
                    {user.isDisabled && <span className="admin-badge off">Disabled</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.users.length === 0 && <p className="muted">No users match.</p>}
          <p className="muted">{data.totalCount} users</p>
          <Pager page={page} perPage={PER_PAGE} total={data.totalCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}
