import { useState, type FormEvent } from 'react';
import {
  addOrgMember,
  removeOrgMember,
  searchOrgMembers,
  setOrgMemberRole,
  type OrgRef,
} from '../../../api/orgs.js';
import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { ConfirmButton } from './ConfirmButton.js';
import { Notice } from './Notice.js';
import { Pager } from './Pager.js';
import { RoleSelect } from './RoleSelect.js';
import { SearchInput } from './SearchInput.js';
import type { OrgMemberSearch } from './types.js';
import { useAction } from './useAction.js';
import { PER_PAGE } from './useListQuery.js';
import { useLoad } from '../../../app/useLoad.js';

/**
 * The users of an organization with their roles: `org` is `'current'` or an organization id (any
 * organization, server admins). Role change, removal and adding an existing user by
 * login or email, each offered only with its permission.
 */
export function OrgMembers({ org }: { org: OrgRef }) {
  const can = usePermissions();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const members = useLoad<OrgMemberSearch>(
    (signal) => searchOrgMembers(org, { query, perPage: PER_PAGE, page }, signal),
    [org, query, page],
  );
  const action = useAction();
  const change = async (work: () => Promise<unknown>, message: string) => {
    if (await action.run(work, message)) members.reload();
  };
  const serverAdmin = can('users:read', 'global.users:*');

  return (
    <div>
      {can('org.users:add', 'users:*') && (
        <AddMember
          onAdd={(loginOrEmail, role) =>
            change(() => addOrgMember(org, loginOrEmail, role), `${loginOrEmail} added as ${role}`)
          }
        />
      )}
      <SearchInput
        label="Search organization users"
        placeholder="Search by login, email or name"
        value={query}
        onChange={(text) => {
          setQuery(text);
          setPage(1);
        }}
      />
      <Notice error={members.error ?? action.error} success={action.success} />
      {members.data && (
        <>
          <table className="admin-table" aria-label="Organization users">
            <thead>
              <tr>
                <th>Login</th>
                <th>Email</th>
                <th>Name</th>
                <th>Last active</th>
                <th>Role</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {members.data.orgUsers.map((m) => {
                const scope = `users:id:${m.userId}`;
                return (
                  <tr key={m.userId}>
                    <td>
                      {serverAdmin ? <Link to={`/admin/users/edit/${m.userId}`}>{m.login}</Link> : m.login}
                      {m.isDisabled && <span className="admin-badge off">Disabled</span>}
                    </td>
                    <td>{m.email}</td>
                    <td>{m.name}</td>
                    <td>{m.lastSeenAtAge}</td>
                    <td>
                      <RoleSelect
                        label={`Role of ${m.login}`}
                        value={m.role}
                        withNone
                        disabled={!can('org.users:write', scope) || action.busy}
                        onChange={(role) =>
                          void change(
                            () => setOrgMemberRole(org, m.userId, role),
                            `${m.login} is now ${role}`,
                          )
                        }
                      />
                    </td>
                    <td>
                      {can('org.users:remove', scope) && (
                        <ConfirmButton
                          label="Remove"
                          name={`Remove ${m.login}`}
                          question={`Remove ${m.login} from the organization?`}
                          onConfirm={() => change(() => removeOrgMember(org, m.userId), `${m.login} removed`)}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pager page={page} perPage={PER_PAGE} total={members.data.totalCount} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function AddMember({ onAdd }: { onAdd: (loginOrEmail: string, role: string) => Promise<void> }) {
  const [loginOrEmail, setLoginOrEmail] = useState('');
  const [role, setRole] = useState('Viewer');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onAdd(loginOrEmail.trim(), role);
    setLoginOrEmail('');
  };
  return (
    <form
      className="admin-inline-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Add user to organization"
    >
      <input
        aria-label="Login or email of the user to add"
        placeholder="Login or email of an existing user"
        value={loginOrEmail}
        onChange={(event) => setLoginOrEmail(event.target.value)}
        required
      />
      <RoleSelect label="Role of the new member" value={role} onChange={setRole} />
      <button type="submit" disabled={!loginOrEmail.trim()}>
        Add user
      </button>
    </form>
  );
}
